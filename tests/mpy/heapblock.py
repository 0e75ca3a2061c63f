"""Free heap and the largest free block under MicroPython, after a 6-player box game.

A fragmented heap can fail an allocation with plenty free in total, so the
largest free block matters beside gc.mem_free(). MicroPython has no call
that returns it: micropython.mem_info() prints it ("max free sz", in blocks
of 16 bytes on a 32-bit port). So the script (run by tools/mp_run.mjs with
a Pico-sized heap) plays tests/mpy/box_heap.py's planned battle (or whole
game) on the box app, a host on the link asking for the state, the digest
and the log's first page every 10th action, then collects and prints
mem_info; measure() runs it from CPython and reads the figures from what it
printed. For `make bench`:

    heapblock.measure(plan_path, mpy_dir) -> (total, used, free, largest free block), bytes
    heapblock.line(plan_path, mpy_dir, seed) -> the line make bench prints

The WebAssembly port grows its heap by another area when a collection does
not free enough (mem_info's "max new split"), so its total and free are not
a fixed Pico heap; used, and the largest free block next to free, are the
figures to compare between deployments.
"""

import gc

BLOCK = 16  # bytes per GC block on a 32-bit port (the Pico, the WebAssembly port)
HEAP = "192k"  # about what MicroPython leaves for the heap on an RP2040

try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None

if ARGS is not None:
    import json

    import micropython

    from box_heap import new_box

    _fb, _box = new_box(int(ARGS[0]) if ARGS else 1)
    _plan = open("/data")
    _done = []

    def step():
        if _done:
            print("heapblock done")
            return False
        text = _plan.readline()
        if not text.strip():
            _done.append(1)
            return True  # one more after(): the heap as the battle leaves it
        _box.shell.apply(json.loads(text))
        _fb.clock.advance_ms(20)
        _box.step()
        if len(_box.shell.game.log) % 10 == 0:  # a host looks: its replies are the largest lines the box makes
            _fb.serial.feed_in(b'{"id": 1, "op": "state"}\n{"id": 2, "op": "digest"}\n{"id": 3, "op": "log"}\n')
            for _ in range(4):
                _box.step()
        _fb.serial.take_lines()
        return True

    def after():
        if _done:
            gc.collect()
            micropython.mem_info()  # "GC: total: T, used: U, free: F" ... "max free sz: N"


def parse(output):
    """(total, used, free, largest free block), in bytes, from the last mem_info a run printed."""
    fields = {}
    for line in output.splitlines():
        if line.startswith("GC: total:"):
            for part in line[4:].split(","):
                name, _, value = part.partition(":")
                fields[name.strip()] = int(value)
        if "max free sz:" in line:
            fields["largest"] = int(line.split("max free sz:")[1].split()[0]) * BLOCK
    if not all(k in fields for k in ("total", "used", "free", "largest")):
        raise ValueError("no mem_info in the output")
    return fields["total"], fields["used"], fields["free"], fields["largest"]


def measure(plan_path, mpy_dir=None, seed=1):
    """Run the script under MicroPython in Node (CPython side); returns parse() of its output."""
    import os
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, os.path.join(root, "tools"))
    from mprun import node_command

    cmd = node_command("heapblock.py", [seed], mpy_dir, plan_path)
    cmd[cmd.index("--") : cmd.index("--")] = ["--heap", HEAP]
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=True).stdout
    return parse(out)


def line(plan_path, mpy_dir=None, seed=1, figures=None):
    """The bench's line: tools/bench.py prints line(path, mpy_dir, seed) after its box_heap runs
    (plan_path holds box_heap.plan(seed, whole=True)); figures: measure()'s, if it ran already."""
    total, used, free, largest = figures or measure(plan_path, mpy_dir, seed)
    return (
        "MicroPython heap after a whole box game with a host on the link (code from %s, %s heap, the Pico's;"
        " this port grows it when full): used %.1f KB, free %.1f KB of %.1f KB, largest free block %.1f KB"
        " (aim: over 16 KB)"
        % (".mpy" if mpy_dir else "sources", HEAP, used / 1024.0, free / 1024.0, total / 1024.0, largest / 1024.0)
    )
