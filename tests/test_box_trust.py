"""Issue 9: inputs that broke or bloated a game, faults that lost one, and the Pico's time limits.

Each test failed on the firmware before issue 9 (0.2.0 as merged) and passes now.
"""

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from games.ultimus.rng import Rng  # noqa: E402
from referee.digest import digest  # noqa: E402
from referee.engine import REFEREE, move  # noqa: E402
from ultimus_host import client as host_client  # noqa: E402
from ultimus_host.fakes import FakeBoard, FakeSerial, FakeStorage  # noqa: E402
from ultimus_host.pcdrivers import FileStorage, FolderInUse  # noqa: E402
from ultimusbox import board  # noqa: E402
from ultimusbox import journal as jnl
from ultimusbox.journal import FILE, encode  # noqa: E402
from ultimusbox.link import MAX_OUT  # noqa: E402
from ultimusbox.runtime import MAX_FAULTS, Box  # noqa: E402
from ultimusbox.sounds import MAX_NOTES  # noqa: E402


def entropy():
    return b"\x42" * 8


class Link:
    """Requests straight into a box's link over fake serial; replies and events apart."""

    def __init__(self, fb, box):
        self.fb, self.box, self.n, self.events = fb, box, 0, []

    def call(self, op, **args):
        self.n += 1
        args.update(id=self.n, op=op)
        self.fb.serial.feed_in(json.dumps(args).encode() + b"\n")
        self.box.step()
        replies = []
        for line in self.fb.serial.take_lines():
            msg = json.loads(line)
            (self.events.append(msg["ev"]) if "ev" in msg else replies.append(msg))
        assert len(replies) == 1 and replies[0]["id"] == self.n
        return replies[0]


def box_with_game(mode="full", players=3, storage=None, seed=5, battles=1):
    fb = FakeBoard(storage)
    box = Box(fb, entropy)
    link = Link(fb, box)
    reply = link.call("new_game", players=players, seed=seed, mode=mode, battles=battles)
    assert reply["ok"], reply
    return fb, box, link


def play(box, steps, rng_seed=1):
    game = box.shell.game
    rng = Rng(rng_seed)
    for _ in range(steps):
        if game.phase == "over":
            break
        seat = rng.choice(game.actors() or [-1])
        box.shell.apply(rng.choice(game.legal_actions(seat)))


# --- inputs that break or bloat a game ------------------------------------------------


@pytest.mark.parametrize("players", ["3", 2.0, None, 1e20, 2147483648, True, [3]])
def test_new_game_with_bad_players_is_a_clear_bad_setup_and_changes_nothing(players):
    fb = FakeBoard()
    box = Box(fb, entropy)
    reply = Link(fb, box).call("new_game", players=players, seed=1, mode="box")
    assert reply["ok"] is False and reply["error"]["code"] == "bad_setup"
    assert box.shell.game is None and FILE not in fb.storage.files


def test_a_float_in_a_card_list_is_refused_at_the_door_and_never_journaled():
    fb, box, link = box_with_game("full")
    play(box, 40)
    before = (box.shell.game.digest(), fb.storage.files[FILE])
    for action in ({"a": "think", "p": 0, "c": [7.0]}, {"a": "end", "p": 0, "x": float("inf")}):
        reply = link.call("apply", action=action)
        assert reply["ok"] is False and reply["error"]["code"] == "bad_action"
    assert (box.shell.game.digest(), fb.storage.files[FILE]) == before
    assert link.call("state")["ok"] and link.call("digest")["ok"]


def test_a_field_the_action_does_not_take_is_refused_and_never_journaled():
    fb, box, link = box_with_game("box")
    before = (box.shell.game.digest(), fb.storage.files[FILE])
    reply = link.call("apply", action={"a": "draw_loudest", "junk": "x" * 400, "p2": 9})
    assert not reply["ok"] and reply["error"]["code"] == "bad_field" and reply["error"]["key"] in ("junk", "p2")
    assert (box.shell.game.digest(), fb.storage.files[FILE]) == before
    assert link.call("apply", action={"a": "draw_loudest"})["ok"]
    last = fb.storage.files[FILE].splitlines()[-1]
    assert jnl.decode(last + b"\n") == {"a": "draw_loudest"}


