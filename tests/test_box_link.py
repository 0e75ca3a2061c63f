"""The link server over a fake serial port: the protocol, its errors, and no secrets."""

import json
import os
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from box_battle import SCRIPT, new_box, run_line  # noqa: E402
from games.ultimus import VERSION  # noqa: E402
from games.ultimus.rules import RULES  # noqa: E402
from referee.engine import replay  # noqa: E402
from ultimusbox import board  # noqa: E402
from ultimusbox.link import MAX_LINE, PROTOCOL  # noqa: E402


class Client:
    def __init__(self, fb, box):
        self.fb, self.box, self.next_id = fb, box, 0
        self.events = []

    def raw(self, data):
        self.fb.serial.feed_in(data)
        self.box.step()
        replies = []
        for line in self.fb.serial.take_lines():
            msg = json.loads(line)
            if "ev" in msg:
                self.events.append(msg["ev"])
            else:
                replies.append(msg)
        return replies

    def call(self, op, **args):
        self.next_id += 1
        args.update(id=self.next_id, op=op)
        replies = self.raw(json.dumps(args).encode() + b"\n")
        assert len(replies) == 1 and replies[0]["id"] == self.next_id
        return replies[0]


def at(name, referee=True):
    """A box started from its buttons, at a point of the script; referee: the link asked to be the
    game's referee and someone pressed MODE on the box (a spectator otherwise)."""
    fb, box = new_box()
    for line in SCRIPT:
        point = run_line(fb, box, line)
        if point and point[0] == name:
            break
    fb.serial.take_lines()
    c = Client(fb, box)
    if referee:
        assert c.call("auth", claim=True)["claim"]
        run_line(fb, box, ("press", board.MODE))
        assert c.call("state")["eye"] == "referee"
    return c


def test_hello_names_protocol_firmware_and_game():
    c = at("entrance")
    r = c.call("hello")
    assert r["ok"] and r["protocol"] == PROTOCOL and r["firmware"] == VERSION and len(r["game"]) == 8


def test_state_is_public_and_holds_no_secret():
    c = at("entrance", referee=False)
    c.raw(b"")
    run_line(c.fb, c.box, ("press", board.SHOUT_0))  # a secret commitment
    r = c.call("state")
    text = json.dumps(r)
    assert r["state"]["committed"] == [1, 0, 0] and r["state"]["shouts"] is None
    assert '"hidden"' not in text and '"hands"' not in text and '"rng"' not in text
    assert not any(e.get("e") == "button" and e.get("b") == board.SHOUT_0 for e in c.events)
    assert all("hidden" not in e for e in c.events)


def test_apply_digest_and_log_agree_with_a_local_replay():
    c = at("clamo")
    r = c.call("apply", action={"a": "done", "p": 1})
    assert r["ok"] and any(e["e"] == "turn" for e in c.events)
    log = []
    while True:
        page = c.call("log", **{"from": len(log)})
        log += page["actions"]
        if len(log) >= page["total"]:
            break
    local = replay(RULES, page["setup"], log)
    assert local.digest() == c.call("digest")["digest"] == r["digest"]


