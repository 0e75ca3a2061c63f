"""The netlist (hardware/netlist.json) against the pin table (board.py) and the bill of materials.

Each check returns the list of what is wrong, so that the real netlist must give
none and a netlist broken on purpose must give the matching complaint.
"""

import copy
import json
import os
import sys
from typing import Optional

import pytest

from ultimusbox import board

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bom  # noqa: E402
import netlist as netlist_module  # noqa: E402

NETLIST = os.path.join(ROOT, "hardware", "netlist.json")


@pytest.fixture(scope="module")
def net():
    with open(NETLIST, encoding="utf-8") as f:
        return json.load(f)


def net_of(nl, pin):
    found = [name for name, pins in nl["nets"].items() if pin in pins]
    return found[0] if len(found) == 1 else None


def is_input(nl, pin):
    """An input pin, named by its id or its name in netlist.INPUTS (e.g. U2.2 is 1A)."""
    ref, _, p = pin.partition(".")
    part = nl["parts"][ref]
    inputs = netlist_module.INPUTS.get(part["part"], ())
    return p in inputs or part["pins"].get(p) in inputs


def structure_problems(nl):
    """Pins exist, sit on one net at most, every pin is wired or marked open, no net is floating."""
    out = []
    seen = {}
    for name, pins in nl["nets"].items():
        if len(pins) < 2:
            out.append("net %s has %d connection(s)" % (name, len(pins)))
        for pin in pins:
            ref, _, p = pin.partition(".")
            if ref not in nl["parts"] or p not in nl["parts"][ref]["pins"]:
                out.append("net %s: no such pin %s" % (name, pin))
            if pin in seen:
                out.append("%s is on %s and %s" % (pin, seen[pin], name))
            seen[pin] = name
    for ref, part in nl["parts"].items():
        for p in part["pins"]:
            pin = "%s.%s" % (ref, p)
            if pin in seen and pin in nl["no_connect"]:
                out.append("%s is wired and marked open" % pin)
            if pin not in seen and pin not in nl["no_connect"]:
                out.append("%s is on no net and not marked open" % pin)
    for ref, part in nl["parts"].items():  # an input must see something that is not an input
        for p in part["pins"]:
            if not is_input(nl, "%s.%s" % (ref, p)):
                continue
            name = net_of(nl, "%s.%s" % (ref, p))
            if name is None:
                out.append("input %s.%s (%s) floats" % (ref, p, part["pins"][p]))
            elif all(is_input(nl, q) for q in nl["nets"][name] if q != "%s.%s" % (ref, p)):
                out.append("input %s.%s (%s) has nothing driving it" % (ref, p, part["pins"][p]))
    return out


def gpio_problems(nl):
    """Every GPIO the pin table uses is wired once, at its physical pin, to what board.py says."""
    out = []
    pico = nl["parts"]["U1"]["pins"]
    uses: "dict[int, tuple[str, Optional[int]]]" = {gpio: ("button", b) for b, gpio, _ in board.BUTTONS}
    uses[board.LED_DATA_PIN] = ("led", None)
    uses[board.BUZZER_PIN] = ("buzzer", None)
    for gpio, (kind, button) in uses.items():
        physical = [p for p, name in pico.items() if name == "GP%d" % gpio]
        if len(physical) != 1:
            out.append("GP%d is at %d Pico pins" % (gpio, len(physical)))
            continue
        name = net_of(nl, "U1.%s" % physical[0])
        if name is None:
            out.append("GP%d (pin %s) is on no net" % (gpio, physical[0]))
            continue
        others = sorted(set(nl["nets"][name]) - {"U1.%s" % physical[0]})
        if any(o.startswith("U1.") for o in others):
            out.append("GP%d shares its net with another Pico pin: %s" % (gpio, others))
        if kind == "button":
            sw = netlist_module.switch_of(button)
            if others != ["%s.1" % sw] or net_of(nl, "%s.2" % sw) != "GND":
                out.append("button %d (GP%d) is wired to %s" % (button, gpio, others))
        elif kind == "led" and others != ["U2.2"]:
            out.append("the LED data pin GP%d goes to %s, not the 74AHCT125's 1A" % (gpio, others))
        elif kind == "buzzer" and (others != ["R2.1"] or net_of(nl, "R2.2") != net_of(nl, "Q1.B")):
            out.append("the buzzer pin GP%d goes to %s, not through R2 to Q1's base" % (gpio, others))
    for p, name in pico.items():
        if name.startswith("GP") and int(name[2:]) not in uses and net_of(nl, "U1.%s" % p):
            out.append("GP%s is wired but the pin table does not use it" % name[2:])
    return out


