"""`ultimus serve` attacked where a cheating player or a stranger's script would go for a seat (a review's
findings, tried here as they were found): a "take a seat" that waits for an honest player's SHOUT, many
sockets of one address taking every turn of the pairing, a paired seat's fresh code printed in serve's
terminal, thousands of sockets, huge frames, another site framing the pages. Each must fail; what a player
is owed holds (their seat, their move, their secrets). tests/test_web_trust.py is the stranger's first tries.
"""

import json
import random
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from test_web_trust import asked_for_a_seat, pairings, press_shout, raw_http, started
from ultimusbox import board
from web_helpers import Page, Served, play


@pytest.fixture
def served(tmp_path):
    with Served(tmp_path / "box", seed=1) as s:
        yield s


def box_state(served):
    """The box's own word on the running game: its tokens (and which seats have a phone) and its actions, read
    off the virtual box itself (the server's link is its bridge's alone)."""
    shell = served.server.boxthread.vbox.box.shell
    return {"tokens": json.loads(json.dumps(shell.tokens)), "actions": len(shell.game.log)}


def test_a_seat_opened_by_its_code_cannot_be_taken_by_a_stranger_s_join_and_its_player_s_shout(served):
    """Station 1's player opened the seat with its QR code; a stranger asks for a seat and waits for that
    player's next SHOUT: the seat stays the player's (its page, its token), the stranger gets nothing."""
    box = served.server.boxthread.vbox
    referee, tokens = started(served, game="morituri", players=2)
    mine = Page(served, "/ws/seat/" + tokens[0])
    assert mine.wait(lambda p: p["kind"] == "seat")["who"] == "station 1"
    deadline = time.monotonic() + 10
    while not box_state(served)["tokens"]["paired"][0]:  # the box knows the seat has its phone
        assert time.monotonic() < deadline, box_state(served)["tokens"]
        time.sleep(0.05)
    stranger = Page(served, "/ws/table")
    asked_for_a_seat(stranger)
    press_shout(box, 0)
    time.sleep(1.0)
    assert not [f for f in stranger.other if f.get("seat")], stranger.other
    assert box_state(served)["tokens"]["seats"][0] == tokens[0]
    assert mine.latest["kind"] == "seat" and raw_http(served.port, "/seat/" + tokens[0]) == 200
    referee.wait(lambda p: len(p.get("qr") or []) == 1)  # station 1's code is down: its phone has it


def test_a_waiting_pairing_never_takes_a_player_s_secret_shout_and_the_box_shows_it_waits(served):
    """ULTIMUS's shout phase (the box's game, where a SHOUT on the box is the whole choice), a seat with no phone:
    a stranger's "take a seat" waits. The stations without a
    phone blink blue on the box while it waits; the player's SHOUT is their secret choice, taken as such,
    never the stranger's pairing."""
    box = served.server.boxthread.vbox
    referee, tokens = started(served, game="ultimus", players=2, mode="box", battles=1)
    seats = [Page(served, "/ws/seat/" + t) for t in tokens]
    play(referee, seats, random.Random(3), lambda tp: served.bridge.game.state["phase"] == "shout")
    referee.send(op="hand", seat=1)  # station 2's phone is out: its seat is played at the box now
    seats[1].thread.join(10)
    deadline = time.monotonic() + 10
    while box_state(served)["tokens"]["paired"][1]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    tokens = box_state(served)["tokens"]["seats"]
    stranger = Page(served, "/ws/table")
    asked_for_a_seat(stranger)
    time.sleep(0.5)
    lights, blue = [], False
    for _ in range(40):  # the blink's on half, at the station whose seat has no phone
        lights.append(box.fb.leds.pixel(board.seat_pixel(served.bridge.stations[1])))
        if lights[-1][2] > 0 and lights[-1][0] == lights[-1][1] == 0:
            blue = True
            break
        time.sleep(0.05)
    assert blue, lights
    before = box_state(served)["actions"]
    press_shout(box, served.bridge.stations[1])  # the player's move
    deadline = time.monotonic() + 10
    while box_state(served)["actions"] == before:
        assert time.monotonic() < deadline, "the player's SHOUT was swallowed"
        time.sleep(0.05)
    assert not [f for f in stranger.other if f.get("seat")], stranger.other
    assert box_state(served)["tokens"]["seats"] == tokens


