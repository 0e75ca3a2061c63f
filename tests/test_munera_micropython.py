"""Munera under real MicroPython (WebAssembly port in Node), from the sources and from mpy-cross:
the same seeded bouts give the same digests as under CPython."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))

from compile_firmware import compile_all  # noqa: E402
from mprun import node_command  # noqa: E402
from munera import digest_line  # noqa: E402

BOUTS = 40
MODULES = ("rules", "content", "arena", "state", "checks", "feed", "effects", "turn", "fight", "grapple")


def micropython_lines(first, count, mpy_dir=None):
    if not os.path.exists(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("the MicroPython WebAssembly package is missing: run `make setup`")
    proc = subprocess.run(
        node_command("munera.py", (first, count), mpy_dir), cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_seeded_munera_bouts_give_the_same_digests_under_micropython():
    expected = [digest_line(seed) for seed in range(BOUTS)]
    assert micropython_lines(0, BOUTS) == expected
    assert all(line.endswith("unknown_action,game_over,game_over,bad_action") for line in expected)
    assert all(line.split()[4] != "-1" for line in expected)  # every bout is played out to a winner


def test_the_mpy_cross_munera_gives_the_same_digests_too(tmp_path):
    compile_all(str(tmp_path))
    for name in MODULES + ("appeal", "flow", "legal", "views", "randomplay"):
        assert (tmp_path / "games" / "munera" / (name + ".mpy")).exists()
    first = [digest_line(seed) for seed in range(BOUTS, BOUTS + 15)]
    assert micropython_lines(BOUTS, 15, str(tmp_path)) == first


# Measured: about 91 KB at the peak from mpy-cross files, legal listing and random play included
# (a box loads neither); GAMES.md estimated 85 KB, ULTIMUS measures 102.8 KB. A guard against growth.
# 103.7 KB (seed 9) by the time random play asked the flow who acts (referee.acting and the game's
# pre-checks, games/munera/prechecks.py: 2.3 KB more, 106.2 KB), hence 108 KB.
HEAP_BUDGET = 108 * 1024


def test_a_munera_bout_runs_in_a_bounded_heap_under_micropython(tmp_path):
    compile_all(str(tmp_path))
    for seed in (0, 9):  # two gladiators; four
        proc = subprocess.run(
            node_command("munera_heap.py", (seed,), str(tmp_path)),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert proc.returncode == 0, proc.stderr
        fields = dict(kv.split("=") for kv in proc.stdout.split()[1:])
        assert int(fields["peak"]) < HEAP_BUDGET, proc.stdout
        assert fields["digest"] == digest_line(seed).split()[5]
