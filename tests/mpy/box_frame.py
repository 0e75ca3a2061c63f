"""How many bytes drawing one LED frame allocates, at every checkpoint of the scripted battle.

The box redraws every 40 ms for hours: a frame must allocate nothing. At
each checkpoint the frame is drawn once (a flash that ended may be
forgotten then), then again with the collector off; prints "frame NAME BYTES".
Also runs under CPython (the numbers are then meaningless: 0).
"""

import gc

from box_battle import SCRIPT, new_box, run_line
from ultimusbox.display import render


def allocated(box, now_ms):
    render(box.shell, now_ms, box.frame)
    if not hasattr(gc, "mem_alloc"):
        return 0
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    render(box.shell, now_ms + 250, box.frame)  # the other half of a blink
    after = gc.mem_alloc()
    gc.enable()
    return after - before


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    _fb, _box = new_box()
    for _line in SCRIPT:
        if _line[0] == "restart":
            _fb, _box = new_box(_fb.storage)
        _point = run_line(_fb, _box, _line)
        if _point:
            print("frame %s %d" % (_point[0].replace(" ", "_"), allocated(_box, _fb.clock.ms())))
