"""Seeded random games whose digests must agree between MicroPython and CPython.

Under MicroPython (tools/mp_run.mjs) it prints one line per game for ARGS
[first_seed, count], one game per step(); under CPython the tests import
`digest_line` directly.
"""

from ultimus import randomplay


def digest_line(seed):
    players = 2 + seed % 5
    mode = "box" if seed % 4 == 3 else "full"
    whole_game = seed % 10 == 0
    game = randomplay.play(players, seed, mode, battles=2 if whole_game else 1, stop_at_battle_end=not whole_game)
    return "%d %d %s %d %s" % (seed, players, mode, len(game.log), game.digest())


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
