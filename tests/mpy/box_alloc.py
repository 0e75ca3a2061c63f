"""Bytes the box allocates in steady play under MicroPython: per idle frame, per press.

The box app runs on the Pico's own LED driver (ultimusbox.drivers.leds, on
stand-ins for rp2 and machine.Pin: its palette table and its words are what
is measured), a quiet buzzer and the test's clock, buttons and serial port
(which allocate nothing on these paths). Each measured step runs with the
collector off between two gc.mem_alloc() readings:

- an idle frame: 40 ms later, Box.step() (input, link, clock, sound, a new frame);
- an entry-only press and its frame: a press that only changes the entry in
  progress (a wheel, +, -, MODE), Box.step() with the redraw it causes, then the
  next frame;
- an applied action: CONFIRM of a wound, which the core applies (new state
  values, its events, the journal record): measured, not expected to be 0.

Every press sequence runs once before it is measured (the first press of a
phase keeps its handler; the first frames fill nothing but the caches made
once). Prints "alloc GAME idle=B entry=B applied=B frames=N presses=N".
"""

import gc
import sys


class _Pin:
    def __init__(self, *args):
        pass


class _StateMachine:
    def __init__(self, *args, **kwargs):
        self.words = None

    def active(self, on):
        pass

    def put(self, words, shift):
        self.words = words  # the words the PIO would shift out


class _Rp2:
    class PIO:
        OUT_LOW = 0
        SHIFT_LEFT = 0

    StateMachine = _StateMachine

    @staticmethod
    def asm_pio(**kwargs):
        return lambda program: program


class _Machine:
    Pin = _Pin


sys.modules["rp2"] = _Rp2
sys.modules["machine"] = _Machine

from box_battle import SCRIPT, new_box, run_line  # noqa: E402
from box_heap import QuietBuzzer  # noqa: E402
from ultimusbox import board  # noqa: E402
from ultimusbox.drivers.leds import Leds  # noqa: E402

W = board.WHEEL_0
FRAME_MS = 40
IDLE_FRAMES = 50  # two seconds of frames: blinks on and off
# select a gladiator, wound -, wound -, heal +, its next mode, its next mode, deselect, the seat's mode
ENTRY = (W + 1, board.MINUS, board.MINUS, board.PLUS, board.MODE, board.MODE, W + 1, board.MODE)
APPLIED = (W + 1, board.MINUS)  # then CONFIRM: a wound of 1, applied by the core


def allocated(job):
    """Bytes job() allocates (0 under CPython, which has no gc.mem_alloc)."""
    if not hasattr(gc, "mem_alloc"):
        job()
        return 0
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    job()
    after = gc.mem_alloc()
    gc.enable()
    return after - before


def idle_frames(fb, box, count=IDLE_FRAMES):
    """The most bytes one idle frame allocated."""
    most = 0
    for _ in range(count):
        fb.clock.advance_ms(FRAME_MS)
        most = max(most, allocated(box.step))
    return most


def press_and_frame(fb, box, button):
    """Bytes of a press with its redraw, and of the frame after it."""
    fb.clock.advance_ms(FRAME_MS)
    fb.buttons.push(button)
    n = allocated(box.step)
    fb.clock.advance_ms(FRAME_MS)
    return n + allocated(box.step)


def report(game, idle, entry, applied, presses):
    figures = (game, idle, entry, applied, IDLE_FRAMES, presses)
    print("alloc %s idle=%d entry=%d applied=%d frames=%d presses=%d" % figures)


def steady_ultimus():
    """The scripted battle up to CLAMO (round 1's actions), on the Pico's LED driver."""
    fb, box = new_box()
    for line in SCRIPT:
        run_line(fb, box, line)
        if line == ("at", "clamo"):
            break
    fb.leds = Leds(board.LED_DATA_PIN, board.PIXELS, board.BRIGHTNESS_CAP)
    fb.buzzer = box.sound.buzzer = QuietBuzzer()
    return fb, box


def ultimus():
    fb, box = steady_ultimus()
    assert box.shell.game.state["phase"] == "action", box.shell.game.state["phase"]
    for button in ENTRY:  # once unmeasured: the caches made once per phase
        press_and_frame(fb, box, button)
    idle_frames(fb, box, 10)
    idle = idle_frames(fb, box)
    entry = max(press_and_frame(fb, box, button) for button in ENTRY)
    log = len(box.shell.game.log)
    for button in APPLIED:
        press_and_frame(fb, box, button)
    applied = press_and_frame(fb, box, board.CONFIRM)
    assert len(box.shell.game.log) == log + 1, "the wound was not applied"
    report("ultimus", idle, entry, applied, len(ENTRY))


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    ultimus()
