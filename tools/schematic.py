"""Draw the whole circuit (hardware/wiring.svg) from the netlist, with schemdraw.

    wiring_svg(netlist) -> the SVG text

Owns the drawing only: every part and pin comes from tools/netlist.py, so the
picture cannot show a wire the netlist does not have. Where a wire would cross
the sheet it ends in a net label (a flag with the net's name); the same name
elsewhere is the same wire. The Pico is drawn as it sits on the board: pins
1-20 down its left edge, 21-40 up its right edge, USB at the top.
"""

import schemdraw
import schemdraw.elements as elm

FONT = 8
SMALL = 7


def _pins(side, items, lblsize=FONT):
    """IcPins for one side; schemdraw stacks a side's pins from the bottom up."""
    return [
        elm.IcPin(name=name, pin=str(pin), side=side, anchorname="p%s" % pin, lblsize=lblsize, pinlblsize=SMALL)
        for pin, name in items
    ]


def _flag(d, at, text, direction, length=0.8):
    """A short wire from `at` ending in a net label."""
    line = getattr(elm.Line().at(at), direction)().length(length)
    d += line
    d += getattr(elm.Tag().at(line.end), direction)().label(text, fontsize=SMALL)


def _button_label(nl, ref, names):
    return "%s %s" % (ref, names[ref])


def _draw_pico(d, nl, button_names):
    """The Pico at the origin, each button from its GPIO to a ground bus; other pins end in net labels."""
    pins = nl["parts"]["U1"]["pins"]
    left = [(n, pins[str(n)]) for n in range(20, 0, -1)]  # bottom-up: pin 20 first, pin 1 on top
    right = [(n, pins[str(n)]) for n in range(21, 41)]  # bottom-up: pin 21 at the bottom, 40 on top
    pico = elm.Ic(
        pins=_pins("left", left) + _pins("right", right), pinspacing=1.0, edgepadH=0.6, edgepadW=0.5, leadlen=0.6, w=3.6
    ).label("U1 Raspberry Pi Pico\n(USB end up)", loc="top", fontsize=10)
    d += pico
    net_of = _net_index(nl)
    bus = {"left": [], "right": []}
    for side, items in (("left", left), ("right", right)):
        for n, _name in items:
            at = getattr(pico, "p%d" % n)
            pin = "U1.%d" % n
            net = net_of.get(pin)
            if net is None:
                d += elm.NoConnect().at(at)
                continue
            switch = [p for p in nl["nets"][net] if p.startswith("SW") and p.endswith(".1")]
            if switch:
                ref = switch[0].split(".")[0]
                direction = "left" if side == "left" else "right"
                d += getattr(elm.Line().at(at), direction)().length(0.4)
                button = getattr(elm.Button(), direction)().length(3.2)
                # labels above the left buttons, below the right ones: clear of the net labels at pins 32-40
                where = "top" if side == "left" else "bottom"
                d += button.label(_button_label(nl, ref, button_names), loc=where, fontsize=SMALL, ofst=0.05)
                end = getattr(elm.Line(), direction)().length(0.4)
                d += end
                bus[side].append(end.end)
            else:
                _flag(d, at, net, "right" if side == "right" else "left")
    for points in bus.values():  # the common ground of the buttons, a bus down to the ground symbol
        if not points:
            continue
        ys = sorted(p[1] for p in points)
        x = points[0][0]
        for p in points:
            d += elm.Dot(radius=0.06).at(p)
        d += elm.Line().at((x, ys[-1])).to((x, ys[0] - 0.8))
        d += elm.Ground()
    return pico


def _net_index(nl):
    return {pin: name for name, pins in nl["nets"].items() for pin in pins}


