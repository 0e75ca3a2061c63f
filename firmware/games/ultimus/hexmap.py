"""The arena: a hexagon of hex fields, its six doors and its centre.

Fields are numbered 0..N-1 from axial coordinates (q, r) inside the given
radius. Directions 0..5 go round clockwise starting "east"; neighbouring
directions d-1 and d+1 flank direction d, which is what a swing attack hits.
The tables (COORDS, NEIGH, DOORS, CENTRE) are literal data in games.ultimus.arena,
written by tools/gen_content.py from content.ARENA_RADIUS and DIRS below, so
lookups are tuple indexing and a frozen firmware keeps them in flash.
"""

from games.ultimus.arena import CENTRE, COORDS, DOORS, NEIGH  # noqa: F401  (read them from here)

# axial direction vectors, clockwise on a pointy-top layout
DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


FIELDS = len(COORDS)


def distance(a, b):
    (q1, r1), (q2, r2) = COORDS[a], COORDS[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ahead(field, d, steps):
    """The field `steps` fields away in direction d, or -1 off the arena."""
    while steps > 0 and field >= 0:
        field = NEIGH[field][d]
        steps -= 1
    return field
