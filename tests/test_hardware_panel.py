"""The lid (hardware/panel.json, .svg, .dxf): nothing overlaps, every hole has its part,
and the DXF cuts the same holes."""

import copy
import json
import math
import os
import sys

import pytest

from ultimusbox import board

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARDWARE = os.path.join(ROOT, "hardware")
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bom  # noqa: E402
import netlist  # noqa: E402
import panel  # noqa: E402


@pytest.fixture(scope="module")
def lid():
    with open(os.path.join(HARDWARE, "panel.json"), encoding="utf-8") as f:
        return json.load(f)


def edges(lid):
    pts = lid["outline"]
    return list(zip(pts, pts[1:] + pts[:1]))


def inside_by(lid, x, y):
    """How far (x, y) is inside the convex outline (negative: outside)."""
    out = []
    for (x1, y1), (x2, y2) in edges(lid):
        # the outline runs clockwise seen from above (y up), so the inside is to the right of each edge
        length = math.hypot(x2 - x1, y2 - y1)
        out.append(((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) / -length)
    return min(out)


def overlap_problems(lid):
    out = []
    holes = lid["holes"]
    for i, a in enumerate(holes):
        if a["hole"] > a["body"]:
            out.append("%s: the hole is wider than the part" % a["ref"])
        margin = inside_by(lid, a["x"], a["y"]) - a["body"] / 2
        if margin < panel.WALL_MARGIN:
            out.append("%s is %.1f mm from the edge of the lid" % (a["ref"], margin))
        for b in holes[i + 1 :]:
            gap = math.hypot(a["x"] - b["x"], a["y"] - b["y"]) - (a["body"] + b["body"]) / 2
            if gap < panel.CLEARANCE:
                out.append("%s and %s: %.1f mm apart" % (a["ref"], b["ref"], gap))
    circles = [(n, c) for n, lbl in enumerate(lid["labels"]) for c in panel.label_circles(lbl)]
    for n, (x, y, r) in circles:
        text = lid["labels"][n]["text"]
        if inside_by(lid, x, y) - r < panel.WALL_MARGIN:
            out.append("label %s runs off the lid" % text)
        for h in holes:
            if math.hypot(x - h["x"], y - h["y"]) - r - h["body"] / 2 < panel.LABEL_CLEARANCE:
                out.append("label %s covers %s" % (text, h["ref"]))
        for m, (x2, y2, r2) in circles:
            if m > n and math.hypot(x - x2, y - y2) - r - r2 < panel.LABEL_CLEARANCE:
                out.append("labels %s and %s overlap" % (text, lid["labels"][m]["text"]))
    return sorted(set(out))


def part_problems(lid):
    """Every hole is a part of bom.csv with that hole size; every panel part of the BOM has its hole."""
    out = []
    parts = bom.parts()
    seen = [h["ref"] for h in lid["holes"]]
    for h in lid["holes"]:
        row = parts.get(h["ref"])
        if row is None:
            out.append("hole for %s, which bom.csv does not have" % h["ref"])
        elif (
            not row["panel hole mm"]
            or float(row["panel hole mm"]) != h["hole"]
            or float(row["panel body mm"]) != h["body"]
            or row["part"] != h["part"]
        ):
            out.append("%s: the hole is not the one bom.csv gives its part" % h["ref"])
    for ref, row in parts.items():
        if row["panel hole mm"] and seen.count(ref) != 1:
            out.append("%s (%s) has %d holes" % (ref, row["part"], seen.count(ref)))
    return out


def test_nothing_on_the_lid_overlaps(lid):
    assert overlap_problems(lid) == []


def test_every_hole_has_a_part_and_every_panel_part_a_hole(lid):
    assert part_problems(lid) == []
    assert len(lid["holes"]) == len(board.BUTTONS) + board.RINGS + board.SEAT_PIXELS + 1  # + the buzzer


def nearest(lid, point, refs):
    return min(refs, key=lambda r: math.hypot(point["x"] - r["x"], point["y"] - r["y"]))["ref"]


def test_each_station_and_each_wheel_has_its_own_buttons_beside_it(lid):
    by_ref = {h["ref"]: h for h in lid["holes"]}
    lights = [by_ref[netlist.seat_ref(s)] for s in range(board.STATIONS)]
    rings = [by_ref[netlist.ring_ref(r)] for r in range(board.RINGS)]
    for s in range(board.STATIONS):
        for button in (board.SHOUT_0 + s, board.THINK_0 + s):
            assert nearest(lid, by_ref[netlist.switch_of(button)], lights) == netlist.seat_ref(s)
    for r in range(board.RINGS):
        assert nearest(lid, by_ref[netlist.switch_of(board.WHEEL_0 + r)], rings) == netlist.ring_ref(r)
    centre = [
        math.hypot(by_ref[netlist.switch_of(b)]["x"], by_ref[netlist.switch_of(b)]["y"])
        for b in range(board.MINUS, board.MODE + 1)
    ]
    assert max(centre) < min(math.hypot(r["x"], r["y"]) for r in rings)  # the controls in the middle
    # stations run clockwise seen from above: each one a sixth of a turn on from the one before
    angles = [math.degrees(math.atan2(-light["x"], -light["y"])) % 360 for light in lights]
    assert [round((b - a) % 360) for a, b in zip(angles, angles[1:])] == [60] * 5
    assert round(angles[0]) % 360 == 0


def test_the_checks_catch_a_bad_lid(lid):
    moved = copy.deepcopy(lid)
    sw1 = [h for h in moved["holes"] if h["ref"] == "SW1"][0]
    sw7 = [h for h in moved["holes"] if h["ref"] == "SW7"][0]
    sw1["x"] = sw7["x"] - 20.0
    assert any("SW1 and SW7" in p for p in overlap_problems(moved))
    off = copy.deepcopy(lid)
    [h for h in off["holes"] if h["ref"] == "SW13"][0]["y"] -= 40.0
    assert any("SW13" in p and "edge" in p for p in overlap_problems(off))
    missing = copy.deepcopy(lid)
    missing["holes"] = [h for h in missing["holes"] if h["ref"] != "LED9"]
    assert part_problems(missing) == ["LED9 (WS2812B single pixel on breakout) has 0 holes"]
    wrong = copy.deepcopy(lid)
    wrong["holes"][1]["hole"] = 22.0
    assert part_problems(wrong)


def test_the_dxf_cuts_the_same_holes_and_outline(lid):
    ezdxf = pytest.importorskip("ezdxf")
    doc = ezdxf.readfile(os.path.join(HARDWARE, "panel.dxf"))
    msp = doc.modelspace()
    cut = sorted(
        (round(c.dxf.center.x, 2), round(c.dxf.center.y, 2), round(2 * c.dxf.radius, 2))
        for c in msp.query('CIRCLE[layer=="CUT"]')
    )
    assert cut == sorted((h["x"], h["y"], h["hole"]) for h in lid["holes"])
    outlines = list(msp.query('POLYLINE[layer=="CUT"]'))
    assert len(outlines) == 1 and outlines[0].is_closed
    assert [(round(p.x, 2), round(p.y, 2)) for p in outlines[0].points()] == [tuple(p) for p in lid["outline"]]
    texts = sorted(t.dxf.text for t in msp.query('TEXT[layer=="ENGRAVE"]'))
    assert texts == sorted(lbl["text"] for lbl in lid["labels"])


def test_the_svg_draws_every_hole(lid):
    svg = open(os.path.join(HARDWARE, "panel.svg"), encoding="utf-8").read()
    for h in lid["holes"]:
        assert '<circle cx="%g" cy="%g" r="%g" stroke="red">' % (h["x"], -h["y"], h["hole"] / 2) in svg


def test_the_readme_states_the_lid_the_tests_check():
    text = " ".join(open(os.path.join(HARDWARE, "README.md"), encoding="utf-8").read().split())
    assert "hexagon %d mm across the corners" % panel.ACROSS_CORNERS in text
    assert "keeps %d mm between any two bodies and %d mm from the edge" % (panel.CLEARANCE, panel.WALL_MARGIN) in text
    enclosure = [r for r in bom.rows() if r["ref"] == "ENC1"][0]
    assert "%d mm across the corners" % panel.ACROSS_CORNERS in enclosure["description"]
