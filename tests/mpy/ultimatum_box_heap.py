"""The box app with Ultimatum loaded under MicroPython: the heap of a whole game pressed on its buttons.

The presses are planned under CPython (plan(): ultimatum_box_script.record, sensible bots) and read
one per line from /data (tools/mp_run.mjs --data). PRESSES_PER_STEP presses per step(); after()
collects and reads gc.mem_alloc() (heapwatch). Prints "ultimatum code=C app=A peak=P fakes=F actions=N
others=K digest=D": C the imported code (firmware and fakes), A the live data at its largest, P both,
F the fake drivers' share of C,
K how many modules of the other games were imported (0: the box loads only the chosen game's),
frame=B the most bytes one LED frame allocated (every 50 presses).
The box powers on with Ultimatum chosen, as a Pico after the menu's reset; the journal goes to a
flash-like sink that keeps only sizes.
"""

from heapwatch import HeapWatch

_heap = HeapWatch()
import sys  # noqa: E402

from ultimus_host.fakes import FakeBoard  # noqa: E402

_heap.mark()
from box_heap import FlashStorage, QuietBuzzer  # noqa: E402
from ultimusbox import settings  # noqa: E402
from ultimusbox.journal import encode  # noqa: E402
from ultimusbox.runtime import Box  # noqa: E402

SEED = 41  # ultimatum_box_script.SEED (not imported: it would load the planner here)
PRESSES_PER_STEP = 8
OTHER_GAMES = (
    "games.ultimus.rules",
    "ultimusbox.screens.ultimus.screen",
    "games.morituri.rules",
    "ultimusbox.screens.morituri.screen",
)


class ChosenFlash(FlashStorage):
    """The flash sink, with the box's settings file kept: the menu's choice survives the power-on."""

    def __init__(self, game):
        FlashStorage.__init__(self)
        self.cfg = encode({"game": game})

    def read_lines(self, name):
        return iter((self.cfg,)) if name == settings.FILE else iter(())

    def replace(self, name, data):
        if name == settings.FILE:
            self.cfg = data
        self.sizes[name] = len(data)


def press(fb, box, button):
    """One press as box_battle.run_line does it (not imported: its ULTIMUS script would count here)."""
    fb.buttons.push(button)
    box.step()
    fb.clock.advance_ms(60)
    box.step()


def allocated(box, now_ms):
    """Bytes one LED frame allocates, as box_frame.allocated (0 under CPython)."""
    import gc

    from ultimusbox.display import render

    render(box.shell, now_ms, box.frame)
    if not hasattr(gc, "mem_alloc"):
        return 0
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    render(box.shell, now_ms + 250, box.frame)
    after = gc.mem_alloc()
    gc.enable()
    return after - before


def new_box():
    fb = FakeBoard(ChosenFlash("ultimatum"))
    fb.buzzer = QuietBuzzer()
    return fb, Box(fb, lambda: SEED)


def plan():
    """Under CPython: the presses of a whole game, one button id per line."""
    from box_battle import new_box as plain_box
    from box_battle import run_line
    from ultimatum_box_script import record

    script, _, _ = record(plain_box, run_line, seed=SEED)
    return "".join("%d\n" % b for _, b in script)


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    _fb, _box = new_box()
    _presses = open("/data")
    _frame = [0, 0]  # the most one LED frame allocated, presses so far

    def step():
        if not _heap.base:
            return True  # the first after() measures the heap of the box at power-on
        for _ in range(PRESSES_PER_STEP):
            text = _presses.readline()
            if not text.strip():
                game = _box.shell.game
                others = len([m for m in OTHER_GAMES if m in sys.modules])
                print(
                    "ultimatum code=%d app=%d peak=%d fakes=%d actions=%d others=%d frame=%d digest=%s"
                    % (
                        _heap.figures()
                        + (_heap.harness, _box.shell.journal.count, others, _frame[0], game.digest() if game else "-")
                    )
                )
                return False
            press(_fb, _box, int(text))
            _fb.serial.take_lines()
            _frame[1] += 1
            if _frame[1] % 50 == 0:  # a frame mid-entry, mid-battle, ...: it must allocate nothing
                _frame[0] = max(_frame[0], allocated(_box, _fb.clock.ms()))
                if ARGS[-1] == "trace":
                    import gc

                    gc.collect()
                    print("trace", _frame[1], gc.mem_alloc() - _heap.base)
        return True

    after = _heap.after
