"""`ultimus serve` attacked as a stranger on the table's Wi-Fi would (docs/serve.md, "Trust"): raw sockets with
a foreign Origin or Host, a stranger on the public table socket, a seat's token on the referee's controls, a
token derived from the seed, replayed requests, malformed frames, files others could read, and a link left
with the referee's eye. Each attempt is counted, and every one must be refused; the real browser's attack (a
page of another origin) is tests/test_web_browser_trust.py.
"""

import hashlib
import json
import os
import socket
import stat
import time

import pytest
from websockets.exceptions import InvalidStatus

from web_helpers import Page, Served, new_game

FOREIGN = "http://evil.example"


@pytest.fixture
def served(tmp_path):
    with Served(tmp_path / "box", seed=1) as s:
        yield s


def raw_http(port, path, host=None, origin=None, method="GET", upgrade=False):
    """The status of one request written by hand (whatever Host and Origin a script may send)."""
    lines = ["%s %s HTTP/1.1" % (method, path), "Host: %s" % (host or "127.0.0.1:%d" % port)]
    if origin is not None:
        lines.append("Origin: %s" % origin)
    if upgrade:
        lines += [
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13",
        ]
    else:
        lines.append("Connection: close")
    if method == "POST":
        lines += ["Content-Type: application/x-www-form-urlencoded", "Content-Length: 11"]
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n" + ("op=new_game" if method == "POST" else "")).encode())
        first = s.recv(4096).split(b"\r\n", 1)[0]
    finally:
        s.close()
    return int(first.split()[1])


def started(served, **setup):
    referee = Page(served, served.referee_path)
    tokens = new_game(served, referee, **setup)
    referee.wait(lambda p: p["game"] and served.bridge.game is not None)
    return referee, tokens


def refused_handshake(served, path, **connect):
    with pytest.raises(InvalidStatus) as refused:
        Page(served, path, **connect)
    return refused.value.response.status_code


def test_a_foreign_origin_or_host_is_refused_before_anything_on_every_route_and_socket(served):
    referee, tokens = started(served, game="ultimus", players=2, mode="full", battles=1)
    key_path = served.server.referee_path
    sockets = ["/ws/table", "/ws" + key_path, "/ws/seat/" + tokens[0]]
    pages = ["/", key_path, "/seat/" + tokens[0], "/static/table.js"]
    before = len(served.bridge.game.log), list(served.bridge.seat_tokens)
    guard = served.server.app
    refused = 0
    for path in sockets:  # cross-site WebSocket hijacking: a page of another site opens the socket
        for origin in (FOREIGN, "null", "http://127.0.0.1:%d.evil.example" % served.port, "file://"):
            assert raw_http(served.port, path, origin=origin, upgrade=True) == 403, (path, origin)
            refused += 1
        assert refused_handshake(served, path, origin=FOREIGN) == 403
        refused += 1
    for path in sockets + pages:  # DNS rebinding: a name of the attacker's that resolves to this machine
        assert raw_http(served.port, path, host="evil.example:%d" % served.port, upgrade=path in sockets) == 403
        assert raw_http(served.port, path, host="evil.example:%d" % served.port, origin=FOREIGN) == 403
        refused += 2
    for path in pages:  # a form of another site posted here
        assert raw_http(served.port, path, origin=FOREIGN, method="POST") == 403
        refused += 1
    assert guard.refused["origin"] + guard.refused["host"] == refused == 33
    # what the guard lets through: this server's own names, with and without an Origin (a script, a page of its)
    for host in ("127.0.0.1:%d" % served.port, "localhost:%d" % served.port):
        assert raw_http(served.port, "/", host=host) == 200
        assert raw_http(served.port, "/", host=host, origin="http://" + host) == 200
        assert raw_http(served.port, "/ws/table", host=host, origin="http://" + host, upgrade=True) == 101
    assert (len(served.bridge.game.log), list(served.bridge.seat_tokens)) == before


