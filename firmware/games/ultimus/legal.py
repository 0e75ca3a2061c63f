"""Every legal action of a seat: exactly what apply accepts, generated from the flow and the rule checks.

The actions of the phase and who may take them come from games.ultimus.flow (the
table apply checks against); the parameters are listed by the same rule
checks (games.ultimus.checks) that apply refuses with. A property test holds both
directions: every listed action is accepted, and every accepted action of a
bounded candidate space is listed.

Kept apart from games.ultimus.rules so that the box, which only applies what its
buttons and the link ask for, need not load it.
"""

from games.ultimus import cardchecks, checks
from games.ultimus.boxplay import MAX_WOUNDS
from games.ultimus.cardplay import choices
from games.ultimus.content import BETTING_CARDS, MAX_COINS_PER_BETTING_CARD, NET_OWNER
from games.ultimus.flow import FLOW
from games.ultimus.hexmap import DOORS
from games.ultimus.state import ARENA, DEAD, GLADIATORS, MODE_BOX, MODE_FULL, PARDONED
from games.ultimus.yelling import (
    BLEED,
    CARDS,
    DRAW,
    HEAL,
    LOUDEST,
    MELEE,
    MOVE,
    NET,
    RANGED,
    REMOVE_NET,
    SPECIAL_STUPID_BET,
    STAND_UP,
)
from referee.flow import REFEREE
from referee.play import list_actions, moves

TRADES = ("give", "pass_card")

# The phases each phase of FLOW leads to: checked after every handler in the tests (referee.play.check_next);
# kept here, beside the listing a box never loads, so that a box does not hold it.
NEXT = {
    "loudest": ("betting",),
    "betting": ("entrance",),
    "entrance": ("shout",),
    "shout": ("action",),
    "action": ("shout", "battle_end"),  # the next round, or one gladiator left
    "battle_end": ("betting", "over"),
}


def legal_actions(s, seat):
    """Every legal action of a seat (seat -1: the referee), trades left out."""
    plan = _PLANS[False][s["mode"]].get(s["phase"])
    if plan is None:
        plan = _plan(s["mode"], s["phase"], False)
    if seat < 0:
        return list_actions(s, seat, plan, [])
    out = []
    for who, lister in plan:  # list_actions for a seat, written out: random play lists before every action
        if who is not REFEREE and (who.seats is None or seat in who.seats(s)):
            lister(s, seat, out)
    return out


def trade_actions(s, seat):
    """Gifts and trades a seat could make right now: every amount of gold, every card."""
    plan = _PLANS[True][s["mode"]].get(s["phase"])
    return list_actions(s, seat, _plan(s["mode"], s["phase"], True) if plan is None else plan, [])


_PLANS = {False: {MODE_FULL: {}, MODE_BOX: {}}, True: {MODE_FULL: {}, MODE_BOX: {}}}


def _plan(variant, phase, trades):
    """((who, lister), ...) for a phase, from the flow table, worked out once (none after the end)."""
    listers = FULL if variant == MODE_FULL else BOX
    plan = ()
    if phase != FLOW.end:
        plan = tuple(
            (who, listers[name])
            for name, who in moves(FLOW, variant, phase)
            if (name in TRADES) == trades and listers[name] is not None
        )
    _PLANS[trades][variant][phase] = plan
    return plan


def _referee(name):
    def lister(s, seat, out):
        out.append({"a": name})

    return lister


def _set_loudest(s, seat, out):
    for p in range(s["players"]):
        out.append({"a": "set_loudest", "p": p})


def _place(s, seat, out):
    full = s["mode"] == MODE_FULL
    doors = range(len(DOORS)) if full else (-1,)
    for g in range(GLADIATORS):
        for d in doors:
            if checks.place_problem(s, g, d) is None:
                a = {"a": "place", "p": seat, "g": g}
                if full:
                    a["f"] = d
                out.append(a)


def _commit(s, seat, out):
    if checks.commit_problem(s, seat, 0, -1) is not None:
        return
    out.append({"a": "commit", "p": seat, "shout": 0})
    if s["mode"] == MODE_FULL:
        for c in s["hands"][seat]:
            out.append({"a": "commit", "p": seat, "shout": 1, "c": c})
    else:
        out.append({"a": "commit", "p": seat, "shout": 1})


def _thumb(s, seat, out):
    out.append({"a": "thumb", "p": seat, "up": 1})
    out.append({"a": "thumb", "p": seat, "up": 0})


def _finish(s, seat, out):
    if checks.finish_problem(s) is None:
        out.append({"a": "finish"})


def _next(s, seat, out):
    if checks.next_battle_problem(s) is None:
        out.append({"a": "next"})


