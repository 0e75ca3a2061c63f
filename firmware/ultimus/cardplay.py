"""Card level: a revealed yelling card is played on the hex arena.

The card's player chooses the gladiator he yells at, then uses the card's
symbols in any order, each once (movement points may be spent between
attacks), and ends the card. Every symbol resolves into effect-level changes
through ultimus.effects. The context of the card being played is s["card"]:
  c      the card id            owner  the seat that shouted it
  ctrl   the seat playing it (the drunk seat, if the gladiator is drunk)
  g      the chosen gladiator   stage  "choose" or "play"
  used   a flag per symbol      mp     movement points left to spend
  blood  1 when only blood-splatter symbols may be used
  hits   gladiators attacked with this card (the net may only fall on them)
  rebet, discarded  the stupid-bet card's two steps
"""

from ultimus import effects
from ultimus.battle import need_phase, seat_arg, end_turn, check_battle_end
from ultimus.content import (
    MAX_HEALTH, NET_OWNER, MAX_COINS_PER_BETTING_CARD, PLAYING_DEAD_HEALTH, COMING_BACK_HEALTH,
)
from ultimus.errors import refuse, int_arg
from ultimus.hexmap import NEIGH, DOORS, CENTRE, ahead
from ultimus.state import GLADIATORS, ARENA, DEAD, PARDONED, occupant
from ultimus.yelling import (
    CARDS, MOVE, MELEE, RANGED, STAND_UP, NET, REMOVE_NET, HEAL, BLEED, DRAW, LOUDEST,
    PLACE_FRONT, PLACE_BEHIND, PLACE_LEFT,
    SPECIAL_STUPID_BET, SPECIAL_PLAYING_DEAD, SPECIAL_COMING_BACK, SPECIAL_DRUNK,
)


def begin_card(s, ev, seat, c):
    special = CARDS[c][2]
    s["card"] = {
        "c": c, "owner": seat, "ctrl": seat, "g": -1,
        "stage": "play" if special == SPECIAL_STUPID_BET else "choose",
        "used": [0] * len(CARDS[c][3]), "mp": 0, "blood": 0, "hits": [],
        "rebet": 0, "discarded": 0,
    }
    ev.append({"e": "card", "p": seat, "c": c})


# --- choosing the gladiator ------------------------------------------------

def _bleed_ok(s, g, symbols, blood):
    """A card with bleeding may only be yelled at an injured gladiator it cannot kill."""
    for kind, value, _, _, sym_blood in symbols:
        if kind == BLEED and (sym_blood or not blood):
            hp = s["hp"][g]
            if hp >= MAX_HEALTH[g] or hp <= value:
                return False
    return True


def revive_fields(s):
    """Playing dead: the centre, or an empty field around it if the centre is taken."""
    if occupant(s, CENTRE) < 0:
        return [CENTRE]
    return [f for f in NEIGH[CENTRE] if f >= 0 and occupant(s, f) < 0]


def choices(s, card):
    """Every legal (gladiator, where, blood) for the card; where is -1 unless placed."""
    icons, helmet, special, symbols, _ = CARDS[card["c"]]
    status = s["status"]
    out = []
    if special == SPECIAL_PLAYING_DEAD:
        fields = revive_fields(s)
        for g in range(GLADIATORS):
            if status[g] == DEAD:
                for f in fields:
                    out.append((g, f, 0))
    elif special == SPECIAL_COMING_BACK:
        for g in range(GLADIATORS):
            if status[g] == PARDONED:
                for d in range(len(DOORS)):
                    if occupant(s, DOORS[d]) < 0:
                        out.append((g, d, 0))
    elif special == SPECIAL_DRUNK or helmet:
        for g in range(GLADIATORS):
            if status[g] == ARENA and _bleed_ok(s, g, symbols, 0):
                out.append((g, -1, 0))
    else:
        alive = [g for g in icons if status[g] == ARENA]
        blood = 0 if alive else 1
        if blood:
            alive = [g for g in range(GLADIATORS) if status[g] == ARENA]
        for g in alive:
            if _bleed_ok(s, g, symbols, blood):
                out.append((g, -1, blood))
    return out


def _actor(s, a):
    need_phase(s, "action")
    card = s["card"]
    if card is None or s["pollice_verso"]:
        refuse("not_your_turn", "no yelling card is being played now")
    p = seat_arg(s, a)
    if p != card["ctrl"]:
        refuse("not_your_turn", "seat %d plays this card" % card["ctrl"])
    return card


