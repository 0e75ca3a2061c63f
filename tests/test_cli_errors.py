"""Wrong input never shows a traceback: one line saying what is wrong and what to do, and a non-zero exit."""

import json
import os
import stat

import pytest
from click.testing import CliRunner

from games.ultimus import randomplay
from test_host_sim import start_sim, stop
from ultimus_host import registry
from ultimus_host.cli import main
from ultimus_host.client import LinkClient


def run(*args, input=None):
    # catch_exceptions=False: a traceback fails the test instead of hiding in result.exception
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def one_line_error(result, code=None):
    """The error's line: the only output, or the last after click's usage lines (exit 2)."""
    assert result.exit_code != 0 and (code is None or result.exit_code == code), result.output
    lines = result.output.strip().splitlines()
    assert "Traceback" not in result.output and lines[-1].startswith("Error: "), result.output
    assert len(lines) == 1 or (result.exit_code == 2 and lines[0].startswith("Usage:") and len(lines) == 4), lines
    return lines[-1]


def test_flash_refuses_a_virtual_box_and_leaves_it_running(tmp_path):
    proc, port = start_sim(tmp_path)
    try:
        text = one_line_error(run("flash", port), 1)
        assert "pseudo-terminal" in text and "virtual box" in text
        client = LinkClient(port)
        assert client.call("hello")["protocol"] >= 1  # still serving: it was never asked for the REPL
        client.close()
    finally:
        stop(proc)


def test_flash_on_a_missing_port_says_what_to_do():
    text = one_line_error(run("flash", "/dev/ttyACM97"), 1)
    assert "no Pico on /dev/ttyACM97: is it plugged in?" in text