def test_internal_guarantees_nothing_changed(monkeypatch):
    fb, box, link = box_with_game("box")
    link.call("apply", action={"a": "draw_loudest"})

    def broken(s, a, ev):
        s["bank"] -= 5  # half-done, then a bug
        raise ZeroDivisionError("bug")

    game = box.shell.game
    monkeypatch.setitem(game.rules.FLOW._now["box"]["betting"], "bets_placed", move(REFEREE, broken))
    before = (game.digest(), len(game.log), fb.storage.files[FILE])
    reply = link.call("apply", action={"a": "bets_placed"})
    assert reply["error"]["code"] == "internal"
    assert (game.digest(), len(game.log), fb.storage.files[FILE]) == before


def test_a_burst_of_refused_presses_never_queues_more_than_a_few_seconds_of_sound():
    fb, box, link = box_with_game("box")
    for _ in range(20000):
        box.shell.refuse("bad_action", "no")
        box.sound.on_events([{"e": "refused"}, {"e": "beat"}, {"e": "clamo"}])
    assert len(box.sound.queue) <= MAX_NOTES


class SlowSerial(FakeSerial):
    """A port whose client stops reading: busy until told otherwise."""

    def __init__(self):
        FakeSerial.__init__(self)
        self.stuck = True

    def busy(self):
        return self.stuck


def test_a_client_that_stops_reading_bounds_the_output_and_still_gets_one_whole_reply_per_request():
    fb, box, link = box_with_game("box")
    fb.serial = SlowSerial()
    for i in range(300):
        fb.serial.feed_in(b'{"id": %d, "op": "digest"}\n' % i)
        box.shell.note({"e": "beat", "n": 5})  # events keep coming
        box.step()
        assert len(box.link.out) <= MAX_OUT + 1
    fb.serial.stuck = False
    for _ in range(400):
        box.step()
    lines = [json.loads(line) for line in fb.serial.take_lines()]  # every line whole
    ids = [m["id"] for m in lines if "id" in m]
    assert ids == list(range(300))  # every request answered once, in order
    assert any(m.get("ev", {}).get("e") == "overflow" for m in lines)


def test_a_slow_serial_write_lets_the_other_tasks_run():
    fb, box, link = box_with_game("box")

    class Blocking(FakeSerial):
        def write(self, data):
            FakeSerial.write(self, data)
            fb.clock.advance_ms(500)  # a USB write that waits for the host

    fb.serial = Blocking()
    for _ in range(10):
        box.shell.note({"e": "beat", "n": 5})
    box.poll_link()
    assert len(fb.serial.take_lines()) == 1 and len(box.link.out) == 9


# --- faults that lose a game -------------------------------------------------------------


def test_a_full_flash_refuses_with_storage_keeps_the_game_and_the_box_answers():
    storage = FakeStorage()
    fb, box, link = box_with_game("full", storage=storage)
    play(box, 30)
    game = box.shell.game
    before, count = game.digest(), len(game.log)
    storage.fill_after(7)  # the next record lands in part
    rng = Rng(9)
    seat = rng.choice(game.actors() or [-1])
    action = rng.choice(game.legal_actions(seat))
    reply = link.call("apply", action=action)
    assert reply["error"]["code"] == "storage"
    assert box.shell.game is game and game.digest() == before and len(game.log) == count
    assert any(e["e"] == "storage" for e in link.events)
    assert (220, 90) in box.sound.queue or any(f == 220 for _, f in fb.buzzer.tones)  # the low buzz of a refusal
    assert link.call("hello")["game"] and link.call("state")["state"]["phase"] == game.phase
    link.call("auth", token=box.shell.tokens["referee"])  # hello made the link a spectator's: a new connection's
    fb.buttons.push(board.CONFIRM)  # a press while the flash is full: the input goes on
    box.step()
    storage.free()
    assert link.call("apply", action=action)["ok"]  # the torn bytes were cut before this record
    again = Box(FakeBoard(storage), entropy)  # power cycle: every accepted action is there
    assert again.shell.game.digest() == game.digest() and len(again.shell.game.log) == count + 1