def choose(s, a, ev):
    card = _actor(s, a)
    if card["stage"] != "choose":
        refuse("already_chosen", "the gladiator has already been chosen")
    options = choices(s, card)
    g = int_arg(a, "g", -1, GLADIATORS - 1)
    if g < 0:
        if options:
            refuse("must_choose", "a gladiator can be chosen for this card")
        card["stage"] = "play"
        ev.append({"e": "no_effect", "p": card["owner"], "c": card["c"]})
        return
    where = a.get("f", -1)
    match = None
    for option in options:
        if option[0] == g and option[1] == where:
            match = option
    if match is None:
        refuse("bad_target", "this card cannot be yelled at that gladiator there")
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

def _symbol(s, a, card, kinds):
    """The unused symbol a['i'] of one of the given kinds, usable in this mode."""
    if card["stage"] != "play" or card["g"] < 0 or s["status"][card["g"]] != ARENA:
        refuse("no_gladiator", "no gladiator is playing this card")
    symbols = CARDS[card["c"]][3]
    if not symbols:
        refuse("no_symbol", "this card has no symbols")
    i = int_arg(a, "i", 0, len(symbols) - 1)
    sym = symbols[i]
    if sym[0] not in kinds:
        refuse("wrong_symbol", "symbol %d is not that kind of symbol" % i)
    if card["used"][i]:
        refuse("symbol_used", "each symbol is used once")
    if card["blood"] and not sym[4]:
        refuse("blood_only", "only blood-splatter symbols: the pictured gladiators are out")
    return i, sym


def _use(card, i):
    card["used"][i] = 1


def move(s, a, ev):
    card = _actor(s, a)
    i, sym = _symbol(s, a, card, (MOVE,))
    g = card["g"]
    if s["fallen"][g]:
        refuse("fallen", "a fallen gladiator cannot move: spend the movement to stand up")
    if s["net"] == g:
        refuse("netted", "a netted gladiator cannot move")
    _use(card, i)
    card["mp"] += sym[1]
    ev.append({"e": "movement", "g": g, "n": card["mp"]})


def rise(s, a, ev):
    card = _actor(s, a)
    i, sym = _symbol(s, a, card, (MOVE, STAND_UP))
    g = card["g"]
    if not s["fallen"][g]:
        refuse("not_fallen", "the gladiator is standing")
    if s["net"] == g:
        refuse("netted", "a netted gladiator cannot stand up")
    if sym[0] == MOVE and sym[1] < 1:
        refuse("wrong_symbol", "standing up takes a movement of 1 or more")
    _use(card, i)
    effects.stand_up(s, ev, g)


def can_move(s, card):
    """Movement points left, and a gladiator neither fallen nor netted to spend them."""
    g = card["g"]
    return card["mp"] >= 1 and not s["fallen"][g] and s["net"] != g


def step_target(s, g, d):
    """The field one step from g in direction d if it is inside the arena and empty, else -1."""
    f = NEIGH[s["pos"][g]][d]
    if f < 0 or occupant(s, f) >= 0:
        return -1
    return f


def step(s, a, ev):
    card = _actor(s, a)
    if card["stage"] != "play" or card["g"] < 0:
        refuse("no_gladiator", "no gladiator is playing this card")
    d = int_arg(a, "d", 0, 5)
    g = card["g"]
    if card["mp"] < 1:
        refuse("no_movement", "no movement points left")
    if s["fallen"][g] or s["net"] == g:
        refuse("cannot_move", "a fallen or netted gladiator cannot move")
    f = step_target(s, g, d)
    if f < 0:
        refuse("blocked", "that field is off the arena or taken (no moving through gladiators)")
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
    card = _actor(s, a)
    i, sym = _symbol(s, a, card, (MELEE,))
    d = int_arg(a, "d", 0, 5)
    g = card["g"]
    front = occupant(s, NEIGH[s["pos"][g]][d]) if NEIGH[s["pos"][g]][d] >= 0 else -1
    if front < 0:
        refuse("no_target", "a close-combat attack needs a gladiator on the field in front")
    targets = []
    for f, wounds in melee_fields(s, g, sym[2], d):
        victim = occupant(s, f)
        if victim >= 0:
            targets.append((victim, wounds))
    _use(card, i)
    ev.append({"e": "attack", "g": g, "d": d})
    _strike(s, ev, card, targets, sym[3])


def ranged(s, a, ev):
    card = _actor(s, a)
    i, sym = _symbol(s, a, card, (RANGED,))
    target = int_arg(a, "g", 0, GLADIATORS - 1)
    g = card["g"]
    if s["net"] == g:
        refuse("netted", "a netted gladiator cannot make ranged attacks")
    if target == g or s["status"][target] != ARENA:
        refuse("no_target", "a ranged attack hits another gladiator in the arena")
    _use(card, i)
    ev.append({"e": "shoot", "g": g, "t": target})
    _strike(s, ev, card, [(target, sym[1])], sym[3])


