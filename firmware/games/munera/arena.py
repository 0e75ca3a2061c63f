"""The hex arena: positions, distances, facing quadrants and the random-direction roll.

Hexes are axial [q, r]; the arena is every hex within `radius` of [0, 0] and
"surrounded by a high wall". A facing is one of the six hex sides, numbered
counter-clockwise (0 east, 1 north-east, ...). Whole numbers only: the
quadrant test compares squared dot and cross products, so no float decides
a rule. A quadrant is the "X" over a gladiator: front and rear 90 degrees
each, left and right between; on hexes that makes the front one hex side,
each side two, the rear one.
"""

from games.munera.content import FRONT, LEFT, REAR, RIGHT

DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def step(pos, d, n=1):
    return [pos[0] + DIRS[d][0] * n, pos[1] + DIRS[d][1] * n]


def distance(a, b):
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def inside(pos, radius):
    return distance(pos, (0, 0)) <= radius


def _dot_cross(d, v):
    """(dot, cross) of facing d with vector v, scaled to whole numbers: the true cross is
    sqrt(3) times the one returned, so a comparison squares it times 3."""
    fx = 2 * DIRS[d][0] + DIRS[d][1]
    fr = DIRS[d][1]
    vx = 2 * v[0] + v[1]
    vr = v[1]
    return fx * vx + 3 * fr * vr, fx * vr - fr * vx


def quadrant(pos, face, other):
    """Where `other` stands around a figure at pos facing `face`: front, left, right or rear.
    No hex lies exactly on a 45-degree line (sqrt(3) is irrational), so there are no ties."""
    dot, cross = _dot_cross(face, (other[0] - pos[0], other[1] - pos[1]))
    if dot * dot > 3 * cross * cross:
        return FRONT if dot > 0 else REAR
    return LEFT if cross > 0 else RIGHT


def toward(pos, other):
    """The hex side of pos that points most nearly at other (the lower number on a tie)."""
    best = 0
    best_dot = None
    v = (other[0] - pos[0], other[1] - pos[1])
    for d in range(6):
        dot = _dot_cross(d, v)[0]
        if best_dot is None or dot > best_dot:
            best = d
            best_dot = dot
    return best


def scatter_dir(target, thrower, roll):
    """The hex side a random-direction D6 points to: 1 back at the thrower, then round the
    target: 2 and 3 on his right (ahead, just behind), 4 long, 5 and 6 on his left."""
    return (toward(target, thrower) + roll - 1) % 6