@pytest.mark.parametrize(
    "data,code",
    [
        (b"\xff\xfe garbage\n", "bad_frame"),
        (b"{not json\n", "bad_json"),
        (b"[1, 2]\n", "bad_request"),
        (b'{"id": 5, "op": "fly"}\n', "unknown_op"),
        (b'{"id": 6}\n', "unknown_op"),
        (b'{"id": 7, "op": "apply", "action": 3}\n', "bad_request"),
        (b'{"id": 8, "op": "apply", "action": {"a": "done", "p": 0}}\n', "not_your_turn"),
        (b'{"id": 9, "op": "apply", "action": {"a": "warp"}}\n', "unknown_action"),
        (b'{"id": 10, "op": "log", "from": -1}\n', "bad_request"),
        (b'{"id": 11, "op": "new_game", "players": 9, "seed": 1}\n', "bad_setup"),
        (b'{"id": 12, "op": "new_game", "players": 2, "seed": 1, "stations": [3, 1]}\n', "bad_setup"),
        (b'{"id": 13, "op": "press", "button": 99}\n', "bad_request"),
        (b'{"id": 14, "op": "new_game", "game": "chess", "players": 2, "seed": 1}\n', "unknown_game"),
        (b'{"id": 15, "op": "new_game", "game": 3, "players": 2, "seed": 1}\n', "unknown_game"),
    ],
)
def test_bad_input_gets_a_clear_error_and_changes_nothing(data, code):
    c = at("clamo")
    before = c.call("digest")["digest"]
    replies = c.raw(data)
    assert len(replies) == 1 and replies[0]["ok"] is False and replies[0]["error"]["code"] == code
    assert replies[0]["error"]["message"]
    assert c.call("digest")["digest"] == before


def test_an_over_long_line_is_refused_once_and_the_link_goes_on():
    c = at("clamo")
    replies = c.raw(b"x" * (MAX_LINE * 3))
    replies += c.raw(b"y" * 100 + b"\n")
    assert [r["error"]["code"] for r in replies] == ["line_too_long"]
    assert c.call("hello")["ok"]


def test_a_request_split_over_many_reads_is_answered_once():
    c = at("clamo")
    data = b'{"id": 1, "op": "hello"}\n'
    replies = []
    for i in range(len(data)):
        replies += c.raw(data[i : i + 1])
    assert len(replies) == 1 and replies[0]["protocol"] == PROTOCOL


def test_new_game_and_press_over_the_link():
    c = at("clamo")
    r = c.call("new_game", players=2, seed=5, mode="full", battles=1)
    assert r["ok"] and c.box.shell.game.state["mode"] == "full"
    assert c.call("press", button=board.CONFIRM)["ok"]  # the box draws the loudest spectator
    assert c.call("state")["state"]["phase"] == "betting"
    assert c.call("apply", action={"a": "bet", "p": 0, "k": 0, "won": 0})["ok"]
    assert c.call("state")["state"]["bets"][0][0] == [-1, 1]  # coins seen, card hidden


def test_repl_request_stops_the_box_loop():
    c = at("new game")
    assert c.call("repl")["ok"] and c.box.link.want_repl


@settings(max_examples=40, deadline=None)
@given(chunks=st.lists(st.binary(max_size=300), max_size=12))
def test_random_bytes_never_break_the_box_nor_change_the_game(chunks):
    c = at("clamo")
    before = c.box.shell.game.digest()
    for chunk in chunks:
        c.raw(chunk.replace(b"{", b"(").replace(b"\x03", b"."))
    c.raw(b"\n")
    assert c.box.shell.game.digest() == before
    assert c.call("hello")["ok"]


def test_no_line_goes_out_before_a_host_speaks_nor_after_it_unsubscribes():
    fb, box = new_box()
    for line in SCRIPT[:8]:  # stations join, a game starts, a loudest spectator: events, but nobody listens
        run_line(fb, box, line)
    assert box.shell.game is not None and fb.serial.outbound == b"" and not box.link.out
    c = Client(fb, box)
    assert c.call("hello")["ok"] and c.events == []  # nothing from before it came, not even an overflow
    run_line(fb, box, ("press", board.CONFIRM))
    c.raw(b"")
    assert c.events  # attached: the events flow
    assert c.call("subscribe", events=False)["events"] is False
    c.events.clear()
    run_line(fb, box, ("press", board.WHEEL_0))
    assert c.raw(b"") == [] and c.events == []
    assert c.call("subscribe")["events"] is True
    run_line(fb, box, ("press", board.WHEEL_0))
    c.raw(b"")
    assert {"e": "button", "b": board.WHEEL_0} in c.events
    assert c.call("subscribe", events="yes")["error"]["code"] == "bad_request"
