"""The hardware watchdog: a hung box resets itself and resumes its saved game."""

from machine import WDT

TIMEOUT_MS = 8000  # the RP2040's longest


class Watchdog:
    def __init__(self):
        self.wdt = WDT(timeout=TIMEOUT_MS)

    def feed(self):
        self.wdt.feed()
