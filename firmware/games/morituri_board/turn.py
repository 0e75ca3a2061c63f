"""The handlers of a turn: the roll-off, the move, what the space did, the cards drawn, Roma.

The box does not know the board: the table moves the pawns and tells the box
what the space did. The space menu: nothing, a hit point space (1-6, only the
first to land gains the hit point), draw a card, an arena (1-3 pennants, and
the seats already standing there), Roma, or a hit point change (Bandits,
Pirates...). A drawn card is then named by its drawer: an Armor/Weapon card
(kept or discarded), a hit point change (Flux: never to 0), a card taken away
(the Thief!), Owner in Debt (to the Dalmatian Coast, his turn is over) or any
other card (nothing the box keeps).
"""

from games.morituri_board import checks, kit, walk
from games.morituri_board.content import DIE, ROMA_PENNANTS
from games.morituri_board.state import ARRIVE, BEAST, DRAW, DUEL, ROAD, ROMA, drawer
from referee.dice import roll
from referee.dice import roll_off as dice_roll_off
from referee.errors import need


def roll_off(s, action, ev):
    """roll_off {dice?}: everyone rolls 1D6, the high roller starts (ties roll again), then clockwise."""
    first, _ = dice_roll_off(s, list(range(s["players"])), DIE, action.get("dice"), ev, "first")
    s["first"] = first
    s["active"] = first
    s["turn"] = 1
    s["phase"] = "move"
    ev.append({"e": "turn", "seat": first, "turn": 1, "phase": "move"})


def move(s, action, ev):
    """move {dice?}: the 1D6 move; the table moves the pawn and says what the space did."""
    p = s["active"]
    s["moved"] = roll(s, 1, DIE, action.get("dice"), ev, p, "move")[0]
    s["phase"] = "space"
    ev.append({"e": "move", "seat": p, "spaces": s["moved"]})


def nothing(s, action, ev):
    """nothing: the space did nothing the box keeps; the turn is over."""
    walk.proceed(s, ev)


def hp_space(s, action, ev):
    """hp_space {k}: a "first player to land gains 1 Hit Point" space; taken once, never replaced."""
    k = action.get("k")
    need(checks.hp_space_problem(k))
    p = s["active"]
    taker = s["hp_spaces"][k - 1]
    if taker < 0:
        s["hp_spaces"][k - 1] = p
        s["hp"][p] += 1
        ev.append({"e": "hp", "seat": p, "n": 1, "hp": s["hp"][p], "why": "space"})
    else:
        ev.append({"e": "hp_gone", "seat": p, "k": k, "by": taker})
    walk.proceed(s, ev)


def draw(s, action, ev):
    """draw: the space draws a card; its drawer names it next."""
    s["todo"] = [[DRAW, s["active"]]]
    walk.proceed(s, ev)


def arena(s, action, ev):
    """arena {pennants, vs}: an arena outside Roma. With players already there (vs) he fights each,
    one at a time, clockwise from himself; alone he fights as a Bestiarius."""
    p = s["active"]
    pennants = action.get("pennants")
    vs = action.get("vs", [])
    need(checks.arena_problem(s, p, pennants, vs))
    n = s["players"]
    order = sorted(vs, key=lambda q: (q - p) % n)
    if order:
        s["todo"] = [[DUEL, p, q] for q in order]
    else:
        s["todo"] = [[BEAST, p, pennants]]
    ev.append({"e": "arena", "seat": p, "pennants": pennants, "vs": order})
    walk.proceed(s, ev)


def roma(s, action, ev):
    """roma: he reaches the Flavian Amphitheater, draws a card before any combat, then meets the
    champion waiting there (to the death) or waits alone."""
    p = s["active"]
    s["where"][p] = ROMA
    ev.append({"e": "roma", "seat": p})
    s["todo"] = [[DRAW, p], [ARRIVE, p]]
    walk.proceed(s, ev)


def _change_hp(s, p, n, ev, why):
    before = s["hp"][p]
    s["hp"][p] = max(1, before + n)  # "Hit Points may never be reduced to zero by a Flux Card"
    # the attack value Bandits and Pirates are met with (the casses counts 1): the table reads it
    # off the box before it settles what their card or space did
    vs = kit.vs_bandits(s["values"], s["kit"][p])
    ev.append({"e": "hp", "seat": p, "n": s["hp"][p] - before, "hp": s["hp"][p], "why": why, "vs_bandits": vs})


def space_flux(s, action, ev):
    """flux {n}: the space changes his hit points for good (Bandits, Pirates...), never to 0."""
    n = action.get("n")
    need(checks.flux_problem(n))
    _change_hp(s, s["active"], n, ev, "space")
    walk.proceed(s, ev)


# ---- the card drawn (phase "draw", the drawer answers) ----


def _drawn(s, ev):
    s["todo"].pop(0)
    walk.proceed(s, ev)


def card(s, action, ev):
    """card {c, keep, discard?}: an Armor/Weapon card. Kept, it takes its slot and the held cards
    it clashes with go (exactly those, named in discard); not kept, it is discarded."""
    p = drawer(s)
    c = action.get("c")
    keep = action.get("keep")
    discard = action.get("discard")
    need(checks.card_problem(s, p, c, keep, discard))
    mine = s["kit"][p]
    if keep:
        for x in discard or []:
            mine[mine.index(x)] = ""
        mine[kit.slot_index(c)] = c
        ev.append({"e": "card", "seat": p, "c": c, "discard": list(discard or [])})
    else:
        ev.append({"e": "card", "seat": p, "c": c, "discard": [c]})
    _drawn(s, ev)


def flux(s, action, ev):
    """flux {n}: a card changes his hit points for good (Flux, a Hit Point card), never to 0."""
    n = action.get("n")
    need(checks.flux_problem(n))
    _change_hp(s, drawer(s), n, ev, "card")
    _drawn(s, ev)


def lose(s, action, ev):
    """lose {c}: a card takes one of his cards away (the Thief!)."""
    p = drawer(s)
    c = action.get("c")
    need(checks.lose_problem(s, p, c))
    mine = s["kit"][p]
    mine[mine.index(c)] = ""
    ev.append({"e": "lose", "seat": p, "c": c})
    _drawn(s, ev)


def debt(s, action, ev):
    """debt: Owner in Debt! He goes to the Dalmatian Coast (leaving Roma, if he was there) and his
    turn is over: the steps left of it go (the next fight, the champion's fight in Roma). Drawn on
    another's turn (a reward), it moves only him: that turn's steps never need him again. The
    deck is reshuffled as the card directs: the table does it (the event says so)."""
    p = drawer(s)
    s["todo"].pop(0)
    s["where"][p] = ROAD
    ev.append({"e": "debt", "seat": p, "reshuffle": 1})
    if p == s["active"]:
        s["todo"] = []
    walk.proceed(s, ev)


def other(s, action, ev):
    """other: a card that changes nothing the box keeps."""
    ev.append({"e": "other_card", "seat": drawer(s)})
    _drawn(s, ev)


# ---- alone in Roma ----


def beast(s, action, ev):
    """beast: alone in Roma, he fights the 4/4 beast (not required)."""
    s["todo"] = [[BEAST, s["active"], ROMA_PENNANTS]]
    walk.proceed(s, ev)


def wait(s, action, ev):
    """wait: alone in Roma, he waits for the next arrival."""
    walk.proceed(s, ev)
