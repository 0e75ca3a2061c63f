"""Peak live heap of one Munera bout under MicroPython (ARGS: seed), its log kept out of the heap
as the box's flash journal would keep it. Prints "heap code=C game=G peak=P actions=N digest=D"
in bytes (HeapWatch: the imported core, the bout's own data at its largest, both)."""

from heapwatch import HeapWatch

_heap = HeapWatch()
from games.munera import randomplay, rules  # noqa: E402
from referee.engine import CountingLog, Game  # noqa: E402
from referee.rng import Rng  # noqa: E402

_seed = int(ARGS[0]) if ARGS else 1
_game = Game(rules.RULES, randomplay.setup_for(_seed), CountingLog())
_rng = Rng(_seed ^ 0x5EED)


def step():
    if not _heap.base:
        return True  # the first after() measures the heap before the first action
    if _game.phase == "over" or len(_game.log) > 3000:
        print(
            "heap code=%d game=%d peak=%d actions=%d digest=%s" % (_heap.figures() + (len(_game.log), _game.digest()))
        )
        return False
    _game.apply(randomplay.choose_action(_game, _rng))
    return True


after = _heap.after
