"""Issue 30 under MicroPython: phones paired with their stations, on the box's own code (ultimusbox.handover).

The referee's link asks for a pairing: the stations without a phone blink blue, a SHOUT pairs its station
(a fresh token, heard by the referee's link alone), a seat opened by its code is marked paired, a seat is
handed on, and the box restarted on the same flash keeps which seats have their phone. Under MicroPython
(tools/mp_run.mjs) it prints the lines of `lines()`; under CPython the test imports `lines` and compares: the
same pairings on every runtime, the tokens drawn from the drivers' entropy where the port has no urandom.
"""

import json

from ultimus_host.fakes import FakeBoard, FakeStorage
from ultimusbox import board, display
from ultimusbox.runtime import Box


def _reply(box, request):
    box.link.out[:] = []
    box.link.feed(json.dumps(request).encode() + b"\n")
    heard = [json.loads(line) for line in b"".join(box.link.out).splitlines()]
    box.link.out[:] = []
    return [m for m in heard if m.get("id") == request["id"]][0]


def _lights(box, stations):
    """Each station's light while the blink is on: "blue", "off" or "other"."""
    data = display.render(box.shell, 0)  # 0 ms: the blink's on half
    out = []
    for station in stations:
        i = 3 * board.seat_pixel(station)
        rgb = (data[i], data[i + 1], data[i + 2])
        out.append("blue" if rgb[2] and not rgb[0] and not rgb[1] else ("off" if rgb == (0, 0, 0) else "other"))
    return " ".join(out)


def lines():
    storage = FakeStorage()
    box = Box(FakeBoard(storage), lambda: b"\x07" * 8)
    started = _reply(box, {"id": 1, "op": "new_game", "game": "morituri", "players": 3, "seed": 9})
    box.link.attach()
    shell = box.shell
    stations = shell.settings["stations"]
    first = list(shell.tokens["seats"])
    distinct = len(set(first + [shell.tokens["referee"]])) == 4
    out = ["new_game ok=%s seats=%d distinct=%s" % (started["ok"], len(first), distinct)]
    out.append("before pair: %s" % _lights(box, stations))
    asked = _reply(box, {"id": 2, "op": "pair"})
    out.append("pair ok=%s: %s" % (asked["ok"], _lights(box, stations)))
    before = len(shell.game.log)
    box.link.out[:] = []
    shell.press(board.SHOUT_0 + stations[1], shell.clock.us())
    events = [json.loads(line).get("ev") or {} for line in b"".join(box.link.out).splitlines()]
    paired = [e for e in events if e.get("e") == "paired"]
    token = paired[0]["hidden"]["token"] if paired else None
    out.append(
        "SHOUT at station 2: paired p=%s fresh=%s game input=%s: %s"
        % (
            paired[0]["p"] if paired else None,
            token not in first and token == shell.tokens["seats"][1],
            len(shell.game.log) != before,
            _lights(box, stations),
        )
    )
    opened = _reply(box, {"id": 3, "op": "pair", "p": 2})
    out.append("pair p=2 (its code opened) ok=%s paired=%s" % (opened["ok"], shell.tokens["paired"]))
    bad = _reply(box, {"id": 4, "op": "pair", "p": 7})
    out.append("pair p=7: %s" % bad["error"]["code"])
    handed = _reply(box, {"id": 5, "op": "renew", "p": 1})
    out.append("renew p=1: fresh=%s paired=%s" % (handed["token"] not in (token, first[1]), shell.tokens["paired"]))
    kept = json.loads(json.dumps(shell.tokens))
    again = Box(FakeBoard(storage), lambda: b"\x07" * 8)  # the power cut: the same flash, a new box
    out.append("after a restart: same tokens=%s" % (again.shell.tokens == kept))
    return out


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None

if ARGS is not None:
    for line in lines():
        print(line)
