"""Each `ultimus` command: its normal run and its errors (one line, non-zero exit)."""

import json

from click.testing import CliRunner

from games.ultimus import randomplay
from ultimus_host.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def _numbers(n):
    """Menu answers that go round 1-12: with numbers that never move, a scripted seat must try them all."""
    return [str(i % 12 + 1) for i in range(n)]


def test_help_everywhere():
    for command in ([], ["sim"], ["connect"], ["play"], ["replay"], ["balance"], ["flash"], ["demo"]):
        result = run(*(command + ["--help"]))
        assert result.exit_code == 0 and "Usage" in result.output


def test_demo_is_the_same_game_for_the_same_seed():
    a, b = run("demo", "--seed", "4", "-p", "3"), run("demo", "--seed", "4", "-p", "3")
    assert a.exit_code == 0 and a.output == b.output and "ultimum gladiator" in a.output


def test_bad_options_are_refused_with_a_usage_error():
    assert run("demo", "--players", "9").exit_code == 2
    result = run("play", "--bot", "7=random")
    assert result.exit_code == 1 and "SEAT=KIND" in result.output
    assert run("balance", "--bots", "clever").exit_code == 2
    result = run("play", "--bot", "0=random")  # seats count from 1, as play shows them
    assert result.exit_code == 1 and "from 1 to 3" in result.output


def test_replay_checks_the_digest_of_a_saved_log(tmp_path):
    game = randomplay.play(4, 9)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_data()))
    result = run("replay", str(path))
    assert result.exit_code == 0 and "the digest matches" in result.output
    data = game.to_data()
    data["digest"] = "deadbeef"
    path.write_text(json.dumps(data))
    assert run("replay", str(path)).exit_code == 2


def test_replay_reads_a_box_journal_and_refuses_garbage(tmp_path):
    from ultimus_host.fakes import FakeStorage
    from ultimusbox.journal import Journal

    game = randomplay.play(3, 2, mode="box")
    storage = FakeStorage()
    journal = Journal(storage)
    journal.start({"setup": game.setup, "box": {"stations": [0, 1, 2], "beginner": 0}})
    for action in game.log:
        journal.append(action)
    path = tmp_path / "game.jnl"
    path.write_bytes(storage.files["game.jnl"])
    result = run("replay", str(path))
    assert result.exit_code == 0 and game.digest() in result.output
    path.write_bytes(b"\x00garbage")
    result = run("replay", str(path))
    assert result.exit_code == 1 and "neither a saved log nor a box journal" in result.output
    assert run("replay", str(tmp_path / "missing.json")).exit_code == 2


def test_balance_prints_the_tables_and_writes_the_chart(tmp_path):
    chart = tmp_path / "balance.png"
    result = run("balance", "-n", "3", "--players", "3", "--chart", str(chart))
    assert result.exit_code == 0, result.output
    assert "Barbarus" in result.output and "gold back per coin" in result.output and "games/s" in result.output
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_play_with_bots_only_runs_a_whole_game():
    result = run("play", "-p", "2", "--bot", "1=random,2=heuristic", "--seed", "3", "--battles", "1")
    assert result.exit_code == 0 and "final gold" in result.output


def test_play_hot_seat_hides_the_hand_until_the_seat_is_ready():
    answers = "\n".join(["", "1", "x"] + _numbers(8000)) + "\n"
    result = run("play", "-p", "2", "--bot", "2=heuristic", "--seed", "5", "--battles", "1", input=answers)
    assert "seat 1, your hand:" in result.output
    assert "one of the numbers" in result.output  # "x" is not an answer
    assert "seat 2, your hand" not in result.output  # the bot's hand is never shown


def test_connect_to_nothing_is_one_clear_error():
    result = run("connect", "/dev/no-such-box")
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "no box on /dev/no-such-box: is it plugged in?" in result.output and "ultimus run" in result.output