def test_connect_to_something_that_is_not_a_box():
    text = one_line_error(run("connect", os.devnull), 1)
    assert "cannot open /dev/null: it is not a serial port" in text and "Inappropriate ioctl" not in text
    master, slave = os.openpty()  # a serial line with nothing behind it that answers
    try:
        text = one_line_error(run("connect", os.ttyname(slave)), 1)
        assert "answers as an Ultimus box" in text and "ultimus flash" in text
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_state_folder_is_refused_before_the_box_starts(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    text = one_line_error(run("sim", "--headless", "--state", str(locked / "box")))
    assert "--state" in text


def test_a_state_path_that_is_a_file_or_under_a_file_is_refused(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert "--state" in one_line_error(run("sim", "--headless", "--state", str(afile)))
    assert "--state" in one_line_error(run("sim", "--headless", "--state", str(afile / "box")))


def test_the_balance_chart_path_is_checked_before_the_games(tmp_path, monkeypatch):
    from ultimus_host.games.ultimus import balance

    played = []
    monkeypatch.setattr(balance, "play_game", lambda *a: played.append(a) or (_ for _ in ()).throw(AssertionError))
    text = one_line_error(run("balance", "-n", "5", "--chart", str(tmp_path / "no-such-folder" / "b.png")), 2)
    assert "no folder" in text
    text = one_line_error(run("balance", "-n", "5", "--chart", str(tmp_path / "b.txt")), 2)
    assert ".png" in text
    text = one_line_error(run("balance", "-n", "5", "--chart", str(tmp_path)), 2)
    assert "folder" in text
    assert not played


def test_replay_of_very_deep_or_wrong_json_is_one_line(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    assert "nested" in one_line_error(run("replay", str(deep)), 1)
    deep.write_text(json.dumps({"setup": {"players": "x"}, "log": []}))
    one_line_error(run("replay", str(deep)), 1)
    game = randomplay.play(2, 3)
    data = game.to_data()
    data["log"] = data["log"][:5] + [{"a": "step", "p": 99}]
    deep.write_text(json.dumps(data))
    assert "does not replay" in one_line_error(run("replay", str(deep)), 1)
    deep.write_text(json.dumps({"setup": game.setup, "log": "not a list"}))
    one_line_error(run("replay", str(deep)), 1)
    deep.write_bytes(b"\xff\xfe not text")
    one_line_error(run("replay", str(deep)), 1)
    assert "is a directory" in one_line_error(run("replay", str(tmp_path)), 2)


def test_connect_save_in_a_missing_folder_is_refused_before_connecting(tmp_path):
    text = one_line_error(run("connect", "/dev/no-such-box", "--save", str(tmp_path / "nope" / "g.json")), 2)
    assert "no folder" in text


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc, where no folder can be made")
def test_a_state_folder_that_cannot_be_made_is_refused_even_for_root():
    text = one_line_error(run("sim", "--headless", "--state", "/proc/ultimus-box"), 2)
    assert "--state" in text and "cannot make the folder /proc/ultimus-box" in text


@pytest.mark.parametrize("game", ["ultimus", "morituri", "ultimatum"])
def test_play_says_the_game_stops_when_its_input_ends(game):
    result = run("play", "--game", game, "-p", "2", "--seed", "3", input="1\n")
    assert result.exit_code == 1 and "Aborted!" not in result.output + result.stderr
    assert result.stderr.strip() == ("the game stops here: a game in the terminal is not saved (it was seed 3)")


def test_play_says_the_game_stops_on_ctrl_c_while_the_bots_think(monkeypatch):
    from ultimus_host.games.ultimus import play

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(play.HotSeat, "run", interrupted)
    result = run("play", "-p", "2", "--seed", "4")
    assert result.exit_code == 1 and "Aborted!" not in result.output + result.stderr
    assert "the game stops here" in result.stderr and "seed 4" in result.stderr


def test_connect_with_a_state_folder_that_does_not_exist_is_one_clear_error(tmp_path):
    text = one_line_error(run("connect", "/dev/null", "--state", str(tmp_path / "nowhere")), 2)
    assert "--state" in text and "does not exist" in text


def test_a_box_playing_a_game_this_host_does_not_know_is_not_saved_under_a_made_up_format(tmp_path):
    import click

    from ultimus_host import cli

    class Box:
        def call(self, op, **args):
            return {"eye": "referee", "game": "1234abcd"} if op == "state" else {"digest": "d", "public": "p"}

        def full_log_of_game(self):
            return {"players": 2}, [{"a": "x"}], "referee", "chess"

    path = tmp_path / "saved.json"
    with pytest.raises(click.ClickException) as refused:
        cli._save_log(Box(), str(path))
    assert "'chess'" in refused.value.message and "nothing saved" in refused.value.message
    assert not path.exists()


@pytest.mark.parametrize("game", registry.names())
def test_bot_seats_are_never_guessed_nor_dropped(game):
    """--bot twice, a seat named twice, a seat without its kind: each a one-line error, for every game."""
    twice = one_line_error(run("play", "--game", game, "--bot", "1=random", "--bot", "2=random"))
    assert "given 2 times" in twice and "--bot 1=random,2=random" in twice
    kind = registry.get(game).bots[0]
    again = one_line_error(run("play", "--game", game, "--bot", "2=%s,2=%s" % (kind, kind)), 1)
    assert "names seat 2 twice" in again
    bare = one_line_error(run("play", "--game", game, "--bot", "2"), 1)
    assert "names no bot for seat 2: say which, e.g. 2=" in bare
    unknown = one_line_error(run("play", "--game", game, "--bot", "2=nope"), 1)
    kinds = " or ".join(sorted(registry.get(game).bots))  # what --bot's help names, in order
    assert unknown.endswith(" bot is %s, not 'nope'" % kinds), unknown
    assert "a Ultimatum" not in unknown + bare and "a ULTIMUS" not in unknown + bare


def test_replay_names_the_refused_action_counted_from_1(tmp_path):
    game = randomplay.play(3, 4)
    data = game.to_data()
    data["log"] = data["log"][:2] + [{"a": "fly"}] + data["log"][2:]  # the third action of the log
    data.pop("digest")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    text = one_line_error(run("replay", str(path)), 1)
    assert "action 3 of the log is refused: unknown action 'fly'" in text, text


def test_an_output_that_cannot_be_written_is_refused_before_any_game(tmp_path):
    """/sys refuses a new file even to root (whom os.access lets write anywhere): refused at once."""
    import time

    for args in (
        ("balance", "-n", "2000", "--chart", "/sys/ultimus-balance.png"),
        ("balance", "-n", "2000", "--chart", str(tmp_path / "b.png"), "--json", "/sys/ultimus.json"),
        ("munera", "matrix", "-n", "500", "--chart", "/sys/ultimus-matrix.png"),
    ):
        started = time.monotonic()
        text = one_line_error(run(*args), 2)
        assert "cannot be written: Permission denied" in text, text
        assert time.monotonic() - started < 10  # thousands of games were never started
    assert not (tmp_path / "b.png").exists()  # tried and left as it was: no empty file behind


@pytest.mark.parametrize("game", ["munera", "morituri", "morituri_board"])
def test_hot_seat_tables_name_the_phase_in_words(game):
    """The table a person reads before each choice says "the action phase", never the flow's inner name."""
    result = run("play", "--game", game, "--seed", "3", input="1\n1\n1\n")
    assert " phase" in result.output and ", phase " not in result.output, result.output
