"""All the Pico's drivers, built from the pin table of ultimusbox.board, and a true random seed."""

import os

import machine

from ultimusbox import board
from ultimusbox.drivers.buttons import Buttons
from ultimusbox.drivers.buzzer import Buzzer
from ultimusbox.drivers.clock import Clock
from ultimusbox.drivers.leds import Leds
from ultimusbox.drivers.serial import Serial
from ultimusbox.drivers.storage import Storage

ROSC_RANDOMBIT = 0x4006001C


class Drivers:
    def __init__(self, watchdog=True):
        self.clock = Clock()
        self.buttons = Buttons(board.GPIOS)
        self.leds = Leds(board.LED_DATA_PIN, board.PIXELS, board.BRIGHTNESS_CAP)
        self.buzzer = Buzzer(board.BUZZER_PIN)
        self.storage = Storage()
        self.serial = Serial()
        self.urandom = os.urandom  # the seat tokens' real random source: rp2's is the ring oscillator
        self.watchdog = None
        if watchdog:
            from ultimusbox.drivers.watchdog import Watchdog

            self.watchdog = Watchdog()

    def reset(self):
        """Restart the Pico: after the game menu chose another game, so that only its modules load."""
        machine.reset()


def seed():
    """30 bits from the ring oscillator's random bit: a new game is a new shuffle."""
    value = 0
    for _ in range(30):
        value = (value << 1) | (machine.mem32[ROSC_RANDOMBIT] & 1)
    return value
