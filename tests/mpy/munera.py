"""Seeded random Munera bouts whose digests must agree between MicroPython and CPython.

Under MicroPython (tools/mp_run.mjs) it prints one line per bout for ARGS
[first_seed, count], one bout per step(); under CPython
tests/test_munera_micropython.py imports `digest_line` directly.
"""

from games.munera import randomplay
from referee.errors import Illegal

# refused everywhere once the bout is over, for their own reasons: the codes must match too
ILLEGAL = ({"a": "fly"}, {"a": "attack", "p": 0, "t": 1, "w": 0}, {"a": "ap", "p": 0, "dice": [7]}, "junk")


def refusals(game):
    codes = []
    for action in ILLEGAL:
        try:
            game.apply(action)
            codes.append("accepted")
        except Illegal as exc:
            codes.append(exc.code)
    return ",".join(codes)


def digest_line(seed):
    game = randomplay.play(seed)
    s = game.state
    return "%d %d %d %d %d %s %s" % (
        seed,
        s["players"],
        len(game.log),
        s["round"],
        s["winner"],
        game.digest(),
        refusals(game),
    )


try:
    ARGS  # noqa: B018 - defined by tools/mp_run.mjs
except NameError:
    ARGS = []
if ARGS:
    _next, _end = int(ARGS[0]), int(ARGS[0]) + int(ARGS[1])

    def step():
        global _next
        print(digest_line(_next))
        _next += 1
        return _next < _end
