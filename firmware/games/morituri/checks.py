"""Every rule check of Morituri, each written once.

A check returns None when the rulebook allows the thing, or (code, message)
when it does not. Handlers refuse with referee.errors.need; games.morituri.legal
lists only what passes the same checks. Checks read the state, never change it.
"""

from games.morituri.content import DICE, DIE, cls_value, is_beast
from games.morituri.state import figures, is_lying, is_out, is_spared
from referee import turns
from referee.dice import given_problem


def activatable(s, f):
    """Caesar may call on figure f this round: in the arena and not lying, or a spared
    gladiator whose full round of doing nothing is over (he stands up)."""
    if is_out(s, f):
        return False
    if not is_lying(s, f):
        return True
    return is_spared(s, f) and s["round"] >= s["up"][f]


def activate_problem(s, f):
    """Caesar activates each figure once a round, in his chosen order."""
    if is_out(s, f):
        return ("removed", "figure %d has left the arena" % f)
    if is_lying(s, f) and not activatable(s, f):
        return ("lying", "figure %d lies on his back and does nothing this round" % f)
    return turns.choice_problem(f, s["activated"], [g for g in figures(s) if activatable(s, g)])


def fighter_problem(s, f):
    """Only a figure in the arena and on his feet fights (or is fought)."""
    if is_out(s, f):
        return ("removed", "figure %d has left the arena" % f)
    if is_lying(s, f):
        return ("lying", "figure %d lies on his back, out of commission" % f)
    return None


def fought(s, f, t):
    for pair in s["fought"]:
        if (pair[0] == f and pair[1] == t) or (pair[0] == t and pair[1] == f):
            return True
    return False


def pair_problem(s, f, t):
    """A melee pair chosen by Caesar: two figures of two seats, both fighting, not yet paired
    this round (a figure touching several enemies fights them as separate pairs)."""
    if f == t:
        return ("same_figure", "a figure does not fight himself")
    if s["owner"][f] == s["owner"][t]:
        return ("same_side", "figures %d and %d belong to the same seat" % (f, t))
    problem = fighter_problem(s, f) or fighter_problem(s, t)
    if problem is not None:
        return problem
    if fought(s, f, t):
        return ("pair_fought", "figures %d and %d have already fought this round" % (f, t))
    return None


def hit_dice_problem(f_cls, t_cls, given):
    """The table's to-hit dice: [dice of the first, dice of the second], each as many as its class rolls."""
    if given is None:
        return None
    if type(given) is not list or len(given) != 2:
        return ("bad_dice", "the to-hit dice are two lists: the first figure's, then the second's")
    return _whose(
        "the first figure's to-hit dice (%s)" % f_cls, given_problem(given[0], cls_value(f_cls, DICE), DIE)
    ) or _whose("the second figure's to-hit dice (%s)" % t_cls, given_problem(given[1], cls_value(t_cls, DICE), DIE))


def _whose(what, problem):
    return None if problem is None else (problem[0], "%s: %s" % (what, problem[1]))


def armour_dice_problem(given, hits_on_f, hits_on_t):
    """The table's armour dice: [checks of f, checks of t], one die per hit taken."""
    if given is None:
        return None
    if type(given) is not list or len(given) != 2:
        return ("bad_dice", "the armour dice are two lists: the first figure's checks, then the second's")
    return _whose(
        "the first figure's armour dice, one per hit taken", given_problem(given[0], hits_on_f, DIE)
    ) or _whose("the second figure's armour dice, one per hit taken", given_problem(given[1], hits_on_t, DIE))


def implore_problem(s, f):
    """A gladiator at 0 HP implores the crowd once, in the implore phase, when Caesar calls him."""
    if f not in s["waiting"]:
        if is_beast(s["cls"][f]):
            return ("animal", "animals never implore the crowd")
        return ("not_waiting", "figure %d is not waiting to implore the crowd" % f)
    return None
