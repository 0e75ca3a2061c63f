"""The digests a link reply needs, timed under MicroPython: computed (SHA-256 of the sorted JSON), kept (a
second request on the same state), and the FNV-1a digest of the older formats computed the same way.
Prints "uncached_us=U cached_us=C fnv_us=F" (means over ARGS[0] rounds, default 50)."""

import gc
import time

from games.ultimus import randomplay
from referee.digest import fnv_digest
from ultimus_host.fakes import FakeBoard
from ultimusbox.runtime import Box

try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None  # imported (tools/bench.py): measure() is called there

try:
    from js import performance  # the WebAssembly port, whose ticks_us counts whole milliseconds

    def _now():
        return int(performance.now() * 1000)

except ImportError:

    def _now():
        return time.ticks_us() if hasattr(time, "ticks_us") else int(time.perf_counter() * 1000000)


def _mean_us(job, rounds):
    """Mean microseconds of job() over `rounds` calls, ten at a time after a collection (a collection
    of this port's heap in the middle of a figure would be most of it), after as many calls unmeasured
    (Node compiles the hot parts of MicroPython again, faster, only after a while)."""
    for _ in range(rounds):
        job()
    spent = 0
    for n in range(0, rounds, 10):
        gc.collect()
        start = _now()
        for _ in range(min(10, rounds - n)):
            job()
        spent += _now() - start
    return spent // rounds


def measure(rounds):
    box = Box(FakeBoard(), lambda: 3)
    game = randomplay.play(6, 1001, max_actions=60, stop_at_battle_end=False)
    box.shell.game = game  # a 6-player game in the middle of its first battle
    uncached = _mean_us(lambda: (game.digest(), game.public_digest()), rounds)
    box.shell.digests.now(game)
    cached = _mean_us(lambda: box.shell.digests.now(game), rounds)
    old = _mean_us(lambda: (fnv_digest(game.state), fnv_digest(game.public_view())), rounds)
    return uncached, cached, old


if ARGS is not None:
    print("uncached_us=%d cached_us=%d fnv_us=%d" % measure(int(ARGS[0]) if ARGS else 50))
