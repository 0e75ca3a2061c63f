"""All buttons sampled at once, debounced, each press with a microsecond timestamp.

A 1 kHz timer reads the GPIO input register in one go (machine.mem32), so
every button, the seat buttons above all, is sampled at the same instant:
presses made together get the same timestamp. A button counts as pressed
after DEBOUNCE low samples in a row and keeps the time (time.ticks_us, read
in the timer callback itself) of its first low sample: the press's own
moment, however late the loop collects it.

The timer is a hard one (hard=True: its callback runs in the timer
interrupt), so sampling goes on while the heap is being collected; a soft
timer is only a scheduled callback and stops for a whole collection. A hard
callback must not allocate, and does not: preallocated arrays, small
integers (ticks and the 30 GPIO bits stay below 2**30), a bound method made
once, a full queue that drops a press rather than grow, and counts it (dropped:
the runtime tells the table and the host). tests/mpy/buttons_isr.py
runs it under MicroPython with the heap locked. The main loop and the
callback share the ring buffer as one writer (head) and one reader (tail).
"""

import array
import time

import machine
import micropython
from machine import Pin, Timer

SIO_GPIO_IN = 0xD0000004
DEBOUNCE = 5  # samples (ms)
QUEUE = 32


class Buttons:
    def __init__(self, buttons):
        """buttons: the GPIO of each button id (ultimusbox.board.GPIOS), or the (id, gpio, name) rows of
        board.BUTTONS (the tests')."""
        count = len(buttons)
        self.masks = array.array("I", [0] * count)
        for button in range(count):
            gpio = buttons[button] if type(buttons[button]) is int else buttons[button][1]
            Pin(gpio, Pin.IN, Pin.PULL_UP)
            self.masks[button] = 1 << gpio
        self.all_mask = 0
        for m in self.masks:
            self.all_mask |= m
        self.level = bytearray(count)  # debounce integrator 0..DEBOUNCE
        self.held = bytearray(count)
        self.first = array.array("I", [0] * count)  # time of the first low sample
        self.q_button = bytearray(QUEUE)
        self.q_time = array.array("I", [0] * QUEUE)
        self.head = 0
        self.tail = 0
        self.taken_us = 0  # the time of the press take() returned last
        self.dropped = 0  # presses lost to a full queue (a small int: counting allocates nothing)
        self.last_raw = machine.mem32[SIO_GPIO_IN] & self.all_mask
        self.busy = 0  # buttons whose integrator is between its ends
        self._cb = self._sample  # one bound method for good: the interrupt must not make one
        if hasattr(micropython, "alloc_emergency_exception_buf"):  # the Pico has it, not every port
            micropython.alloc_emergency_exception_buf(100)  # so an error in the callback can be reported
        try:
            # the 1.29 stub's Timer lacks hard=, which the rp2 port accepts
            self.timer = Timer(mode=Timer.PERIODIC, period=1, callback=self._cb, hard=True)  # pyright: ignore[reportCallIssue]
            self.hard = True
        except TypeError:  # a firmware whose Timer has no hard=: sampling pauses during collections
            self.timer = Timer(mode=Timer.PERIODIC, period=1, callback=self._cb)  # pyright: ignore[reportCallIssue]
            self.hard = False

    def deinit(self):
        self.timer.deinit()

    def _sample(self, _timer):
        raw = machine.mem32[SIO_GPIO_IN] & self.all_mask
        if raw == self.last_raw and not self.busy:
            return
        self.last_raw = raw
        now = time.ticks_us()
        busy = 0
        masks = self.masks
        for i in range(len(masks)):
            low = not (raw & masks[i])
            level = self.level[i]
            if low and level < DEBOUNCE:
                if level == 0 and not self.held[i]:
                    self.first[i] = now  # pyright: ignore[reportCallIssue, reportArgumentType] - ticks are ints
                level += 1
                if level == DEBOUNCE and not self.held[i]:
                    self.held[i] = 1
                    nxt = (self.head + 1) % QUEUE
                    if nxt != self.tail:
                        self.q_button[self.head] = i
                        self.q_time[self.head] = self.first[i]
                        self.head = nxt
                    else:  # a full queue drops the press rather than allocate, and counts it
                        self.dropped += 1
            elif not low and level > 0:
                level -= 1
                if level == 0:
                    self.held[i] = 0
            self.level[i] = level
            if 0 < level < DEBOUNCE:
                busy = 1
        self.busy = busy

    def take(self):
        """The oldest press not taken yet: its button id (its time in self.taken_us), or -1 when
        there is none. Allocates nothing (the box's input task calls it every 2 ms)."""
        tail = self.tail
        if tail == self.head:
            return -1
        self.taken_us = self.q_time[tail]
        self.tail = (tail + 1) % QUEUE
        return self.q_button[tail]

    def presses(self):
        """Presses since the last call: [(button id, t_us)] (allocates; for tests and tools)."""
        out = []
        button = self.take()
        while button >= 0:
            out.append((button, self.taken_us))
            button = self.take()
        return out

    def held_now(self, *buttons):
        raw = machine.mem32[SIO_GPIO_IN]
        for b in buttons:
            if raw & self.masks[b]:
                return False
        return True
