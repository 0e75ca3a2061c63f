"""The board's power budget and the Pico's GPIOs left for use: host-only figures of the hardware (tools/hardware.py
writes them into hardware/, tests/test_hardware.py holds them), out of ultimusbox.board, which a box imports at
power-on and whose every function and table costs its heap (issue 31: the chip's heap is too small already).
The currents themselves are board's constants (the LED driver caps the brightness by BRIGHTNESS_CAP);
hardware/power.md explains the numbers."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware"))

from ultimusbox import board  # noqa: E402

# GPIOs a Raspberry Pi Pico exposes for general use (GP23-25 and GP29 are taken on the board itself: SMPS
# mode, VBUS sense, the LED, VSYS/3).
USABLE_GPIO = tuple(range(0, 23)) + (26, 27, 28)


def worst_frame_ma(cap=board.BRIGHTNESS_CAP):
    """Current of the brightest possible frame (every channel of every pixel at 255): every colour channel is
    scaled by cap/255 before it leaves the driver, so it draws PIXELS * 3 * CHANNEL_MA * cap / 255 mA."""
    return board.PIXELS * (3 * board.CHANNEL_MA_AT_FULL * cap // 255 + board.PIXEL_IDLE_MA)


def worst_total_ma(cap=board.BRIGHTNESS_CAP):
    return worst_frame_ma(cap) + board.PICO_MA + board.BUZZER_MA + board.LEVEL_SHIFTER_MA


def budget_ma():
    return board.SUPPLY_MA * board.SUPPLY_MARGIN_PERCENT // 100