def bom_problems(nl):
    """Every part of the bill of materials is placed (or is a mechanical part), and nothing else is."""
    out = []
    ordered = bom.parts()
    for ref, row in ordered.items():
        if ref in nl["parts"]:
            if nl["parts"][ref]["part"] != row["part"]:
                out.append("%s is a %s in the netlist, a %s in bom.csv" % (ref, nl["parts"][ref]["part"], row["part"]))
            if not any(net_of(nl, "%s.%s" % (ref, p)) for p in nl["parts"][ref]["pins"]):
                out.append("%s is placed but connected to nothing" % ref)
        elif ref not in nl["mechanical"]:
            out.append("%s (%s) of bom.csv is not in the netlist" % (ref, row["part"]))
    for ref in list(nl["parts"]) + list(nl["mechanical"]):
        if ref not in ordered:
            out.append("%s is in the netlist but not in bom.csv" % ref)
    return out


def is_decoupling_cap(nl, ref):
    return nl["parts"][ref]["part"] == "100 nF ceramic capacitor" and {
        net_of(nl, ref + ".1"),
        net_of(nl, ref + ".2"),
    } == {"+5V", "GND"}


def chain_problems(nl):
    """Data runs GP27 -> 1A, 1Y -> 330 ohm -> ring 0 ... ring 5 -> station lights 0-5;
    every ring powered and decoupled."""
    out = []
    if net_of(nl, "U2.3") != net_of(nl, "R1.1"):
        out.append("the 74AHCT125's 1Y does not feed the 330 ohm resistor")
    if net_of(nl, "U2.1") != "GND":
        out.append("gate 1 of the 74AHCT125 is not enabled (1OE not at GND)")
    if net_of(nl, "U2.14") != "+5V" or net_of(nl, "U2.7") != "GND":
        out.append("the 74AHCT125 is not powered from +5 V")
    if not any(
        is_decoupling_cap(nl, r) and nl["parts"][r].get("at", "").startswith("U2")
        for r in nl["parts"]
        if r.startswith("C")
    ):
        out.append("the 74AHCT125 has no 100 nF across it")
    previous = "R1.2"
    pixels = 0
    for ref, _ in netlist_module.chain():
        if ref not in nl["parts"]:
            out.append("%s of the chain is missing" % ref)
            continue
        if net_of(nl, previous) is None or net_of(nl, previous) != net_of(nl, ref + ".DIN"):
            out.append("%s.DIN is not fed from %s" % (ref, previous))
        previous = ref + ".DOUT"
        if net_of(nl, ref + ".VDD") != "+5V" or net_of(nl, ref + ".GND") != "GND":
            out.append("%s is not powered" % ref)
        part = nl["parts"][ref]["part"]
        pixels += board.RING_PIXELS if part == "WS2812B ring 12 pixels" else 1
        if part == "WS2812B ring 12 pixels":
            caps = [
                r
                for r in nl["parts"]
                if r.startswith("C") and nl["parts"][r].get("at") == ref and is_decoupling_cap(nl, r)
            ]
            if len(caps) != 1:
                out.append("ring %s has %d decoupling capacitors" % (ref, len(caps)))
    rings = [r for r, p in nl["parts"].items() if p["part"] == "WS2812B ring 12 pixels"]
    if len(rings) != board.RINGS:
        out.append("%d rings placed, board.py has %d" % (len(rings), board.RINGS))
    if pixels != board.PIXELS:
        out.append("the chain has %d pixels, board.py says %d" % (pixels, board.PIXELS))
    return out


