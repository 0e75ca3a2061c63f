"""The Pico's clock: wrapping tick counters, compared only through diff()."""

import time


class Clock:
    def us(self):
        return time.ticks_us()

    def ms(self):
        return time.ticks_ms()

    def diff(self, a, b):
        return time.ticks_diff(a, b)

    def add(self, t, delta):
        return time.ticks_add(t, delta)
