"""`ultimus replay` reads every saved format and reports a damaged journal instead of passing it."""

import json
import os
import shutil

from click.testing import CliRunner

from ultimus_host.cli import main

DATA = os.path.join(os.path.dirname(__file__), "data", "v0.1.0")


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_a_log_saved_by_0_1_0_replays_and_its_digest_matches():
    result = run("replay", os.path.join(DATA, "full-4p-seed11.json"))
    assert result.exit_code == 0, result.output
    assert "1907 actions replayed" in result.output and "the digest matches" in result.output


def test_a_journal_damaged_in_the_middle_says_so_and_exits_non_zero(tmp_path):
    path = tmp_path / "game.jnl"
    shutil.copy(os.path.join(DATA, "box-5p-seed21.jnl"), path)
    lines = path.read_bytes().split(b"\n")
    lines[40] = lines[40].replace(b'"a"', b'"b"', 1)  # record 39: its checksum no longer matches
    path.write_bytes(b"\n".join(lines))
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert "JOURNAL DAMAGED" in result.output and "record 40" in result.output


def test_a_journal_of_a_newer_format_is_refused_not_replayed_with_other_rules(tmp_path):
    """A newer journal may name set-up keys (as format 4's "content") that this version would drop."""
    from games.ultimus.digest import fnv1a

    path = tmp_path / "game.jnl"
    shutil.copy(os.path.join(DATA, "box-5p-seed21.jnl"), path)
    lines = path.read_bytes().split(b"\n")
    body = lines[0].split(b" ", 1)[1].replace(b'{"header": {', b'{"header": {"format": 9, "game": "ultimus", ', 1)
    lines[0] = ("%08x " % fnv1a(body)).encode() + body
    path.write_bytes(b"\n".join(lines))
    result = run("replay", str(path))
    assert result.exit_code == 1 and "format 9" in result.output and "update" in result.output
    assert "actions replayed" not in result.output


def test_a_box_journal_of_another_game_replays_with_that_games_rules(tmp_path):
    from games.morituri import rules
    from referee import engine
    from ultimus_host.fakes import FakeStorage
    from ultimusbox.journal import FILE, FORMAT, encode

    setup = {"players": 2, "seed": 3, "figures": [["heavy"], ["light"]]}
    header = {"format": FORMAT, "game": "morituri", "version": "0.2.0", "setup": setup, "box": {"stations": [2, 4]}}
    storage = FakeStorage()
    storage.files[FILE] = encode({"header": header}) + encode({"a": "initiative"})
    path = tmp_path / "game.jnl"
    path.write_bytes(storage.files[FILE])
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    caesar = "station %d" % (
        header["box"]["stations"][engine.replay(rules.RULES, setup, [{"a": "initiative"}]).actors()[0]] + 1
    )
    said = "1 action replayed (Morituri Te Salutamus): round 1, the movement phase, %s to act, digest" % caesar
    assert said in result.output, result.output  # words, not 'phase movement'


def test_a_saved_log_of_a_game_this_version_does_not_know_is_refused(tmp_path):
    path = tmp_path / "chess.json"
    saved = json.loads(open(os.path.join(DATA, "full-4p-seed11.json")).read())
    saved["game"] = "chess"
    path.write_text(json.dumps(saved))
    result = run("replay", str(path))
    assert result.exit_code == 1 and "a saved game of 'chess'" in result.output
    assert "actions replayed" not in result.output


def test_replay_says_which_digest_format_it_checked_and_whether_the_save_had_none(tmp_path):
    """A save of 0.1.0 is checked in its own format, and said to be (the digest printed first is today's);
    a save without the box's digest (the box went away, or a link without the referee's eye) is said NOT
    checked; a save holding the box's stations names its people by them, as a journal does."""
    saved = json.loads(open(os.path.join(DATA, "full-4p-seed11.json")).read())
    result = run("replay", os.path.join(DATA, "full-4p-seed11.json"))
    assert "the digest matches the log's: %s of format 1, the one it was saved in" % saved["digest"] in result.output
    assert "this version's)" in result.output.split("\n")[0]
    del saved["digest"]
    saved["stations"] = [3, 0, 5, 1]
    saved["log"] = saved["log"][:40]
    path = tmp_path / "no-digest.json"
    path.write_text(json.dumps(saved))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "digest NOT CHECKED: the save holds no digest of the box's" in result.output
    assert "seat " not in result.output and "station" in result.output.split("\n")[0], result.output
