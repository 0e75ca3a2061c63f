"""Seeded random games whose digests must agree between MicroPython and CPython.

Under MicroPython (tools/mp_run.mjs) it prints one line per game for ARGS
[first_seed, count], one game per step(); under CPython the tests import
`digest_line` directly.
"""

from games.ultimus import randomplay
from games.ultimus.errors import Illegal

# refused everywhere, for their own reasons: the codes must match too
ILLEGAL = (
    {"a": "fly"},
    {"a": "commit", "p": 99, "shout": 1},
    {"a": "melee", "p": 0, "i": 0, "d": 0},
    {"a": "next"},
    {"a": "give", "p": 0, "to": 0, "n": 1},
    "junk",
)


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
    players = 2 + seed % 5
    mode = "box" if seed % 4 == 3 else "full"
    whole_game = seed % 10 == 0
    game = randomplay.play(players, seed, mode, battles=2 if whole_game else 1, stop_at_battle_end=not whole_game)
    return "%d %d %s %d %s %s" % (seed, players, mode, len(game.log), game.digest(), refusals(game))


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
