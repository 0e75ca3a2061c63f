"""Issue 20: trust at the table. A countdown that runs out, a seat that would do the referee's work,
a damaged last record, an unfed watchdog, and the PC's and the Pico's loose ends.

Each test failed before issue 20's mends and passes now.
"""

import json

import pytest

from games.ultimus.rng import Rng
from games.ultimus.views import public_event
from referee.engine import REFEREE
from referee.errors import Illegal
from ultimus_host import virtualbox
from ultimus_host.client import LinkError
from ultimus_host.console import Console
from ultimus_host.fakes import FakeBoard, FakeClock, FakeStorage
from ultimus_host.games.ultimus.narrate import line
from ultimusbox import board, games
from ultimusbox import journal as jnl
from ultimusbox.runtime import Box


def _press(vbox, *buttons):
    for b in buttons:
        vbox.fb.buttons.push(b)
        vbox.box.step()


class _StateOnly:
    """What connect's console asks of the box for its words: the settings (which station is which seat)."""

    def __init__(self, shell):
        self.shell = shell

    def call(self, op, **args):
        return {"settings": self.shell.settings}


@pytest.mark.parametrize("pressed", [0, 1, 2])
def test_a_countdown_that_runs_out_is_drawn_and_told_by_every_narrator(monkeypatch, tmp_path, pressed):
    monkeypatch.setattr(virtualbox, "WallClock", FakeClock)  # the box's clock moves only when told
    vbox = virtualbox.VirtualBox(str(tmp_path), seed=1, game="ultimus")
    heard = []
    vbox.box.shell.listen(heard.extend)
    said = []
    console = Console(_StateOnly(vbox.box.shell), say=lambda text, err=False, nl=True: said.append(text))
    try:
        _press(vbox, board.SHOUT_0, board.SHOUT_0 + 1, board.SHOUT_0 + 2, board.CONFIRM, board.CONFIRM, board.CONFIRM)
        _press(vbox, *(board.WHEEL_0 + g for g in range(6)))
        assert vbox.box.shell.game.state["phase"] == "shout"
        _press(vbox, *(board.SHOUT_0 + s for s in range(pressed)))  # not every station: the countdown decides
        _press(vbox, board.CONFIRM)
        words = set()
        for _ in range(60):  # 6 s of the box's clock, a frame every 100 ms
            vbox.fb.clock.advance_ms(100)
            vbox.box.step()
            text = virtualbox.render_text(vbox).plain
            words.update(t for t in text.splitlines() if t.startswith("countdown"))
        assert vbox.box.shell.game.state["phase"] == "action"  # CLAMO came and the choices are revealed
        assert words >= {"countdown: Quinque", "countdown: Unus", "countdown: CLAMO!"}
        _press(vbox, board.SHOUT_0 + 3)  # a press after CLAMO: told as too late
        stations = vbox.box.shell.settings["stations"]
        for e in heard:
            seen = public_event(e)
            assert line(seen, stations)  # demo's narration and the console's words
            virtualbox._narrate(vbox.box.shell, seen, stations)  # the virtual box's
        console.show_events([public_event(e) for e in heard], prompt=False)
        told = "\n".join(said)
        assert "Unus..." in told and "CLAMO! the choices are locked" in told and "does not count" in told
    finally:
        vbox.fb.serial.close()
        vbox.storage.close()


# --- a seat takes only its own actions; the referee's work needs the referee's eye ----------------------


class _Link:
    """Requests straight into a box's link over fake serial: its one reply."""

    def __init__(self, fb, box):
        self.fb, self.box, self.n = fb, box, 0

    def call(self, op, **args):
        self.n += 1
        args.update(id=self.n, op=op)
        self.fb.serial.feed_in(json.dumps(args).encode() + b"\n")
        self.box.step()
        replies = [m for m in map(json.loads, self.fb.serial.take_lines()) if "ev" not in m]
        assert len(replies) == 1 and replies[0]["id"] == self.n
        return replies[0]


