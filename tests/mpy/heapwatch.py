"""The heap high-water mark between steps of a MicroPython run (tools/mp_run.mjs).

This port frees garbage only between runPython calls, so the scripts measure
in after(), between their steps: base is the heap before the first step,
peak the highest live heap seen since.
"""

import gc


class HeapWatch:
    def __init__(self):
        gc.collect()
        # before the code under test is imported (CPython, which only plans runs, has no mem_alloc)
        self.start = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
        self.base = 0
        self.peak = 0
        self.harness = 0  # the test fakes' code (mark()): not part of a box

    def mark(self):
        """After the test fakes are imported: their code is left out of the box's figure."""
        gc.collect()
        self.harness = gc.mem_alloc() - self.start if hasattr(gc, "mem_alloc") else 0

    def after(self):
        gc.collect()
        used = gc.mem_alloc()
        if not self.base:
            self.base = used
        if used > self.peak:
            self.peak = used

    def figures(self):
        """(code, data, total): the imported code, the live data at its largest, both."""
        return self.base - self.start, self.peak - self.base, self.peak - self.start
