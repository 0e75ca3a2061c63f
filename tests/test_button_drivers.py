"""The button driver's timer callback under real MicroPython (WebAssembly port in Node), heap locked.

tests/mpy/buttons_isr.py does the work: with stand-ins for machine.Pin,
machine.Timer and the GPIO input register it runs ultimusbox.drivers.buttons
and calls the timer callback ~1,500 times inside micropython.heap_lock(), so
any allocation in the callback raises MemoryError there, as it would in the
Pico's hard timer interrupt. It also checks that the timer asked for is a
hard 1 ms one, the press order, the full queue dropping presses, and the
timestamps (first contact, equal for buttons pressed together).
"""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from mprun import node_command  # noqa: E402

CHECKS = [
    "hard timer",
    "no allocation",
    "queue keeps the first presses",
    "the presses it lost are counted",
    "order",
    "stamp of the first low sample",
    "monotonic",
    "empty after reading",
    "no allocation again",
    "together",
]


def test_the_timer_callback_allocates_nothing_under_micropython():
    if not os.path.exists(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.fail("the MicroPython WebAssembly package is missing: run `make setup`")
    run = subprocess.run(node_command("buttons_isr.py"), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert [line for line in lines if not line.startswith("ok ") and not line.startswith("alloc-free ")] == []
    assert [line[3:] for line in lines if line.startswith("ok ")] == CHECKS
    assert int([line for line in lines if line.startswith("alloc-free ")][0].split()[1]) > 1000
