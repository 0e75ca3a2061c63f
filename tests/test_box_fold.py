"""The journal's fold never inside a reply or a countdown: the box folds its slots in idle time (under
MicroPython, on the Pico's storage driver with a stand-in that charges the flash's erase time)."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from mprun import node_command  # noqa: E402


def test_folds_fall_in_idle_time_and_presses_keep_their_stamps_across_one():
    out = subprocess.run(node_command("fold_run.py"), cwd=ROOT, capture_output=True, text=True, check=True)
    fields = dict(part.split("=") for part in out.stdout.split("\n")[-2].split())
    assert int(fields["actions"]) > 40 and int(fields["folds"]) >= 3
    assert fields["idle_folds"] == fields["folds"]  # every fold in a quiet turn
    assert int(fields["reply_max_ms"]) <= 2  # a reply pays its durable commit, never an erase
    assert fields["countdown_max_ms"] == "0"
    assert int(fields["turn_max_ms"]) >= 400  # the folds did charge their erase (in idle turns)
    assert fields["stamp"] == "1"  # CONFIRM pressed in the middle of a fold started the countdown at its stamp