def _draw_supply(d, x, y):
    """PS1 into J1, the fuse, the +5 V rail with C1, and D1 into VSYS."""
    j1 = (
        elm.Ic(
            pins=[
                elm.IcPin(name="GND", pin="", side="right", anchorname="gnd", lblsize=SMALL),
                elm.IcPin(name="VBUS", pin="", side="right", anchorname="vbus", lblsize=SMALL),
            ],
            pinspacing=1.0,
            w=1.6,
            leadlen=0.4,
        )
        .right()
        .at((x, y))
        .anchor("vbus")
    )
    d += j1.label("J1 USB-C in\n(from PS1,\n5 V 3 A)", loc="left", fontsize=SMALL)
    d += elm.Line().at(j1.vbus).right().length(0.6)
    d += elm.Fuse().right().length(2.4).label("F1 3 A\npolyfuse", fontsize=SMALL)
    d += (rail := elm.Line().right().length(1.2))
    d += elm.Dot()
    d += elm.Line().right().length(1.6)
    d += elm.Dot()
    top = d.here
    d += elm.Line().right().length(1.0)
    d += elm.Schottky().right().length(2.2).label("D1 1N5819", fontsize=SMALL)
    d += elm.Tag().right().label("VSYS", fontsize=SMALL)
    d += elm.Line().at(top).up().length(0.8)
    d += elm.Vdd().label("+5V", fontsize=SMALL)
    d += elm.Capacitor(polar=True).at(rail.end).down().length(1.8).label("C1 1000 µF", loc="bottom", fontsize=SMALL)
    d += elm.Ground()
    d += elm.Line().at(j1.gnd).right().length(0.6)
    d += elm.Ground()


def _draw_shifter(d, nl, x, y):
    """U2 74AHCT125 with all 14 pins: gate 1 carries the data, gates 2-4 tied off; C2 across it."""
    pins = nl["parts"]["U2"]["pins"]
    left = [(n, pins[str(n)]) for n in range(7, 0, -1)]
    right = [(n, pins[str(n)]) for n in range(8, 15)]
    u2 = (
        elm.Ic(pins=_pins("left", left) + _pins("right", right), pinspacing=0.9, w=2.4, leadlen=0.6, edgepadH=0.4)
        .right()
        .at((x, y))
        .label("U2 74AHCT125 (DIP-14)", loc="top", fontsize=FONT)
    )
    d += u2
    net_of = _net_index(nl)
    for side, items in (("left", left), ("right", right)):
        for n, _ in items:
            at = getattr(u2, "p%d" % n)
            net = net_of.get("U2.%d" % n)
            if net is None:
                d += elm.NoConnect().at(at)
            else:
                _flag(d, at, net, side, length=0.6)
    cx, cy = x + 7.2, y - 1.0  # C2, drawn beside the chip it decouples
    d += elm.Vdd().at((cx, cy)).label("+5V", fontsize=SMALL)
    d += (
        elm.Capacitor()
        .at((cx, cy))
        .down()
        .length(1.6)
        .label("C2 100 nF\nat U2 pins 14-7", loc="bottom", fontsize=SMALL)
    )
    d += elm.Ground()
    return u2


def _net_of_pin(nl, pin):
    return _net_index(nl)[pin]


def _draw_buzzer(d, x, y):
    """GP28 -> R2 -> Q1's base; the piezo BZ1 with R3 across it from +5 V to the collector."""
    d += elm.Tag().at((x, y)).left().label("GP28", fontsize=SMALL)
    d += elm.Line().at((x, y)).right().length(0.4)
    d += elm.Resistor().right().length(2.2).label("R2 1 kΩ", fontsize=SMALL)
    q1 = elm.BjtNpn(circle=True).right().anchor("base").label("Q1\n2N2222A", loc="right", fontsize=SMALL)
    d += q1
    d += elm.Ground().at(q1.emitter)
    d += elm.Line().at(q1.collector).up().length(0.5)
    d += elm.Dot()
    node = d.here
    d += elm.Line().left().length(1.0)
    d += elm.Crystal().up().length(2.0).label("BZ1\npiezo", loc="bottom", fontsize=SMALL)
    d += elm.Line().right().length(1.0)
    d += elm.Dot()
    top = d.here
    d += elm.Line().right().length(1.0)
    d += elm.Resistor().down().length(2.0 + (top[1] - node[1] - 2.0)).label("R3 1 kΩ", loc="bottom", fontsize=SMALL)
    d += elm.Line().left().to(node)
    d += elm.Line().at(top).up().length(0.6)
    d += elm.Vdd().label("+5V", fontsize=SMALL)


