"""The board: every pin, the LED chain layout and the power constants, in one table.

This module is the single source of truth for the wiring. hardware/ shows
the same table (a test compares them), the drivers take their pins from
here, and the power-budget test computes the worst frame from these numbers.
"""

from referee.compat import const

# --- buttons: one GPIO each, active low with the internal pull-up ----------
# Button ids are the indices of BUTTONS; the app speaks only in ids.
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

# (button id, GPIO, name). Seat buttons sit on GP0-GP11 so that one read of
# the GPIO input register samples all of them at the same instant.
BUTTONS = (
    (0, 0, "shout station 1"),
    (1, 1, "shout station 2"),
    (2, 2, "shout station 3"),
    (3, 3, "shout station 4"),
    (4, 4, "shout station 5"),
    (5, 5, "shout station 6"),
    (6, 6, "think station 1"),
    (7, 7, "think station 2"),
    (8, 8, "think station 3"),
    (9, 9, "think station 4"),
    (10, 10, "think station 5"),
    (11, 11, "think station 6"),
    (12, 12, "wheel Tigris"),
    (13, 13, "wheel Sagittarius"),
    (14, 14, "wheel Retiarius"),
    (15, 15, "wheel Murmillo"),
    (16, 16, "wheel Barbarus"),
    (17, 17, "wheel Dimachaerus"),
    (18, 18, "damage -"),
    (19, 19, "heal +"),
    (20, 20, "confirm"),
    (21, 21, "thumbs up"),
    (22, 22, "thumbs down"),
    (23, 26, "mode"),
)
LED_DATA_PIN = const(27)  # WS2812 chain, through the 74AHCT125 level shifter
BUZZER_PIN = const(28)  # PWM into the base of the buzzer's transistor

# The GPIOs a Pico leaves for use and the power budget's sums are the host's (tools/power.py): a box
# imports this module at power-on, and each table and function here is heap it holds.

# --- the LED chain -----------------------------------------------------------
RING_PIXELS = const(12)  # one WS2812B ring of 12 per health wheel
RINGS = const(6)
SEAT_PIXELS = const(6)  # one status pixel per station, after the rings
PIXELS = RING_PIXELS * RINGS + SEAT_PIXELS  # 78


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
