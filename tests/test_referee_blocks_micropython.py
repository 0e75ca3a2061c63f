"""The referee's building blocks give the same dice, tracks, verdicts and money under
MicroPython (the WebAssembly port in Node, from the sources and from mpy-cross) as under CPython."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))

import blocks  # noqa: E402
from compile_firmware import compile_all  # noqa: E402
from mprun import node_command  # noqa: E402


def cpython_lines():
    out = []
    for i in range(blocks.SECTIONS):
        out += blocks.section(i)
    return out


def micropython_lines(mpy_dir=None):
    if not os.path.exists(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("the MicroPython WebAssembly package is missing: run `make setup`")
    proc = subprocess.run(
        node_command("blocks.py", ("run",), mpy_dir), cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_the_blocks_give_the_same_lines_under_micropython_as_under_cpython():
    expected = cpython_lines()
    assert len(expected) > 150
    assert micropython_lines() == expected


def test_the_mpy_cross_blocks_give_the_same_lines_too(tmp_path):
    compile_all(str(tmp_path))
    for name in ("dice", "tracks", "crowd", "ledger"):
        assert (tmp_path / "referee" / (name + ".mpy")).exists()
    assert micropython_lines(str(tmp_path)) == cpython_lines()


def test_the_lines_cover_refusals_and_both_dice_sources():
    text = "\n".join(cpython_lines())
    for code in ("bad_dice", "not_enough", "no_ap", "too_many", "not_asked", "no_pollice_verso", "no_money"):
        assert code in text
    assert "table True" in text  # typed-in dice left the generator alone
