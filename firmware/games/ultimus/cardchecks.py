"""The rule checks of the card in play (the full game's card level), each written once.

Like games.ultimus.checks (whose convention they follow: None, or (code, message)),
but only cardplay and legal need them, so the box never loads this module.
"""

from games.ultimus.checks import COIN_LIMIT, bleed_problem, net_problem, stand_problem
from games.ultimus.content import MAX_COINS_PER_BETTING_CARD
from games.ultimus.hexmap import NEIGH
from games.ultimus.state import ARENA
from games.ultimus.yelling import CARDS, MOVE

# --- the gladiator of the card ----------------------------------------------------------


def move_problem(s, g):
    """Movement: not while fallen (the points stand him up instead) nor under the net."""
    if s["fallen"][g]:
        return ("fallen", "a fallen gladiator cannot move: spend the movement to stand up")
    if s["net"] == g:
        return ("netted", "a netted gladiator cannot move")
    return None


def ranged_problem(s, g, target):
    """A ranged attack: not from under the net, at another gladiator in the arena."""
    if s["net"] == g:
        return ("netted", "a netted gladiator cannot make ranged attacks")
    if target == g or s["status"][target] != ARENA:
        return ("no_target", "a ranged attack hits another gladiator in the arena")
    return None


def melee_problem(s, g, d):
    """A close-combat attack needs a gladiator on the field in front."""
    pos = s["pos"]
    f = NEIGH[pos[g]][d]
    if f < 0 or f not in pos:  # no field, or nobody on it (state.occupant)
        return ("no_target", "a close-combat attack needs a gladiator on the field in front")
    return None


def step_target(s, g, d):
    """The field one step from g in direction d if it is inside the arena and empty, else -1."""
    pos = s["pos"]
    f = NEIGH[pos[g]][d]
    if f < 0 or f in pos:  # off the arena, or someone stands there (state.occupant)
        return -1
    return f


def mover_problem(s, card):
    """Stepping at all: movement points left, and a gladiator neither fallen nor netted."""
    g = card["g"]
    if card["mp"] < 1:
        return ("no_movement", "no movement points left")
    if s["fallen"][g] or s["net"] == g:
        return ("cannot_move", "a fallen or netted gladiator cannot move")
    return None


BLOCKED = ("blocked", "that field is off the arena or taken (no moving through gladiators)")


def step_problem(s, card, d):
    """One movement point: one step onto a free field of the arena (legal asks mover_problem once,
    then step_target for each direction)."""
    found = mover_problem(s, card)
    if found is None and step_target(s, card["g"], d) < 0:
        return BLOCKED
    return found


# --- its symbols -------------------------------------------------------------------


def card_gladiator_problem(s, card):
    """The symbols of a card act through its chosen gladiator, who must still be in the arena."""
    if card["stage"] != "play" or card["g"] < 0 or s["status"][card["g"]] != ARENA:
        return ("no_gladiator", "no gladiator is playing this card")
    return None


def symbol_problem(s, card, i, kinds):
    """Symbol i of the card in play: of one of `kinds`, unused, and a blood splatter when only those count."""
    found = card_gladiator_problem(s, card)
    if found is not None:
        return found
    sym = CARDS[card["c"]][3][i]
    if sym[0] not in kinds:
        return ("wrong_symbol", "symbol %d is not that kind of symbol" % i)
    return symbol_use_problem(card, i, sym)


def symbol_use_problem(card, i, sym):
    """Symbol i unused, and a blood splatter when only those count (legal, which has checked the
    card's gladiator once and reads each symbol's kind itself, asks only this)."""
    if card["used"][i]:
        return ("symbol_used", "each symbol is used once")
    if card["blood"] and not sym[4]:
        return ("blood_only", "only blood-splatter symbols: the pictured gladiators are out")
    return None


def rise_problem(s, g, sym):
    """Standing up takes a stand-up symbol or a movement of 1 or more."""
    found = stand_problem(s, g)
    if found is not None:
        return found
    if sym[0] == MOVE and sym[1] < 1:
        return ("wrong_symbol", "standing up takes a movement of 1 or more")
    return None


def card_net_problem(s, card, target):
    """The net falls from Retiarius onto a gladiator he attacked with this card."""
    found = net_problem(s, card["g"], target)
    if found is not None:
        return found
    if target not in card["hits"] or s["status"][target] != ARENA:
        return ("no_target", "the net falls on a gladiator Retiarius attacked with this card")
    return None


def bleed_ok(s, g, bleeds, blood):
    """A card with bleeding may only be yelled at a gladiator its bleeding cannot kill
    (bleeds: the card's yelling.BLEEDS, (wounds, blood splatter) of each bleeding symbol)."""
    for value, sym_blood in bleeds:
        if (sym_blood or not blood) and bleed_problem(s, g, value) is not None:
            return False
    return True


def rebet_problem(s, card, src, k):
    """That was a stupid bet: one coin, from won gold (src -1) or a betting card, onto another card."""
    p = card["owner"]
    bets = s["bets"][p]
    if card["rebet"]:
        return ("symbol_used", "one coin only")
    if src == k:
        return ("bad_target", "put the coin on another betting card")
    if bets[k][1] >= MAX_COINS_PER_BETTING_CARD:
        return COIN_LIMIT
    if (src < 0 and s["gold"][p] < 1) or (src >= 0 and bets[src][1] < 1):
        return ("no_gold", "no coin there to move")
    return None


def discard_problem(s, card, c):
    """That was a stupid bet: one extra yelling card from the hand to the discard pile."""
    if card["discarded"]:
        return ("symbol_used", "one extra card only")
    if c not in s["hands"][card["owner"]]:
        return ("not_in_hand", "that yelling card is not in your hand")
    return None


def end_card_problem(s, card, stupid_bet):
    if card["stage"] == "choose":
        return ("must_choose", "choose the gladiator first (or g -1 if none can be chosen)")
    if stupid_bet and not card["discarded"] and s["hands"][card["owner"]]:
        return ("must_discard", "that was a stupid bet: discard one extra yelling card")
    return None