def records(n):
    fb, box, link = box_with_game("full", players=2, seed=3, battles=9)
    play(box, n)
    assert len(box.shell.game.log) == n
    return fb.storage


def test_an_unreadable_record_in_the_middle_is_kept_aside_and_reported_to_players_and_host():
    storage = records(60)
    lines = storage.files[FILE].splitlines(True)
    original = storage.files[FILE]
    lines[20] = lines[20].replace(b'"', b"'", 1)  # a flipped byte in record 20
    storage.files[FILE] = b"".join(lines)
    damaged = storage.files[FILE]
    fb = FakeBoard(storage)
    box = Box(fb, entropy)
    assert len(box.shell.game.log) == 19
    assert box.shell.notice["e"] == "journal_cut" and storage.files[box.shell.notice["file"]] == damaged
    assert Link(fb, box).call("hello")["notice"]["code"] == "journal_cut"
    assert len(original) == len(damaged)


@pytest.mark.parametrize("damage", ["directory", "tmp_directory"])
def test_a_directory_where_the_journal_goes_is_survived_and_kept(tmp_path, damage):
    os.makedirs(tmp_path / ("game.jnl" if damage == "directory" else "game.jnl.tmp"))
    fb = FakeBoard(FileStorage(str(tmp_path)))
    box = Box(fb, entropy)  # no crash at start
    link = Link(fb, box)
    assert box.shell.game is None
    assert link.call("new_game", players=2, seed=1, mode="box")["ok"]  # and a new game is saved
    assert any(name.startswith("game.jnl") and ".dir-" in name for name in os.listdir(tmp_path))
    assert Box(FakeBoard(FileStorage(str(tmp_path))), entropy).shell.game is not None


def test_a_header_with_fewer_stations_than_players_is_refused_at_start():
    storage = FakeStorage()
    storage.files[FILE] = encode(
        {
            "header": {
                "format": 2,
                "game": "ultimus",
                "version": "0.2.0",
                "setup": {"players": 4, "seed": 1, "mode": "box", "battles": 1},
                "box": {"stations": [0, 1], "beginner": 0},
            }
        }
    )
    box = Box(FakeBoard(storage), entropy)
    assert box.shell.game is None and box.shell.notice["code"] == "bad_journal"
    assert FILE not in storage.files and storage.files["game-1.jnl"]


def test_a_record_that_makes_the_core_fail_is_refused_at_start_not_a_boot_loop(monkeypatch):
    storage = records(12)

    def broken(s, a, ev):
        raise KeyError("a bug")

    from games.ultimus import rules
    from referee.engine import ANY_SEAT

    monkeypatch.setitem(rules.FLOW._now["full"]["betting"], "bet", move(ANY_SEAT, broken, ("k", "won")))
    box = Box(FakeBoard(storage), entropy)
    assert box.shell.game is None and box.shell.notice["code"] == "replay_failed"
    assert storage.files["game-1.jnl"]


def test_two_virtual_boxes_cannot_share_a_folder(tmp_path):
    first = FileStorage(str(tmp_path), lock=True)
    with pytest.raises(FolderInUse):
        FileStorage(str(tmp_path), lock=True)
    first.close()
    FileStorage(str(tmp_path), lock=True).close()


def test_replay_of_a_damaged_journal_reports_the_damage():
    storage = records(40)
    lines = storage.files[FILE].splitlines(True)
    lines[10] = b"garbage\n"
    storage.files[FILE] = b"".join(lines)
    header, actions, damage = jnl.check_file(storage)
    assert header and len(actions) == 9 and damage is not None and "record 10" in damage
    storage.files[FILE] = b"x" + storage.files[FILE]
    assert jnl.check_file(storage)[2].startswith("the header")
    assert jnl.check_file(records(5))[2] is None


class DirectClient(host_client.LinkClient):
    """The host's LinkClient, wired straight to a box's link (no serial port)."""

    def __init__(self, fb, box):
        self.fb, self.box = fb, box
        self.next_id, self.prefix, self.events, self.buffer, self.tokens = 0, "t", [], b"", {}
        self.timeout = 1

    def request(self, op, **args):
        self.next_id += 1
        rid = "%s-%d" % (self.prefix, self.next_id)
        args.update(id=rid, op=op)
        self.fb.serial.feed_in(json.dumps(args).encode() + b"\n")
        self.box.step()
        for line in self.fb.serial.take_lines():
            msg = json.loads(line)
            if msg.get("id") == rid:
                if op == "new_game" and msg.get("ok"):
                    self.tokens = {"referee": msg["referee"]}
                return msg


