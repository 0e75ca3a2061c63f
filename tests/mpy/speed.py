"""Whole 6-player battles of random legal play, timed under MicroPython (ARGS: count)."""

import time

from games.ultimus import randomplay

_count = int(ARGS[0]) if ARGS else 20  # noqa: F821 - ARGS comes from tools/mp_run.mjs
_done = [0, 0, 0]  # battles, milliseconds, actions


def step():
    if _done[0] >= _count:
        print("battles=%d ms=%d actions=%d" % (_done[0], _done[1], _done[2]))
        return False
    start = time.ticks_ms()
    game = randomplay.play(6, 1000 + _done[0])
    _done[1] += time.ticks_diff(time.ticks_ms(), start)
    _done[0] += 1
    _done[2] += len(game.log)
    return True
