"""The state of a Morituri game: one plain dict, and the questions asked of it.

Figures are numbered in seat order from the set-up. Per figure: "cls" its
class, "owner" its seat, "hp" a referee.tracks track (0..3), "flags" the
tracks flags (LYING at 0 HP or spared, OUT removed, SPARED), "kills",
"appeals" made, "up" the first round a spared gladiator may stand up.
Per round: "caesar", "activated" (in Caesar's order), "fought" (pairs),
"waiting" (gladiators at 0 HP waiting to implore, in the order they fell),
"crowd" (the crowd's verdict waiting for Caesar's thumb). "barred": seats
that overrode the crowd and sit out the next initiative. "rng": the
generator (never shown in a view).
"""

from games.morituri.content import START_HP
from referee import tracks
from referee.rng import seed_state

SPARED = 1 << 8  # a spared gladiator lying for one full round (with LYING)
NOBODY = -1


def new_state(setup):
    cls = []
    owner = []
    figures = setup["figures"]
    for seat in range(len(figures)):
        for c in figures[seat]:
            cls.append(c)
            owner.append(seat)
    n = len(cls)
    return {
        "players": setup["players"],
        "phase": "initiative",
        "round": 1,
        "caesar": NOBODY,
        "barred": [0] * setup["players"],
        "cls": cls,
        "owner": owner,
        "hp": tracks.new([START_HP] * n, 0, "start"),
        "flags": tracks.flags(n),
        "kills": [0] * n,
        "appeals": [0] * n,
        "up": [0] * n,
        "activated": [],
        "fought": [],
        "waiting": [],
        "crowd": [],
        "winner": NOBODY,
        "rng": seed_state(setup["seed"]),
    }


def figures(s):
    return range(len(s["cls"]))


def is_out(s, f):
    return tracks.has(s["flags"], f, tracks.OUT)


def is_lying(s, f):
    return tracks.has(s["flags"], f, tracks.LYING)


def is_spared(s, f):
    return tracks.has(s["flags"], f, SPARED)


def standing(s, f):
    return tracks.standing(s["flags"], f)


def hp(s, f):
    return tracks.value(s["hp"], f)


def seats_left(s):
    """The seats with a figure still in the arena (standing or lying), in seat order."""
    out = []
    for f in figures(s):
        if not is_out(s, f) and s["owner"][f] not in out:
            out.append(s["owner"][f])
    out.sort()
    return out
