"""tools/bots_speed.py, the bench's lines of the bots' speed beside issue 34's reference commit: every game
that simulates and balance's mix is measured in a process of its own, and the aim says met or NOT."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))

import bench  # noqa: E402
import bots_speed  # noqa: E402
from ultimus_host import simulations  # noqa: E402


def test_every_simulation_and_balance_is_measured_in_a_process_of_its_own():
    asked = bots_speed.plays()
    assert [line for line, _, _ in asked] == simulations.names() + ["balance"]
    found = bots_speed.measured(bots_speed.ROOT, asked, 0.01)
    assert sorted(found) == sorted(line for line, _, _ in asked) and all(rate > 0 for rate in found.values())


def test_the_reference_is_in_the_history_and_the_aim_says_met_or_not(tmp_path, capsys):
    tree, missing = bots_speed.extract(bots_speed.REFERENCE, str(tmp_path))
    assert missing is None and tree is not None
    assert os.path.exists(os.path.join(tree, "host", "ultimus_host", "loop.py"))
    found = {"ultimus": (10.0, 10.0), "ultimatum": (50.0, 25.0), "balance": (30.0, 20.0), "munera": (1.0, None)}
    lines = bots_speed.lines(found)
    assert "1.00x" in lines[0] and "2.00x" in lines[1] and "not in 78ed4c8" in lines[3]
    bots_speed.aims(found, bench.say)
    out = capsys.readouterr().out
    assert "NOT   ultimus's bots" in out and "met   ultimatum's bots" in out and "1.33x short" in out