def test_a_stranger_on_the_public_table_socket_does_nothing_and_sees_no_code(served):
    referee, tokens = started(served, game="ultimus", players=2, mode="full", battles=1)
    stranger = Page(served, "/ws/table")
    page = stranger.wait(lambda p: p["game"])
    log = len(served.bridge.game.log)
    tried = [
        {"op": "new_game", "game": "munera", "players": 2},
        {"op": "press", "button": 20},  # CONFIRM
        {"op": "press", "button": 9},  # station 4's THINK: a secret choice in the shout phase
        {"op": "referee", "n": page["n"], "i": 0},
        {"op": "qr_on"},
        {"op": "qr_off"},
        {"op": "hand", "seat": 0},
        {"op": "do", "n": page["n"], "i": 0},
    ]
    for request in tried:
        stranger.send(**request)
    deadline = time.monotonic() + 10
    while len(stranger.said) < len(tried) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(stranger.said) == len(tried) == 8
    assert all("acts on nothing" in s for s in stranger.said)
    time.sleep(0.5)
    assert len(served.bridge.game.log) == log and served.bridge.playing == "ultimus"
    assert served.bridge.qr  # the referee's codes are still up (qr_off refused)...
    for text in stranger.frames:  # ...and never reached the public page: no token, no code, no referee action
        frame = json.loads(text)
        assert not any(t in text for t in tokens) and not frame.get("qr") and not frame.get("referee")
    assert referee.latest["qr"] and referee.latest["referee"] is not None


def test_a_seat_s_token_or_a_wrong_key_opens_none_of_the_referee_s_controls(served):
    referee, tokens = started(served, game="ultimus", players=2, mode="full", battles=1)
    key = served.server.key
    refused = 0
    for wrong in tokens + [key[:-1], key.upper(), "0" * 32, key + "0", ""]:
        status = raw_http(served.port, "/referee/" + wrong)
        assert status in (403, 404) and (status == 403 or wrong == "")
        if wrong:
            assert refused_handshake(served, "/ws/referee/" + wrong) == 403
            refused += 2
    seat = Page(served, "/ws/seat/" + tokens[0])
    seat.wait(lambda p: p["kind"] == "seat")
    log = len(served.bridge.game.log)
    for request in ({"op": "new_game", "game": "munera"}, {"op": "press", "button": 20}, {"op": "referee", "i": 0}):
        seat.send(**request)
        refused += 1
    deadline = time.monotonic() + 10
    while len(seat.said) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert seat.said == ["a seat's page has one request: do"] * 3 and refused == 15
    assert len(served.bridge.game.log) == log and served.bridge.playing == "ultimus"


def derived(setup, who):
    """The token 0.2 and 0.3 derived from the game's seed (what a spectator computes once the seed is public)."""
    text = "ultimus-token:%s:%s:%s" % (who, setup.get("seed"), setup.get("players"))
    return hashlib.sha256(text.encode()).digest()[:8].hex()


def test_a_token_derived_from_the_public_seed_opens_nothing(served):
    referee, tokens = started(served, game="ultimus", players=2, mode="full", battles=1)
    setup = served.bridge.game.setup  # the replica's: the seed the table reads once the game is over
    guesses = [derived(setup, "referee")] + [derived(setup, seat) for seat in range(2)]
    assert not set(guesses) & set(tokens + [served.bridge.referee_token, served.server.key])
    for guess in guesses:
        assert raw_http(served.port, "/seat/" + guess) == 403
        assert raw_http(served.port, "/referee/" + guess) == 403
    assert served.bridge.game is not None and len(tokens) == 2


def test_a_token_derived_from_the_seed_is_refused_on_the_link_and_the_box_s_own_are_random():
    """On the box's link: a spectator who knows the seed (a game over, or a fixed seed) computes 0.2's tokens and
    gets bad_token for each; two games of the same set-up and seed get different tokens."""
    from ultimus_host.fakes import FakeBoard
    from ultimusbox.runtime import Box

    seen = []
    for _ in range(2):
        fb = FakeBoard()
        fb.urandom = os.urandom  # as the virtual box's and the Pico's drivers give it
        box = Box(fb, lambda: b"\x07" * 8)  # the drivers' entropy fixed: the tokens do not follow it
        box.link.feed(b'{"id": 0, "op": "new_game", "players": 3, "seed": 5, "mode": "full", "battles": 1}\n')
        lines = [json.loads(x) for x in b"".join(box.link.out).splitlines()]
        reply = [x for x in lines if x.get("id") == 0][0]
        seen.append([reply["referee"]] + reply["seats"])
        box.link.feed(b'{"id": 1, "op": "auth"}\n')  # a spectator now
        box.link.out[:] = []
        setup = box.shell.game.setup
        for who in ["referee", 0, 1, 2]:
            box.link.feed(json.dumps({"id": 2, "op": "auth", "token": derived(setup, who)}).encode() + b"\n")
            assert json.loads(b"".join(box.link.out).splitlines()[-1])["error"]["code"] == "bad_token"
        assert box.link.eye is None
    assert not set(seen[0]) & set(seen[1]) and len(set(seen[0])) == 4