def test_flash_without_a_pico_is_one_clear_error(monkeypatch):
    from ultimus_host import flash

    monkeypatch.setattr(flash, "compile_firmware", lambda out=None: [])
    monkeypatch.setattr(flash, "find_port", lambda: (_ for _ in ()).throw(flash.FlashError("found 0 Picos on USB")))
    result = run("flash")
    assert result.exit_code == 1 and "found 0 Picos" in result.output


def test_run_starts_the_virtual_box_when_no_box_is_attached(monkeypatch):
    from ultimus_host import flash, virtualbox

    started = []
    monkeypatch.setattr(flash, "find_port", lambda: (_ for _ in ()).throw(flash.FlashError("found 0 Picos")))
    monkeypatch.setattr(virtualbox, "run_sim", lambda *args, **kw: started.append(args))
    result = run("run")
    assert result.exit_code == 0 and "virtual box" in result.output and started


def test_the_virtual_box_picture_names_what_is_being_entered(tmp_path):
    from ultimus_host.virtualbox import VirtualBox, render_text
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=1)
    try:
        _press(vbox, board.SHOUT_0, board.SHOUT_0 + 1, board.CONFIRM, board.CONFIRM, board.CONFIRM)
        _press(vbox, *(board.WHEEL_0 + g for g in range(6)))
        _press(vbox, board.THINK_0, board.THINK_0 + 1, board.WHEEL_0 + 4, board.MINUS, board.MINUS, board.THUMB_DOWN)
        text = render_text(vbox).plain
        assert "Barbarus, wound x2; -/+: how many, mode: what, confirm: enter it" in text  # which keys now
        assert "pollice verso card" in text
        assert vbox.path in text and "12/12" in text
    finally:
        vbox.fb.serial.close()


def test_while_the_table_bets_the_virtual_box_names_what_its_wheels_count(tmp_path):
    from ultimus_host.virtualbox import VirtualBox, render_text
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=1)
    try:
        _press(vbox, board.SHOUT_0, board.SHOUT_0 + 1, board.SHOUT_0 + 2, board.CONFIRM)
        assert vbox.box.shell.game.state["phase"] == "loudest"  # the wheels are dark: no gladiator waits on them
        assert [w.split() for w in render_text(vbox).plain.split("\n")[2:8]] == [["-"] + ["·"] * 12] * 6
        _press(vbox, board.CONFIRM)
        assert vbox.box.shell.game.state["phase"] == "betting"
        wheels = render_text(vbox).plain.split("\n")[2:8]
        assert [w.split()[:2] for w in wheels[:3]] == [["yelling", "cards"], ["betting", "cards"], ["new", "gold"]]
        assert [w.split()[-2:] for w in wheels[:3]] == [["3", "each"], ["5", "each"], ["5", "each"]]
        assert not any(name in "".join(wheels) for name in ("Tigris", "waiting"))
        assert "round 0" not in render_text(vbox).plain
    finally:
        vbox.fb.serial.close()


def test_play_between_people_asks_the_others_to_look_away_before_each_secret_choice():
    import re

    result = run("play", "-p", "2", "--seed", "8", "--battles", "1", input="\n".join(_numbers(8000)) + "\n")
    shown = None  # the seat in front of the screen since the last look-away prompt
    prompts = hands = 0
    for text in result.output.splitlines():
        away = re.search(r"seat (\d): everyone else look away", text)
        hand = re.search(r"seat (\d), your hand", text)
        if away:
            shown, prompts = away.group(1), prompts + 1
        elif hand:
            assert hand.group(1) == shown  # never a hand before its seat has the screen to itself
            hands += 1
    assert prompts >= 20 and hands > prompts


def _press(vbox, *buttons):
    """Buttons pressed on the virtual box, one after the other, a step of the box each."""
    for b in buttons:
        vbox.fb.buttons.push(b)
        vbox.box.step()


def _stop(vbox):
    vbox.fb.serial.close()
    vbox.storage.close()


