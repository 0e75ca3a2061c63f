"""Bytes the box allocates in steady play under MicroPython: per idle frame, per press.

The box app runs on the Pico's own LED driver (ultimusbox.drivers.leds, on
stand-ins for rp2 and machine.Pin: its palette table and its words are what
is measured), ULTIMUS on the Pico's storage driver (on the port's file
system), a quiet buzzer and the test's clock, buttons and serial port (which
allocate nothing on these paths). Each measured step runs with the
collector off between two gc.mem_alloc() readings:

- an idle frame: 40 ms later, Box.step() (input, link, clock, sound, a new frame);
- an entry-only press and its frame: a press that only changes the entry in
  progress (a wheel, +, -, MODE), Box.step() with the redraw it causes, then the
  next frame;
- an applied action: CONFIRM of a wound, which the core applies (new state
  values, its events, the journal record): measured, not expected to be 0.

Every press sequence runs once before it is measured (the first press of a
phase keeps its handler; the first frames fill nothing but the caches made
once). Prints "alloc GAME applied=B entry=B idle=B presses=N" per game: ULTIMUS at CLAMO,
Morituri in its first melee, Ultimatum idle at its first roll-off (its presses
there are refusals, which allocate their event and message), the board game at its first space.
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


def report(game, **figures):
    print("alloc %s %s" % (game, " ".join("%s=%d" % (k, figures[k]) for k in sorted(figures))))


def pico_drivers(fb, box):
    """The Pico's LED driver and a quiet buzzer in place of the fakes that record frames and tones."""
    fb.leds = Leds(board.LED_DATA_PIN, board.PIXELS, board.BRIGHTNESS_CAP)
    fb.buzzer = box.sound.buzzer = QuietBuzzer()


def entry_presses(fb, box, buttons):
    """The most bytes one of these presses with its frames allocated, measured on a second pass."""
    log = len(box.shell.game.log)
    for button in buttons:  # once unmeasured: the caches made once per phase
        press_and_frame(fb, box, button)
    idle_frames(fb, box, 10)
    most = max(press_and_frame(fb, box, button) for button in buttons)
    assert len(box.shell.game.log) == log, "an entry-only press applied an action"
    return most


def pico_storage():
    """The Pico's storage driver on the port's file system (what an applied action's record costs)."""
    import os

    from ultimusbox.drivers.storage import Storage

    os.chdir("/")
    storage = Storage()
    for name in os.listdir():
        if name.startswith("game."):
            os.remove(name)  # a journal left by a run before: start a new game
    return storage


def ultimus():
    """The scripted battle at CLAMO (round 1's actions): entry presses, then a wound applied."""
    fb, box = new_box(pico_storage())
    for line in SCRIPT:
        run_line(fb, box, line)
        if line == ("at", "clamo"):
            break
    pico_drivers(fb, box)
    assert box.shell.game.state["phase"] == "action", box.shell.game.state["phase"]
    entry = entry_presses(fb, box, ENTRY)
    # A quiet second first, unmeasured: the journal's slots are folded then, once (the box's housekeeping in
    # idle time, ultimusbox.runtime.Box.tidy: file reads and writes, not a frame's work)
    idle_frames(fb, box, 30)
    idle = idle_frames(fb, box)
    log = len(box.shell.game.log)
    for button in APPLIED:
        press_and_frame(fb, box, button)
    applied = press_and_frame(fb, box, board.CONFIRM)
    assert len(box.shell.game.log) == log + 1, "the wound was not applied"
    report("ultimus", idle=idle, entry=entry, applied=applied, presses=len(ENTRY))


def morituri():
    """The scripted Morituri game in its first melee: picking who acts, his target, their menus."""
    from morituri_box_script import ANIMAL, HEAVY, SEED
    from morituri_box_script import SCRIPT as PRESSES

    fb, box = new_box(seed=SEED)
    for line in PRESSES:
        run_line(fb, box, line)
        if line == ("at", "movement"):
            break
    press_and_frame(fb, box, board.CONFIRM)  # the rest move: the melee
    pico_drivers(fb, box)
    assert box.shell.game.state["phase"] == "melee", box.shell.game.state["phase"]
    # the fighter, his target, the target's menu twice, the fighter again (his side), let go, and again
    presses = (HEAVY, ANIMAL, board.MODE, board.MODE, HEAVY, HEAVY, HEAVY, ANIMAL, ANIMAL, HEAVY)
    entry = entry_presses(fb, box, presses)
    report("morituri", idle=idle_frames(fb, box), entry=entry, presses=len(presses))


def morituri_board():
    """The board game's first space: its menu walked round with MODE, each number stepped with + and -."""
    from mboard_box_script import MENU_WHEEL, SEED

    fb, box = new_box(seed=SEED)
    for button in (W + MENU_WHEEL, board.SHOUT_0, board.SHOUT_0 + 3, board.CONFIRM, board.CONFIRM, board.CONFIRM):
        run_line(fb, box, ("press", button))  # the game chosen, two players joined, the roll-off, the move
    pico_drivers(fb, box)
    assert box.shell.game.state["phase"] == "space", box.shell.game.state["phase"]
    # hit point space, draw, arena, Roma, a hit point change, nothing: the numbers of those that take one
    presses = (board.MODE, board.PLUS, board.MINUS, board.MODE, board.MODE, board.PLUS, board.MINUS, board.MODE)
    presses += (board.MODE, board.PLUS, board.MINUS, board.MODE)
    entry = entry_presses(fb, box, presses)
    report("morituri_board", idle=idle_frames(fb, box), entry=entry, presses=len(presses))


def ultimatum():
    """Ultimatum's first roll-off, idle (its presses there are refusals, which allocate their message)."""
    from ultimatum_box_heap import new_box as ultimatum_box
    from ultimatum_box_script import STATIONS, join

    fb, box = ultimatum_box()
    for line in join(STATIONS):
        run_line(fb, box, line)
    pico_drivers(fb, box)
    report("ultimatum", idle=idle_frames(fb, box))


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    ultimus()
    morituri()
    ultimatum()
    morituri_board()