def test_one_address_s_many_sockets_wait_for_one_seat_at_a_time(served):
    """A script's thirty table sockets all ask for a seat: the first waits for a SHOUT, every other is told it
    waits already; a SHOUT pairs one seat with it, never two."""
    box = served.server.boxthread.vbox
    started(served, game="morituri", players=3)
    script = [Page(served, "/ws/table") for _ in range(10)]
    for page in script:
        page.wait(lambda p: p["game"])
        page.send(op="join")
    deadline = time.monotonic() + 10
    while sum(1 for p in script for f in p.other if f.get("done")) < len(script) - 1:
        assert time.monotonic() < deadline, [p.other for p in script]
        time.sleep(0.05)
    told = [f["text"] for p in script for f in p.other]
    assert sum("press SHOUT" in t for t in told) == 1 and sum("one at a time" in t for t in told) == 9, told
    press_shout(box, 0)
    press_shout(box, 1)
    time.sleep(1.0)
    assert sum(1 for p in script for f in p.other if f.get("seat")) == 1
    assert box_state(served)["tokens"]["paired"].count(1) == 1


def test_serve_s_terminal_never_prints_a_seat_a_phone_took(served):
    """The codes printed in serve's terminal after a new game: a seat's fresh code after its pairing, or one a
    phone opened, is never printed again (the terminal may be a screen the table sees)."""
    printed = []
    served.bridge.on_seats = lambda tokens, names: printed.extend(tokens)
    box = served.server.boxthread.vbox
    referee, tokens = started(served, game="munera", players=3)
    deadline = time.monotonic() + 10
    while sorted(printed) != sorted(tokens):
        assert time.monotonic() < deadline, (printed, tokens)
        time.sleep(0.05)
    phone = Page(served, "/ws/table")
    asked_for_a_seat(phone)
    press_shout(box, 1)
    fresh = pairings(phone, 1)[0]["seat"].rsplit("/", 1)[1]
    Page(served, "/ws/seat/" + tokens[2]).wait(lambda p: p["kind"] == "seat")  # station 3 by its code
    referee.send(op="hand", seat=0)  # station 1 handed on: its new code is printed, for the next phone
    deadline = time.monotonic() + 10
    while len(printed) < 4:
        assert time.monotonic() < deadline, printed
        time.sleep(0.05)
    time.sleep(0.5)
    assert fresh not in printed and len(printed) == 4 and printed[3] not in tokens


def test_a_script_s_thousand_sockets_are_refused_and_the_referee_still_gets_in(served):
    """The table page's sockets are few per address and few in all: the next is refused at its handshake (403),
    the referee's and a seat's open as ever."""
    referee, tokens = started(served, game="munera", players=2)
    opened, refused = [], 0
    for _ in range(40):
        try:
            opened.append(Page(served, "/ws/table"))
        except InvalidStatus as exc:
            assert exc.response.status_code == 403
            refused += 1
    assert 0 < len(opened) <= 12 and refused == 40 - len(opened)
    Page(served, served.referee_path).wait(lambda p: p["game"])
    Page(served, "/ws/seat/" + tokens[1]).wait(lambda p: p["kind"] == "seat")
    for page in opened:
        page.close()
    time.sleep(0.3)
    Page(served, "/ws/table").wait(lambda p: p["game"])  # room again once they went


def test_a_huge_frame_closes_its_own_socket_and_nothing_else(served):
    referee, tokens = started(served, game="munera", players=2)
    huge = Page(served, "/ws/table")
    huge.wait(lambda p: p["game"])
    try:
        huge.ws.send(json.dumps({"op": "join", "pad": "x" * (1 << 20)}))
    except ConnectionClosed:
        pass
    huge.thread.join(10)  # its reader ends: the server closed that socket
    assert not huge.thread.is_alive()
    other = Page(served, "/ws/table")
    assert other.wait(lambda p: p["game"])["kind"] == "table"


@pytest.mark.parametrize("path", ["/", "/static/table.js", "/nowhere"])
def test_no_page_may_be_framed_by_another_site_nor_leak_its_address_in_a_referer(served, path):
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    conn.request("GET", path)
    answer = conn.getresponse()
    headers = {k.lower(): v for k, v in answer.getheaders()}
    conn.close()
    assert headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer" and headers["x-content-type-options"] == "nosniff"
