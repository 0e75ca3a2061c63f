"""The lid of the box as data, and its drawings: hardware/panel.json, panel.svg and panel.dxf.

    layout() -> {"outline": [...], "holes": [...], "labels": [...]}   (millimetres, y up)

Owns where every part sits on the lid. The lid is a regular hexagon (ENC1 in
bom.csv) with one seat at each edge, numbered clockwise from the front edge
(station 1). Around the centre: the buzzer, then the six control buttons, then
the six health wheels (rings) at the corners' directions, each with its select
button outside it. Along each edge, a station: SHOUT (left) and THINK (right)
as the player sees them, and the station's status light in front of them.

Hole and body sizes come from bom.csv ("panel hole mm": the hole to cut;
"panel body mm": what the part needs on the lid, its bezel or nut), the button
ids from firmware/ultimusbox/board.py. tests/test_hardware_panel.py checks
that no two parts (or labels) overlap, every hole has a part and every
panel part of the BOM has its holes.
"""

import io
import json
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bom  # noqa: E402
import netlist  # noqa: E402
from ultimusbox import board  # noqa: E402

ACROSS_CORNERS = 340.0  # the hexagonal lid, mm
WALL_MARGIN = 8.0  # the lid rests on 3 mm walls: keep every body this far inside the outline
CLEARANCE = 3.0  # between the bodies of two parts
LABEL_CLEARANCE = 1.0  # between a label and any body or other label

R_CONTROLS = 42.0  # the six control buttons, on a circle round the buzzer
R_RINGS = 88.0  # ring centres, towards the corners
R_NAMES = 114.0  # the gladiator's name outside its ring
R_WHEEL_BUTTONS = 134.0
R_STATION_BUTTONS = 120.0  # SHOUT / THINK, along each edge
STATION_HALF_GAP = 19.0  # each button this far left / right of the edge's middle
R_STATION_LIGHT = 84.0
R_STATION_LABEL = 68.0
TEXT = 4.0  # engraved label height, mm
SMALL_TEXT = 3.5
CONTROL_LABELS = {
    board.MINUS: "DAMAGE",
    board.PLUS: "HEAL",
    board.CONFIRM: "CONFIRM",
    board.THUMB_UP: "THUMB UP",
    board.THUMB_DOWN: "THUMB DN",
    board.MODE: "MODE",
}


def seat_angle(station):
    """Direction of a seat, degrees clockwise from the front (station 1 faces the builder)."""
    return 60.0 * station


def polar(r, angle):
    """Point at distance r in the direction `angle` (clockwise from the front, where y < 0)."""
    a = math.radians(angle)
    return (-r * math.sin(a), -r * math.cos(a))


def along(point, angle, d):
    """Move sideways: to the right of a player who sits in direction `angle` and faces the centre."""
    a = math.radians(angle)
    return (point[0] + d * math.cos(a), point[1] - d * math.sin(a))


def outline():
    """The hexagon's corners, between the seats' edges."""
    r = ACROSS_CORNERS / 2
    return [_round(polar(r, 30.0 + 60.0 * k)) for k in range(6)]


def _round(p):
    return (round(p[0], 2), round(p[1], 2))


def layout():
    parts = bom.parts()
    holes = []
    labels = []

    def hole(ref, what, at):
        row = parts[ref]
        holes.append(
            {
                "ref": ref,
                "part": row["part"],
                "what": what,
                "x": _round(at)[0],
                "y": _round(at)[1],
                "hole": float(row["panel hole mm"]),
                "body": float(row["panel body mm"]),
            }
        )

    def label(text, at, angle, height=TEXT):
        # text reads upright for a player sitting in direction `angle`
        labels.append(
            {
                "text": text,
                "x": _round(at)[0],
                "y": _round(at)[1],
                "height": height,
                "rotation": round(-angle % 360.0, 2),
            }
        )

    hole("BZ1", "buzzer (sound hole over the piezo)", (0.0, 0.0))
    for n, button in enumerate((board.MINUS, board.PLUS, board.CONFIRM, board.THUMB_UP, board.THUMB_DOWN, board.MODE)):
        angle = seat_angle(n)
        hole(netlist.switch_of(button), board.BUTTONS[button][2], polar(R_CONTROLS, angle))
        label(CONTROL_LABELS[button], polar(R_CONTROLS - 14.0, angle), angle, SMALL_TEXT)
    for ring in range(board.RINGS):
        angle = 30.0 + 60.0 * ring  # between station `ring` and the next
        name = board.BUTTONS[board.WHEEL_0 + ring][2].split()[-1]
        hole(netlist.ring_ref(ring), "health wheel %d (%s): window over the ring" % (ring, name), polar(R_RINGS, angle))
        label(name.upper(), polar(R_NAMES, angle), angle)
        hole(
            netlist.switch_of(board.WHEEL_0 + ring),
            board.BUTTONS[board.WHEEL_0 + ring][2],
            polar(R_WHEEL_BUTTONS, angle),
        )
    for station in range(board.STATIONS):
        angle = seat_angle(station)
        middle = polar(R_STATION_BUTTONS, angle)
        shout = along(middle, angle, -STATION_HALF_GAP)
        think = along(middle, angle, STATION_HALF_GAP)
        hole(netlist.switch_of(board.SHOUT_0 + station), board.BUTTONS[board.SHOUT_0 + station][2], shout)
        hole(netlist.switch_of(board.THINK_0 + station), board.BUTTONS[board.THINK_0 + station][2], think)
        label("SHOUT", along(polar(R_STATION_BUTTONS - 21.0, angle), angle, -STATION_HALF_GAP), angle)
        label("THINK", along(polar(R_STATION_BUTTONS - 21.0, angle), angle, STATION_HALF_GAP), angle)
        hole(netlist.seat_ref(station), "status light of station %d" % (station + 1), polar(R_STATION_LIGHT, angle))
        label("STATION %d" % (station + 1), polar(R_STATION_LABEL, angle), angle)
    return {"units": "mm", "across_corners": ACROSS_CORNERS, "outline": outline(), "holes": holes, "labels": labels}