def net(s, a, ev):
    card = _actor(s, a)
    i, _ = _symbol(s, a, card, (NET,))
    target = int_arg(a, "t", 0, GLADIATORS - 1)
    if card["g"] != NET_OWNER:
        refuse("not_retiarius", "only Retiarius throws the net")
    if s["net"] >= 0:
        refuse("net_in_use", "the net is over a living gladiator in the arena")
    if target not in card["hits"] or s["status"][target] != ARENA:
        refuse("no_target", "the net falls on a gladiator Retiarius attacked with this card")
    _use(card, i)
    effects.throw_net(s, ev, target)


def remove_net(s, a, ev):
    card = _actor(s, a)
    i, _ = _symbol(s, a, card, (REMOVE_NET,))
    if s["net"] != card["g"]:
        refuse("not_netted", "the gladiator is not under the net")
    _use(card, i)
    effects.remove_net(s, ev, card["g"])


def heal(s, a, ev):
    card = _actor(s, a)
    i, sym = _symbol(s, a, card, (HEAL,))
    _use(card, i)
    effects.heal(s, ev, card["g"], sym[1])


def bleed(s, a, ev):
    card = _actor(s, a)
    i, sym = _symbol(s, a, card, (BLEED,))
    g = card["g"]
    if s["hp"][g] >= MAX_HEALTH[g]:
        refuse("not_injured", "bleeding only on an injured gladiator")
    if s["hp"][g] <= sym[1]:
        refuse("bleeding_kills", "bleeding may not kill")
    _use(card, i)
    effects.wound(s, ev, g, sym[1], card["owner"], False, False)


def draw(s, a, ev):
    card = _actor(s, a)
    i, sym = _symbol(s, a, card, (DRAW,))
    _use(card, i)
    for _ in range(sym[1]):
        effects.extra_card(s, ev, card["owner"], "symbol")


def loudest(s, a, ev):
    card = _actor(s, a)
    i, _ = _symbol(s, a, card, (LOUDEST,))
    _use(card, i)
    effects.take_loudest(s, ev, card["owner"])


# --- that was a stupid bet ------------------------------------------------

def _stupid_bet(s, a):
    card = _actor(s, a)
    if CARDS[card["c"]][2] != SPECIAL_STUPID_BET:
        refuse("wrong_symbol", "only 'that was a stupid bet' moves a bet")
    return card


def rebet(s, a, ev):
    """Move one coin from won gold (src -1) or a betting card onto another betting card."""
    card = _stupid_bet(s, a)
    p = card["owner"]
    bets = s["bets"][p]
    src = int_arg(a, "src", -1, len(bets) - 1)
    k = int_arg(a, "k", 0, len(bets) - 1)
    if card["rebet"]:
        refuse("symbol_used", "one coin only")
    if src == k:
        refuse("bad_target", "put the coin on another betting card")
    if bets[k][1] >= MAX_COINS_PER_BETTING_CARD:
        refuse("coin_limit", "at most %d coins on a betting card" % MAX_COINS_PER_BETTING_CARD)
    if (src < 0 and s["gold"][p] < 1) or (src >= 0 and bets[src][1] < 1):
        refuse("no_gold", "no coin there to move")
    if src < 0:
        s["gold"][p] -= 1
    else:
        bets[src][1] -= 1
    bets[k][1] += 1
    card["rebet"] = 1
    ev.append({"e": "rebet", "p": p, "src": src, "k": k})


def discard(s, a, ev):
    card = _stupid_bet(s, a)
    p = card["owner"]
    c = int_arg(a, "c", 0, len(CARDS) - 1)
    if card["discarded"]:
        refuse("symbol_used", "one extra card only")
    if c not in s["hands"][p]:
        refuse("not_in_hand", "that yelling card is not in your hand")
    s["hands"][p].remove(c)
    s["discard"].append(c)
    card["discarded"] = 1
    ev.append({"e": "discard", "p": p, "c": c})


def end_card(s, a, ev):
    card = _actor(s, a)
    if card["stage"] == "choose":
        refuse("must_choose", "choose the gladiator first (or g -1 if none can be chosen)")
    if (CARDS[card["c"]][2] == SPECIAL_STUPID_BET and not card["discarded"]
            and s["hands"][card["owner"]]):
        refuse("must_discard", "that was a stupid bet: discard one extra yelling card")
    ev.append({"e": "card_done", "p": card["owner"]})
    end_turn(s, ev)