TABLES = [  # every game, and each of ULTIMUS's two flows
    dict(game="ultimus", players=3, mode="box", battles=2),
    dict(game="ultimus", players=3, mode="full", battles=1, missed=["battle_end"]),  # random cards rarely end it
    dict(game="morituri", players=2, figures=[["heavy"], ["light"]]),
    dict(game="morituri_board", players=3),
    dict(game="munera", players=2, gladiators=["gaul", "samnite"]),
    dict(game="ultimatum", players=3),
]


@pytest.mark.parametrize("table", TABLES, ids=lambda t: "%s-%s" % (t["game"], t.get("mode", "")))
def test_no_seat_does_the_referees_work_in_any_phase_and_each_seat_still_plays_its_own(table):
    fb = FakeBoard()
    box = Box(fb, lambda: b"\x42" * 8)
    link = _Link(fb, box)
    started = link.call("new_game", seed=7, **{k: table[k] for k in table if k != "missed"})
    assert started["ok"], started
    referee, seats = started["referee"], started["seats"]
    game = box.shell.game
    flow, rules = game.rules.FLOW, game.rules
    refereed = sorted(n for n in flow.known if n not in flow.seated)  # the referee's alone, wherever they are
    assert refereed
    rng = Rng(3)
    tried = seen = 0
    visited = {}
    for _ in range(600):
        if game.phase == flow.end:
            break
        key = (rules.variant(game.state), game.phase, tuple(game.actors()))
        if key not in visited:  # a new moment of the game: every seat asks for every referee action of it
            visited[key] = 1
            now = flow._now[key[0]].get(game.phase, {})
            names = sorted(set(refereed) | {n for n in now if now[n][0] is REFEREE})
            before = game.digest()
            for seat, tok in enumerate(seats):
                assert link.call("auth", token=tok)["eye"] == seat
                for name in names:
                    reply = link.call("apply", action={"a": name, "p": seat})
                    assert not reply["ok"] and reply["error"]["code"] == "not_allowed", (name, seat, reply)
                    tried += 1
            assert game.digest() == before  # nothing changed
        seat = rng.choice(game.actors() + [-1])
        legal = game.legal_actions(seat)
        if not legal:
            continue
        action = rng.choice(legal)
        link.call("auth", token=referee if seat < 0 else seats[seat])
        reply = link.call("apply", action=action)
        assert reply["ok"], (action, reply)  # the seat's own action, or the referee's, still applies
        seen += 1
    v = rules.variant(game.state)
    phases = [p for p in flow.variants[v] if any(w[0] is REFEREE for w in flow.variants[v][p].values())]
    missed = [p for p in phases if (v, p) not in [k[:2] for k in visited]]
    assert missed == table.get("missed", []), missed  # each phase with referee actions was tried
    assert tried and seen > 20


def _seen(fb, box, link):
    """What a press could change: the game's full digest and log, the screen, the lights, the sounds, the
    flash, and the events the link wrote (none for a refused press)."""
    shell = box.shell
    game = shell.game
    lines = fb.serial.take_lines()
    return (
        game.digest() if game else None,
        len(game.log) if game else 0,
        shell.phase,
        shell.chosen,
        fb.leds.frame,
        len(fb.buzzer.tones),
        sorted((name, bytes(data)) for name, data in fb.storage.files.items()),
        [line for line in lines if b'"ev"' in line],
    )


