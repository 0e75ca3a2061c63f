"""The schematic (hardware/wiring.svg) as a reader sees it: no label on another, every part drawn,
the Pico's pins in the order they sit on the board."""

import html
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARDWARE = os.path.join(ROOT, "hardware")
EM = 0.55  # average width of a character of the sans font, in font sizes


def texts(svg):
    """(x0, y0, x1, y1, text) of every line of text, its box estimated from the font size."""
    out = []
    for attrs, body in re.findall(r"<text([^>]*)>(.*?)</text>", svg, re.S):
        a = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        x, y, size = float(a["x"]), float(a["y"]), float(a["font-size"])
        for dy, line in re.findall(r'<tspan[^>]*dy="([^"]*)"[^>]*>(.*?)</tspan>', body, re.S) or [("0", body)]:
            y += float(dy)
            line = html.unescape(line)
            if not line.strip():
                continue
            w = EM * size * len(line)
            x0 = {"start": x, "middle": x - w / 2, "end": x - w}[a.get("text-anchor", "start")]
            y0 = {"central": y - size / 2, "ideographic": y - size, "hanging": y}.get(
                a.get("dominant-baseline", ""), y - 0.8 * size
            )
            out.append((x0, y0, x0 + w, y0 + size, line))
    return out


def overlaps(boxes, slack=0.5):
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if (
                a[0] + slack < b[2] - slack
                and b[0] + slack < a[2] - slack
                and a[1] + slack < b[3] - slack
                and b[1] + slack < a[3] - slack
            ):
                found.append((a[4], b[4]))
    return found


def wiring():
    return open(os.path.join(HARDWARE, "wiring.svg"), encoding="utf-8").read()


def test_no_label_of_the_schematic_lies_on_another():
    boxes = texts(wiring())
    assert len(boxes) > 300
    assert overlaps(boxes) == []


def test_the_overlap_check_sees_two_labels_on_each_other():
    svg = (
        '<text x="0" y="0" font-size="8" text-anchor="middle" dominant-baseline="central">DOUT</text>'
        '<text x="4" y="2" font-size="7" text-anchor="start" dominant-baseline="central">station light 0</text>'
        '<text x="0" y="40" font-size="8" text-anchor="middle" dominant-baseline="central">far away</text>'
    )
    assert overlaps(texts(svg)) == [("DOUT", "station light 0")]


def test_the_schematic_draws_every_part_of_the_netlist():
    netlist = json.load(open(os.path.join(HARDWARE, "netlist.json"), encoding="utf-8"))
    words = set()
    for box in texts(wiring()):
        words.update(re.findall(r"[A-Z]+\d+", box[4]))
    missing = [ref for ref in netlist["parts"] if ref not in words]
    assert missing == []


def test_the_pico_is_drawn_in_its_physical_pin_order():
    boxes = texts(wiring())
    numbers = [(b[2], b[0], (b[1] + b[3]) / 2, int(b[4])) for b in boxes if b[4].isdigit()]
    # the pin numbers 20 and 40 exist only on the Pico: its left and right columns
    left_x = [n[0] for n in numbers if n[3] == 20][0]
    right_x = [n[1] for n in numbers if n[3] == 40][0]
    left = [n[3] for n in sorted(numbers, key=lambda n: n[2]) if abs(n[0] - left_x) < 1]
    right = [n[3] for n in sorted(numbers, key=lambda n: n[2]) if abs(n[1] - right_x) < 1]
    assert left == list(range(1, 21))  # down the left edge, pin 1 at the top (the USB end)
    assert right == list(range(40, 20, -1))  # up the right edge, pin 40 at the top
