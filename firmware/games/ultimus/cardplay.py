"""Card level: a revealed yelling card is played on the hex arena.

The card's player chooses the gladiator he yells at, then uses the card's
symbols in any order, each once (movement points may be spent between
attacks), and ends the card. Every symbol resolves into effect-level changes
through games.ultimus.effects. The card in play is s["card"] (see games.ultimus.card).

The flow (games.ultimus.flow) lets only the seat playing the card here; the rule
checks are games.ultimus.checks, shared with games.ultimus.legal.
"""

from games.ultimus import cardchecks, checks, effects
from games.ultimus.battle import check_battle_end, end_turn
from games.ultimus.content import COMING_BACK_HEALTH, PLAYING_DEAD_HEALTH
from games.ultimus.hexmap import CENTRE, DOORS, NEIGH, ahead
from games.ultimus.state import ARENA, DEAD, GLADIATORS, PARDONED, occupant
from games.ultimus.yelling import (
    BLEED,
    BLEEDS,
    CARDS,
    DRAW,
    HEAL,
    LOUDEST,
    MELEE,
    MOVE,
    NET,
    PLACE_BEHIND,
    PLACE_FRONT,
    PLACE_LEFT,
    RANGED,
    REMOVE_NET,
    SPECIAL_COMING_BACK,
    SPECIAL_DRUNK,
    SPECIAL_PLAYING_DEAD,
    SPECIAL_STUPID_BET,
    STAND_UP,
)
from referee.errors import int_arg, need

# --- choosing the gladiator ------------------------------------------------


def revive_fields(s):
    """Playing dead: the centre, or an empty field around it if the centre is taken."""
    if occupant(s, CENTRE) < 0:
        return [CENTRE]
    return [f for f in NEIGH[CENTRE] if f >= 0 and occupant(s, f) < 0]


def choices(s, card):
    """Every legal (gladiator, where, blood) for the card; where is -1 unless placed."""
    _, helmet, special, _, _ = CARDS[card["c"]]
    status = s["status"]
    if special == SPECIAL_PLAYING_DEAD:
        fields = revive_fields(s)
        return [(g, f, 0) for g in range(GLADIATORS) if status[g] == DEAD for f in fields]
    if special == SPECIAL_COMING_BACK:
        free = [d for d in range(len(DOORS)) if occupant(s, DOORS[d]) < 0]
        return [(g, d, 0) for g in range(GLADIATORS) if status[g] == PARDONED for d in free]
    return _arena_choices(s, card, special == SPECIAL_DRUNK or helmet)


def _arena_choices(s, card, anyone):
    """A card yelled at a gladiator in the arena: one of its icons (any gladiator for a helmet or the
    drunk), or any with blood when none of its icons is there; never one its bleeding would refuse."""
    bleeds = BLEEDS[card["c"]]  # mostly none: then every gladiator passes bleed_ok
    status = s["status"]
    in_arena = [g for g in range(GLADIATORS) if status[g] == ARENA]
    blood = 0
    if anyone:
        alive = in_arena
    else:
        alive = [g for g in CARDS[card["c"]][0] if status[g] == ARENA]
        if not alive:
            alive, blood = in_arena, 1
    return [(g, -1, blood) for g in alive if not bleeds or cardchecks.bleed_ok(s, g, bleeds, blood)]


def choose(s, a, ev):
    card = s["card"]
    if card["stage"] != "choose":
        need(("already_chosen", "the gladiator has already been chosen"))
    options = choices(s, card)
    g = int_arg(a, "g", -1, GLADIATORS - 1)
    if g < 0:
        if options:
            need(("must_choose", "a gladiator can be chosen for this card"))
        card["stage"] = "play"
        ev.append({"e": "no_effect", "p": card["owner"], "c": card["c"]})
        return
    where = a.get("f", -1)
    match = None
    for option in options:
        if option[0] == g and option[1] == where:
            match = option
    if match is None:
        need(("bad_target", "this card cannot be yelled at that gladiator there"))
    special = CARDS[card["c"]][2]
    card["stage"] = "play"
    card["g"] = g
    card["blood"] = match[2]
    if special == SPECIAL_PLAYING_DEAD:
        effects.bring_back(s, ev, g, PLAYING_DEAD_HEALTH, where, "playing_dead")
    elif special == SPECIAL_COMING_BACK:
        effects.bring_back(s, ev, g, COMING_BACK_HEALTH, DOORS[where], "coming_back")
    elif special == SPECIAL_DRUNK:
        effects.make_drunk(s, ev, g, card["owner"])
        card["g"] = -1  # the drunk card itself moves nobody
    else:
        ev.append({"e": "yell", "p": card["owner"], "g": g, "blood": card["blood"]})
        drunk_seat = s["drunk"][g]
        if drunk_seat >= 0 and drunk_seat != card["owner"]:
            card["ctrl"] = drunk_seat
            ev.append({"e": "drunk_plays", "p": drunk_seat, "g": g})


# --- the symbols -----------------------------------------------------------


def _symbol(s, a, kinds):
    """The card in play and its unused symbol a['i'] of one of the given kinds."""
    card = s["card"]
    need(cardchecks.card_gladiator_problem(s, card))
    symbols = CARDS[card["c"]][3]
    if not symbols:
        need(("no_symbol", "this card has no symbols"))
    i = int_arg(a, "i", 0, len(symbols) - 1)
    need(cardchecks.symbol_problem(s, card, i, kinds))
    return card, i, symbols[i]


def _use(card, i):
    card["used"][i] = 1


def move(s, a, ev):
    card, i, sym = _symbol(s, a, (MOVE,))
    g = card["g"]
    need(cardchecks.move_problem(s, g))
    _use(card, i)
    card["mp"] += sym[1]
    ev.append({"e": "movement", "g": g, "n": card["mp"]})


