"""Every rule check of the Morituri board game, each written once.

A check returns None when the rulebook allows the thing, or (code, message)
when it does not. Handlers refuse with referee.errors.need; legal.py lists only
what passes the same checks. Checks read the state, never change it.
"""

from games.morituri_board import kit
from games.morituri_board.content import CARD_NAMES, CARDS, FLUX, HP_SPACES, PENNANTS
from games.morituri_board.state import on_road


def hp_space_problem(k):
    """A hit point space is one of the 6 the board prints (numbered 1-6 by the table)."""
    if type(k) is not int or k < 1 or k > HP_SPACES:
        return ("bad_action", "'k' is the hit point space, 1 to %d" % HP_SPACES)
    return None


def arena_problem(s, p, pennants, vs):
    """An arena outside Roma flies 1-3 pennants; the players already there (vs) are on the road,
    alive, each named once, and not the one who lands."""
    if type(pennants) is not int or pennants not in PENNANTS:
        return ("bad_action", "an arena outside Roma flies 1 to 3 pennants (Roma is 'roma')")
    if type(vs) is not list:
        return ("bad_action", "'vs' lists the seats already on the arena space")
    seen = []
    for q in vs:
        if type(q) is not int or q < 0 or q >= s["players"]:
            return ("bad_action", "'vs' holds seats from 0 to %d" % (s["players"] - 1))
        if q == p:
            return ("same_seat", "a gladiator does not fight himself")
        if q in seen:
            return ("bad_action", "seat %d is named twice in 'vs'" % q)
        if not on_road(s, q):
            return ("not_on_road", "seat %d is not on the road (dead, resting or in Roma)" % q)
        seen.append(q)
    return None


def card_problem(s, p, c, keep, discard):
    """A drawn Armor/Weapon card: kept (the held cards it clashes with discarded, and only those:
    his choice of which card to keep) or discarded at once."""
    if type(c) is not str or c not in CARDS:
        return ("unknown_card", "%r is not a card: the cards are %s" % (c, ", ".join(CARD_NAMES)))
    if keep != 0 and keep != 1:
        return ("bad_action", "'keep' is 1 (keep the card) or 0 (discard it)")
    if not keep:
        if discard is not None:
            return ("bad_action", "a card not kept costs nothing: leave out 'discard'")
        return None
    if discard is None:
        discard = []
    if type(discard) is not list:
        return ("bad_action", "'discard' lists the held cards given up for the new one")
    mine = s["kit"][p]
    clashing = kit.clashing(mine, c)
    for x in discard:
        if type(x) is not str or x not in kit.held(mine):
            return ("not_held", "%r is not in seat %d's loadout" % (x, p))
        if x not in clashing:
            return ("no_clash", "the %s does not clash with the %s: keep it" % (x, c))
        if discard.count(x) > 1:
            return ("bad_action", "the %s is named twice" % x)
    for x in clashing:
        if x not in discard:
            why = kit.clash(x, c)
            return ("card_conflict", "%s: discard the %s to keep the %s, or discard the %s" % (why, x, c, c))
    return None


def flux_problem(n):
    """A hit point change (Flux cards, Bandits, Pirates, a hit point card): -5 to +5, not 0."""
    if type(n) is not int or n == 0 or n < -FLUX or n > FLUX:
        return ("bad_action", "'n' is a hit point change from -%d to %d, not 0" % (FLUX, FLUX))
    return None


def lose_problem(s, p, c):
    """A card taken away (the Thief! card...) must be one he holds."""
    if type(c) is not str or c not in kit.held(s["kit"][p]):
        return ("not_held", "%r is not in seat %d's loadout" % (c, p))
    return None
