"""The referee's building blocks (dice, tracks, crowd, ledger) under MicroPython and CPython.

Each section gives lines of text (states through their canonical text, never a
dict's own order) that must be equal on both ports. Under MicroPython
(tools/mp_run.mjs, ARGS ["run"]) it prints them, one section per step();
under CPython tests/test_referee_blocks_micropython.py calls section(i).
"""

from referee import crowd, dice, ledger, tracks
from referee.digest import canonical_text, digest
from referee.errors import Illegal
from referee.rng import Rng, seed_state

BLACK = (4, 8, 12, 16, 20, 28)
GREEN = ("WIN", "WIN", "LOSE", "LOSE", "DRAW", "DRAW")
MUNERA = (("injured", tracks.HALF), ("appeal", 0), ("mortal", -3))


def refusal(fn, *args):
    try:
        fn(*args)
    except Illegal as exc:
        return "%s %s" % (exc.code, exc.message)
    return "accepted"


def dice_lines(seed):
    s = {"rng": seed_state(seed)}
    ev = []
    out = [
        str(dice.roll(s, 2, 6, None, ev, 0, "attack")),
        str(dice.roll(s, 3, 3)),
        str(dice.roll_faces(s, 4, GREEN)),
        str(dice.roll_faces(s, 2, BLACK)),
    ]
    out.append(str(dice.roll_off(s, [0, 1, 2, 3, 4, 5], 6, None, ev)))
    out.append(str(dice.highest(s, [0, 1, 2, 3], 2, 6, None, ev, "caesar")))
    out.append(str(dice.order(s, [0, 1, 2, 3, 4, 5], 3, None, ev)))
    out.append(str(dice.roll_off(s, [0, 1, 2], BLACK)))
    att, dfn = dice.roll(s, 3, 6), dice.roll(s, 2, 6)
    out.append(str(dice.compare_pairs(att, dfn, 1, -2)))
    out.append("%d %d %s" % (dice.natural(att), dice.double(dfn), digest({"s": s, "ev": ev})))
    return ["dice %d %s" % (seed, line) for line in out]


def dice_table_lines():
    s = {"rng": seed_state(1)}
    out = [
        str(dice.roll(s, 2, 6, [6, 1])),
        str(dice.roll_off(s, [0, 1, 2, 3], 6, [[5, 6, 2, 6], [3, 3], [1, 4]])),
        str(dice.highest(s, [0, 1, 2], 2, 6, [[[6, 5], [5, 6], [1, 1]], [[3, 3], [4, 4]]])),
        str(dice.order(s, [0, 1, 2, 3], 6, [[3, 5, 3, 5], [2, 4], [6, 1]])),
        refusal(dice.roll, s, 1, 6, [7]),
        refusal(dice.roll, s, 2, 6, [1]),
        refusal(dice.roll, s, 1, 6, [True]),
        refusal(dice.roll_faces, s, 1, BLACK, [6]),
        refusal(dice.roll_faces, s, 1, GREEN, ["win"]),
        refusal(dice.roll_off, s, [0, 1, 2], 6, [[6, 6, 1]]),
        refusal(dice.roll_off, s, [0, 1], 6, [[6, 1], [2, 3]]),
        refusal(dice.roll_off, s, [0, 1, 2], 6, [[6, 6]]),
        str(s["rng"] == seed_state(1)),
    ]
    counts = [0] * 6
    for d in dice.roll(s, 10000, 6):
        counts[d - 1] += 1
    out.append(str(counts))
    return ["table " + line for line in out]