def test_lockstep_catches_up_with_another_host_before_it_speaks_of_a_broken_lockstep():
    fb = FakeBoard()
    box = Box(fb, entropy)
    host = DirectClient(fb, box)
    host.call("new_game", players=2, seed=4, mode="box")
    lock = host_client.Lockstep(host)
    lock.apply({"a": "draw_loudest"})
    box.shell.apply({"a": "bets_placed"})  # another host (or a button) applied an action first
    s = box.shell.game.state
    seat = (s["loudest"] + s["placed"]) % 2
    reply = lock.apply({"a": "place", "p": seat, "g": 0})
    assert reply["ok"] and lock.game.digest() == box.shell.game.digest()
    assert lock.check() == box.shell.game.digest()


# --- the Pico: time limits and the watchdog --------------------------------------------


def test_resume_of_a_long_game_feeds_the_watchdog_and_log_pages_skip_what_they_do_not_return(monkeypatch):
    storage = records(400)
    fb = FakeBoard(storage)
    box = Box(fb, entropy)
    n = len(box.shell.game.log)
    assert n > 200 and fb.watchdog.feeds >= n // jnl.FEED_EVERY
    decoded = []
    real = jnl.decode
    monkeypatch.setattr(jnl, "decode", lambda line: decoded.append(1) or real(line))
    page = box.shell.journal.page(n - 10, 50)
    assert len(page) == 10 and len(decoded) <= 11


def test_a_task_that_keeps_failing_is_noticed_and_starves_the_watchdog():
    fb, box, link = box_with_game("box")

    def broken():
        raise OSError(5, "I/O error")

    for _ in range(MAX_FAULTS - 1):
        box.run_job("input", broken)
    feeds = fb.watchdog.feeds
    box.tick()
    assert fb.watchdog.feeds == feeds + 1  # still alive: a few failures are reported, not fatal
    assert any(e.get("e") == "fault" for e in (json.loads(x).get("ev", {}) for x in box.link.out))
    box.run_job("input", broken)
    box.tick()
    assert box.dead == "input" and fb.watchdog.feeds == feeds + 1  # the watchdog will reset the box


def test_resume_starts_from_the_last_checkpoint_and_replays_only_what_follows(monkeypatch):
    storage = records(250)
    assert "game.jnl.ckp" in storage.files  # written at 100 and 200 actions
    full = Box(FakeBoard(storage), entropy).shell.game
    decoded = []
    real = jnl.decode
    monkeypatch.setattr(jnl, "decode", lambda line: decoded.append(1) or real(line))
    box = Box(FakeBoard(storage), entropy)
    assert box.shell.game.digest() == full.digest() and len(box.shell.game.log) == 250
    assert len(decoded) <= 50 + 5  # the header, the checkpoint, the 50 records after it
    monkeypatch.setattr(jnl, "decode", real)
    assert len(box.shell.journal.page(0, 50)) == 50  # the log is still whole


def test_a_checkpoint_goes_to_the_flash_in_pieces_none_the_size_of_the_state(monkeypatch):
    """Written in play every CHECKPOINT_EVERY actions: no piece of the heap holds the whole state's text."""
    written = []
    real = FakeStorage.replace_lines

    def replace_lines(self, name, lines):
        lines = list(lines)
        if name.endswith(".ckp"):
            written.append([len(line) for line in lines])
        return real(self, name, lines)

    monkeypatch.setattr(FakeStorage, "replace_lines", replace_lines)
    storage = records(120)
    (sizes,) = written
    assert sum(sizes) > 1024 and len(sizes) > 3 and max(sizes) < 1024  # over a kilobyte, in pieces
    ckp = jnl.decode(storage.files["game.jnl.ckp"])
    assert ckp["count"] == 100 and ckp["digest"] == digest(ckp["state"])
    from games.ultimus.rules import RULES
    from referee.engine import replay

    header, actions, damage = jnl.check_file(storage)
    assert damage is None and header is not None
    assert Box(FakeBoard(storage), entropy).shell.game.digest() == replay(RULES, header["setup"], actions).digest()