def test_a_replayed_request_is_refused(served):
    """A seat's action sent again (a captured frame replayed) is of a moment gone; a confirmed new game's frame
    sent again asks again, and starts nothing."""
    referee, tokens = started(served, game="munera", players=2)
    seats = [Page(served, "/ws/seat/" + t) for t in tokens]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the referee's and the box's work until a seat may act
        pages = [s.wait(lambda p: p["kind"] == "seat") for s in seats]
        movers = [i for i, p in enumerate(pages) if p["actions"]]
        if movers:
            break
        table = referee.latest
        referee.send(op="referee", n=table["n"], i=0) if table["referee"] else referee.send(op="press", button=20)
        time.sleep(0.3)
    mover = seats[movers[0]]
    page = pages[movers[0]]
    log = len(served.bridge.game.log)
    frame = {"op": "do", "n": page["n"], "i": page["actions"][0]["i"]}
    mover.send(**frame)
    mover.wait(lambda p: p["n"] != page["n"])
    assert len(served.bridge.game.log) == log + 1
    mover.send(**frame)  # the same frame again
    deadline = time.monotonic() + 10
    while not [s for s in mover.said if s] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [s for s in mover.said if s] == ["the table moved on meanwhile: look again and choose"]
    assert len(served.bridge.game.log) == log + 1
    # a new game while one is played: asked first; the confirmation works once
    form = {"op": "new_game", "game": "ultimatum", "players": 2}
    referee.send(**form)
    deadline = time.monotonic() + 10
    while not referee.other and time.monotonic() < deadline:
        time.sleep(0.05)
    question = referee.other[-1]
    assert question["kind"] == "ask" and "kept aside" in question["text"] and served.bridge.playing == "munera"
    referee.send(**dict(form, confirm=question["id"]))
    referee.wait(lambda p: p["game"] == "Ultimatum")
    game_id = served.bridge.game_id
    asked = len(referee.other)
    referee.send(**dict(form, confirm=question["id"]))  # the confirmed frame replayed
    deadline = time.monotonic() + 10
    while len(referee.other) == asked and time.monotonic() < deadline:
        time.sleep(0.05)
    assert referee.other[-1]["kind"] == "ask" and referee.other[-1]["id"] != question["id"]
    assert served.bridge.game_id == game_id  # no third game
    folder = served.server.boxthread.vbox.state_dir
    assert os.path.exists(os.path.join(folder, "game-1.jnl")) and not os.path.exists(os.path.join(folder, "game-2.jnl"))
    notices = referee.wait(lambda p: p["notices"])["notices"]
    assert any("kept aside" in n and "game-1.jnl" in n for n in notices), notices


@pytest.mark.parametrize(
    "frame",
    [
        '{"op": "new_game", "game": "ultimus", "players": Infinity}',
        '{"op": "new_game", "game": "ultimus", "players": 2, "battles": Infinity}',
        '{"op": "new_game", "game": ["ultimus"], "players": 2}',
        '{"op": "new_game", "game": {"name": "ultimus"}, "players": 2}',
        '{"op": "new_game", "game": "ultimus", "players": -Infinity}',
        '{"op": "new_game", "game": "ultimus", "players": NaN}',
        '{"op": "new_game", "game": "ultimus", "players": 1e400}',
        '{"op": "press", "button": Infinity}',
        '{"op": ["press"]}',
        "[1, 2]",
        '"new_game"',
        "not json",
        "[" * 5000 + "]" * 5000,
    ],
)
def test_a_malformed_frame_gets_one_line_on_its_own_socket_and_everything_goes_on(served, frame, capfd):
    referee = Page(served, served.referee_path)
    other = Page(served, served.referee_path)
    referee.wait(lambda p: True)
    referee.ws.send(frame)
    deadline = time.monotonic() + 10
    while not referee.said and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    assert len(referee.said) == 1 and not other.said, referee.said
    assert served.bridge.game is None  # no game started from it
    tokens = new_game(served, referee, game="ultimus", players=2)  # the same socket goes on, and the server
    assert len(tokens) == 2 and other.wait(lambda p: p["game"] == "ULTIMUS")
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err


