"""The README's figures are the bench's (`make bench`): the games whose box app it measures and the
bytecode range it prints. Only the quick part of the bench runs here: the box app under MicroPython
with each game loaded (about ten seconds), not the timings."""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bench  # noqa: E402
from compile_firmware import compile_all  # noqa: E402
from ultimusbox import games  # noqa: E402

SLACK_KB = 5  # the README says "~": 5 % of the figure; the code grows with every change, and more needs a new figure


def readme():
    with open(os.path.join(ROOT, "README.md")) as f:
        return f.read()


def test_the_readme_opens_with_the_five_games_and_their_guides():
    head = readme().split("## Set-up")[0]
    for name, title, _, _ in games.GAMES:
        assert title.split(",")[0] in head and "](docs/play/%s.md)" % name in head, name


def test_the_bench_measures_every_game_and_the_readme_names_them():
    measured = bench.heap_games()
    assert [name for name, _ in measured] == games.names()
    for name, script in measured:
        assert script, "%s declares no box heap script: HostGame(box_heap=...) (tests/mpy)" % name
        assert os.path.exists(os.path.join(ROOT, "tests", "mpy", script)), "%s: no tests/mpy/%s" % (name, script)
    row = [line for line in readme().split("\n") if line.startswith("| `make bench`")][0]
    for _, title, _, _ in games.GAMES:
        assert title in row, title


def test_the_readme_s_bytecode_range_is_what_the_bench_measures(tmp_path):
    text = " ".join(readme().split())
    said = re.search(r"bytecode of the core, the box app and one game takes ~(\d+)-(\d+) KB", text)
    assert said, "the README's bytecode sentence"
    mpy = str(tmp_path / "mpy")
    compile_all(mpy)
    boxes, _, _ = bench.box_runs(mpy, seeds=(1,))
    low, high = bench.code_range(bench.game_heaps(mpy, boxes))
    assert abs(int(said.group(1)) - low) <= SLACK_KB and abs(int(said.group(2)) - high) <= SLACK_KB, (
        "the README says ~%s-%s KB, the bench measures %.0f-%.0f KB: write the bench's figures in the README"
        % (said.group(1), said.group(2), low, high)
    )


def test_the_readme_s_table_gives_each_game_its_rules_player_range():
    """The one range a game declares (define(players=...)) is the one the README's table of games says."""
    rows = [line for line in readme().split("\n") if line.startswith("| ") and "](docs/play/" in line]
    for name, _, _, _ in games.GAMES:
        (row,) = [r for r in rows if "](docs/play/%s.md)" % name in r]
        lo, hi = games.rules_of(name).PLAYERS
        assert "%d-%d" % (lo, hi) in row, "README.md's row of %s does not say %d-%d: %s" % (name, lo, hi, row)