def label_circles(lbl):
    """A label as a row of circles along its line, for the overlap test (width ~0.6 x height a letter)."""
    width = 0.6 * lbl["height"] * len(lbl["text"])
    r = lbl["height"] / 2
    a = math.radians(lbl["rotation"])
    n = max(1, int(math.ceil(width / lbl["height"])))
    out = []
    for k in range(n):
        t = -width / 2 + r + (width - 2 * r) * (k / (n - 1) if n > 1 else 0.5)
        out.append((lbl["x"] + t * math.cos(a), lbl["y"] + t * math.sin(a), r))
    return out


def panel_json():
    return json.dumps(layout(), indent=1) + "\n"


def panel_svg():
    """The lid at 1:1 (1 user unit = 1 mm): red = cut, grey dashed = the part's body under it, black = engrave."""
    lay = layout()
    half = ACROSS_CORNERS / 2 + 10
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%dmm" height="%dmm" viewBox="%g %g %g %g">'
        % (2 * half, 2 * half + 24, -half, -half, 2 * half, 2 * half + 24),
        '<rect x="%g" y="%g" width="%g" height="%g" fill="white"/>' % (-half, -half, 2 * half, 2 * half + 24),
        '<g fill="none" stroke-width="0.3">',
    ]
    pts = " ".join("%g,%g" % (x, -y) for x, y in lay["outline"])
    out.append('<polygon points="%s" stroke="red"/>' % pts)
    for h in lay["holes"]:
        out.append(
            '<circle cx="%g" cy="%g" r="%g" stroke="#999" stroke-dasharray="2,1"/>' % (h["x"], -h["y"], h["body"] / 2)
        )
        out.append(
            '<circle cx="%g" cy="%g" r="%g" stroke="red"><title>%s %s: %g mm hole</title></circle>'
            % (h["x"], -h["y"], h["hole"] / 2, h["ref"], h["what"], h["hole"])
        )
    out.append('</g><g font-family="sans-serif" fill="black" text-anchor="middle" dominant-baseline="central">')
    for lbl in lay["labels"]:
        out.append(
            '<text x="%g" y="%g" font-size="%g" transform="rotate(%g %g %g)">%s</text>'
            % (lbl["x"], -lbl["y"], lbl["height"], -lbl["rotation"], lbl["x"], -lbl["y"], lbl["text"])
        )
    for h in lay["holes"]:  # the reference designator inside each hole (or inside the body, if the hole is tiny)
        y = -h["y"] if h["hole"] >= 8 else -h["y"] + h["body"] / 4
        out.append(
            '<text x="%g" y="%g" font-size="%g" fill="#06c">%s</text>'
            % (h["x"], y, 2.5 if h["hole"] >= 12 else 1.8, h["ref"])
        )
    out.append(
        '<text x="%g" y="%g" font-size="4" text-anchor="start">ULTIMUS box lid, 1:1 in mm, %g mm across '
        "the corners. Red: cut. Grey dashed: the body of the part (keep clear). Black: engrave. "
        "Blue: BOM reference.</text>" % (-half + 4, half + 8, ACROSS_CORNERS)
    )
    out.append(
        '<text x="%g" y="%g" font-size="4" text-anchor="start">Station 1 is the front edge; the stations '
        "run clockwise. Drawn by tools/hardware.py from board.py and bom.csv.</text>" % (-half + 4, half + 15)
    )
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def panel_dxf():
    """The same lid for a laser cutter (DXF R12 carries no unit: import it as millimetres):
    layer CUT (outline and holes), ENGRAVE (labels), BODY (each part's keep-clear circle: neither cut nor engrave)."""
    import ezdxf
    from ezdxf import units
    from ezdxf.enums import TextEntityAlignment

    # ezdxf.options and ezdxf.new are ezdxf's documented API, but its __init__ imports them without re-exporting
    ezdxf.options.write_fixed_meta_data_for_testing = True  # pyright: ignore[reportPrivateImportUsage]  # the same file every time, so --check can compare
    lay = layout()
    import logging

    quiet = logging.getLogger("ezdxf")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # new() always sets $INSUNITS, which R12 cannot store: no warning for that
    try:  # R12: read by every laser cutter's software, and written in a fixed order
        doc = ezdxf.new("R12", setup=False, units=units.MM)  # pyright: ignore[reportPrivateImportUsage]
    finally:
        quiet.setLevel(level)
    doc.layers.add("CUT", color=1)
    doc.layers.add("ENGRAVE", color=7)
    doc.layers.add("BODY", color=8)
    msp = doc.modelspace()
    msp.add_polyline2d(lay["outline"], close=True, dxfattribs={"layer": "CUT"})
    for h in lay["holes"]:
        msp.add_circle((h["x"], h["y"]), h["hole"] / 2, dxfattribs={"layer": "CUT"})
        msp.add_circle((h["x"], h["y"]), h["body"] / 2, dxfattribs={"layer": "BODY"})
    for lbl in lay["labels"]:
        msp.add_text(
            lbl["text"], height=lbl["height"], rotation=lbl["rotation"], dxfattribs={"layer": "ENGRAVE"}
        ).set_placement((lbl["x"], lbl["y"]), align=TextEntityAlignment.MIDDLE_CENTER)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue()