def test_the_files_that_hold_secrets_are_the_owner_s_only(served):
    referee, tokens = started(served, game="ultimus", players=2, mode="full", battles=1)
    folder = served.server.boxthread.vbox.state_dir
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    names = ["game.jnl", "tokens.json", "referee.key"]
    for name in names:
        assert stat.S_IMODE(os.stat(os.path.join(folder, name)).st_mode) == 0o600, name
    with open(os.path.join(folder, "game.jnl")) as f:
        kept = f.readline()
    assert all(t in kept for t in tokens)  # kept where the box keeps its game: its journal's header


def test_serve_answers_on_localhost_beside_the_address_it_prints(tmp_path):
    """The address served on is not the loopback here (127.0.0.2, as a LAN address would be): localhost answers
    too, with the same guard."""
    import threading

    import uvicorn

    from ultimus_host.web.serve import Server
    from web_helpers import free_port

    port = free_port()
    server = Server(str(tmp_path / "box"), None, "127.0.0.2", port, seed=1, say=lambda *a: None)
    sockets = server.sockets()
    web = uvicorn.Server(server.uvicorn_config())
    thread = threading.Thread(target=web.run, kwargs={"sockets": sockets}, daemon=True)
    server.start()
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not web.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert server.url == "http://127.0.0.2:%d" % port
        assert raw_http(port, "/", host="localhost:%d" % port) == 200
        s = socket.create_connection(("127.0.0.2", port), timeout=5)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.2:%d\r\nConnection: close\r\n\r\n" % port)
        assert s.recv(100).split()[1] == b"200"
        s.close()
        assert raw_http(port, "/", host="evil.example:%d" % port) == 403
    finally:
        web.should_exit = True
        thread.join(5)
        server.stop()


def link_box():
    from ultimus_host.fakes import FakeBoard
    from ultimusbox.runtime import Box

    return Box(FakeBoard(), lambda: b"\x05" * 8)


def ask(box, **request):
    box.link.out[:] = []
    box.link.feed(json.dumps(dict(request, id=9)).encode() + b"\n")
    return [x for x in (json.loads(y) for y in b"".join(box.link.out).splitlines()) if x.get("id") == 9][0]


@pytest.mark.parametrize(
    "setup, key",
    [
        ({"game": "ultimus", "players": 2, "battles": 64}, "battles"),
        ({"game": "ultimus", "players": 2, "battles": 65}, "battles"),
        ({"game": "ultimus", "players": 2, "battles": 10}, "battles"),
        ({"game": "munera", "gladiators": ["murmillo", "retiarius"], "spared_today": 65}, "spared_today"),
        ({"game": "munera", "gladiators": ["murmillo", "retiarius"], "spared_today": 11}, "spared_today"),
    ],
)
def test_a_new_game_s_set_up_values_are_bounded_on_the_link(setup, key):
    """A new game's values stop where a table's do (ULTIMUS's battles at the box's own 9, Munera's others spared
    today at 10); the rules' one check keeps 1-99 and 0-99, so that a save that holds more still replays."""
    from ultimusbox import games

    box = link_box()
    reply = ask(box, op="new_game", **setup)
    assert reply["error"]["code"] == "bad_setup" and reply["error"]["key"] == key and box.shell.game is None
    old = dict(setup, seed=3)
    del old["game"]
    assert games.build(setup["game"], old).setup[key] == setup[key]  # an old save's set-up: still played
    within = dict(setup, **{key: 9 if key == "battles" else 10})
    assert ask(box, op="new_game", **within)["ok"]


def pairings(page, count, seconds=15):
    deadline = time.monotonic() + seconds
    while len([f for f in page.other if f["kind"] == "pairing" and f.get("done")]) < count:
        assert time.monotonic() < deadline, page.other
        time.sleep(0.05)
    return [f for f in page.other if f["kind"] == "pairing" and f.get("done")]


def asked_for_a_seat(page):
    """A phone on the public table page asks for a seat, and is told to press SHOUT at its station."""
    page.wait(lambda p: p["game"])
    page.send(op="join")
    deadline = time.monotonic() + 10
    while not any("press SHOUT" in f["text"] for f in page.other):
        assert time.monotonic() < deadline, page.other
        time.sleep(0.05)