def supply_problems(nl):
    """Supply -> breakout -> fuse -> +5 V with the bulk capacitor; the Pico through the Schottky."""
    out = []
    if net_of(nl, "J1.VBUS") != net_of(nl, "F1.1") or net_of(nl, "F1.2") != "+5V":
        out.append("the supply does not reach +5 V through the fuse F1")
    if net_of(nl, "C1.+") != "+5V" or net_of(nl, "C1.-") != "GND":
        out.append("the 1000 uF capacitor is not across +5 V")
    vsys = [p for p, name in nl["parts"]["U1"]["pins"].items() if name == "VSYS"][0]
    if net_of(nl, "D1.A") != "+5V" or net_of(nl, "D1.K") != net_of(nl, "U1." + vsys):
        out.append("VSYS is not fed from +5 V through D1")
    if net_of(nl, "U1.38") != "GND":
        out.append("the Pico's ground is not on the rail")
    if net_of(nl, "BZ1.+") != "+5V" or net_of(nl, "BZ1.-") != net_of(nl, "Q1.C") or net_of(nl, "Q1.E") != "GND":
        out.append("the piezo is not switched by Q1 from +5 V")
    return out


CHECKS = (structure_problems, gpio_problems, bom_problems, chain_problems, supply_problems)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_the_netlist_has_no_problem(net, check):
    assert check(net) == []


def test_the_pico_pins_are_in_physical_order_as_the_pinout_says():
    assert netlist_module.PICO_PINS[0] == "GP0" and netlist_module.PICO_PINS[19] == "GP15"
    assert netlist_module.PICO_PINS[38:] == ("VSYS", "VBUS")
    assert [netlist_module.PICO_PINS[n] for n in (2, 7, 12, 17, 22, 27, 37)] == ["GND"] * 7
    text = open(os.path.join(ROOT, "hardware", "pinout.md"), encoding="utf-8").read()
    for _, gpio, _ in board.BUTTONS:
        assert "| GP%d | %d |" % (gpio, netlist_module.pico_pin(gpio)) in text


def broken(net, change):
    nl = copy.deepcopy(net)
    change(nl)
    return nl


def test_the_checks_catch_a_broken_netlist(net):
    def swap_two_buttons(nl):
        a, b = nl["nets"]["GP0"], nl["nets"]["GP1"]
        a[1], b[1] = b[1], a[1]

    assert gpio_problems(broken(net, swap_two_buttons))

    def float_an_input(nl):
        nl["nets"]["GND"].remove("U2.5")

    assert any("U2.5" in p for p in structure_problems(broken(net, float_an_input)))

    def drop_a_ring_cap(nl):
        nl["nets"]["+5V"].remove("C5.1")
        nl["no_connect"]["C5.1"] = "forgotten"

    assert any("LED3" in p for p in chain_problems(broken(net, drop_a_ring_cap)))

    def unpower_a_ring(nl):
        nl["nets"]["+5V"].remove("LED6.VDD")
        nl["nets"]["UNPOWERED"] = ["LED6.VDD", "J7.1"]
        nl["nets"]["+5V"].remove("J7.1")

    assert any("LED6 is not powered" in p for p in chain_problems(broken(net, unpower_a_ring)))

    def lose_a_part(nl):
        del nl["parts"]["R3"]
        nl["nets"]["BUZZER_SINK"].remove("R3.2")
        nl["nets"]["+5V"].remove("R3.1")

    assert any("R3" in p for p in bom_problems(broken(net, lose_a_part)))

    def one_legged_net(nl):
        nl["nets"]["STRAY"] = ["U2.6"]
        del nl["no_connect"]["U2.6"]

    assert any("STRAY" in p for p in structure_problems(broken(net, one_legged_net)))

    def break_the_chain(nl):
        nl["nets"]["DIN_LED4"].remove("LED3.DOUT")
        nl["no_connect"]["LED3.DOUT"] = "cut"

    assert any("LED4.DIN" in p for p in chain_problems(broken(net, break_the_chain)))