def test_a_damaged_record_before_the_checkpoint_is_still_found_and_kept_aside():
    storage = records(250)
    lines = storage.files[FILE].splitlines(True)
    lines[100] = lines[100].replace(b'"', b"'", 1)
    storage.files[FILE] = b"".join(lines)
    box = Box(FakeBoard(storage), entropy)
    assert len(box.shell.game.log) == 99 and box.shell.notice["e"] == "journal_cut"
    assert "game.jnl.ckp" not in storage.files  # its state holds records that were cut


def test_a_checkpoint_of_another_journal_or_firmware_is_ignored():
    storage = records(120)
    ckp = json.loads(storage.files["game.jnl.ckp"][9:])
    ckp["version"] = "0.0.1"
    ckp["state"]["bank"] += 1
    storage.files["game.jnl.ckp"] = encode(ckp)
    box = Box(FakeBoard(storage), entropy)
    assert len(box.shell.game.log) == 120
    assert box.shell.game.state["bank"] == replay_digest_bank(storage)


def replay_digest_bank(storage):
    from games.ultimus.rules import RULES
    from referee.engine import replay

    header, actions, damage = jnl.check_file(storage)
    assert damage is None and header is not None
    return replay(RULES, header["setup"], actions).state["bank"]


def test_two_hosts_on_one_link_never_take_each_others_replies(monkeypatch):
    class Port:
        def __init__(self, *args, **kwargs):
            self.written, self.chunks, self.in_waiting = [], [], 0

        def write(self, data):
            rid = json.loads(data)["id"]
            self.written.append(rid)
            # another host's request with the same counter was answered first
            self.chunks = [
                b'{"id": 1, "ok": true, "mine": false}\n',
                b'{"id": "%s", "ok": true, "mine": true}\n' % (rid.encode()),
            ]

        def read(self, n):
            return self.chunks.pop(0) if self.chunks else b""

    monkeypatch.setattr(host_client.serial, "Serial", Port)
    one, two = host_client.LinkClient("a"), host_client.LinkClient("b")
    assert one.prefix != two.prefix
    assert one.call("hello")["mine"] is True and two.call("hello")["mine"] is True


def test_reading_a_whole_log_page_after_page_reads_the_journal_once(monkeypatch):
    storage = records(400)
    fb = FakeBoard(storage)
    box = Box(fb, entropy)
    reads = []
    real = storage.read_lines
    monkeypatch.setattr(storage, "read_lines", lambda name: reads.append(name) or real(name))
    link = Link(fb, box)
    assert link.call("auth", claim=True)["ok"]
    fb.buttons.push(board.MODE)
    box.step()
    got = []
    while True:
        page = link.call("log", **{"from": len(got)})
        got += page["actions"]
        if not page["actions"]:
            break
    assert len(got) == 400 and reads.count(FILE) <= 2
    header, actions, damage = jnl.check_file(storage)
    assert got == actions
    box.shell.apply(
        box.shell.game.legal_actions(-1)[0]
        if box.shell.game.actors() == []
        else box.shell.game.legal_actions(box.shell.game.actors()[0])[0]
    )
    assert len(link.call("log", **{"from": 400})["actions"]) == 1  # the reader was closed before the write


@pytest.mark.parametrize(
    "fault, said", [(OSError(5), "the flash failed (error 5)"), (KeyError(3), "a fault of the box (KeyError)")]
)
def test_a_saved_game_that_cannot_be_read_is_told_in_words_not_as_a_python_error(monkeypatch, fault, said):
    from ultimusbox.shell import Shell

    def failing(shell):
        raise fault

    monkeypatch.setattr(Shell, "resume", failing)
    box = Box(FakeBoard(records(12)), entropy)
    message = box.shell.notice["message"]
    assert box.shell.game is None and box.shell.notice["code"] == "bad_journal"
    assert message.startswith("the saved game could not be read: %s" % said), message
    assert "Error(" not in message
