"""The whole circuit as data: every part of bom.csv, its pins, and the nets between them.

    netlist() -> {"parts": ..., "nets": ..., "no_connect": ..., "mechanical": ...}

Built from the firmware's pin table (firmware/ultimusbox/board.py) and the
bill of materials (tools/bom.py): the buttons' GPIOs, the LED data pin and the
buzzer pin come from board.py, the parts and their references from bom.csv,
and the pins of each kind of part from PINS below. tools/hardware.py writes
it to hardware/netlist.json and draws hardware/wiring.svg from it;
tests/test_hardware_netlist.py checks it (every GPIO as the pin table says,
every BOM part placed, every ring powered and decoupled, no floating net).

A pin is "REF.PIN" (the Pico's pins are its physical numbers 1-40); a net is a
name and the list of pins on it. A pin on no net must be in "no_connect" with
the reason it is left open.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bom  # noqa: E402
from ultimusbox import board  # noqa: E402

# The Raspberry Pi Pico's 40-pin header as it sits on the board (USB at the top):
# pins 1-20 down the left edge, 21-40 up the right edge (Pico datasheet, figure 2).
PICO_PINS = (
    "GP0",
    "GP1",
    "GND",
    "GP2",
    "GP3",
    "GP4",
    "GP5",
    "GND",
    "GP6",
    "GP7",  # 1-10
    "GP8",
    "GP9",
    "GND",
    "GP10",
    "GP11",
    "GP12",
    "GP13",
    "GND",
    "GP14",
    "GP15",  # 11-20
    "GP16",
    "GP17",
    "GND",
    "GP18",
    "GP19",
    "GP20",
    "GP21",
    "GND",
    "GP22",
    "RUN",  # 21-30
    "GP26",
    "GP27",
    "AGND",
    "GP28",
    "ADC_VREF",
    "3V3",
    "3V3_EN",
    "GND",
    "VSYS",
    "VBUS",  # 31-40
)


def pico_pin(gpio):
    """Physical pin (1-40) of a GPIO."""
    return PICO_PINS.index("GP%d" % gpio) + 1


# SN74AHCT125N, DIP-14 (TI datasheet): gate n has nOE (active low), nA in, nY out.
AHCT125_PINS = ("1OE", "1A", "1Y", "2OE", "2A", "2Y", "GND", "3Y", "3A", "3OE", "4Y", "4A", "4OE", "VCC")

# pin names of each kind of part (the "part" column of bom.csv), and which are inputs
PINS = {
    "Raspberry Pi Pico": {str(n + 1): name for n, name in enumerate(PICO_PINS)},
    "74AHCT125 quad buffer": {str(n + 1): name for n, name in enumerate(AHCT125_PINS)},
    "WS2812B ring 12 pixels": {"VDD": "5V", "GND": "GND", "DIN": "data in", "DOUT": "data out"},
    "WS2812B single pixel on breakout": {"VDD": "5V", "GND": "GND", "DIN": "data in", "DOUT": "data out"},
    "330 ohm resistor 1/4 W": {"1": "1", "2": "2"},
    "1 kohm resistor 1/4 W": {"1": "1", "2": "2"},
    "1000 uF 10 V electrolytic capacitor": {"+": "+", "-": "-"},
    "100 nF ceramic capacitor": {"1": "1", "2": "2"},
    "NPN transistor": {"B": "base", "C": "collector", "E": "emitter"},
    "Schottky diode 1 A": {"A": "anode", "K": "cathode (stripe)"},
    "passive piezo buzzer": {"+": "+", "-": "-"},
    "24 mm arcade button red": {"1": "NO", "2": "COM"},
    "24 mm arcade button blue": {"1": "NO", "2": "COM"},
    "12 mm panel push button": {"1": "1", "2": "2"},
    "16 mm panel push button": {"1": "1", "2": "2"},
    "5 V 3 A USB-C power supply": {"VBUS": "5 V", "GND": "GND"},
    "USB-C power breakout (5 V only)": {"VBUS": "VBUS", "GND": "GND"},
    "JST-XH 3-pin connector pair": {"1": "5V", "2": "DATA", "3": "GND"},
    "3 A polyfuse": {"1": "1", "2": "2"},
}
INPUTS = {
    "74AHCT125 quad buffer": ("1OE", "1A", "2OE", "2A", "3OE", "3A", "4OE", "4A"),
    "WS2812B ring 12 pixels": ("DIN",),
    "WS2812B single pixel on breakout": ("DIN",),
    "NPN transistor": ("B",),
}
POWER_NETS = ("+5V", "GND")


def switch_of(button):
    """Reference of button id `button` (0-23): SW1 is button 0, as the rows of bom.csv run."""
    return "SW%d" % (button + 1)


def ring_ref(ring):
    return "LED%d" % (ring + 1)


def seat_ref(station):
    return "LED%d" % (board.RINGS + station + 1)


def connector_of(chain_index):
    """The JST-XH pair at the input of the n-th device of the LED chain (rings, then station lights)."""
    return "J%d" % (chain_index + 2)


def chain():
    """The LED chain in data order: (reference, what) for the rings, then the station lights."""
    out = [(ring_ref(r), "ring %d" % r) for r in range(board.RINGS)]
    out += [(seat_ref(s), "station light %d" % (s + 1)) for s in range(board.STATIONS)]
    return out


SECOND_FEED_RING = 3  # hardware/power.md: a second 5 V / GND pair to the fourth ring


def feeds():
    """Chain index -> how +5 V / GND reach that device's connector straight from the board
    (the others take them from the device before, in the same 3-wire cable as the data)."""
    return {0: "22 AWG pair from the board (C1 here)", SECOND_FEED_RING: "second 22 AWG +5 V/GND pair from the board"}


def netlist():
    parts = bom.parts()
    nets = {}

    def connect(net, *pins):
        nets.setdefault(net, []).extend(pins)

    pico = lambda name: "U1.%d" % (PICO_PINS.index(name) + 1)  # noqa: E731 - first pin of that name
    # supply: USB-C supply -> breakout -> polyfuse -> +5 V rail with the bulk capacitor
    connect("VBUS_IN", "PS1.VBUS", "J1.VBUS", "F1.1")
    connect("+5V", "F1.2", "C1.+")
    connect("GND", "PS1.GND", "J1.GND", "C1.-")
    # the Pico from +5 V through the Schottky into VSYS; one ground pin to the rail
    connect("+5V", "D1.A")
    connect("VSYS", "D1.K", pico("VSYS"))
    connect("GND", "U1.38")
    # buttons: GPIO to one leg, ground to the other (the firmware turns on the pull-ups)
    for button, gpio, _ in board.BUTTONS:
        connect("GP%d" % gpio, "U1.%d" % pico_pin(gpio), "%s.1" % switch_of(button))
        connect("GND", "%s.2" % switch_of(button))
    # level shifter: gate 1 carries the LED data; gates 2-4 off (OE high), their inputs to ground
    connect("+5V", "U2.14", "C2.1")
    connect("GND", "U2.7", "C2.2", "U2.1")  # 1OE low: gate 1 always on
    connect("+5V", "U2.4", "U2.10", "U2.13")  # 2OE 3OE 4OE high: outputs off
    connect("GND", "U2.5", "U2.9", "U2.12")  # 2A 3A 4A tied low
    connect("GP%d" % board.LED_DATA_PIN, "U1.%d" % pico_pin(board.LED_DATA_PIN), "U2.2")
    connect("DATA_5V", "U2.3", "R1.1")
    # the LED chain: each device behind its connector, DOUT of one into DIN of the next,
    # 5 V and GND at every connector and a 100 nF across every ring (C3-C8) and station light 0 (C9)
    previous = "R1.2"
    for n, (ref, _) in enumerate(chain()):
        j = connector_of(n)
        connect("DIN_%s" % ref, previous, "%s.2" % j, "%s.DIN" % ref)
        connect("+5V", "%s.1" % j, "%s.VDD" % ref)
        connect("GND", "%s.3" % j, "%s.GND" % ref)
        previous = "%s.DOUT" % ref
    decoupled = [ring_ref(r) for r in range(board.RINGS)] + [seat_ref(0)]
    for n, _ref in enumerate(decoupled):  # C3, C4, ...: one 100 nF for each
        cap = "C%d" % (n + 3)
        connect("+5V", "%s.1" % cap)
        connect("GND", "%s.2" % cap)
    # buzzer: GP28 -> R2 -> base; piezo and R3 from +5 V to the collector; emitter to ground
    connect("GP%d" % board.BUZZER_PIN, "U1.%d" % pico_pin(board.BUZZER_PIN), "R2.1")
    connect("BUZZER_BASE", "R2.2", "Q1.B")
    connect("BUZZER_SINK", "Q1.C", "BZ1.-", "R3.2")
    connect("+5V", "BZ1.+", "R3.1")
    connect("GND", "Q1.E")

    placed = {}
    for ref, row in parts.items():
        if row["part"] in PINS:
            placed[ref] = {"part": row["part"], "pins": dict(PINS[row["part"]])}
    at = {"C1": "the +5 V input, before ring 0", "C2": "U2 (74AHCT125), between pins 14 and 7"}
    for n, ref in enumerate(decoupled):
        at["C%d" % (n + 3)] = ref
    for ref, where in at.items():
        placed[ref]["at"] = where
    for n, (ref, what) in enumerate(chain()):
        placed[ref]["what"] = what
        placed[connector_of(n)]["at"] = ref
    for ref, feed in feeds().items():
        placed[connector_of(ref)]["feed"] = feed
    no_connect = {
        "U1.3": "GND, bonded to pin 38 on the Pico",
        "U1.8": "GND, bonded to pin 38 on the Pico",
        "U1.13": "GND, bonded to pin 38 on the Pico",
        "U1.18": "GND, bonded to pin 38 on the Pico",
        "U1.23": "GND, bonded to pin 38 on the Pico",
        "U1.28": "GND, bonded to pin 38 on the Pico",
        "U1.30": "RUN: pulled up on the Pico",
        "U1.33": "AGND: no analogue input used",
        "U1.35": "ADC_VREF: no analogue input used",
        "U1.36": "3V3 out: nothing needs it",
        "U1.37": "3V3_EN: pulled up on the Pico",
        "U1.40": "VBUS: the Pico's own USB (to the host)",
        "U2.6": "2Y: gate off",
        "U2.8": "3Y: gate off",
        "U2.11": "4Y: gate off",
        "%s.DOUT" % chain()[-1][0]: "the end of the LED chain",
    }
    mechanical = {ref: row["part"] for ref, row in parts.items() if row["part"] not in PINS}
    return {
        "parts": placed,
        "nets": {name: nets[name] for name in sorted(nets)},
        "no_connect": no_connect,
        "mechanical": mechanical,
    }
