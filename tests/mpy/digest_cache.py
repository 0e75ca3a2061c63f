"""The digests a link reply needs, timed under MicroPython: computed from scratch (every reply before
issue 11) and kept (a second request on the same state), and the pieces of a computation.
Prints "uncached_us=U cached_us=C pieces=P piece_us=M snapshot_us=S" (means over ARGS[0] rounds, default 50;
S: the copy of the whole state a computation starts with, its largest piece)."""

import time

from ultimus import randomplay
from ultimus_host.fakes import FakeBoard
from ultimusbox.digests import pieces, snapshot
from ultimusbox.runtime import Box

try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None  # imported (tools/bench.py): measure() is called there


def _now():
    return time.ticks_us() if hasattr(time, "ticks_us") else int(time.perf_counter() * 1000000)


def measure(rounds):
    box = Box(FakeBoard(), lambda: 3)
    game = randomplay.play(6, 1001, max_actions=60, stop_at_battle_end=False)
    box.shell.game = game  # a 6-player game in the middle of its first battle
    start = _now()
    for _ in range(rounds):
        game.digest()
        game.public_digest()
    uncached = (_now() - start) // rounds
    box.shell.digests.now(game)
    start = _now()
    for _ in range(rounds):
        box.shell.digests.now(game)
    cached = (_now() - start) // rounds
    count = 0
    start = _now()
    for _ in range(rounds):
        for state in (game.state, game.public_view()):
            gen = pieces(snapshot(state))
            try:
                while True:
                    next(gen)
                    count += 1
            except StopIteration:
                pass
    spent = _now() - start
    start = _now()
    for _ in range(rounds):
        snapshot(game.state)
    copy = (_now() - start) // rounds
    return uncached, cached, count // rounds, spent // max(1, count), copy


if ARGS is not None:
    print("uncached_us=%d cached_us=%d pieces=%d piece_us=%d snapshot_us=%d" % measure(int(ARGS[0]) if ARGS else 50))
