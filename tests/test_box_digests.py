"""The digest (SHA-256 of the sorted JSON, the same on every port), the older saves' FNV-1a digest, and the
link's digests: computed at once, once per state."""

import hashlib
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

import digest_ports  # noqa: E402
from box_battle import SCRIPT, new_box, run_line  # noqa: E402
from games.ultimus import randomplay, rules  # noqa: E402
from referee.digest import FNV_OFFSET, FNV_PRIME, canonical_text, digest, fnv1a, fnv_digest, json_text  # noqa: E402
from test_box_link import at  # noqa: E402
from ultimusbox import board  # noqa: E402


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
    yield from digest_ports.states()


@pytest.mark.parametrize("state", list(_states()))
def test_the_digest_is_sha256_of_the_states_json_with_its_keys_sorted(state):
    text = json.dumps(state, sort_keys=True, ensure_ascii=False)
    assert json_text(state) == text
    assert digest(state) == hashlib.sha256(text.encode()).hexdigest()[:8]


def test_the_digest_under_micropython_is_cpythons():
    import subprocess

    from test_micropython import ROOT, node_command

    out = subprocess.run(node_command("digest_ports.py"), cwd=ROOT, capture_output=True, text=True, check=True)
    expected = ["%d %s" % (n, digest(state)) for n, state in enumerate(digest_ports.states())]
    assert out.stdout.split("\n")[:-1] == expected


def test_every_change_to_a_state_changes_its_digest():
    game = randomplay.play(4, 2, mode="full", max_actions=60, stop_at_battle_end=False)
    s = json.loads(json.dumps(game.state))
    seen = {digest(s)}
    for key in sorted(s):
        value = s[key]
        s[key] = [value] if type(value) is not list else value + [0]
        seen.add(digest(s))
        s[key] = value
    assert len(seen) == len(s) + 1 and digest(s) == game.digest()


def test_older_saves_keep_their_fnv_digest():
    game = randomplay.play(4, 2, mode="box", max_actions=60, stop_at_battle_end=False)
    assert fnv_digest(game.state) == "%08x" % fnv1a(canonical_text(game.state).encode()) != game.digest()
    assert rules.digest_for(game.state, 4) == fnv_digest(game.state)


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


def _turns_until_reply(c, rid):
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
        c.box.poll_link()
        turns += 1


def test_an_apply_s_digests_come_each_in_a_turn_after_its_action_and_requests_keep_their_order():
    c = at("clamo")
    _piecewise(c)
    c.fb.serial.feed_in(b'{"id": 1, "op": "apply", "action": {"a": "done", "p": 1}}\n{"id": 2, "op": "state"}\n')
    c.box.poll_link()
    assert c.box.link.holding() and list(c.box.shell.game.log)[-1] == {"a": "done", "p": 1}  # applied in its turn
    turns, reply = _turns_until_reply(c, 1)
    assert turns == 2 and reply["digest"] == c.box.shell.game.digest()  # the full digest, then the public one
    assert reply["public"] == c.box.shell.game.public_digest() and not c.box.link.holding()
    turns, reply = _turns_until_reply(c, 2)
    assert turns <= 1 and reply["digest"] == c.box.shell.game.digest()
    c.fb.serial.feed_in(b'{"id": 3, "op": "digest"}\n')  # both kept: answered in the turn that reads it
    c.box.poll_link()
    turns, kept = _turns_until_reply(c, 3)
    assert turns == 0 and kept["digest"] == reply["digest"] and not c.box.link.holding()


def test_while_an_apply_s_digests_are_made_no_press_nor_countdown_changes_the_state():
    """A press queued meanwhile waits in the buttons' queue and is judged on its own time (before CLAMO,
    taken after CLAMO's moment: it counts); the countdown steps only after the reply; the watchdog is fed."""
    c = at("entrance")
    run_line(c.fb, c.box, ("press", board.SHOUT_0))  # seat 1 shouts
    run_line(c.fb, c.box, ("press", board.CONFIRM))  # the countdown
    start = c.box.shell.screen.entry.countdown_start
    run_line(c.fb, c.box, ("wait", 4900))
    _piecewise(c)
    c.fb.serial.feed_in(b'{"id": 1, "op": "apply", "action": {"a": "commit", "p": 1, "shout": 0}}\n')
    c.box.poll_link()
    assert c.box.link.holding()
    made = c.box.shell.game.digest()  # the state the action made
    c.fb.buttons.push(board.SHOUT_0 + 4, start + 4990000)  # seat 3 shouts 10 ms before CLAMO
    c.fb.clock.advance_ms(130)  # past CLAMO (5000 ms) while the reply is made
    feeds = c.fb.watchdog.feeds
    c.box.poll_input()
    c.box.tick()
    assert c.fb.buttons.queue and c.box.shell.game.state["phase"] == "shout" and c.fb.watchdog.feeds == feeds + 1
    turns, reply = _turns_until_reply(c, 1)
    assert turns >= 1 and reply["digest"] == made == c.box.shell.game.digest()
    c.box.step()  # the press first, on its own time: it counts
    assert not c.fb.buttons.queue and list(c.box.shell.game.log)[-1] == {"a": "commit", "p": 2, "shout": 1}
    assert c.box.shell.game.state["phase"] != "shout"


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


def test_a_log_page_s_text_is_made_in_a_turn_after_its_last_records_are_read():
    # a Pico takes several ms to read ten records and as many to write a page of fifty in JSON
    c = at("clamo")
    whole = c.call("log")
    _piecewise(c)
    link, journal = c.box.link, c.box.shell.journal
    turn, read_at, sent_at = [0], [], []
    page, send = journal.page, link.send_pieces
    journal.page = lambda *args: read_at.append(turn[0]) or page(*args)
    link.send_pieces = lambda obj: sent_at.append(turn[0]) or send(obj)
    c.fb.serial.feed_in(b'{"id": 1, "op": "log"}\n')
    while not sent_at and turn[0] < 100:
        c.box.poll_link()
        turn[0] += 1
    _, reply = _turns_until_reply(c, 1)
    assert reply["actions"] == whole["actions"] and len(read_at) >= 2
    assert sent_at[0] > read_at[-1]


def test_long_replies_in_pieces_under_micropython():
    import subprocess

    from test_micropython import ROOT, node_command

    out = subprocess.run(node_command("link_pieces.py"), cwd=ROOT, capture_output=True, text=True, check=True)
    fields = dict(part.split("=") for part in out.stdout.split())
    assert fields["same"] == "1" and fields["order"] == "1" and int(fields["turns"]) > 4
    # an apply's two digests, each in a turn of its own after the action's, no press taken meanwhile
    assert fields["apply_turns"] == "2" and fields["held"] == "1" and fields["made"] == "1"


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
