"""The link's digests: the same as the core's, computed once per state, and in pieces that let the loop go on."""

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from box_battle import SCRIPT, new_box, run_line  # noqa: E402
from referee.digest import FNV_OFFSET, FNV_PRIME, digest, fnv1a  # noqa: E402
from test_box_link import at  # noqa: E402
from ultimus import randomplay  # noqa: E402
from ultimus_host.fakes import FakeClock  # noqa: E402
from ultimusbox import board  # noqa: E402
from ultimusbox import digests as digests_module  # noqa: E402
from ultimusbox.digests import SLICE, pieces, run, snapshot  # noqa: E402
from ultimusbox.runtime import PIECE_MS  # noqa: E402


def _states():
    for mode in ("box", "full"):
        for seed in (1, 2, 3):
            game = randomplay.play(4, seed, mode=mode, max_actions=40 + 30 * seed, stop_at_battle_end=False)
            yield game.state
            yield game.public_view()
    fb, box = new_box()
    for line in SCRIPT:
        if run_line(fb, box, line) and box.shell.game is not None:
            yield box.shell.game.state
    yield {"t": (1, [True, None, "x"]), "e": {}, "l": [], "n": -5}


@pytest.mark.parametrize("state", list(_states()))
def test_pieces_make_the_cores_digest(state):
    assert run(pieces(snapshot(state))) == digest(state)


def test_a_digest_is_computed_once_per_state_and_kept_across_requests():
    c = at("clamo")
    digests = c.box.shell.digests
    first = c.call("digest")
    computed = digests.computed
    assert c.call("digest") == dict(first, id=first["id"] + 1)
    assert c.call("state")["digest"] == first["digest"]
    assert digests.computed == computed  # both kept: nothing computed again
    c.raw(b'{"id": 99, "op": "apply", "action": {"a": "done", "p": 0}}\n')  # refused: not seat 0's turn
    assert c.call("digest")["digest"] == first["digest"] and digests.computed == computed
    applied = c.call("apply", action={"a": "done", "p": 1})
    assert digests.computed == computed + 2  # the new state's full and public digests, once
    assert applied["digest"] == c.box.shell.game.digest() != first["digest"]
    assert applied["public"] == c.box.shell.game.public_digest()
    assert c.call("digest")["digest"] == applied["digest"] and digests.computed == computed + 2


def test_a_spectator_gets_only_the_public_digest_computed():
    c = at("clamo", referee=False)
    r = c.call("digest")
    assert r["digest"] == r["public"] == c.box.shell.game.public_digest()
    assert c.box.shell.digests.computed == 1


def _piecewise(c):
    """The link runs one piece per work() (a clock that never moves, a budget of 0 ms)."""
    c.box.link.pieces(c.fb.clock, 0)


def _request(c, op, **args):
    c.fb.serial.feed_in(json.dumps(dict(args, id=op, op=op)).encode() + b"\n")
    c.box.poll_link()


def _turns_until_reply(c, rid, between=None):
    turns = 0
    while True:
        lines = c.fb.serial.take_lines()
        for i, line in enumerate(lines):
            msg = json.loads(line)
            if msg.get("id") == rid:  # the lines after it are read by the next call
                c.fb.serial.outbound = b"".join(rest + b"\n" for rest in lines[i + 1 :]) + c.fb.serial.outbound
                return turns, msg
            c.events.append(msg.get("ev"))
        assert turns < 1000
        if between is not None:
            between(turns)
        c.box.poll_link()
        turns += 1


def test_a_state_request_is_answered_in_pieces_while_buttons_are_served():
    c = at("clamo")
    c.box.shell.apply({"a": "done", "p": 1})  # a new state: its digests are not known yet
    c.raw(b"")
    _piecewise(c)
    game = c.box.shell.game
    expected = game.digest()
    _request(c, "state")
    assert c.box.link.job is not None and not c.fb.serial.outbound, c.fb.serial.outbound  # under way, no reply yet
    pressed = []

    def press(turn):
        if turn == 1:  # a button between two pieces: served at once
            c.box.poll_input()
            pressed.append(turn)

    c.fb.buttons.push(board.WHEEL_0)
    turns, reply = _turns_until_reply(c, "state", press)
    text = len(json.dumps(game.state)) // 2
    assert turns >= text // SLICE  # a few hundred bytes of text are hashed per piece, not the whole
    assert pressed and {"e": "button", "b": board.WHEEL_0} in c.events  # the event came before the reply
    assert reply["ok"] and reply["digest"] == expected and reply["state"]["phase"] == game.state["phase"]


