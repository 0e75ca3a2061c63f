"""The arena: a hexagon of hex fields, its six doors and its centre.

Fields are numbered 0..N-1 from axial coordinates (q, r) inside the given
radius. Directions 0..5 go round clockwise starting "east"; neighbouring
directions d-1 and d+1 flank direction d, which is what a swing attack hits.
The tables are computed once at import, so lookups are tuple indexing.
"""

from ultimus.content import ARENA_RADIUS

# axial direction vectors, clockwise on a pointy-top layout
DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def _build(radius):
    coords = []
    for r in range(-radius, radius + 1):
        for q in range(-radius, radius + 1):
            if abs(q) <= radius and abs(r) <= radius and abs(q + r) <= radius:
                coords.append((q, r))
    index = {}
    for i, c in enumerate(coords):
        index[c] = i
    neigh = []
    for q, r in coords:
        row = []
        for dq, dr in DIRS:
            row.append(index.get((q + dq, r + dr), -1))
        neigh.append(tuple(row))
    doors = tuple(index[(dq * radius, dr * radius)] for dq, dr in DIRS)
    return tuple(coords), tuple(neigh), doors, index[(0, 0)]


COORDS, NEIGH, DOORS, CENTRE = _build(ARENA_RADIUS)
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
