"""The box shell: the game menu, journals of every format, and the loud refusal of a journal it cannot resume."""

import ast
import hashlib
import json
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from box_battle import SCRIPT, new_box, run_line  # noqa: E402
from games.ultimus import VERSION  # noqa: E402
from games.ultimus.rules import RULES  # noqa: E402
from referee.digest import fnv1a  # noqa: E402
from referee.engine import replay  # noqa: E402
from ultimus_host.fakes import FakeBoard, FakeStorage  # noqa: E402
from ultimusbox import board, games  # noqa: E402
from ultimusbox.journal import FILE, FORMAT, decode, encode, flash_trouble  # noqa: E402
from ultimusbox.runtime import Box  # noqa: E402
from ultimusbox.screens.ultimus.lights import GOLD, OFF, RED  # noqa: E402
from ultimusbox.settings import FILE as SETTINGS  # noqa: E402
from ultimusbox.sounds import TUNES  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE = os.path.join(ROOT, "tests", "data", "v0.1.0", "box-5p-seed21")


def ring(fb, g):
    return [fb.leds.pixel(board.ring_pixel(g, i)) for i in range(board.RING_PIXELS)]


def press(fb, box, button):
    run_line(fb, box, ("press", button))


def played(fb, tune):
    return any(f == TUNES[tune][0][0] for _, f in fb.buzzer.tones)


def play_until(name):
    fb, box = new_box()
    for line in SCRIPT:
        point = run_line(fb, box, line)
        if point and point[0] == name:
            return fb, box
    raise AssertionError(name)


def storage_with(records):
    storage = FakeStorage()
    storage.files[FILE] = b"".join(encode(r) for r in records)
    return storage


def header(**fields):
    h = {
        "format": FORMAT,
        "game": "ultimus",
        "version": VERSION,
        "setup": {"players": 2, "seed": 4, "mode": "box", "battles": 1},
        "box": {"stations": [0, 3], "beginner": 0},
    }
    h.update(fields)
    return {"header": h}


class Listening:
    """A box on given flash, with every event it published from power-on kept."""

    def __init__(self, storage):
        self.events = []
        fb = FakeBoard(storage)
        from ultimusbox.runtime import Box

        original = Box._on_events

        def spy(box, events):
            self.events.extend(events)
            original(box, events)

        Box._on_events = spy
        try:
            self.box = Box(fb, lambda: 7)
        finally:
            Box._on_events = original
        self.fb = fb
        self.box.step()  # the first sound starts, the first frame is drawn (at 0 ms: a red blink is on)

    def of(self, kind):
        return [e for e in self.events if e["e"] == kind]


# --- journals of every format ----------------------------------------------------


def test_a_new_game_journal_names_its_game_and_format():
    fb, box = play_until("new game")
    first = decode(next(fb.storage.read_lines(FILE)))["header"]
    assert first["format"] == FORMAT == 5 and first["game"] == "ultimus" and first["version"] == VERSION
    assert first["setup"] == box.shell.game.setup and first["box"]["stations"] == [0, 2, 4]


def test_format_5_checksums_records_with_sha256_and_the_header_with_fnv1a():
    fb, box = play_until("entrance")
    lines = list(fb.storage.read_lines(FILE))
    assert len(lines) > 2
    header, records = lines[0], lines[1:]
    assert header[:8] == b"%08x" % fnv1a(header[9:-1])  # an older firmware reads it and refuses format 5
    for line in records:
        assert line[:8] == hashlib.sha256(line[9:-1]).hexdigest()[:8].encode()
    torn = records[-1][:8] + b" " + records[-1][10:]  # a byte of the body lost
    assert decode(records[-1]) is not None and decode(torn) is None


def test_the_box_journal_of_0_1_0_resumes_to_the_same_game():
    with open(FIXTURE + ".jnl", "rb") as f:
        data = f.read()
    with open(FIXTURE + ".expected") as f:
        expected = json.load(f)
    storage = FakeStorage()
    storage.files[FILE] = data
    fb, box = new_box(storage)
    game = box.shell.game
    s = game.state
    assert box.shell.playing == "ultimus" and box.shell.notice["e"] == "tokens_renewed"  # 0.1.0's followed the seed
    assert len(game.log) == expected["actions"] and s["phase"] == expected["phase"]
    assert s["gold"] == expected["gold"] and s["status"] == expected["status"]
    assert storage.files[FILE] == data  # resumed as it was: not rewritten
    rules = __import__("games.ultimus.rules", fromlist=["rules"])
    if hasattr(rules, "digest_for"):
        assert rules.digest_for(s, 1) == expected["digest"]
    press(fb, box, board.CONFIRM)  # the final count: back to the seat selection
    assert box.shell.phase == "seats"