def press_shout(box, station):
    from ultimusbox import board

    box.fb.buttons.push(board.SHOUT_0 + station)  # a hand on the box itself


def pair_and_hand(served, press):
    """Two phones take their seats by their stations' SHOUT; a stranger's phone then finds no seat to take; the
    referee hands station 2 to another phone, whose SHOUT takes it; the first phone of station 2 is gone."""
    referee, qr_tokens = started(served, game="ultimus", players=2, mode="full", battles=1)
    phones = [Page(served, "/ws/table") for _ in range(2)]
    for i, phone in enumerate(phones):
        asked_for_a_seat(phone)
        press(i)
        done = pairings(phone, 1)[0]
        assert done["text"] == "you are station %d" % (i + 1) and done["seat"].startswith("/seat/")
    seat_tokens = [pairings(p, 1)[0]["seat"].rsplit("/", 1)[1] for p in phones]
    assert not set(seat_tokens) & set(qr_tokens)  # the codes shown before are dead: pairing drew fresh tokens
    for old in qr_tokens:
        assert raw_http(served.port, "/seat/" + old) == 403
    seats = [Page(served, "/ws/seat/" + t) for t in seat_tokens]
    assert [s.wait(lambda p: p["kind"] == "seat")["who"] for s in seats] == ["station 1", "station 2"]
    referee.wait(lambda p: [s["paired"] for s in p["seats"]] == [True, True] and not p["qr"])
    stranger = Page(served, "/ws/table")
    stranger.wait(lambda p: p["game"])
    stranger.send(op="join")
    assert "every seat of this game has its phone" in pairings(stranger, 1)[0]["text"]
    referee.send(op="hand", seat=1)
    deadline = time.monotonic() + 10
    while not seats[1].latest or seats[1].latest.get("kind") != "gone":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert raw_http(served.port, "/seat/" + seat_tokens[1]) == 403
    newcomer = Page(served, "/ws/table")
    newcomer.wait(lambda p: p["game"])
    newcomer.send(op="join")
    time.sleep(0.5)
    press(0)  # station 1's SHOUT: its seat has its phone, so it is a game's press, never a pairing
    press(1)
    done = pairings(newcomer, 1)[0]
    assert done["text"] == "you are station 2"
    for page in [referee, stranger, newcomer] + phones:  # no shared screen ever showed a paired seat's token
        for text in page.frames:  # (a phone's own pairing frame, to it alone, carries its seat)
            if json.loads(text)["kind"] != "pairing":
                assert not any(t in text for t in seat_tokens + [done["seat"]]), page


def test_seats_pair_by_their_station_s_shout_on_the_virtual_box(served):
    box = served.server.boxthread.vbox
    pair_and_hand(served, lambda station: press_shout(box, station))


def test_seats_pair_by_their_station_s_shout_on_a_box_over_its_link(tmp_path):
    """`serve --box PORT`: the box is another program (a virtual box on its own thread, as a Pico on USB is): the
    pairing goes over the link (pair, paired)."""
    import threading

    import uvicorn

    from ultimus_host.web.serve import Server, VirtualBoxThread
    from web_helpers import free_port

    box = VirtualBoxThread(str(tmp_path / "box"), seed=3)
    port = free_port()
    server = Server(None, box.vbox.path, "127.0.0.1", port, say=lambda *a: None, key_dir=str(tmp_path / "key"))
    web = uvicorn.Server(server.uvicorn_config())
    thread = threading.Thread(target=web.run, daemon=True)
    server.start()
    thread.start()
    try:
        while not web.started:
            time.sleep(0.02)
        served = type("S", (), {"port": port, "bridge": server.bridge, "referee_path": "/ws" + server.referee_path})
        pair_and_hand(served(), lambda station: press_shout(box.vbox, station))
    finally:
        web.should_exit = True
        thread.join(5)
        server.stop()
        box.stop()