def tracks_lines():
    out = []
    st = tracks.new([7, 8, 5], None, "start")
    r = Rng(5)
    for _ in range(40):
        i = r.below(3)
        before = tracks.value(st, i)
        if r.below(4) == 0:
            tracks.add(st, i, r.below(4))
        else:
            tracks.sub(st, i, r.below(4))
        out.append(
            "%d %d %s %s"
            % (i, tracks.value(st, i), tracks.crossed(st, i, before, MUNERA), tracks.reached(st, i, MUNERA))
        )
    troops = tracks.new([5, 1, 10], 0)
    out.append("%d %d" % (tracks.sub(troops, 0, 12, 1), tracks.sub(troops, 2, 3)))
    out.append(refusal(tracks.take, troops, 0, 1, 1))
    out.append(refusal(tracks.take, troops, 2, 9, None, "no_ap"))
    oil = tracks.new([5], 0, 6)
    tracks.put(oil, 0, 1)
    out.append(refusal(tracks.put, oil, 0, 1))
    fl = tracks.flags(4)
    out.append(
        "%d %d %d"
        % (
            tracks.raise_flag(fl, 1, tracks.DOWN),
            tracks.raise_flag(fl, 1, tracks.DOWN),
            tracks.raise_flag(fl, 2, tracks.OUT | tracks.ENTANGLED),
        )
    )
    out.append(
        "%s %s %s"
        % (tracks.without_flag(fl, tracks.OUT), tracks.with_flag(fl, tracks.NOT_STANDING), tracks.standing(fl, 0))
    )
    out.append(canonical_text({"st": st, "troops": troops, "oil": oil, "fl": fl}))
    return ["tracks " + line for line in out]


def crowd_lines():
    out = []
    for nat in (2, 7, 12):
        out.append(str([crowd.verdict(t, 7, nat, (12,), (2,)) for t in range(0, 15, 2)]))
    s = {"rng": seed_state(9), "caesar": 2, "loudest": 1, "pollice_verso": []}
    ev = []
    for k in range(6):
        out.append(str(crowd.appeal(s, k, 2, 6, k - 3, 7, (12,), (2,), None, ev)))
    out.append(str(crowd.appeal(s, 0, 1, 6, 1, 5, (), (), [4], ev, "implore")))
    crowd.ask(s, "q", "caesar", "implore", {"g": 4, "crowd": 0}, ev)
    crowd.ask(s, "q", crowd.ANYONE, "adjacent", {"g": 1}, ev)
    crowd.ask(s, "q", 0, "mercy", {"g": 0}, ev)
    out.append(refusal(crowd.answer, s, "q", 1, 1))
    q = crowd.answer(s, "q", 2, 1, ev)
    out.append("%s %s" % (canonical_text(q), crowd.override(q["data"]["crowd"], 1)))
    out.append("%d %d" % (crowd.withdraw(s, "q", "mercy"), crowd.waiting(s, "q")))
    crowd.ask(s, "pollice_verso", None, None, [3, 0])
    pv = ("no_pollice_verso", "no gladiator waits for the pollice verso")
    out.append(refusal(crowd.answer, s, "pollice_verso", 0, 1, None, "loudest", pv))
    out.append(str(crowd.answer(s, "pollice_verso", 1, 0, None, "loudest", pv)))
    out.append(refusal(crowd.answer, s, "pollice_verso", 1, 0, None, "loudest", pv))
    out.append(canonical_text({"s": s, "ev": ev}))
    return ["crowd " + line for line in out]


def ledger_lines(seed):
    s = {}
    ledger.setup(s, 3)
    r = Rng(seed)
    purses = ("savings", "chest")
    codes = []
    for _ in range(60):
        k = r.below(5)
        seat = r.below(3)
        n = r.below(12)
        purse = purses[r.below(2)]
        try:
            if k == 0:
                ledger.income(s, seat, n, purse)
            elif k == 1:
                ledger.spend(s, seat, n, purse)
            elif k == 2:
                ledger.charge(s, seat, r.below(4) - 1, n, purse, "chest", None, "embargo", "savings")
            elif k == 3:
                ledger.pay(s, seat, r.below(4) - 1, n, purse, "savings")
            else:
                ledger.expire(s, seat, purse)
            codes.append("ok")
        except Illegal as exc:
            codes.append(exc.code)
    return ["ledger %d %s %d %s" % (seed, ",".join(codes), ledger.total(s), canonical_text(s))]


SECTIONS = 8


def section(i):
    """The lines of section i (0..SECTIONS-1)."""
    if i == 0:
        return dice_table_lines()
    if i == 1:
        return tracks_lines()
    if i == 2:
        return crowd_lines()
    if i == 3:
        return ledger_lines(1) + ledger_lines(2) + ledger_lines(3)
    return dice_lines(i * 10) + dice_lines(i * 10 + 1)


try:
    ARGS  # noqa: B018 - defined by tools/mp_run.mjs
except NameError:
    ARGS = []
if ARGS:
    _next = 0

    def step():
        global _next
        for line in section(_next):
            print(line)
        _next += 1
        return _next < SECTIONS