def test_a_journal_of_a_newer_format_is_kept_aside_untouched_and_reported():
    storage = storage_with([header(format=FORMAT + 1, version="9.0.0"), {"a": "draw_loudest"}])
    data = storage.files[FILE]
    box = Listening(storage)
    shell = box.box.shell
    assert shell.game is None and shell.phase == "seats"
    assert FILE not in storage.files and storage.files["game-1.jnl"] == data
    assert [e["code"] for e in box.of("journal_refused")] == ["unknown_format"]
    assert "format %d" % (FORMAT + 1) in shell.notice["message"] and shell.notice["file"] == "game-1.jnl"
    assert "unknown_format" not in shell.notice["message"]  # the table reads the words; the code goes apart
    assert played(box.fb, "error")
    assert {box.fb.leds.pixel(board.seat_pixel(k)) for k in range(6)} == {RED}  # every station blinks red


def test_a_set_aside_game_goes_on_when_the_flash_has_no_room_to_keep_it():
    fb, box = play_until("new game")
    storage = fb.storage
    data = storage.files[FILE]
    storage.fill_after(len(data) // 2)  # room for half a copy of the journal
    again = Box(FakeBoard(storage), lambda: 7, fresh=True)
    shell = again.shell
    assert shell.game is not None and shell.game.digest() == box.shell.game.digest()  # resumed: nothing lost
    assert storage.files[FILE] == data and shell.notice is None


def test_a_game_set_aside_at_power_on_is_told_in_words_of_who_asked():
    """Thumbs down held says so; another asker (the virtual box's `sim --new`) its own words; never the code."""
    for fresh, said in ((True, "thumbs down was held at power-on"), ("sim --new asked", "sim --new asked")):
        fb, box = play_until("new game")
        again = Box(FakeBoard(fb.storage), lambda: 7, fresh=fresh)
        notice = again.shell.notice
        assert again.shell.game is None and notice["code"] == "set_aside"
        assert notice["message"] == "%s: a new game instead" % said


def test_a_journal_of_a_game_this_box_does_not_referee_is_refused_loudly():
    storage = storage_with([header(game="chess")])
    box = Listening(storage)
    assert box.box.shell.game is None and box.of("journal_refused")[0]["code"] == "unknown_game"
    assert "game-1.jnl" in storage.files and FILE not in storage.files


def test_a_record_that_no_longer_replays_moves_the_journal_aside_instead_of_cutting_it():
    fb, box = play_until("wounded")
    lines = fb.storage.files[FILE].split(b"\n")
    lines.insert(5, encode({"a": "warp", "p": 0})[:-1])  # well written, but refused by this firmware's rules
    data = b"\n".join(lines)
    fb.storage.files[FILE] = data
    again = Listening(fb.storage)
    notice = again.box.shell.notice
    assert again.box.shell.game is None and notice["code"] == "replay_failed" and "record 5" in notice["message"]
    assert fb.storage.files["game-1.jnl"] == data and FILE not in fb.storage.files
    # a second refused journal never overwrites the first
    fb.storage.files[FILE] = b"junk\n"
    Listening(fb.storage)
    assert fb.storage.files["game-1.jnl"] == data and fb.storage.files["game-2.jnl"] == b"junk\n"


def test_unreadable_records_in_the_middle_are_reported_and_the_whole_journal_kept():
    fb, box = play_until("wounded")
    lines = fb.storage.files[FILE].split(b"\n")
    lines[4] = lines[4][:-3] + b"xyz"
    data = b"\n".join(lines)
    fb.storage.files[FILE] = data
    again = Listening(fb.storage)
    assert len(again.box.shell.game.log) == 3 and again.of("journal_cut")
    assert fb.storage.files["game-1.jnl"] == data


def test_a_torn_last_record_is_still_dropped_quietly_as_after_a_power_cut():
    fb, box = play_until("wounded")
    actions = list(box.shell.journal)
    fb.storage.files[FILE] += b'1234abcd {"a": "do'  # the write the power cut tore
    _, again = new_box(fb.storage)
    assert list(again.shell.journal) == actions and again.shell.notice is None


# --- the game menu -------------------------------------------------------------


@pytest.fixture
def a_free_wheel(monkeypatch):
    """A wheel without a game: the last of the six is left free if the registry fills them all."""
    if len(games.GAMES) >= board.RINGS:
        monkeypatch.setattr(games, "GAMES", games.GAMES[: board.RINGS - 1])


def test_the_seat_selection_lights_the_one_game_and_refuses_the_wheels_without_one(a_free_wheel):
    fb, box = new_box()
    assert box.shell.chosen == "ultimus" and box.shell.phase == "seats"
    assert ring(fb, 0).count(GOLD) == 3  # ULTIMUS's wheel: its options (3 battles)
    for g in range(1, len(games.GAMES)):  # Morituri, the board game...: not chosen, one dim pixel each
        assert ring(fb, g)[0] != OFF and ring(fb, g)[1:] == [OFF] * 11
    assert all(p == OFF for g in range(len(games.GAMES), 6) for p in ring(fb, g))
    empty = len(games.GAMES)  # the first wheel without a game
    events = []
    box.shell.listen(events.extend)
    fb.buttons.push(board.WHEEL_0 + empty)
    box.step()
    refused = [e for e in events if e["e"] == "refused"]
    assert refused and refused[0]["code"] == "not_on_this_box" and "ULTIMUS" in refused[0]["message"]
    fb.clock.now = (fb.clock.ms() // 200 + 1) * 200000  # the next instant of the fast blink that is on
    box.draw(fb.clock.ms())
    assert ring(fb, empty) == [RED] * 12
    assert played(fb, "error") and box.shell.chosen == "ultimus"
    press(fb, box, board.WHEEL_0)  # the game already chosen: nothing to do
    assert SETTINGS not in fb.storage.files


def test_the_game_menu_knows_which_wheel_is_which_game():
    names = games.names()
    assert names[:2] == ["ultimus", "morituri"]  # wheels 1 and 2
    assert "munera" in names  # wheel 4 once Ultimatum (wheel 3) is on the box too
    assert names.index("munera") in (2, 3) and len(set(names)) == len(names)
    fb, box = new_box()
    press(fb, box, board.WHEEL_0 + names.index("munera"))
    assert box.shell.chosen == "munera" and box.shell.screen.NAME == "munera"
    assert "Munera: SHOUT joins a station" in box.shell.screen.describe()
    assert games.find("munera")[1] == "Munera Sine Missione"


@pytest.fixture
def two_games(monkeypatch):
    """A second game on the menu (ULTIMUS again, under another name), as the next issues add them."""
    practice = ("practice", "Practice", games.GAMES[0][2], games.GAMES[0][3])
    monkeypatch.setattr(games, "GAMES", games.GAMES[:1] + (practice,) + games.GAMES[1:])  # on wheel 2


def test_choosing_another_game_saves_it_and_resets_the_pico(two_games):
    fb = FakeBoard()
    resets = []
    fb.reset = lambda: resets.append(1)
    from ultimusbox.runtime import Box

    box = Box(fb, lambda: 7)
    box.draw(fb.clock.ms())
    assert ring(fb, 1)[0] != OFF and ring(fb, 1)[1:] == [OFF] * 11  # a game to choose: one dim pixel
    press(fb, box, board.WHEEL_0 + 1)
    assert resets == [1] and box.shell.chosen == "practice"
    assert decode(fb.storage.files[SETTINGS]) == {"game": "practice"}
    after = Box(FakeBoard(fb.storage), lambda: 7)  # the Pico starts again
    assert after.shell.chosen == "practice" and after.shell.phase == "seats"


def test_on_a_pc_the_chosen_game_takes_over_at_once_and_its_journal_names_it(two_games):
    fb, box = new_box()
    for b in (board.WHEEL_0 + 1, board.SHOUT_0, board.SHOUT_0 + 1, board.CONFIRM):
        press(fb, box, b)
    assert box.shell.playing == "practice" and box.shell.phase == "loudest"
    assert decode(next(fb.storage.read_lines(FILE)))["header"]["game"] == "practice"
    _, again = new_box(fb.storage)
    assert again.shell.playing == "practice" and again.shell.game.digest() == box.shell.game.digest()


def test_the_board_games_wheel_chooses_it_and_shows_its_options():
    k = games.names().index("morituri_board")
    assert games.GAMES[k][1] == "Morituri board game"
    fb, box = new_box()
    press(fb, box, board.WHEEL_0 + k)
    assert box.shell.chosen == "morituri_board" and box.shell.screen.NAME == "morituri_board"
    assert ring(fb, k)[10] == (0, 255, 0) and ring(fb, 0)[0] != OFF  # rule 1 on; ULTIMUS: one dim pixel
    assert "rule 1" in box.shell.screen.describe()


def test_the_options_of_the_chosen_game_stay_on_the_seat_selection_controls():
    fb, box = new_box()
    for b in (board.PLUS, board.PLUS, board.MODE):
        press(fb, box, b)
    r = ring(fb, 0)
    assert r.count(GOLD) == 5 and r.count(OFF) == 0  # 5 battles, the rest glows green: beginners' mode
    for b in (board.SHOUT_0 + 2, board.THINK_0 + 4, board.CONFIRM):
        press(fb, box, b)
    assert box.shell.game.setup["battles"] == 5 and box.shell.settings == {"stations": [2, 4], "beginner": 1}


# --- what the shell is made of ---------------------------------------------------

SHELL_MODULES = ("shell", "seats", "selftest", "display", "journal", "link", "runtime", "sounds", "settings", "games")


@pytest.mark.parametrize("name", SHELL_MODULES)
def test_the_shell_imports_no_game(name):
    path = os.path.join(ROOT, "firmware", "ultimusbox", name + ".py")
    with open(path) as f:
        tree = ast.parse(f.read())
    top = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    modules = [node.module for node in top if isinstance(node, ast.ImportFrom)]
    modules += [alias.name for node in top if isinstance(node, ast.Import) for alias in node.names]
    assert not [m for m in modules if m and (m.split(".")[0] == "games" or ".screens." in m)], modules
    assert ast.get_docstring(tree)


def test_the_link_starts_a_named_game_and_says_which_one_plays():
    fb, box = new_box()
    link = box.link

    def call(**request):
        fb.serial.feed_in(json.dumps(request).encode() + b"\n")
        box.step()
        return [json.loads(line) for line in fb.serial.take_lines() if b'"ev"' not in line][-1]

    hello = call(id=1, op="hello")
    assert hello["protocol"] == 3 and hello["games"] == games.names() and hello["chosen"] == "ultimus"
    assert hello["games"][:2] == ["ultimus", "morituri"] and "morituri_board" in hello["games"]
    assert hello["playing"] is None and hello["game"] is None
    assert call(id=2, op="new_game", game="chess", players=2, seed=1)["error"]["code"] == "unknown_game"
    started = call(id=3, op="new_game", players=2, seed=1)  # protocol 1's request: ULTIMUS
    assert started["ok"] and started["playing"] == "ultimus"
    state = call(id=4, op="state")
    assert state["playing"] == "ultimus" and state["digest"] == replay(RULES, box.shell.game.setup, []).digest()
    assert call(id=5, op="log")["playing"] == "ultimus"
    assert link.shell is box.shell


def test_a_box_imports_only_the_chosen_game_and_nothing_a_pc_alone_needs():
    import subprocess

    code = (
        "import sys; sys.path[:0] = ['firmware', 'host', 'tests/mpy']\n"
        "from box_battle import SCRIPT, new_box, run_line\n"
        "fb, box = new_box()\n"
        "for line in SCRIPT[:30]: run_line(fb, box, line)\n"
        "print(' '.join(sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('games', 'ultimusbox', 'referee'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = done.stdout.split()
    assert "ultimusbox.screens.ultimus.screen" in loaded and "games.ultimus.rules" in loaded
    for absent in ("ultimusbox.screens.ultimus.words", "ultimusbox.selftest", "games.ultimus.legal"):
        assert absent not in loaded


def test_a_resumed_game_drops_the_entry_in_progress_with_a_cue_the_table_sees_and_hears():
    from ultimusbox.display import WHITE
    from ultimusbox.runtime import Box

    fb, box = play_until("killed")
    shell = box.shell
    stations = shell.settings["stations"]
    press(fb, box, board.WHEEL_0 + 4)  # an entry begun: a wheel selected, not confirmed
    assert shell.screen.entry.gladiator == 4
    again_fb = FakeBoard(fb.storage)
    again = Box(again_fb, lambda: 7)
    assert again.shell.game is not None and again.shell.screen.entry.gladiator == -1  # dropped, on purpose
    again.step()
    assert played(again_fb, "resume")
    lights = [again_fb.leds.pixel(board.seat_pixel(st)) for st in stations]
    assert all(light == WHITE for light in lights), lights
    again_fb.clock.advance_ms(2100)
    again.draw(again_fb.clock.ms())
    after = [again_fb.leds.pixel(board.seat_pixel(st)) for st in stations]
    assert after != lights and not again.shell.flashing("resumed", again_fb.clock.ms())  # the screen's own lights


def test_a_confirm_just_after_an_instant_reveal_does_not_end_the_first_turn_unseen():
    """Everyone chose before anyone pressed confirm for the countdown: the round begins at once, and the
    confirm meant for the countdown must not end the first player's turn."""
    fb, box = new_box()
    for b in (board.SHOUT_0, board.SHOUT_0 + 1, board.CONFIRM, board.CONFIRM, board.CONFIRM):
        press(fb, box, b)
    for g in range(6):
        press(fb, box, board.WHEEL_0 + g)
    press(fb, box, board.SHOUT_0)
    press(fb, box, board.THINK_0 + 1)
    s = box.shell.game.state
    assert s["phase"] == "action" and s["turn"] == 0
    press(fb, box, board.CONFIRM)  # meant to start the countdown
    assert s["turn"] == 0 and played(fb, "error")
    press(fb, box, board.CONFIRM)  # a second confirm: the turn really ends
    assert s["turn"] == 1


def test_after_the_last_battle_the_words_offer_only_the_final_count():
    fb, box = play_until("paid")  # battle 1 of 3
    assert "thumbs up: next battle" in box.shell.screen.describe()
    box.shell.game.state["battles"] = 1  # as if it were the last: thumbs up is refused there
    words = box.shell.screen.describe()
    assert "next battle" not in words and "thumbs down for the final count" in words


def test_the_readme_and_the_box_guide_name_every_game_of_the_menu_on_its_wheel():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "README.md")) as f:
        readme = " ".join(f.read().split())
    with open(os.path.join(root, "docs", "box.md")) as f:
        guide = " ".join(f.read().split())
    keys = " ".join("asdfgh"[: len(games.GAMES)])
    assert "Wheels 1-%d on its game menu (keys `%s`)" % (len(games.GAMES), keys) in readme
    for k, (name, title, _, _) in enumerate(games.GAMES):
        assert title in readme and "`%s`" % name in readme
        assert re.search(r"wheel %d (is |the )?%s" % (k + 1, re.escape(title)), guide), title


def test_a_full_flash_is_told_in_words_on_the_box_and_the_link_never_as_an_exception():
    """The monkey's full flash (tests/test_monkey.py) was told as "[Errno 28] no space left on device"."""
    storage = FakeStorage()
    shell = Box(FakeBoard(storage), lambda: 7).shell
    shell.new_game("ultimus", {"players": 3, "seed": 1, "mode": "box"})
    heard = []
    shell.listen(heard.extend, presses=False)
    storage.fill_after(0)
    shell.act({"a": "draw_loudest"})
    told = [e["message"] for e in heard if e["e"] in ("storage", "refused")]
    assert told == [
        "the action could not be saved: the flash is full",
        "the action could not be saved, it was not applied: the flash is full",
    ]
    full = FakeStorage()
    full.fill_after(0)
    fb = FakeBoard(full)
    box = Box(fb, lambda: 7)
    fb.serial.feed_in(b'{"op": "new_game", "id": 2, "game": "ultimus", "players": 2, "seed": 3}\n')
    box.step()
    replies = [json.loads(line) for line in fb.serial.take_lines()]
    assert [r["error"] for r in replies if r.get("id") == 2] == [
        {"code": "storage", "message": "the box could not save: the flash is full"}
    ]
    assert flash_trouble(OSError(5, "EIO")) == "the flash failed (error 5)"
    assert flash_trouble(OSError("no number")) == "the flash failed"