def _wire(d, *points):
    """Straight segments through the points."""
    for a, b in zip(points, points[1:]):
        d += elm.Line().at(a).to(b)


def _pin(name, pin, side, anchor):
    return elm.IcPin(name=name, pin=pin, side=side, anchorname=anchor, lblsize=SMALL, pinlblsize=SMALL)


def _draw_chain(d, nl, chain, x, y, row_name):
    """One row of the LED chain. Each device sits behind its JST-XH pair: the cable from the
    board (or from the device before) brings +5 V, data and GND to the pair's left side; its
    right side feeds the device, with the device's 100 nF across VDD and GND."""
    rail_top, rail_bot = y + 2.8, y - 2.8
    step = 8.6
    right_end = x + step * len(chain) - 1.0
    d += elm.Vdd().at((x - 3.6, rail_top)).label("+5V", fontsize=SMALL)
    _wire(d, (x - 3.6, rail_top), (right_end, rail_top))
    d += elm.Ground().at((x - 3.6, rail_bot))
    _wire(d, (x - 3.6, rail_bot), (right_end, rail_bot))
    d += elm.Label().at((x - 3.6, rail_top + 1.3)).label(row_name, fontsize=FONT, halign="left")
    feeder = [
        p for p in nl["nets"][_net_of_pin(nl, chain[0][0] + ".DIN")] if not p.startswith(("J", chain[0][0] + "."))
    ][0]
    if feeder.startswith("R"):  # the first row starts at the series resistor after the level shifter
        resistor = feeder.split(".")[0]
        d += elm.Tag().at((x - 3.2, y)).left().label(_net_of_pin(nl, resistor + ".1"), fontsize=SMALL)
        d += (
            elm.Resistor()
            .at((x - 3.2, y))
            .right()
            .length(2.4)
            .label(
                "%s %s" % (resistor, nl["parts"][resistor]["part"].split(" resistor")[0].replace(" ohm", " Ω")),
                fontsize=SMALL,
            )
        )
        previous = (x - 0.8, y)
    else:
        d += elm.Tag().at((x - 3.2, y)).left().label(_net_of_pin(nl, chain[0][0] + ".DIN"), fontsize=SMALL)
        previous = (x - 3.2, y)
    for n, (ref, jref, what, cap, feed) in enumerate(chain):
        bx = x + step * n
        j = (
            elm.Ic(
                pins=[
                    _pin("", "3", "left", "lg"),
                    _pin("", "2", "left", "ld"),
                    _pin("", "1", "left", "lv"),
                    _pin("GND", "3", "right", "g"),
                    _pin("DATA", "2", "right", "dt"),
                    _pin("5V", "1", "right", "v"),
                ],
                pinspacing=0.7,
                w=1.4,
                leadlen=0.4,
            )
            .right()
            .at((bx, y))
            .anchor("ld")
        )
        d += j.label("%s JST-XH" % jref, loc="bottom", fontsize=SMALL)
        _wire(d, previous, j.ld)
        # the cable's +5 V and GND arrive on the pair's left side
        _wire(d, j.lv, (j.lv[0] - 0.3, j.lv[1]), (j.lv[0] - 0.3, rail_top))
        _wire(d, j.lg, (j.lg[0] - 0.3, j.lg[1]), (j.lg[0] - 0.3, rail_bot))
        d += elm.Dot(radius=0.06).at((j.lv[0] - 0.3, rail_top))
        d += elm.Dot(radius=0.06).at((j.lg[0] - 0.3, rail_bot))
        if feed:
            d += elm.Label().at((j.lv[0] - 0.3, rail_top + 0.5)).label(feed, fontsize=SMALL, halign="left")
        dev = (
            elm.Ic(
                pins=[
                    _pin("DIN", "", "left", "din"),
                    _pin("DOUT", "", "right", "dout"),
                    _pin("VDD", "", "top", "vdd"),
                    _pin("GND", "", "bot", "gnd"),
                ],
                pinspacing=0.8,
                w=2.4,
                h=1.6,
                leadlen=0.4,
            )
            .right()
            .at((j.dt[0] + 0.5, y))
            .anchor("din")
        )
        d += dev.label("%s\n%s" % (ref, what.replace("station light", "station")), fontsize=SMALL, loc="center")
        _wire(d, j.dt, dev.din)
        vdd_y, gnd_y = dev.vdd[1] + 0.3, dev.gnd[1] - 0.3
        _wire(d, j.v, (j.v[0] + 0.25, j.v[1]), (j.v[0] + 0.25, vdd_y), (dev.vdd[0], vdd_y), dev.vdd)
        _wire(d, j.g, (j.g[0] + 0.25, j.g[1]), (j.g[0] + 0.25, gnd_y), (dev.gnd[0], gnd_y), dev.gnd)
        if cap:  # across VDD and GND at the device: down from its VDD wire to a ground symbol
            cx = dev.dout[0] + 0.4
            _wire(d, (dev.vdd[0], vdd_y), (cx, vdd_y))
            d += elm.Dot(radius=0.06).at((dev.vdd[0], vdd_y))
            d += (
                elm.Capacitor()
                .at((cx, vdd_y))
                .down()
                .length(0.8)
                .label(cap + " 100 nF", loc="bottom", fontsize=SMALL, ofst=(0.1, 0.05))
            )
            d += elm.Ground(lead=False)
        previous = dev.dout
    last = chain[-1][0] + ".DOUT"
    nets = [name for name, pins in nl["nets"].items() if last in pins]
    d += elm.Line().at(previous).right().length(0.4)
    if nets:
        d += elm.Tag().right().label(nets[0], fontsize=SMALL)
    else:
        d += elm.NoConnect()


