"""The button timer's callback under MicroPython with the heap locked (tests/test_button_drivers.py).

Stand-ins for machine.Pin, machine.Timer and the GPIO input register
(machine.mem32) let ultimusbox.drivers.buttons run in the WebAssembly port.
Between micropython.heap_lock() and heap_unlock() any allocation raises
MemoryError, as it would in the Pico's timer interrupt: the script presses
and releases buttons, alone and together, with bounces, for thousands of
calls and overflows the press queue, all inside the lock. It prints
"ok NAME" or "bad NAME DETAIL" lines, and "alloc-free CALLS" when the
locked run finished.
"""

import array
import sys

import micropython

ALL_UP = (1 << 30) - 1  # GPIO 0-29 pulled up: what the register reads with nothing pressed


class Registers:
    def __init__(self):
        self.gpio_in = ALL_UP

    def __getitem__(self, address):
        return self.gpio_in


class Pin:
    IN = 0
    PULL_UP = 1

    def __init__(self, *args):
        pass


class Timer:
    PERIODIC = 1
    made = []

    def __init__(self, mode=None, period=None, callback=None, hard=False):
        self.callback = callback
        self.hard = hard
        self.period = period
        Timer.made.append(self)

    def deinit(self):
        pass


class Machine:
    pass


machine = Machine()
machine.mem32 = Registers()
machine.Pin = Pin
machine.Timer = Timer
sys.modules["machine"] = machine

from ultimusbox import board  # noqa: E402
from ultimusbox.drivers import buttons  # noqa: E402


def check(name, good, detail=""):
    print(("ok " if good else "bad ") + name + ("" if good else " " + str(detail)))


driver = buttons.Buttons(board.BUTTONS)
timer = Timer.made[-1]
check("hard timer", timer.hard and timer.period == 1, (timer.hard, timer.period))

# The script of register values, one per 1 ms sample, made before the heap is locked.
script = []
expected = []  # (button ids pressed together, index of their first low sample)


def hold(gpios, ms):
    value = ALL_UP
    for gpio in gpios:
        value &= ~(1 << gpio)
    for _ in range(ms):
        script.append(value)


gpio = [g for _, g, _ in board.BUTTONS]
for _round in range(3):
    for b in range(len(board.BUTTONS)):
        hold([gpio[b]], 2)  # a bounce: too short to count
        hold([], 1)
        expected.append(([b], len(script)))
        hold([gpio[b]], 8)
        hold([], 8)
    for a, b in ((0, 9), (3, 4), (board.MODE, board.CONFIRM)):
        expected.append(([a, b], len(script)))
        hold([gpio[a], gpio[b]], 7)
        hold([], 7)


def run(values, stamps, regs, callback, timer, tick):
    # locals only: at module level even a new global would allocate (a dict entry)
    try:
        for i in range(len(values)):
            regs.gpio_in = values[i]
            callback(timer)
            if stamps is not None:
                stamps[i] = tick()  # no sample of this call is later than this
    except MemoryError as e:
        return e
    return None


def locked(values, stamps):
    micropython.heap_lock()
    error = run(values, stamps, machine.mem32, timer.callback, timer, buttons.time.ticks_us)
    micropython.heap_unlock()
    return error


values = array.array("I", script)
stamps = array.array("I", [0] * len(values))
calls = len(values)
locked_error = None
before = buttons.time.ticks_us()
locked_error = locked(values, stamps)
check("no allocation", locked_error is None, locked_error)
print("alloc-free %d" % calls)

presses = driver.presses()
want = []
for ids, _ in expected:
    want.extend(sorted(ids))
got = [b for b, _ in presses]
check("queue keeps the first presses", len(got) == buttons.QUEUE - 1, len(got))
check("the presses it lost are counted", driver.dropped == len(want) - len(got), (driver.dropped, len(want), len(got)))
# in the order pressed (buttons pressed together in id order), bounces left out
check("order", got == want[: len(got)], (got, want[: len(got)]))
# the first press began with a bounce at sample 0 (contact, 1 ms open, contact again): the
# press is stamped with that first contact, read in the callback of sample 0
check(
    "stamp of the first low sample",
    0 <= buttons.time.ticks_diff(presses[0][1], before) and buttons.time.ticks_diff(stamps[0], presses[0][1]) >= 0,
    (before, presses[0][1], stamps[0]),
)
check("monotonic", all(buttons.time.ticks_diff(presses[i + 1][1], presses[i][1]) >= 0 for i in range(len(presses) - 1)))
check("empty after reading", driver.presses() == [])

# once read, the queue takes presses again (still without allocating)
script = []
expected = []
for a, b in ((0, 9), (3, 4)):
    expected.append(([a, b], len(script)))
    hold([gpio[a], gpio[b]], 7)
    hold([], 7)
values = array.array("I", script)
locked_error = locked(values, None)
check("no allocation again", locked_error is None, locked_error)
presses = driver.presses()
check(
    "together",
    len(presses) == 4
    and [sorted(b for b, _ in presses[0:2]), sorted(b for b, _ in presses[2:4])] == [[0, 9], [3, 4]]
    and presses[0][1] == presses[1][1]
    and presses[2][1] == presses[3][1],
    presses,
)
