"""The box app with Morituri loaded under MicroPython: the heap of the scripted game (morituri_box_script).

One script line per step(); after() collects and reads gc.mem_alloc()
(heapwatch). Prints "morituri code=C app=A peak=P actions=N digest=D fakes=F":
C the imported code (firmware and fakes), A the live data at its largest,
P both, F the fake drivers' share of C. The box powers on with Morituri chosen: it never imports ULTIMUS's screen.
"""

from heapwatch import HeapWatch

_heap = HeapWatch()
from ultimus_host.fakes import FakeBoard, FakeStorage  # noqa: E402

_heap.mark()
from box_battle import run_line  # noqa: E402
from box_heap import QuietBuzzer  # noqa: E402
from morituri_box_script import SCRIPT, SEED  # noqa: E402
from ultimusbox import settings  # noqa: E402
from ultimusbox.runtime import Box  # noqa: E402


def new_box():
    """A box powered on with Morituri chosen (as a Pico after the menu's reset): its buzzer and
    serial port keep nothing in RAM; the journal (a few KB) stays in the fake flash."""
    storage = FakeStorage()
    settings.choose_game(storage, "morituri")
    fb = FakeBoard(storage)
    fb.buzzer = QuietBuzzer()
    return fb, Box(fb, lambda: SEED)


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    _fb, _box = new_box()
    _at = [0]
    _last = SCRIPT.index(("at", "over"))

    def step():
        if not _heap.base:
            return True  # the first after() measures the heap of the box at power-on
        if _at[0] >= _last:
            game = _box.shell.game
            print(
                "morituri code=%d app=%d peak=%d actions=%d digest=%s fakes=%d"
                % (_heap.figures() + (_box.shell.journal.count, game.digest(), _heap.harness))
            )
            return False
        run_line(_fb, _box, SCRIPT[_at[0]])
        _fb.serial.take_lines()
        _at[0] += 1
        return True

    after = _heap.after