def wiring_svg(nl):
    schemdraw.use("svg")
    schemdraw.config(fontsize=FONT)
    button_names = {}
    from ultimusbox import board

    for button, _, name in board.BUTTONS:
        button_names["SW%d" % (button + 1)] = name
    caps = {p["at"]: ref for ref, p in nl["parts"].items() if ref.startswith("C") and "at" in p}
    chain = []
    for ref, part in nl["parts"].items():
        if "what" in part:
            jref = [r for r, p in nl["parts"].items() if r.startswith("J") and p.get("at") == ref][0]
            chain.append((ref, jref, part["what"], caps.get(ref), nl["parts"][jref].get("feed")))
    chain.sort(key=lambda c: int(c[0][3:]))
    with schemdraw.Drawing(show=False) as d:
        d.config(unit=2.0)
        d += (
            elm.Label()
            .at((-9.0, 26.0))
            .label(
                "ULTIMUS box: the whole circuit. Drawn by tools/hardware.py from firmware/ultimusbox/board.py\n"
                "and hardware/bom.csv (netlist: hardware/netlist.json). A flag is a wire to every flag of the same\n"
                "name; X = pin left open. Buttons need no resistors: the firmware turns on the Pico's pull-ups.",
                fontsize=10,
                halign="left",
            )
        )
        _draw_pico(d, nl, button_names)
        _draw_supply(d, 16.0, 19.0)
        _draw_shifter(d, nl, 19.0, 6.0)
        _draw_buzzer(d, 30.0, 4.0)
        half = len(chain) // 2
        _draw_chain(
            d,
            nl,
            chain[:half],
            20.0,
            -6.0,
            "The LED chain, part 1: the six health wheels (12 pixels each). Each JST-XH pair "
            "takes +5 V, data and GND in one cable from the device before, except where marked.",
        )
        _draw_chain(d, nl, chain[half:], 20.0, -15.0, "The LED chain, part 2: the six station lights, after ring 5.")
    return d.get_imagedata("svg").decode()
