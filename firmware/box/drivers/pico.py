"""All the Pico's drivers, built from the pin table of box.board, and a true random seed."""

import machine

from box import board
from box.drivers.buttons import Buttons
from box.drivers.buzzer import Buzzer
from box.drivers.clock import Clock
from box.drivers.leds import Leds
from box.drivers.serial import Serial
from box.drivers.storage import Storage

ROSC_RANDOMBIT = 0x4006001C


class Drivers:
    def __init__(self, watchdog=True):
        self.clock = Clock()
        self.buttons = Buttons(board.BUTTONS)
        self.leds = Leds(board.LED_DATA_PIN, board.PIXELS, board.BRIGHTNESS_CAP)
        self.buzzer = Buzzer(board.BUZZER_PIN)
        self.storage = Storage()
        self.serial = Serial()
        self.watchdog = None
        if watchdog:
            from box.drivers.watchdog import Watchdog

            self.watchdog = Watchdog()


def seed():
    """30 bits from the ring oscillator's random bit: a new game is a new shuffle."""
    value = 0
    for _ in range(30):
        value = (value << 1) | (machine.mem32[ROSC_RANDOMBIT] & 1)
    return value
