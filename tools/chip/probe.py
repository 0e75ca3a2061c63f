# pyright: reportMissingImports=false, reportAttributeAccessIssue=false
# (a MicroPython script: asyncio.core and time.ticks_us are MicroPython's)
# The chip harness's loop probe: laid on the emulated box's file system as /boot.py (never on a real box).
#
# MicroPython runs boot.py before main.py, frozen image or not. This one times each task step of asyncio's
# loop (the time one task held the event loop) and keeps the longest in a small array the harness finds in
# RAM by its two magic words and reads (and resets) from outside: nothing goes over the link, nothing is
# printed. Its cost: a Python call around each wait of the loop (some tens of microseconds a loop turn) and
# a few hundred bytes of heap, allocated before the box starts.
import array
import asyncio.core as _core
import time

# magic, magic, longest step (us), steps, the step running since (ticks_us; 0: none)
PROBE = array.array("I", [0x0C41B0E5, 0x7E57AB1E, 0, 0, 0])
_ticks = time.ticks_us
_diff = time.ticks_diff
_wait = _core.IOQueue.wait_io_event


def _timed_wait(self, dt):
    since = PROBE[4]
    if since:
        step = _diff(_ticks(), since)
        if step > PROBE[2]:
            PROBE[2] = step
        PROBE[4] = 0
    _wait(self, dt)
    PROBE[3] += 1
    PROBE[4] = _ticks() or 1


# The loop calls wait_io_event (Python, in asyncio.core) before every task step it runs: from its return to
# its next call is one step (the queue's pop and peek with it). The C task queue is left alone: the C Task
# code reaches into it directly.
_core.IOQueue.wait_io_event = _timed_wait