@pytest.mark.parametrize("table", TABLES, ids=lambda t: "%s-%s" % (t["game"], t.get("mode", "")))
def test_no_seat_nor_spectator_presses_the_boxs_buttons_over_the_link_during_a_game(table):
    fb = FakeBoard()
    box = Box(fb, lambda: b"\x42" * 8)
    link = _Link(fb, box)
    box.step()
    wheel = board.WHEEL_0 + games.names().index(table["game"])
    assert link.call("press", button=wheel)["ok"]  # at the game menu anyone at the box chooses, a spectator too
    assert box.shell.chosen == table["game"] and link.call("state")["eye"] is None
    started = link.call("new_game", seed=7, **{k: table[k] for k in table if k != "missed"})
    assert started["ok"], started
    referee, seats = started["referee"], started["seats"]
    game, rng = box.shell.game, Rng(5)
    refused = 0
    for moment in range(3):  # the first moment of the game, and two later ones
        for _ in range(12 * moment):
            legal = [a for seat in game.actors() + [-1] for a in game.legal_actions(seat)]
            if game.phase == game.rules.FLOW.end or not legal:
                break
            link.call("auth", token=referee)
            assert link.call("apply", action=rng.choice(legal))["ok"]
        for tok in seats + [None]:
            eye = link.call("auth", token=tok) if tok else link.call("auth")
            assert eye["ok"]
            before = _seen(fb, box, link)
            for button in range(24):
                reply = link.call("press", button=button)
                assert not reply["ok"] and reply["error"]["code"] == "not_allowed", (button, eye, reply)
                words = reply["error"]["message"]
                assert "referee's token" in words and "claim" in words
                assert ("seat %d's" % (eye["eye"] + 1) if tok else "a spectator's") in words  # counted from 1
                refused += 1
            box.step()
            assert _seen(fb, box, link) == before, eye  # nothing changed, nothing was told
    assert refused == 3 * 24 * (len(seats) + 1)
    link.call("auth", token=referee)
    before = _seen(fb, box, link)
    for button in range(24):  # the referee's link presses as the box's own buttons
        assert link.call("press", button=button)["ok"], button
    box.step()
    assert _seen(fb, box, link) != before


def test_a_game_started_from_the_menu_over_the_link_leaves_its_buttons_to_the_referee():
    fb = FakeBoard()
    box = Box(fb, lambda: b"\x42" * 8)
    link = _Link(fb, box)
    box.step()
    for button in (board.SHOUT_0, board.SHOUT_0 + 2, board.CONFIRM):  # two stations join, the game starts
        assert link.call("press", button=button)["ok"]
    assert box.shell.game is not None and link.call("state")["eye"] is None
    refused = link.call("press", button=board.CONFIRM)
    assert refused["error"]["code"] == "not_allowed"
    assert box.shell.phase == "loudest"  # the loudest spectator is not drawn
    assert link.call("auth", claim=True)["ok"]  # the claim still needs MODE pressed on the box itself
    assert link.call("press", button=board.MODE)["error"]["code"] == "not_allowed"
    assert link.call("state")["eye"] is None
    fb.buttons.push(board.MODE)
    box.step()
    assert link.call("state")["eye"] == "referee"
    assert link.call("press", button=board.CONFIRM)["ok"]
    assert box.shell.phase != "loudest"


class _ConnectLink(_Link):
    """The link as connect's console holds it: a refusal is a LinkError; a virtual box's tokens in folder."""

    def __init__(self, fb, box, folder):
        _Link.__init__(self, fb, box)
        self.token_folder = folder

    def call(self, op, **args):
        reply = _Link.call(self, op, **args)
        if not reply["ok"]:
            raise LinkError(reply["error"]["code"], reply["error"]["message"])
        return reply

    def auth(self, token):
        return self.call("auth", token=token)["eye"]


def test_connects_press_is_the_referees_during_a_game_and_a_refusal_says_how_to_become_the_referee(tmp_path):
    fb = FakeBoard()
    box = Box(fb, lambda: b"\x42" * 8)
    link = _ConnectLink(fb, box, str(tmp_path))
    said = []
    console = Console(link, lambda text, err=False, nl=True: said.append((err, text)))
    box.step()
    console.command("press shout 3")  # at the game menu: station 3 joins, as at the box
    console.command("press confirm")
    assert not [t for err, t in said if err] and box.shell.game is None and box.shell.seats.joined == [2]
    started = link.call("new_game", players=2, seed=4, mode="box")
    for tok in (started["seats"][1], None):  # seat 2's phone, then a spectator's
        console.command("auth %s" % tok if tok else "auth")
        console.command("press confirm")  # would draw the loudest spectator
        err, text = said[-1]
        assert err and text.startswith("refused: while a game runs only the referee's link presses"), said
        assert ("sees as seat 2" if tok else "sees as a spectator") in text  # the eye this link has, in words
        assert "auth TOKEN with the referee's token" in text and "claim and press MODE on the box" in text
        assert box.shell.phase == "loudest"
    console.command("auth %s" % started["referee"])
    console.command("press confirm")
    assert not said[-1][0] and box.shell.phase != "loudest", said


