"""Peak live heap of one battle under MicroPython (ARGS: seed, players[, ram-log]).

The action log goes to a stand-in for the box's flash journal unless
"ram-log" is given, in which case it stays in the heap as on the host.

Each action is one step(); after() collects and reads gc.mem_alloc(), so the
peak is the live data between actions (this port frees only between steps).
Prints "heap code=C game=G peak=P actions=N digest=D" in bytes: C for the
imported core, G for the battle's own data at its largest, P for both.
"""

from heapwatch import HeapWatch

_heap = HeapWatch()
from games.ultimus import cardplay, legal, randomplay  # noqa: E402,F401 - random play uses all of the core
from games.ultimus.rng import Rng  # noqa: E402
from games.ultimus.rules import RULES, new_setup  # noqa: E402
from referee.engine import CountingLog, Game  # noqa: E402

_seed = int(ARGS[0]) if ARGS else 1  # noqa: F821 - ARGS comes from tools/mp_run.mjs
_players = int(ARGS[1]) if len(ARGS) > 1 else 6  # noqa: F821
_in_ram = len(ARGS) > 2 and ARGS[2] == "ram-log"  # noqa: F821


_game = Game(RULES, new_setup(_players, _seed), None if _in_ram else CountingLog())  # the box's journal is on flash
_rng = Rng(_seed ^ 0x5EED)


def step():
    if not _heap.base:
        return True  # the first after() measures the heap before the first action
    if _game.phase in ("battle_end", "over"):
        figures = _heap.figures() + (len(_game.log), _game.digest())
        print("heap code=%d game=%d peak=%d actions=%d digest=%s" % figures)
        return False
    _game.apply(randomplay.choose_action(_game, _rng))
    return True


after = _heap.after
