"""Seeded random Ultimatum games whose digests must agree between MicroPython and CPython.

Under MicroPython (tools/mp_run.mjs, ARGS [first_seed, count, cap]) it prints one
line per game, one game per step(); under CPython tests/test_ultimatum_micropython.py
imports `digest_line` directly. A game is played for at most `cap` actions (the set-up
takes about 55), then a few illegal actions must be refused with the same codes.
"""

from games.ultimatum import randomplay
from referee.errors import Illegal

ILLEGAL = (
    {"a": "fly"},
    {"a": "take", "p": 99, "n": 0},
    {"a": "attack", "p": 0, "from": 0, "to": 0},
    {"a": "buy", "p": 0, "kind": "laser", "n": 1},
    {"a": "roll_off", "dice": [[4]]},
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


def digest_line(seed, cap):
    players = 2 + seed % 5
    game = randomplay.play(players, seed, cap)
    return "%d %d %s %d %s %s" % (seed, players, game.phase, len(game.log), game.digest(), refusals(game))


try:
    ARGS  # noqa: B018 - defined by tools/mp_run.mjs
except NameError:
    ARGS = []
if ARGS:
    _next, _end, _cap = int(ARGS[0]), int(ARGS[0]) + int(ARGS[1]), int(ARGS[2])

    def step():
        global _next
        print(digest_line(_next, _cap))
        _next += 1
        return _next < _end