# --- a damaged last record is damage, not a torn write ------------------------------------------------------


def _played(n):
    """A box whose journal holds n actions of a game, and that storage."""
    fb = FakeBoard()
    box = Box(fb, lambda: b"\x42" * 8)
    assert _Link(fb, box).call("new_game", players=3, seed=5, mode="box", battles=2)["ok"]
    game, rng = box.shell.game, Rng(1)
    while len(game.log) < n:
        seat = rng.choice(game.actors() + [-1])
        legal = game.legal_actions(seat)
        if legal:
            box.shell.apply(rng.choice(legal))
    return fb.storage


@pytest.mark.parametrize("flip", [12, -5, -2])  # a byte of the checksum, of the JSON, its closing brace
def test_a_whole_last_record_that_fails_its_check_is_reported_and_kept_aside_not_dropped_in_silence(flip):
    storage = _played(30)
    data = bytearray(storage.files[jnl.FILE])
    start = data.rindex(b"\n", 0, len(data) - 1) + 1  # the last record's line, newline and all
    at = start + flip if flip > 0 else len(data) + flip
    data[at] ^= 0x04  # one flipped bit: the line is still whole
    damaged = bytes(data)
    storage.files[jnl.FILE] = damaged
    box = Box(FakeBoard(storage), lambda: b"\x42" * 8)
    notice = box.shell.notice
    assert len(box.shell.game.log) == 29  # the game goes on from the last good record...
    assert notice is not None and notice["e"] == "journal_cut" and "record 30 " in notice["message"]  # ...said
    assert storage.files[notice["file"]] == damaged  # and the whole journal is kept for a closer look
    assert "record 30 of the saved game is unreadable" in line(public_event(notice), [0, 1, 2])


def test_an_unterminated_last_record_is_still_a_torn_write_dropped_quietly():
    storage = _played(30)
    storage.files[jnl.FILE] = storage.files[jnl.FILE][:-7]  # the power went before the write finished
    box = Box(FakeBoard(storage), lambda: b"\x42" * 8)
    assert len(box.shell.game.log) == 29 and box.shell.notice is None
    assert storage.files[jnl.FILE].endswith(b"\n") and len(storage.files[jnl.FILE].splitlines()) == 30


# --- the watchdog is fed while a long journal is read, copied or rewritten -------------------------------


