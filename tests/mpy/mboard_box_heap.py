"""The box app with the Morituri board game loaded under MicroPython: the heap of the scripted game
(mboard_box_script). One script item per step(); after() collects and reads gc.mem_alloc()
(heapwatch). Prints "morituri_board code=C app=A peak=P actions=N digest=D fakes=K": C the imported
code (firmware and fakes), A the live data at its largest, P both, K the fake drivers' share of C. The
box powers on with the board game chosen (as a Pico after the menu's reset): it never imports another
game's screen.
"""

from heapwatch import HeapWatch

_heap = HeapWatch()
from ultimus_host.fakes import FakeBoard, FakeStorage  # noqa: E402

_heap.mark()
from box_heap import QuietBuzzer  # noqa: E402
from mboard_box_script import SEED, Table, script  # noqa: E402
from ultimusbox import settings  # noqa: E402
from ultimusbox.runtime import Box  # noqa: E402


def new_table():
    """A box powered on with the board game chosen; its buzzer and serial port keep nothing in RAM."""
    storage = FakeStorage()
    settings.choose_game(storage, "morituri_board")
    fb = FakeBoard(storage)
    fb.buzzer = QuietBuzzer()
    table = Table(fb_box=(fb, Box(fb, lambda: SEED)))
    table.keep_events = False
    return table


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    _table = new_table()
    _items = script(_table)

    def step():
        if not _heap.base:
            return True  # the first after() measures the heap of the box at power-on
        for item in _items:
            if type(item) is not tuple:
                _table.press(item)
                _table.fb.serial.take_lines()
                return True
        game = _table.shell.game
        print(
            "morituri_board code=%d app=%d peak=%d actions=%d digest=%s fakes=%d"
            % (_heap.figures() + (_table.shell.journal.count, game.digest(), _heap.harness))
        )
        return False

    after = _heap.after