def _give(s, seat, out):
    for to in range(s["players"]):
        for n in range(1, s["gold"][seat] + 1):
            if checks.give_problem(s, seat, to, n) is None:
                out.append({"a": "give", "p": seat, "to": to, "n": n})


# --- the full game: betting, thinking and the card in play --------------------------


def _bet(s, seat, out):
    for k in range(len(s["bets"][seat])):
        for won in (0, 1):
            if checks.coin_problem(s, seat, k, won) is None:
                out.append({"a": "bet", "p": seat, "k": k, "won": won})


def _ready(s, seat, out):
    if checks.ready_problem(s, seat) is None:
        out.append({"a": "ready", "p": seat})


def _think(s, seat, out):
    """Discard none, one or two different cards (in either order: apply takes both)."""
    hand = s["hands"][seat]
    if checks.think_problem(s, seat, []) is not None:
        return
    out.append({"a": "think", "p": seat, "c": []})
    for i in range(len(hand)):
        out.append({"a": "think", "p": seat, "c": [hand[i]]})
        for j in range(len(hand)):
            if hand[j] != hand[i]:
                out.append({"a": "think", "p": seat, "c": [hand[i], hand[j]]})


def _choose(s, seat, out):
    card = s["card"]
    if card["stage"] != "choose":
        return
    options = choices(s, card)
    for g, where, _ in options:
        a = {"a": "choose", "p": seat, "g": g}
        if where >= 0:
            a["f"] = where
        out.append(a)
    if not options:
        out.append({"a": "choose", "p": seat, "g": -1})


def card_actions(s, seat):
    """The actions of the card in play (the full game's card level), for the flow's pre-checks of its
    actions: one listing, as legal_actions lists them."""
    out = []
    if s["card"] is not None:
        _card_in_play(s, seat, out)
    return out


def _card_in_play(s, seat, out):
    """Every action of the revealed card in play, in one pass over its symbols."""
    card = s["card"]
    if card["stage"] == "choose":
        _choose(s, seat, out)
        return
    if CARDS[card["c"]][2] == SPECIAL_STUPID_BET:
        _rebet(s, seat, out)
        _discard(s, seat, out)
    elif cardchecks.card_gladiator_problem(s, card) is None:
        _symbols(s, seat, card, out)
        _step(s, seat, out)
    _end(s, seat, out)


def _symbols(s, seat, card, out):
    symbols = CARDS[card["c"]][3]
    for i in range(len(symbols)):
        sym = symbols[i]
        if cardchecks.symbol_use_problem(card, i, sym) is not None:
            continue  # (_card_in_play has checked the card's gladiator: symbol_problem's first part)
        if sym[0] == MELEE or sym[0] == RANGED or sym[0] == NET:
            _aimed(s, seat, card, i, sym[0], out)
        else:
            _symbol(s, seat, card, i, sym, out)


def _aimed(s, seat, card, i, kind, out):
    """Symbol i aimed somewhere: a melee in each direction, a shot or the net at each gladiator."""
    g = card["g"]
    if kind == MELEE:
        for d in range(6):
            if cardchecks.melee_problem(s, g, d) is None:
                out.append({"a": "melee", "p": seat, "i": i, "d": d})
    elif kind == RANGED:
        for t in range(GLADIATORS):
            if cardchecks.ranged_problem(s, g, t) is None:
                out.append({"a": "ranged", "p": seat, "i": i, "g": t})
    else:
        for t in range(GLADIATORS):
            if cardchecks.card_net_problem(s, card, t) is None:
                out.append({"a": "net", "p": seat, "i": i, "t": t})


def _symbol(s, seat, card, i, sym, out):
    """Symbol i aimed at nothing: movement (or standing up with it), a stand-up, the net off, bleeding..."""
    g = card["g"]
    kind = sym[0]
    if kind == MOVE:
        if cardchecks.move_problem(s, g) is None:
            out.append({"a": "move", "p": seat, "i": i})
        if cardchecks.rise_problem(s, g, sym) is None:
            out.append({"a": "rise", "p": seat, "i": i})
    elif kind == STAND_UP:
        if cardchecks.rise_problem(s, g, sym) is None:
            out.append({"a": "rise", "p": seat, "i": i})
    elif kind == REMOVE_NET:
        if checks.unnet_problem(s, g) is None:
            out.append({"a": "unnet", "p": seat, "i": i})
    elif kind == BLEED:
        if checks.bleed_problem(s, g, sym[1]) is None:
            out.append({"a": "bleed", "p": seat, "i": i})
    else:  # heal, draw, loudest: nothing to check beyond the symbol itself
        out.append({"a": SYMBOL_ACTIONS[kind], "p": seat, "i": i})


SYMBOL_ACTIONS = {HEAL: "heal", DRAW: "draw", LOUDEST: "loudest"}


