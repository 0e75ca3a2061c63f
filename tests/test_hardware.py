"""hardware/ agrees with the pin table the firmware uses, and the power budget holds."""

import csv
import json
import os
import subprocess
import sys

from ultimusbox import board

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import power  # noqa: E402  (the budget's sums and the usable GPIOs: host-only, out of the box's board)

HARDWARE = os.path.join(ROOT, "hardware")


def test_every_pin_is_a_usable_gpio_and_used_once():
    pins = [gpio for _, gpio, _ in board.BUTTONS] + [board.LED_DATA_PIN, board.BUZZER_PIN]
    assert len(pins) == len(set(pins))
    assert set(pins) <= set(power.USABLE_GPIO) and len(power.USABLE_GPIO) == 26
    assert [b for b, _, _ in board.BUTTONS] == list(range(24))
    assert tuple(gpio for _, gpio, _ in board.BUTTONS) == board.GPIOS  # the names' table and the drivers' pins
    seats = [gpio for b, gpio, _ in board.BUTTONS if b < board.WHEEL_0]
    assert max(seats) < 30  # one 32-bit read of the GPIO input register samples every seat button


def test_the_generated_hardware_files_match_the_pin_table():
    result = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "hardware.py"), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_pinout_lists_every_pin_of_the_table():
    text = open(os.path.join(HARDWARE, "pinout.md")).read()
    for _button, gpio, name in board.BUTTONS:
        assert "| GP%d |" % gpio in text and name in text
    assert "| GP%d |" % board.LED_DATA_PIN in text and "| GP%d |" % board.BUZZER_PIN in text


def test_the_wokwi_diagram_wires_the_same_pins():
    diagram = json.load(open(os.path.join(HARDWARE, "diagram.json")))
    wires = {tuple(sorted(c[:2])) for c in diagram["connections"]}
    for button, gpio, _ in board.BUTTONS:
        assert tuple(sorted(("btn%d:1.l" % button, "pico:GP%d" % gpio))) in wires
    assert tuple(sorted(("pico:GP%d" % board.LED_DATA_PIN, "ring0:DIN"))) in wires
    assert tuple(sorted(("buzzer:2", "pico:GP%d" % board.BUZZER_PIN))) in wires
    rings = [p for p in diagram["parts"] if p["type"] == "wokwi-led-ring"]
    pixels = sum(int(p["attrs"]["pixels"]) for p in rings)
    pixels += sum(1 for p in diagram["parts"] if p["type"] == "wokwi-neopixel")
    assert pixels == board.PIXELS


def test_the_power_budget_holds_at_the_firmware_brightness_cap():
    assert power.worst_total_ma() <= power.budget_ma()
    assert power.worst_frame_ma(255) > power.budget_ma()  # without the cap it would not
    largest = max(cap for cap in range(256) if power.worst_total_ma(cap) <= power.budget_ma())
    text = open(os.path.join(HARDWARE, "power.md")).read()
    for figure in (
        power.worst_frame_ma(),
        power.worst_total_ma(),
        power.budget_ma(),
        largest,
        board.BRIGHTNESS_CAP,
        board.PIXELS,
    ):
        assert str(figure) in text, figure  # the document states the numbers the firmware has


def test_the_bill_of_materials_has_every_part_the_board_needs():
    rows = list(csv.DictReader(open(os.path.join(HARDWARE, "bom.csv"))))
    qty = {}
    for row in rows:
        qty[row["part"]] = int(row["qty"])
    assert qty["Raspberry Pi Pico"] == 1
    assert qty["WS2812B ring 12 pixels"] == board.RINGS
    assert qty["WS2812B single pixel on breakout"] == board.SEAT_PIXELS
    buttons = sum(n for part, n in qty.items() if "button" in part and "buzzer" not in part)
    assert buttons == len(board.BUTTONS)
    for needed in (
        "74AHCT125 quad buffer",
        "passive piezo buzzer",
        "NPN transistor",
        "5 V 3 A USB-C power supply",
        "1000 uF 10 V electrolytic capacitor",
        "330 ohm resistor 1/4 W",
    ):
        assert needed in qty


def test_the_led_driver_gets_the_cap_from_the_board_table():
    source = open(os.path.join(ROOT, "firmware", "ultimusbox", "drivers", "pico.py")).read()
    assert "Leds(board.LED_DATA_PIN, board.PIXELS, board.BRIGHTNESS_CAP)" in source


def test_the_bring_up_checklist_states_the_currents_of_the_board():
    text = open(os.path.join(HARDWARE, "README.md"), encoding="utf-8").read()
    idle = board.PIXELS * board.PIXEL_IDLE_MA + board.PICO_MA + board.LEVEL_SHIFTER_MA
    assert "idle current about %d mA" % idle in text
    assert "about %d mA (the worst frame" % power.worst_total_ma() in text
    for combo in ("**thumbs up** held", "**mode + confirm** held", '"op": "repl"', '"op": "selftest"'):
        assert combo in text  # the power-on combinations firmware/main.py reads, and the link's ops
    main = open(os.path.join(ROOT, "firmware", "main.py"), encoding="utf-8").read()
    assert "held(board.MODE, board.CONFIRM)" in main and "held(board.THUMB_UP)" in main
