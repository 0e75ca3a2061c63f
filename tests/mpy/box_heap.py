"""The box app under MicroPython: peak heap of a 6-player battle, and input-to-frame time.

The battle's actions are planned beforehand under CPython (plan(), random
legal box actions with wounds of 1-2 so that it lasts) and read one JSON
line at a time from /data (tools/mp_run.mjs --data), so that MicroPython
loads only what a box loads: the app, display, sounds,
link and journal on fakes, and the core without its legal-action generator.
One action per step(); after() collects and reads gc.mem_alloc(). At the end
the time from a button press to the finished LED frame (Box.step with a
redraw) is measured over 300 presses. Prints "box code=C app=A peak=P
actions=N frame_us=F digest=D fakes=K" (K: the fake drivers' share of C). The journal goes to a flash-like sink.
"""

import json
import time

from heapwatch import HeapWatch

_heap = HeapWatch()
from ultimus_host.fakes import FakeBoard  # noqa: E402

_heap.mark()
from ultimusbox import board  # noqa: E402
from ultimusbox.runtime import Box  # noqa: E402


class FlashStorage:
    """Like the Pico's flash for the heap: what is written leaves RAM (only its size is kept)."""

    def __init__(self):
        self.sizes = {}

    def read_lines(self, name):
        return iter(())

    def append(self, name, data):
        self.sizes[name] = self.sizes.get(name, 0) + len(data)

    def replace_lines(self, name, lines):
        self.sizes[name] = sum(len(line) for line in lines)

    def replace(self, name, data):
        self.sizes[name] = len(data)

    def remove(self, name):
        self.sizes.pop(name, None)


class QuietBuzzer:
    def tone(self, freq):
        pass


def new_box(seed):
    fb = FakeBoard(FlashStorage())
    fb.buzzer = QuietBuzzer()
    box = Box(fb, lambda: seed)
    for b in range(6):
        fb.buttons.push(board.SHOUT_0 + b)
    fb.buttons.push(board.CONFIRM)
    box.step()
    return fb, box


def plan(seed, limit=3000, whole=False):
    """Under CPython: the actions of a random 6-station box battle (wounds of 1-2); whole: of every battle
    of the game, to its final count (the referee goes on to the next battle)."""
    from games.ultimus.rng import Rng

    _, box = new_box(seed)
    game, rng, actions = box.shell.game, Rng(seed), []
    while game.phase != "over" and (whole or game.phase != "battle_end") and len(actions) < limit:
        seats = game.actors()
        if seats:
            options = [
                a
                for a in game.legal_actions(rng.choice(seats))
                if a["a"] not in ("damage", "bleed", "heal") or a["n"] <= 2
            ]
            action = rng.choice(options)
        else:
            options = game.legal_actions(-1)
            action = ([a for a in options if a["a"] == "next"] or options)[0]
        game.apply(action)
        actions.append(action)
    return actions


def _latency(fb, box, presses=300):
    """Mean microseconds from a press to its finished frame (the port's clock ticks in ms)."""
    t0 = time.ticks_ms()
    for i in range(presses):
        fb.buttons.push(board.WHEEL_0 + i % 6)
        box.step()  # the press, the app, the core, then the redraw it caused
        fb.clock.advance_ms(50)
    return time.ticks_diff(time.ticks_ms(), t0) * 1000 // presses


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS:
    _fb, _box = new_box(int(ARGS[0]))
    _plan = open("/data")

    def step():
        if not _heap.base:
            return True  # the first after() measures the heap of the new game
        text = _plan.readline()
        if not text.strip():
            game = _box.shell.game
            print(
                "box code=%d app=%d peak=%d actions=%d frame_us=%d digest=%s fakes=%d"
                % (_heap.figures() + (len(game.log), _latency(_fb, _box), game.digest(), _heap.harness))
            )
            return False
        _box.shell.apply(json.loads(text))
        _fb.clock.advance_ms(20)
        _box.step()
        _fb.serial.take_lines()
        return True

    after = _heap.after