def rise(s, a, ev):
    card, i, sym = _symbol(s, a, (MOVE, STAND_UP))
    g = card["g"]
    need(cardchecks.rise_problem(s, g, sym))
    _use(card, i)
    effects.stand_up(s, ev, g)


def step(s, a, ev):
    card = s["card"]
    need(cardchecks.card_gladiator_problem(s, card))
    d = int_arg(a, "d", 0, 5)
    g = card["g"]
    need(cardchecks.step_problem(s, card, d))
    f = cardchecks.step_target(s, g, d)
    card["mp"] -= 1
    s["pos"][g] = f
    ev.append({"e": "step", "g": g, "f": f})


def melee_fields(s, g, pattern, d):
    """(field, wounds) of each field a close-combat pattern reaches from g facing d."""
    here = s["pos"][g]
    out = []
    for place, wounds in pattern:
        if place == PLACE_FRONT:
            f = NEIGH[here][d]
        elif place == PLACE_BEHIND:
            f = ahead(here, d, 2)
        elif place == PLACE_LEFT:
            f = NEIGH[here][(d + 5) % 6]
        else:
            f = NEIGH[here][(d + 1) % 6]
        if f >= 0:
            out.append((f, wounds))
    return out


def _strike(s, ev, card, targets, knock):
    """Wound every (gladiator, wounds), then knock down the survivors."""
    pv = CARDS[card["c"]][4]
    for g, wounds in targets:
        if g not in card["hits"]:
            card["hits"].append(g)
        effects.wound(s, ev, g, wounds, card["owner"], pv, True)
    if knock:
        for g, _ in targets:
            if s["status"][g] == ARENA and s["hp"][g] > 0:
                effects.knock_down(s, ev, g)
    check_battle_end(s, ev)


def melee(s, a, ev):
    card, i, sym = _symbol(s, a, (MELEE,))
    d = int_arg(a, "d", 0, 5)
    g = card["g"]
    need(cardchecks.melee_problem(s, g, d))
    targets = []
    for f, wounds in melee_fields(s, g, sym[2], d):
        victim = occupant(s, f)
        if victim >= 0:
            targets.append((victim, wounds))
    _use(card, i)
    ev.append({"e": "attack", "g": g, "d": d})
    _strike(s, ev, card, targets, sym[3])


def ranged(s, a, ev):
    card, i, sym = _symbol(s, a, (RANGED,))
    target = int_arg(a, "g", 0, GLADIATORS - 1)
    g = card["g"]
    need(cardchecks.ranged_problem(s, g, target))
    _use(card, i)
    ev.append({"e": "shoot", "g": g, "t": target})
    _strike(s, ev, card, [(target, sym[1])], sym[3])


def net(s, a, ev):
    card, i, _ = _symbol(s, a, (NET,))
    target = int_arg(a, "t", 0, GLADIATORS - 1)
    need(cardchecks.card_net_problem(s, card, target))
    _use(card, i)
    effects.throw_net(s, ev, target)


def remove_net(s, a, ev):
    card, i, _ = _symbol(s, a, (REMOVE_NET,))
    need(checks.unnet_problem(s, card["g"]))
    _use(card, i)
    effects.remove_net(s, ev, card["g"])


def heal(s, a, ev):
    card, i, sym = _symbol(s, a, (HEAL,))
    _use(card, i)
    effects.heal(s, ev, card["g"], sym[1])


def bleed(s, a, ev):
    card, i, sym = _symbol(s, a, (BLEED,))
    g = card["g"]
    need(checks.bleed_problem(s, g, sym[1]))
    _use(card, i)
    effects.wound(s, ev, g, sym[1], card["owner"], False, False)


def draw(s, a, ev):
    card, i, sym = _symbol(s, a, (DRAW,))
    _use(card, i)
    for _ in range(sym[1]):
        effects.extra_card(s, ev, card["owner"], "symbol")


def loudest(s, a, ev):
    card, i, _ = _symbol(s, a, (LOUDEST,))
    _use(card, i)
    effects.take_loudest(s, ev, card["owner"])


# --- that was a stupid bet ------------------------------------------------


def _stupid_bet(s):
    card = s["card"]
    if CARDS[card["c"]][2] != SPECIAL_STUPID_BET:
        need(("wrong_symbol", "only 'that was a stupid bet' moves a bet"))
    return card


def rebet(s, a, ev):
    """Move one coin from won gold (src -1) or a betting card onto another betting card."""
    card = _stupid_bet(s)
    p = card["owner"]
    bets = s["bets"][p]
    src = int_arg(a, "src", -1, len(bets) - 1)
    k = int_arg(a, "k", 0, len(bets) - 1)
    need(cardchecks.rebet_problem(s, card, src, k))
    if src < 0:
        s["gold"][p] -= 1
    else:
        bets[src][1] -= 1
    bets[k][1] += 1
    card["rebet"] = 1
    ev.append({"e": "rebet", "p": p, "src": src, "k": k})


def discard(s, a, ev):
    card = _stupid_bet(s)
    p = card["owner"]
    c = int_arg(a, "c", 0, len(CARDS) - 1)
    need(cardchecks.discard_problem(s, card, c))
    s["hands"][p].remove(c)
    s["discard"].append(c)
    card["discarded"] = 1
    ev.append({"e": "discard", "p": p, "n": 1, "hidden": {"c": c}})  # as think: which card, only its seat knows


def end_card(s, a, ev):
    card = s["card"]
    need(cardchecks.end_card_problem(s, card, CARDS[card["c"]][2] == SPECIAL_STUPID_BET))
    ev.append({"e": "card_done", "p": card["owner"]})
    end_turn(s, ev)