def test_a_restarted_virtual_box_says_where_the_game_stands_and_its_last_events(tmp_path):
    from ultimus_host.virtualbox import VirtualBox, stopped_message
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=1)
    try:
        _press(vbox, board.SHOUT_0, board.SHOUT_0 + 1, board.SHOUT_0 + 2, board.CONFIRM, board.CONFIRM, board.CONFIRM)
        assert vbox.box.shell.game is not None and len(vbox.box.shell.game.log) > 0
        played = list(vbox.log_lines)
        assert "resumes at the next start" in stopped_message(vbox.box.shell, str(tmp_path))
    finally:
        _stop(vbox)
    again = VirtualBox(str(tmp_path), seed=1)
    try:
        resumed = again.log_lines[-1]
        assert resumed.startswith("resumed: battle 1"), resumed
        assert "of ULTIMUS" in resumed
        # the events before the restart are on screen again, in the same words
        shown = again.log_lines[:-1]
        assert shown and shown == played[-len(shown) :]
    finally:
        _stop(again)


def test_sim_new_asks_the_virtual_box_to_set_its_saved_game_aside(monkeypatch, tmp_path):
    from ultimus_host import virtualbox

    started = []
    monkeypatch.setattr(virtualbox, "run_sim", lambda *args, **kw: started.append(kw["fresh"]))
    assert run("sim", "--headless", "--state", str(tmp_path), "--new").exit_code == 0
    assert run("sim", "--headless", "--state", str(tmp_path)).exit_code == 0
    assert started == [True, False]


def test_thumbs_down_at_power_on_sets_the_game_aside_and_it_still_replays(tmp_path):
    from ultimus_host.virtualbox import VirtualBox, render_text
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=1)
    try:
        _press(vbox, board.SHOUT_0, board.SHOUT_0 + 1, board.SHOUT_0 + 2, board.CONFIRM, board.CONFIRM, board.CONFIRM)
        played = len(vbox.box.shell.game.log)
        digest = vbox.box.shell.game.digest()
    finally:
        _stop(vbox)
    journal = (tmp_path / "game.jnl").read_bytes()
    fresh = VirtualBox(str(tmp_path), seed=1, fresh=True)
    try:
        shell = fresh.box.shell
        assert shell.game is None and shell.phase == "seats"  # the seat selection: a new game can start
        assert shell.notice["code"] == "set_aside" and shell.notice["file"] == "game-1.jnl"
        told = render_text(fresh).plain
        assert "saved game NOT resumed: `ultimus sim --new` asked for it: a new game instead" in told
        assert "set_aside" not in told and "thumbs down" not in told  # nobody held it
        assert (tmp_path / "game-1.jnl").read_bytes() == journal  # kept untouched
    finally:
        _stop(fresh)
    replayed = run("replay", str(tmp_path / "game-1.jnl"))
    assert replayed.exit_code == 0 and "%d actions replayed" % played in replayed.output
    assert digest in replayed.output
    again = VirtualBox(str(tmp_path), seed=1, fresh=True)  # nothing saved now: nothing to set aside
    try:
        assert again.box.shell.notice is None and not (tmp_path / "game-2.jnl").exists()
    finally:
        _stop(again)


def test_the_stopped_virtual_box_says_nothing_is_saved_without_a_game_in_play(tmp_path):
    from ultimus_host.virtualbox import VirtualBox, stopped_message

    vbox = VirtualBox(str(tmp_path), seed=1)
    try:
        assert "nothing is saved" in stopped_message(vbox.box.shell, str(tmp_path))
        from games.ultimus.randomplay import play

        shell = vbox.box.shell
        shell.game, shell.playing = play(3, 5, stop_at_battle_end=False), "ultimus"
        assert shell.game.phase == "over"
        assert "is over, so nothing is saved" in stopped_message(shell, str(tmp_path))
    finally:
        _stop(vbox)


