"""The box app under MicroPython: peak heap of a 6-player battle, and input-to-frame time.

One action per step(); after() collects and reads gc.mem_alloc(). The battle
is played through the app (display, sounds, link and journal on fakes) with
random legal box actions, wounds of 1-2 so that it lasts. At the end, the
time from a button press to the finished LED frame (Box.step with a redraw)
is measured over 300 presses. Prints "box code=C app=A peak=P actions=N
frame_us=F digest=D". The journal goes to a flash-like sink, not the heap.
"""
import time

from heapwatch import HeapWatch

_heap = HeapWatch()
from ultimus.rng import Rng  # noqa: E402
from ultimusbox import board  # noqa: E402
from ultimusbox.runtime import Box  # noqa: E402
from ultimus_host.fakes import FakeBoard  # noqa: E402

_seed = int(ARGS[0]) if ARGS else 1  # noqa: F821 - ARGS comes from tools/mp_run.mjs


class FlashStorage:
    """Like the Pico's flash for the heap: what is written leaves RAM (only its size is kept)."""

    def __init__(self):
        self.sizes = {}

    def read(self, name):
        return None

    def append(self, name, data):
        self.sizes[name] = self.sizes.get(name, 0) + len(data)

    def replace(self, name, data):
        self.sizes[name] = len(data)

    def remove(self, name):
        self.sizes.pop(name, None)


class QuietBuzzer:
    def tone(self, freq):
        pass


_fb = FakeBoard(FlashStorage())
_fb.buzzer = QuietBuzzer()
_box = Box(_fb, lambda: _seed)
_rng = Rng(_seed)
_actions = [0]


def _choose():
    game = _box.app.game
    seats = game.actors()
    if seats:
        options = [a for a in game.legal_actions(_rng.choice(seats))
                   if a["a"] not in ("damage", "bleed", "heal") or a["n"] <= 2]
        return _rng.choice(options)
    return game.legal_actions(-1)[0]


def _latency(presses=300):
    """Mean microseconds from a press to its finished frame (the port's clock ticks in ms)."""
    t0 = time.ticks_ms()
    for i in range(presses):
        _fb.buttons.push(board.WHEEL_0 + i % 6)
        _box.step()  # the press, the app, the core, then the redraw it caused
        _fb.clock.advance_ms(50)
    return time.ticks_diff(time.ticks_ms(), t0) * 1000 // presses


def step():
    if not _heap.base:
        for b in range(6):
            _fb.buttons.push(board.SHOUT_0 + b)
        _fb.buttons.push(board.CONFIRM)
        _box.step()
        return True
    game = _box.app.game
    if game.phase in ("battle_end", "over") or _actions[0] > 3000:
        print("box code=%d app=%d peak=%d actions=%d frame_us=%d digest=%s" % (
            _heap.figures() + (len(game.log), _latency(), game.digest())))
        return False
    _box.app.apply(_choose())
    _actions[0] += 1
    _fb.clock.advance_ms(20)
    _box.step()
    _fb.serial.take_lines()
    return True


after = _heap.after
