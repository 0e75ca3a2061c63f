"""The board: every pin, the LED chain layout and the power constants, in one table.

This module is the single source of truth for the wiring. hardware/ shows
the same table (a test compares them), the drivers take their pins from
here, and the power-budget test computes the worst frame from these numbers.
"""

from referee.compat import const

# --- buttons: one GPIO each, active low with the internal pull-up ----------
# Button ids are the indices of GPIOS (and of BUTTONS); the app speaks only in ids.
STATIONS = const(6)  # seats around the table; 2-6 of them play

SHOUT_0 = const(0)  # SHOUT buttons of the stations (1-6 on the lid): ids 0-5
THINK_0 = const(6)  # THINK buttons of the stations (1-6 on the lid): ids 6-11
WHEEL_0 = const(12)  # select gladiator 0-5 (the button at each health wheel): ids 12-17
MINUS = const(18)  # damage - (one wound more)
PLUS = const(19)  # heal + (one health more)
CONFIRM = const(20)
THUMB_UP = const(21)
THUMB_DOWN = const(22)
MODE = const(23)  # cycles what the selected wheel's input means

# The GPIO of each button id. Seat buttons sit on GP0-GP11 so that one read of the GPIO input register
# samples all of them at the same instant. Their names (the self-test's events, hardware/, the lid) are
# ultimusbox.buttonnames' BUTTONS, (button id, GPIO, name), read as board.BUTTONS: the box imports this
# module at power-on and never says a button's name but in its self-test (24 names, about 1.2 KB of heap).
GPIOS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 26)
LED_DATA_PIN = const(27)  # WS2812 chain, through the 74AHCT125 level shifter
BUZZER_PIN = const(28)  # PWM into the base of the buzzer's transistor

# The GPIOs a Pico leaves for use and the power budget's sums are the host's (tools/power.py): a box
# imports this module at power-on, and each table and function here is heap it holds.

# --- the LED chain -----------------------------------------------------------
RING_PIXELS = const(12)  # one WS2812B ring of 12 per health wheel
RINGS = const(6)
SEAT_PIXELS = const(6)  # one status pixel per station, after the rings
PIXELS = RING_PIXELS * RINGS + SEAT_PIXELS  # 78
# The chain's plain colours (R, G, B at full scale), one tuple each for every module that draws.
OFF = (0, 0, 0)
WHITE = (255, 255, 255)
RED = (255, 0, 0)


def ring_pixel(ring, i):
    """Chain index of pixel i (0 at the top, clockwise) of a wheel's ring."""
    return ring * RING_PIXELS + i


def seat_pixel(station):
    return RING_PIXELS * RINGS + station


# --- power -------------------------------------------------------------------
# Brightness cap: every colour channel is scaled by CAP/255 before it leaves
# the driver, so the worst frame (all pixels white) draws at most
# PIXELS * 3 * CHANNEL_MA * CAP / 255 mA. hardware/power.md explains the numbers.
BRIGHTNESS_CAP = const(72)
CHANNEL_MA_AT_FULL = const(20)  # WS2812B: ~20 mA per colour channel at 255
PIXEL_IDLE_MA = const(1)  # each WS2812B draws ~1 mA even when dark
SUPPLY_MA = const(3000)  # the 5 V 3 A USB-C supply
SUPPLY_MARGIN_PERCENT = const(80)  # plan for at most 80 % of the supply
PICO_MA = const(50)  # the Pico at full speed with USB
BUZZER_MA = const(30)  # piezo through its transistor
LEVEL_SHIFTER_MA = const(1)


def __getattr__(name):
    """board.BUTTONS, the (button id, GPIO, name) table, imported when first asked (module __getattr__: CPython,
    MicroPython): the self-test's, the host tools' and the tests', never a box's at power-on."""
    if name == "BUTTONS":
        from ultimusbox.buttonnames import BUTTONS

        return BUTTONS
    raise AttributeError(name)