def _step(s, seat, out):
    """step_problem in two parts: whether the gladiator can step at all, then each direction."""
    card = s["card"]
    if cardchecks.mover_problem(s, card) is not None:
        return
    g = card["g"]
    for d in range(6):
        if cardchecks.step_target(s, g, d) >= 0:
            out.append({"a": "step", "p": seat, "d": d})


def _rebet(s, seat, out):
    card = s["card"]
    slots = len(s["bets"][card["owner"]])
    for k in range(slots):
        for src in range(-1, slots):
            if cardchecks.rebet_problem(s, card, src, k) is None:
                out.append({"a": "rebet", "p": seat, "src": src, "k": k})


def _discard(s, seat, out):
    card = s["card"]
    for c in s["hands"][card["owner"]]:
        if cardchecks.discard_problem(s, card, c) is None:
            out.append({"a": "discard", "p": seat, "c": c})


def _end(s, seat, out):
    card = s["card"]
    if cardchecks.end_card_problem(s, card, CARDS[card["c"]][2] == SPECIAL_STUPID_BET) is None:
        out.append({"a": "end", "p": seat})


def _pass_card(s, seat, out):
    for to in range(s["players"]):
        for c in s["hands"][seat]:
            if checks.pass_card_problem(s, seat, to, c) is None:
                out.append({"a": "pass_card", "p": seat, "to": to, "c": c})


# --- the box: effects entered on the wheels ------------------------------------------


def _arena(s):
    return [g for g in range(GLADIATORS) if s["status"][g] == ARENA]


def _damage(s, seat, out):
    for g in _arena(s):
        for n in range(1, MAX_WOUNDS + 1):
            for pv in (0, 1):
                for knock in (0, 1):
                    out.append({"a": "damage", "p": seat, "g": g, "n": n, "pv": pv, "knock": knock})


def _box_wounds(name, problem=None):
    def lister(s, seat, out):
        for g in _arena(s):
            for n in range(1, MAX_WOUNDS + 1):
                if problem is None or problem(s, g, n) is None:
                    out.append({"a": name, "p": seat, "g": g, "n": n})

    return lister


def _box_gladiator(name, problem, statuses=(ARENA,)):
    def lister(s, seat, out):
        for g in range(GLADIATORS):
            if s["status"][g] in statuses and (problem is None or problem(s, g) is None):
                out.append({"a": name, "p": seat, "g": g})

    return lister


def _box_net_problem(s, g):
    return checks.net_problem(s, NET_OWNER, g)


def _seat_only(name):
    def lister(s, seat, out):
        out.append({"a": name, "p": seat})

    return lister


def _payout(s, seat, out):
    for b in range(len(BETTING_CARDS)):
        for coins in range(1, MAX_COINS_PER_BETTING_CARD + 1):
            if checks.payout_problem(s, seat, b, coins) is None:
                out.append({"a": "payout", "p": seat, "b": b, "coins": coins})


COMMON = {
    "draw_loudest": _referee("draw_loudest"),
    "place": _place,
    "commit": _commit,
    "clamo": _referee("clamo"),
    "thumb": _thumb,
    "next": _next,
    "finish": _finish,
    "give": _give,
}

FULL = dict(COMMON)
FULL.update(
    {
        "bet": _bet,
        "ready": _ready,
        "think": _think,
        # the card in play is listed in one pass (_card_in_play); its other actions ride along
        "choose": _card_in_play,
        "move": None,
        "rise": None,
        "step": None,
        "melee": None,
        "ranged": None,
        "net": None,
        "unnet": None,
        "heal": None,
        "bleed": None,
        "draw": None,
        "loudest": None,
        "rebet": None,
        "discard": None,
        "end": None,
        "pass_card": _pass_card,
    }
)

BOX = dict(COMMON)
BOX.update(
    {
        "set_loudest": _set_loudest,
        "bets_placed": _referee("bets_placed"),
        "damage": _damage,
        "bleed": _box_wounds("bleed", checks.bleed_problem),
        "heal": _box_wounds("heal"),
        "knock": _box_gladiator("knock", checks.knock_problem),
        "stand": _box_gladiator("stand", checks.stand_problem),
        "net": _box_gladiator("net", _box_net_problem),
        "unnet": _box_gladiator("unnet", checks.unnet_problem),
        "revive": _box_gladiator("revive", None, (DEAD,)),
        "come_back": _box_gladiator("come_back", None, (PARDONED,)),
        "drunk": _box_gladiator("drunk", None),
        "loudest": _seat_only("loudest"),
        "draw": _seat_only("draw"),
        "done": _seat_only("done"),
        "payout": _payout,
    }
)

LISTERS = {MODE_FULL: FULL, MODE_BOX: BOX}  # by variant (referee.joins holds their names to the flow's)
