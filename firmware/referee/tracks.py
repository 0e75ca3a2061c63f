"""Tracks: bounded whole numbers per figure, their marks, and per-figure flags.

A track is one number per figure that the rules move up and down: Munera's
stamina (which goes below 0), fatigue and action points, Morituri's 3 HP,
the board game's hit points, Ultimatum's troops per nation and nations per
alliance. It is plain data kept in the game state:

    {"at": [value per figure], "start": [start per figure], "lo": int or None,
     "hi": int, None or "start"}

lo/hi bound every value (None: no bound; hi "start": each figure's own start).
Changes either clamp at a bound (add, sub: a wound below 0 HP is still 0 HP)
or refuse (take, put: spending AP you do not have). A refusal changes nothing.

Marks are the levels a rule reacts to, as ((name, level), ...) kept in the
game's content, not in the state. A mark is reached when the value is at or
below its level ("Stamina 0 or less", "-3 or less"); the level HALF means half
of the figure's start ("lost at least half of their Stamina"). crossed() tells
which marks a change reached or left, so a rule can trigger an appeal once.

Flags are a list of small ints, one bit set per figure (knocked down,
entangled, lying, out).
"""

from referee.errors import need

HALF = "half"  # a mark's level: half of the figure's start, rounded down

# Flag bits shared by the games; a game may add its own from 1 << 8 up.
DOWN = 1  # knocked down (Munera), fallen (ULTIMUS)
ENTANGLED = 2  # net, lasso or cape (Munera), netted (ULTIMUS)
LYING = 4  # at 0 HP waiting to implore, or spared and lying a round (Morituri)
OUT = 8  # beaten, killed or removed: skipped by every walker
NOT_STANDING = DOWN | LYING | OUT


def new(starts, lo=None, hi=None):
    """A track starting each figure at starts[i]; lo/hi: see the module docstring."""
    t = {"at": list(starts), "start": list(starts), "lo": lo, "hi": hi}
    for i in range(len(starts)):
        upper = top(t, i)
        if lo is not None and upper is not None and upper < lo:
            raise ValueError("a track's upper bound is below its lower bound")
        t["at"][i] = _clamp(t, i, starts[i])
    return t


def value(t, i):
    return t["at"][i]


def start(t, i):
    return t["start"][i]


def top(t, i):
    """Figure i's upper bound, or None."""
    hi = t["hi"]
    return t["start"][i] if hi == "start" else hi


def _clamp(t, i, v):
    lo = t["lo"]
    hi = top(t, i)
    if lo is not None and v < lo:
        return lo
    if hi is not None and v > hi:
        return hi
    return v


def _count(n):
    if type(n) is not int or n < 0:
        raise ValueError("a track moves by a whole number of 0 or more, not %r" % (n,))


def add(t, i, n):
    """Raise figure i by n, stopping at the upper bound; returns how much it rose."""
    _count(n)
    before = t["at"][i]
    t["at"][i] = _clamp(t, i, before + n)
    return t["at"][i] - before


def sub(t, i, n, floor=None):
    """Lower figure i by n, stopping at the lower bound (or at `floor` if higher, as in
    "the defender keeps 1 troop"); returns how much it fell."""
    _count(n)
    before = t["at"][i]
    v = _clamp(t, i, before - n)
    if floor is not None and v < floor:
        v = floor if before > floor else before  # a floor never raises a value
    t["at"][i] = v
    return before - v


def take_problem(t, i, n, floor=None, code="not_enough"):
    """None, or (code, why) if figure i cannot give n without going below its bound or floor."""
    _count(n)
    bound = t["lo"]
    if floor is not None and (bound is None or floor > bound):
        bound = floor
    if bound is not None and t["at"][i] - n < bound:
        return (code, "%d needed, only %d to spare" % (n, max(0, t["at"][i] - bound)))
    return None


def take(t, i, n, floor=None, code="not_enough"):
    """Lower figure i by exactly n, or refuse (changing nothing): spending action points."""
    need(take_problem(t, i, n, floor, code))
    t["at"][i] -= n


def put_problem(t, i, n, code="too_many"):
    """None, or (code, why) if figure i cannot take n more without passing its upper bound."""
    _count(n)
    hi = top(t, i)
    if hi is not None and t["at"][i] + n > hi:
        return (code, "room for %d more, not %d" % (max(0, hi - t["at"][i]), n))
    return None


def put(t, i, n, code="too_many"):
    """Raise figure i by exactly n, or refuse (changing nothing): a nation per alliance."""
    need(put_problem(t, i, n, code))
    t["at"][i] += n


def set_to(t, i, v):
    """Set figure i to v, clamped to its bounds (a spared gladiator stands up with 1 HP)."""
    t["at"][i] = _clamp(t, i, v)
    return t["at"][i]


def restart(t, i, v):
    """A new start for figure i, which is also its value (this turn's AP, a fight's HP)."""
    t["start"][i] = v
    t["at"][i] = _clamp(t, i, v)


def level(t, i, mark_level):
    """A mark's level for figure i (HALF: half of its start, rounded down)."""
    return t["start"][i] // 2 if mark_level == HALF else mark_level


def reached(t, i, marks):
    """The names of the marks figure i is at or below now, in the order of marks."""
    v = t["at"][i]
    return [m[0] for m in marks if v <= level(t, i, m[1])]


def crossed(t, i, before, marks):
    """The names of the marks the change from `before` to now reached (going down) or
    left (going up), in the order of marks; the caller knows the direction."""
    v = t["at"][i]
    out = []
    for name, mark_level in marks:
        lv = level(t, i, mark_level)
        if (v <= lv) != (before <= lv):
            out.append(name)
    return out


# ---- flags ----


def flags(n):
    """No flag set, for n figures."""
    return [0] * n


def has(fl, i, flag):
    return fl[i] & flag != 0


def raise_flag(fl, i, flag):
    """Set flag on figure i; returns 1 if it was not set before (knocked down while down)."""
    was = fl[i] & flag
    fl[i] |= flag
    return 0 if was == flag else 1


def lower_flag(fl, i, flag):
    """Clear flag on figure i; returns 1 if it was set."""
    was = fl[i] & flag
    fl[i] &= ~flag
    return 1 if was else 0


def standing(fl, i):
    """Neither down, lying nor out."""
    return fl[i] & NOT_STANDING == 0


def with_flag(fl, flag):
    """The figures with any of the bits of flag, in figure order."""
    return [i for i in range(len(fl)) if fl[i] & flag]


def without_flag(fl, flag):
    """The figures with none of the bits of flag (the ones a walker does not skip)."""
    return [i for i in range(len(fl)) if not fl[i] & flag]