def test_an_applys_digest_is_of_the_state_it_made_even_if_a_button_acts_meanwhile():
    c = at("clamo")
    _piecewise(c)
    _request(c, "apply", action={"a": "done", "p": 1})
    after = c.box.shell.game.digest()
    count = len(c.box.shell.game.log)

    def act(turn):
        if turn == 1:  # the next seat's action from the box's buttons, between two pieces
            c.box.shell.apply({"a": "done", "p": 2})

    turns, reply = _turns_until_reply(c, "apply", act)
    assert turns > 1 and reply["ok"], reply
    assert reply["digest"] == after and reply["actions"] == count  # not the later state's
    assert c.box.shell.game.digest() != after
    c.box.link.pieces(None, None)  # a job at once again
    assert c.call("digest")["actions"] == count + 1


def test_a_log_page_is_read_in_pieces_and_requests_keep_their_order():
    c = at("clamo")
    whole = c.call("log")
    _piecewise(c)
    c.fb.serial.feed_in(b'{"id": 1, "op": "log"}\n{"id": 2, "op": "hello"}\n')
    c.box.poll_link()
    turns, reply = _turns_until_reply(c, 1)
    assert turns >= len(whole["actions"]) // 10 and reply["actions"] == whole["actions"]
    _, hello = _turns_until_reply(c, 2)
    assert hello["ok"]


def test_the_pieces_make_the_cores_digest_under_micropython():
    import subprocess

    from test_micropython import ROOT, node_command

    out = subprocess.run(node_command("digest_pieces.py"), cwd=ROOT, capture_output=True, text=True, check=True)
    fields = dict(part.split("=") for part in out.stdout.split())
    assert fields["same"] == "8" and fields["differ"] == "0" and int(fields["pieces"]) > 8


def test_long_replies_in_pieces_under_micropython():
    import subprocess

    from test_micropython import ROOT, node_command

    out = subprocess.run(node_command("link_pieces.py"), cwd=ROOT, capture_output=True, text=True, check=True)
    fields = dict(part.split("=") for part in out.stdout.split())
    assert fields["same"] == "1" and fields["order"] == "1" and int(fields["turns"]) > 20


def test_fnv1a_in_16_bit_halves_is_the_32_bit_fnv1a():
    def plain(data):
        h = FNV_OFFSET
        for byte in data:
            h = ((h ^ byte) * FNV_PRIME) & 0xFFFFFFFF
        return h

    assert fnv1a(b"") == 0x811C9DC5 and fnv1a(b"a") == 0xE40C292C  # the published FNV-1a 32 values
    samples = [bytes(range(256)), b"\xff" * 300, json.dumps({"a": "damage", "p": 1, "g": 2, "n": 3}).encode()]
    samples += [bytes((i * 37 + n) % 256 for i in range(n)) for n in range(1, 120)]
    assert [fnv1a(s) for s in samples] == [plain(s) for s in samples]


class _SlowClock(FakeClock):
    """A clock that moves 5 ms each time it is read: digests that take a Pico's time."""

    def us(self):
        self.now += 5000
        return self.now

    def ms(self):
        return self.us() // 1000


def _snapshots(monkeypatch):
    """How many copies the digests take (each one the start of digests computed in pieces)."""
    taken = []
    real = digests_module.snapshot
    monkeypatch.setattr(digests_module, "snapshot", lambda state: taken.append(1) or real(state))
    return taken


def test_digests_that_take_well_under_a_turn_are_computed_at_once_from_the_second_reply_on(monkeypatch):
    c = at("clamo")
    link, game = c.box.link, c.box.shell.game
    link.pieces(c.fb.clock, PIECE_MS)  # the clock stands still: computing takes no time, as on a PC
    taken = _snapshots(monkeypatch)
    first = c.call("apply", action={"a": "done", "p": 1})
    assert taken == [1, 1] and link.quick  # the first in pieces; they took no time, so the next at once
    second = c.call("apply", action={"a": "done", "p": 2})
    assert taken == [1, 1]  # no copy: computed from the state itself
    assert first["digest"] != second["digest"]
    assert second["digest"] == game.digest() and second["public"] == game.public_digest()
    link.quick = False
    assert c.call("digest")["digest"] == second["digest"]  # kept: nothing computed, which tells nothing
    assert not link.quick


def test_digests_that_take_a_picos_time_stay_in_pieces():
    c = at("clamo")
    link, game = c.box.link, c.box.shell.game
    link.pieces(_SlowClock(), PIECE_MS)
    for seat in (1, 2):  # the seats whose turn it is, one after the other
        _request(c, "apply", action={"a": "done", "p": seat})
        turns, reply = _turns_until_reply(c, "apply")
        assert reply["ok"] and turns > 1 and not link.quick  # never at once: in pieces, the loop going on
        assert reply["digest"] == game.digest() and reply["public"] == game.public_digest()
