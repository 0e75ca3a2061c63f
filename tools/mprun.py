"""The command that runs a script of tests/mpy under MicroPython in Node (tools/mp_run.mjs)."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "tools", "mp_run.mjs")


def node_command(script, args=(), mpy_dir=None, data=None):
    """argv for `script` (a file name in tests/mpy) with its ARGS, from sources or an mpy-cross tree;
    data: a file the script finds at /data."""
    cmd = ["node", RUNNER, os.path.join(ROOT, "tests", "mpy", script)]
    if mpy_dir:
        cmd += ["--mpy", mpy_dir]
    if data:
        cmd += ["--data", data]
    return cmd + ["--"] + [str(a) for a in args]
