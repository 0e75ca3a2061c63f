"""Heap taken by importing each module, in order (ARGS: module names)."""

import gc


def step():
    for name in ARGS:  # noqa: F821
        gc.collect()
        before = gc.mem_alloc()
        __import__(name)
        gc.collect()
        print("%-22s %6d" % (name, gc.mem_alloc() - before))
    return False