def test_balance_per_player_count_is_the_same_on_1_and_2_workers(tmp_path):
    figures = []
    for workers in ("1", "2"):
        path = tmp_path / ("b%s.json" % workers)
        markdown = tmp_path / ("b%s.md" % workers)
        result = run(
            "balance",
            "-n",
            "4",
            "-p",
            "4,3",
            "-j",
            workers,
            "--json",
            str(path),
            "--markdown",
            str(markdown),
            "--chart",
            str(tmp_path / "b.png"),
        )
        assert result.exit_code == 0, result.output
        assert "3 players: 2 games" in result.output and "4 players: 2 games" in result.output
        figures.append(json.loads(path.read_text()))
    assert figures[0] == figures[1]
    data = figures[0]
    assert data["parameters"]["players"] == [3, 4] and data["parameters"]["seed"] == 1 and data["version"]
    three, four = data["by_players"]
    assert three["players"] == 3 and four["players"] == 4 and three["games"] == 2 and three["battles"] == 2
    assert len(three["gladiators"]) == 6 and abs(sum(g["wins"] for g in three["gladiators"]) - 1) < 1e-9
    assert [b["kind"] for b in four["bets"]] == ["win", "die", "invest"]
    text = markdown.read_text()
    assert "### 3 players: 2 games" in text and "| gladiator | wins | dies | pardoned |" in text


def test_a_player_count_keeps_its_figures_when_another_is_added(tmp_path):
    alone, together = tmp_path / "a.json", tmp_path / "t.json"
    chart = str(tmp_path / "b.png")
    assert run("balance", "-n", "2", "-p", "3", "-j", "1", "--json", str(alone), "--chart", chart).exit_code == 0
    assert run("balance", "-n", "4", "-p", "3,5", "-j", "1", "--json", str(together), "--chart", chart).exit_code == 0
    assert json.loads(alone.read_text())["by_players"][0] == json.loads(together.read_text())["by_players"][0]


def test_balance_refuses_bad_player_counts_workers_and_output_paths(tmp_path):
    for players in ("7", "x", "3,x", "1", ""):
        result = run("balance", "-n", "2", "-p", players)
        assert result.exit_code == 2 and "is not a player count" in result.output and "2 to 6" in result.output
    result = run("balance", "-n", "2", "-j", "0")
    assert result.exit_code == 2 and "--workers" in result.output and "0 is not in the range" in result.output
    for option in ("--json", "--markdown"):
        result = run("balance", "-n", "2", option, str(tmp_path / "nowhere" / "b.out"))
        assert result.exit_code == 2 and option in result.output and "no folder" in result.output


def test_the_notice_of_a_journal_that_could_not_be_kept_aside_names_no_file():
    import types

    from ultimus_host.virtualbox import notice_line

    message = "bad_journal: x; it could not be kept aside (28)"
    shell = types.SimpleNamespace(game=None, notice={"message": message, "file": None})
    assert notice_line(shell) == "saved game NOT resumed: " + message


def test_the_help_names_the_five_games_the_box_referees():
    text = " ".join(CliRunner().invoke(main, ["--help"]).output.split())
    for title in ("ULTIMUS", "Morituri Te Salutamus", "Ultimatum", "Munera Sine Missione", "Morituri board game"):
        assert title in text, text


def test_a_ctrl_c_while_the_virtual_box_loads_is_one_line_not_aborted(tmp_path, monkeypatch):
    """Ctrl-C in the first tenths of a second of `ultimus sim` (the box app loading, powering on) said, not
    click's bare 'Aborted!' nor a traceback."""
    from ultimus_host import virtualbox

    def interrupted(*args, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(virtualbox, "run_sim", interrupted)
    result = run("sim", "--state", str(tmp_path), "--headless")
    assert result.exit_code == 130 and "Aborted" not in result.output and "Traceback" not in result.output
    assert "Ultimus virtual box stopped before it started: nothing changed" in result.output
