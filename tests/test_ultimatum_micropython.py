"""Ultimatum under real MicroPython (the WebAssembly port in Node, from the sources and from
mpy-cross): the same seeded games give the same digests and refusal codes as under CPython."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))

from compile_firmware import compile_all  # noqa: E402
from mprun import node_command  # noqa: E402
from ultimatum_games import digest_line  # noqa: E402

SHORT = 24  # games cut at 600 actions: the set-up and the first turns and battles
WHOLE = (5, 9)  # seeds played to the winner (3,636 and about 9,000 actions)


def micropython(args, mpy_dir=None):
    if not os.path.exists(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("the MicroPython WebAssembly package is missing: run `make setup`")
    proc = subprocess.run(
        node_command("ultimatum_games.py", args, mpy_dir), cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_seeded_ultimatum_games_give_the_same_digests_under_micropython():
    lines = micropython((0, SHORT, 600))
    assert lines == [digest_line(seed, 600) for seed in range(SHORT)]
    assert len(set(line.split()[4] for line in lines)) == SHORT


def test_whole_ultimatum_games_from_mpy_cross_give_the_same_digests(tmp_path):
    compile_all(str(tmp_path))
    assert (tmp_path / "games" / "ultimatum" / "battles.mpy").exists()
    lines = []
    for seed in WHOLE:
        lines += micropython((seed, 1, 30000), str(tmp_path))
    assert lines == [digest_line(seed, 30000) for seed in WHOLE]
    assert all(line.split()[2] == "over" for line in lines)