class _FlashTime(FakeStorage):
    """Files in memory that take the Pico's time: each line read 1 ms, each 4 KB block a write starts
    an erase of 400 ms (LittleFS's worst case), on the box's fake clock."""

    def __init__(self, clock):
        super().__init__()
        self.clock = clock

    def _write(self, name, data, append):
        old = len(self.files.get(name, b"")) if append else 0
        self.clock.advance_ms(400 * ((old + len(data)) // 4096 - old // 4096))
        super()._write(name, data, append)

    def read_lines(self, name):
        for text in super().read_lines(name):
            self.clock.advance_ms(1)
            yield text


class _Watchdog:
    """A watchdog that remembers the longest time it went unfed."""

    def __init__(self, clock):
        self.clock, self.last, self.longest = clock, clock.ms(), 0

    def feed(self):
        self.longest = max(self.longest, self.clock.ms() - self.last)
        self.last = self.clock.ms()


_LONG = {}


def _long_journal():
    """The journal of a long game of ULTIMUS (2400 actions, near 100 KB), made once."""
    if not _LONG:
        fb = FakeBoard()
        box = Box(fb, lambda: b"\x42" * 8)
        assert _Link(fb, box).call("new_game", players=3, seed=5, mode="full", battles=9)["ok"]
        game, rng = box.shell.game, Rng(2)
        while len(game.log) < 2400:
            seat = rng.choice(game.actors() + [-1])
            legal = game.legal_actions(seat)
            if legal:
                box.shell.apply(rng.choice(legal))
        _LONG.update(fb.storage.files)
    return dict(_LONG)


@pytest.mark.parametrize("damage", ["torn", "flipped", "middle"])
def test_a_long_journals_repair_never_leaves_the_watchdog_unfed_for_its_8_seconds(damage):
    clock = FakeClock()
    storage = _FlashTime(clock)
    storage.files = _long_journal()
    data = storage.files[jnl.FILE]
    assert len(data) > 90000
    if damage == "torn":
        data += b'1234abcd {"a": "do'  # a cut write: keep() rewrites the whole journal without it
    elif damage == "flipped":
        data = data[:-3] + b"X" + data[-2:]  # the last record damaged: the whole journal is copied aside
    else:
        middle = len(data) // 2
        data = data[:middle] + b"X" + data[middle + 1 :]  # copied aside, and cut
    storage.files[jnl.FILE] = data
    fb = FakeBoard(storage, clock=clock)
    fb.watchdog = watchdog = _Watchdog(clock)
    start = clock.ms()
    box = Box(fb, lambda: b"\x42" * 8)
    watchdog.feed()  # the box's own clock task feeds it from here on
    assert box.shell.game is not None and clock.ms() - start > 8000  # the repair took longer than the watchdog...
    assert watchdog.longest < 2000  # ...but it never went more than 2 s unfed


# --- the virtual box's folder: a folder where box.cfg goes, a full disk -------------------------------------


def _sim(*args):
    from click.testing import CliRunner

    from ultimus_host.cli import main

    return CliRunner().invoke(main, ["sim", "--headless", *args], catch_exceptions=False)


def _quick_run(monkeypatch):
    async def stopped(self, ui):  # the box starts and stops at once (as Ctrl-C would)
        self.storage.close()

    monkeypatch.setattr(virtualbox.VirtualBox, "run", stopped)


def test_a_folder_where_box_cfg_goes_is_said_and_the_virtual_box_starts_at_the_default_game(monkeypatch, tmp_path):
    (tmp_path / "box.cfg").mkdir()
    (tmp_path / "box.cfg" / "mine.txt").write_text("kept")
    _quick_run(monkeypatch)
    result = _sim("--state", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "box.cfg in %s is a folder" % tmp_path in result.output and "virtual box stopped" in result.output
    vbox = virtualbox.VirtualBox(str(tmp_path), seed=1)
    try:
        assert vbox.box.shell.chosen == "ultimus" and "is a folder" in vbox.log_lines[-1]
        _press(vbox, board.WHEEL_0 + 3)  # the wheel of Munera: the choice is saved, the folder renamed aside
        assert vbox.box.shell.chosen == "munera" and (tmp_path / "box.cfg").is_file()
        assert (tmp_path / "box.cfg.dir-1" / "mine.txt").read_text() == "kept"
    finally:
        vbox.fb.serial.close()
        vbox.storage.close()


def test_sim_game_on_a_full_disk_starts_the_game_for_this_run_and_says_it_was_not_saved(monkeypatch, tmp_path):
    import errno

    from ultimus_host.pcdrivers import FileStorage

    real = FileStorage.replace_lines

    def full(self, name, lines):
        if name == "box.cfg":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, name, lines)

    monkeypatch.setattr(FileStorage, "replace_lines", full)
    _quick_run(monkeypatch)
    result = _sim("--state", str(tmp_path), "--game", "munera")
    assert result.exit_code == 0, result.output
    assert "could not be saved in %s (No space left on device): it is chosen for this run only" % tmp_path in (
        result.output
    )
    vbox = virtualbox.VirtualBox(str(tmp_path), seed=1, game="munera")
    try:
        assert vbox.box.shell.chosen == "munera" and vbox.box.shell.screen.NAME == "munera"
        assert "munera" in virtualbox.render_text(vbox).plain.lower()
    finally:
        vbox.fb.serial.close()
        vbox.storage.close()


# --- one set-up check per game: unknown keys and bad values refused by name, on every path ----------------

SETUPS = {  # a good new_game request of each game
    "ultimus": {"players": 3},
    "morituri": {"players": 2, "figures": [["heavy"], ["light"]]},
    "morituri_board": {"players": 3},
    "munera": {"gladiators": ["gaul", "samnite"]},
    "ultimatum": {"players": 3},
}
BAD_VALUES = [
    ("ultimus", "battles", 100),
    ("ultimus", "battles", "3"),
    ("ultimus", "beginner", "yes"),
    ("ultimus", "beginner", 2),
    ("ultimus", "mode", ["box"]),
    ("ultimus", "content", 5),
    ("ultimus", "rng", 3),
    ("ultimus", "players", 7),
    ("morituri", "players", 2.0),
    ("morituri", "figures", "heavy"),
    ("morituri_board", "last_alive", 2),
    ("morituri_board", "values", {"gladius": [1, 2]}),
    ("munera", "players", 3),
    ("munera", "players", 2.0),
    ("munera", "spared_today", 100),
    ("munera", "spared_today", "1"),
    ("munera", "radius", 0),
    ("munera", "gladiators", [{"profile": "gaul", "armour": 3}, "samnite"]),
    ("ultimatum", "players", 7),
    ("ultimatum", "seed", "1"),
]


def _new_game(game, **extra):
    fb = FakeBoard()
    box = Box(fb, lambda: b"\x42" * 8)
    request = dict(SETUPS[game], game=game, seed=4)
    request.update(extra)
    return box, _Link(fb, box).call("new_game", **request)


@pytest.mark.parametrize("game, key, value", BAD_VALUES)
def test_a_bad_set_up_value_is_refused_by_the_link_naming_its_key(game, key, value):
    box, reply = _new_game(game, **{key: value})
    assert not reply["ok"] and reply["error"]["code"] == "bad_setup" and reply["error"]["key"] == key, reply
    assert (key in reply["error"]["message"] or key == "gladiators") and box.shell.game is None


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_an_unknown_set_up_key_is_refused_by_name_on_every_path(game, tmp_path):
    from click.testing import CliRunner

    from ultimus_host.cli import main
    from ultimusbox import games

    box, reply = _new_game(game, colour="red")  # the link's new_game
    assert reply["error"]["code"] == "bad_setup" and reply["error"]["key"] == "colour", reply
    assert "colour" in reply["error"]["message"]
    box, reply = _new_game(game)
    assert reply["ok"], reply
    setup = dict(box.shell.game.setup)
    rules = box.shell.game.rules
    with pytest.raises(Illegal) as refused:  # the core's one check (play, demo, bots, restore)
        games.build(game, dict(setup, colour="red"))
    assert refused.value.code == "bad_setup" and refused.value.key == "colour"
    assert rules.check_setup(rules.check_setup(setup)) == rules.check_setup(setup)  # its own output passes
    # replay of a saved log whose set-up has a key the game does not know
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps({"format": rules.FORMAT, "game": game, "setup": dict(setup, colour="red"), "log": []}))
    result = CliRunner().invoke(main, ["replay", str(saved)])
    assert result.exit_code == 1 and "'colour'" in result.output and "Traceback" not in result.output
    # a box journal whose header's set-up has it: refused at start, kept aside, never resumed without the key
    storage = box.d.storage
    lines = storage.files[jnl.FILE].splitlines(True)
    header = json.loads(lines[0][9:])
    header["header"]["setup"]["colour"] = "red"
    storage.files[jnl.FILE] = jnl.encode(header) + b"".join(lines[1:])
    again = Box(FakeBoard(storage), lambda: b"\x42" * 8)
    notice = again.shell.notice
    assert again.shell.game is None and notice["code"] == "bad_journal" and "'colour'" in notice["message"]
    assert notice["file"] in storage.files


# --- connect --save: no file name is refused; a box that goes away still leaves its log ---------------------


def test_connect_save_with_no_file_name_is_refused_and_says_so():
    from click.testing import CliRunner

    from ultimus_host.cli import main

    result = CliRunner().invoke(main, ["connect", "/dev/null", "--save", ""])
    assert result.exit_code == 2 and "--save" in result.output and "give the name of a file" in result.output


def test_connect_save_writes_the_log_it_has_read_when_the_box_goes_away_under_it(tmp_path):
    import queue
    import subprocess
    import sys
    import threading
    import time

    from test_host_sim import ROOT, start_sim, stop
    from ultimus_host.client import LinkClient

    proc, port = start_sim(tmp_path / "box")
    connect = None
    try:
        client = LinkClient(port)
        client.call("new_game", players=2, seed=6, mode="box", stations=[2, 4])
        client.call("apply", action={"a": "set_loudest", "p": 1})
        referee = str(client.tokens["referee"])
        client.close()
        saved = tmp_path / "saved.json"
        connect = subprocess.Popen(
            [sys.executable, "-m", "ultimus_host.cli", "connect", port, "--token", referee, "--save", str(saved)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert connect.stdin is not None and connect.stdout is not None
        connect.stdin.write('{"a": "bets_placed"}\n')  # an action while connected, and the input stays open
        connect.stdin.flush()
        heard = queue.Queue()
        threading.Thread(target=lambda: [heard.put(t) for t in iter(connect.stdout.readline, "")], daemon=True).start()
        end = time.monotonic() + 30
        while time.monotonic() < end and not heard.get(timeout=30).startswith("ok: "):
            pass  # the action is applied and the log it leaves read
        stop(proc)  # the cable is pulled
        connect.wait(30)
        err = connect.stderr.read() if connect.stderr else ""
        assert connect.returncode == 1 and "Traceback" not in err
        assert "went away" in err and "saved the 2 actions this link had read" in err, err
        kept = json.loads(saved.read_text())
        assert kept["log"] == [{"a": "set_loudest", "p": 1}, {"a": "bets_placed"}] and "seed" in kept["setup"]
    finally:
        stop(proc)
        if connect is not None and connect.poll() is None:
            connect.kill()


# --- the Pico's drivers: lost presses and a failed wake-up are told, never silent ----------------------------


def test_presses_lost_to_a_full_button_queue_and_a_failed_serial_wake_up_are_told():
    fb = FakeBoard()
    box = Box(fb, lambda: b"\x42" * 8)
    heard = []
    box.shell.listen(heard.extend)
    fb.buttons.dropped = 3  # the driver's queue was full three times (drivers/buttons.py counts them)
    box.step()
    box.step()
    faults = [e for e in heard if e["e"] == "fault"]
    assert [f["task"] for f in faults] == ["buttons"] and "3 press(es) lost" in faults[0]["message"]
    box.watch_failed(OSError(5, "EIO"))  # the serial driver's watching task failed (and watches again)
    assert heard[-1]["e"] == "fault" and heard[-1]["task"] == "serial wake-up"
    told = [line(public_event(e), None) for e in heard if e["e"] == "fault"]
    assert "a task of the box failed (buttons): 3 press(es) lost" in told[0] and "EIO" in told[1]


# --- Ctrl-C at any moment of a command's start: never a traceback ---------------------------------------------

# what the installed `ultimus` script runs (pyproject.toml's [project.scripts])
ULTIMUS_SCRIPT = "import sys; from ultimus_host.start import main; sys.argv[0] = 'ultimus'; sys.exit(main())"


def _python_start(env):
    """How long this machine's Python takes to start before it runs any code of ours (its site imports):
    a Ctrl-C in that time is the interpreter's own, which no program can catch."""
    import subprocess
    import sys
    import time

    began = time.monotonic()
    subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
    return time.monotonic() - began


@pytest.mark.parametrize("after", [0.02, 0.1, 0.25, 0.5, 0.8])
@pytest.mark.parametrize("command", [["demo", "--seed", "3"], ["sim", "--headless"]])
def test_ctrl_c_early_in_any_command_never_prints_a_traceback(tmp_path, command, after):
    import os
    import signal
    import subprocess
    import sys
    import time

    if command[0] == "sim":
        command = command + ["--state", str(tmp_path)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    start = _python_start(env)
    proc = subprocess.Popen(
        [sys.executable, "-c", ULTIMUS_SCRIPT, *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    time.sleep(start * 1.5 + after)  # while the command's own modules load (about half a second), or later
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


def test_the_installed_command_starts_through_the_quiet_start():
    import os

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "pyproject.toml")) as f:
        assert 'ultimus = "ultimus_host.start:main"' in f.read()
