"""The scripted Morituri game on the box (morituri_box_script) under MicroPython or CPython:
"at NAME DIGEST BYTES" per checkpoint, BYTES what drawing one frame allocated then (0 under CPython)."""

from box_battle import new_box, run_line
from box_frame import allocated
from morituri_box_script import SCRIPT, SEED


def checkpoints():
    fb, box = new_box(seed=SEED)
    out = []
    for line in SCRIPT:
        point = run_line(fb, box, line)
        if point:
            name = point[0].replace(" ", "_")
            out.append("at %s %s %d" % (name, point[1], allocated(box, fb.clock.ms())))
    return out


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    for _text in checkpoints():
        print(_text)
