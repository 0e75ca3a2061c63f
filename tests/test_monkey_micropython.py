"""The monkey's evenings under MicroPython (the WebAssembly port in Node): the box app on the same fake
drivers, the same seeded presses, waits, held keys and power cuts, for each of the five games; its
checkpoints (every power-on and the end: the game, its actions and its digest) and its counts are
the ones CPython gives for the same seed. Shorter evenings than the CPython ones (tests/test_monkey.py):
the port runs the box app some forty times slower."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))

from monkey import lines  # noqa: E402
from mprun import node_command  # noqa: E402
from ultimusbox import games  # noqa: E402

SECONDS = 120  # of the box's clock per evening under MicroPython
SEED = 3


def test_the_evenings_of_every_game_give_the_same_checkpoints_under_micropython():
    if not os.path.exists(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("the MicroPython WebAssembly package is missing: run `make setup`")
    procs = {}
    for game in games.names():  # all at once: each a Node process of its own
        procs[game] = subprocess.Popen(
            node_command("monkey.py", (game, SEED, SECONDS)),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
    for game, proc in procs.items():
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, "%s, seed %d under MicroPython: %s" % (game, SEED, err)
        expected = lines(game, SEED, SECONDS)
        assert out.splitlines() == expected, game
        counts = dict(part.split("=") for part in expected[-1].split()[1:])
        assert int(counts["presses"]) > 50 and int(counts["actions"]) > 5, (game, counts)
        assert len(expected) >= 3, (game, expected)  # a power-on at least, and the end
