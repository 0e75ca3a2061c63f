"""The bill of materials adds up: whole packs at pack prices, and the READMEs state that sum."""

import math
import os
import re
import sys

from ultimusbox import board

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bom  # noqa: E402


def test_every_line_is_whole_packs_at_the_pack_price():
    for row in bom.rows():
        packs = int(row["packs"])
        assert packs == math.ceil(int(row["qty"]) / int(row["pack size"])), row["ref"]
        assert bom.cents(row["line total EUR"]) == packs * bom.cents(row["pack price EUR"]), row["ref"]
        assert len(bom.expand(row["ref"])) == int(row["qty"]), row["ref"]


def test_the_station_lights_are_bought_in_packs_of_five():
    row = [r for r in bom.rows() if r["part"] == "WS2812B single pixel on breakout"][0]
    assert int(row["pack size"]) == 5 and int(row["qty"]) == board.SEAT_PIXELS
    assert int(row["packs"]) == 2 and bom.line_total(row) == 2 * bom.cents(row["pack price EUR"])


def test_the_readmes_state_the_sum_of_the_bill_of_materials():
    total = bom.total_cents()
    assert total == sum(bom.cents(r["line total EUR"]) for r in bom.rows())
    hardware = open(os.path.join(ROOT, "hardware", "README.md"), encoding="utf-8").read()
    assert bom.cost_line() in hardware
    main = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    stated = [int(n) for n in re.findall(r"about\s+(\d+)\s+EUR", main + hardware)]
    assert stated and all(n == round(total / 100) for n in stated), stated


def test_a_wrong_line_total_is_caught(tmp_path):
    text = open(bom.BOM, encoding="utf-8").read().replace(",2,4.95,9.90,", ",2,4.95,6.00,")
    broken = tmp_path / "bom.csv"
    broken.write_text(text, encoding="utf-8")
    rows = bom.rows(str(broken))
    bad = [r["ref"] for r in rows if bom.cents(r["line total EUR"]) != bom.line_total(r)]
    assert bad == ["LED7-LED12"]


def test_reference_ranges_expand():
    assert bom.expand("SW1-SW6") == ["SW1", "SW2", "SW3", "SW4", "SW5", "SW6"]
    assert bom.expand("U1") == ["U1"]
    assert len(bom.parts()) == sum(int(r["qty"]) for r in bom.rows())