def raw_line(port, request, seconds=5):
    """One request written on the box's link as any program could (no hello first), and its reply."""
    import serial

    s = serial.Serial(port, 115200, timeout=0.1)
    try:
        s.write(json.dumps(dict(request, id="raw")).encode() + b"\n")
        deadline = time.monotonic() + seconds
        buffer = b""
        while time.monotonic() < deadline:
            buffer += s.read(4096)
            for line in buffer.split(b"\n"):
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                if isinstance(msg, dict) and msg.get("id") == "raw":
                    return msg
        raise AssertionError("no reply: %r" % buffer[-300:])
    finally:
        s.close()


def test_a_program_on_the_link_after_a_referee_s_connect_quit_is_no_referee(tmp_path):
    """`ultimus connect` as the referee (its token), then quits: the next program on the port, with no token, is
    a spectator whatever it sends first (an action, a press, `end_game`: all refused). A connect killed before it
    could give the eye back: the next host's `hello` makes the link a spectator's."""
    import signal
    import subprocess
    import sys

    from test_host_sim import ROOT, start_sim, stop
    from ultimus_host.client import LinkClient

    proc, port = start_sim(tmp_path / "box")
    try:
        client = LinkClient(port)
        client.call("new_game", players=2, seed=6, mode="box")
        referee = client.tokens["referee"]
        client.close()
        command = [sys.executable, "-m", "ultimus_host.cli", "connect", port, "--token", referee]
        done = subprocess.run(command, input="state\nquit\n", capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert done.returncode == 0 and "sees as the referee" in done.stdout, done.stdout + done.stderr
        refused = 0
        for request in (
            {"op": "apply", "action": {"a": "set_loudest", "p": 1}},
            {"op": "press", "button": 20},
            {"op": "end_game"},
            {"op": "renew", "p": 0},
            {"op": "pair"},
        ):
            reply = raw_line(port, request)
            assert reply["error"]["code"] == "not_allowed", (request, reply)
            refused += 1
        assert raw_line(port, {"op": "state"})["eye"] is None and "tokens" not in raw_line(port, {"op": "state"})
        # a referee's connect killed (no chance to give the eye back): the next host opens with hello
        killed = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT
        )
        deadline = time.monotonic() + 20
        while "sees as the referee" not in killed.stdout.readline():
            assert time.monotonic() < deadline
        killed.send_signal(signal.SIGKILL)
        killed.wait(5)
        after = LinkClient(port)
        try:
            assert after.call("hello") and after.call("state")["eye"] is None
            reply = after.request("apply", action={"a": "set_loudest", "p": 1})
            assert reply["error"]["code"] == "not_allowed"
            refused += 1
        finally:
            after.close()
        assert refused == 6
    finally:
        stop(proc)


def test_a_damaged_journal_is_told_in_serve_s_terminal_and_on_every_page(tmp_path):
    folder = tmp_path / "box"
    with Served(folder, seed=2) as served:
        referee, tokens = started(served, game="munera", players=2)
        for _ in range(6):  # a few actions of the referee's and the box's
            page = referee.wait(lambda p: p["game"])
            referee.send(op="referee", n=page["n"], i=0) if page["referee"] else referee.send(op="press", button=20)
            time.sleep(0.3)
    path = folder / "game.jnl"
    lines = path.read_bytes().split(b"\n")
    assert len(lines) > 4, lines
    lines[2] = lines[2][:12] + (b"X" if lines[2][12:13] != b"X" else b"Y") + lines[2][13:]  # a flipped byte
    path.write_bytes(b"\n".join(lines))
    told = []
    served = Served.__new__(Served)
    import threading

    import uvicorn

    from ultimus_host.web.serve import Server
    from web_helpers import free_port

    port = free_port()
    server = Server(str(folder), None, "127.0.0.1", port, seed=2, say=told.append)
    served.server, served.port = server, port
    served.referee_path = "/ws" + server.referee_path
    web = uvicorn.Server(server.uvicorn_config())
    thread = threading.Thread(target=web.run, daemon=True)
    server.start()
    thread.start()
    try:
        while not web.started:
            time.sleep(0.02)
        assert any("the saved game was damaged" in t and "game-1.jnl" in t for t in told), told
        pages = [Page(served, "/ws/table"), Page(served, served.referee_path)]
        pages += [Page(served, "/ws/seat/" + t) for t in server.bridge.seat_tokens]
        for page in pages:
            notices = page.wait(lambda p: p.get("notices"))["notices"]
            assert any("damaged" in n for n in notices), notices
    finally:
        web.should_exit = True
        thread.join(5)
        server.stop()
