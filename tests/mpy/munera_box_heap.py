"""The box app with Munera loaded under MicroPython: the heap of the scripted bout (munera_box_script).

One press per step(), with the dice's wait after each confirm and thumb; after() collects and
reads gc.mem_alloc() (heapwatch). The journal goes to a flash-like sink, as a Pico's leaves RAM.
Only the fake drivers and the script are loaded besides the box (not box_battle's ULTIMUS
script). At every confirm the LED frame is drawn twice with the collector off: "frame" is the
most one drawing allocated. The box powers on with Munera chosen: it never imports another game's
screen.

The box imports a game's handlers when the game is built (referee.engine.preload), so that their
code never lands among the game's data. ARGS ["parts"]: the script's first step does the same for a
bout of the script's set-up that it then drops, so that the heap it leaves is the box's code with
the game's, apart from the data (ARGS ["run"]: the box alone, as it lays out its heap). Prints
"munera code=C game=G app=A peak=P frame=F actions=N digest=D fakes=K": C the code at power-on
(firmware and fakes), G the game's code (its handlers, and the room MicroPython's table of names
takes for theirs; 0 for "run"), A the live data at its largest past both, P everything, K the fake
drivers' share of C. Before it, the bout over and collected, micropython.mem_info()
(heapblock.parse reads the largest free block).
"""

import gc

from heapwatch import HeapWatch

_heap = HeapWatch()
from ultimus_host.fakes import FakeBoard  # noqa: E402

_heap.mark()
from munera_box_script import DICE_WAIT, KEYS, SEED, script  # noqa: E402
from referee.engine import preload  # noqa: E402
from ultimusbox import games, settings  # noqa: E402
from ultimusbox.display import render  # noqa: E402
from ultimusbox.journal import encode  # noqa: E402
from ultimusbox.runtime import Box  # noqa: E402


class MuneraFlash:
    """Like the Pico's flash for the heap: what is written leaves RAM (only its size is kept); the
    menu's choice of Munera is on it already."""

    def __init__(self):
        self.sizes = {}

    def read_lines(self, name):
        if name == settings.FILE:
            return iter((encode({"game": "munera"}),))
        return iter(())

    def append(self, name, data):
        self.sizes[name] = self.sizes.get(name, 0) + len(data)

    def replace_lines(self, name, lines):
        self.sizes[name] = sum(len(line) for line in lines)

    def remove(self, name):
        self.sizes.pop(name, None)


class QuietBuzzer:
    def tone(self, freq):
        pass


def run_line(fb, box, line):
    """A press (and the clock on by 60 ms) or a wait, as box_battle.run_line does."""
    if line[0] == "press":
        fb.buttons.push(line[1])
        box.step()
        fb.clock.advance_ms(60)
        box.step()
        return
    for _ in range(line[1] // 10):
        fb.clock.advance_ms(10)
        box.step()


def new_box():
    storage = MuneraFlash()
    fb = FakeBoard(storage)
    fb.buzzer = QuietBuzzer()
    return fb, Box(fb, lambda: SEED)


def frame_bytes(box, now_ms):
    """What drawing one frame allocates (0 under CPython, which has no mem_alloc)."""
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
    import micropython

    _fb, _box = new_box()
    _text = script()
    _at = [0, 0, 0]  # the next key, the most a frame allocated, the steps past the last key
    _marks = []  # the heap at power-on, then with the game's code

    def step():
        if not _marks:
            return True  # the first after() measures the heap of the box at power-on
        if len(_marks) == 1 and ARGS[0] == "parts":
            # a bout of the script's gladiators, built and preloaded as the shell does a new game's
            game = games.build("munera", {"players": 2, "seed": SEED, "gladiators": ["murmillo", "retiarius"]})
            preload(game.rules, game.state)
            return True
        if _at[0] >= len(_text):
            _at[2] += 1
            if _at[2] == 1:
                return True  # one more after(): the heap as the bout leaves it
            game = _box.shell.game
            code, _, peak = _heap.figures()
            print(
                "munera code=%d game=%d app=%d peak=%d frame=%d actions=%d digest=%s fakes=%d"
                % (
                    code,
                    _marks[1] - _marks[0],
                    _heap.peak - _marks[1],
                    peak,
                    _at[1],
                    _box.shell.journal.count,
                    game.digest(),
                    _heap.harness,
                )
            )
            return False
        key = _text[_at[0]]
        run_line(_fb, _box, ("press", KEYS[key]))
        if key in "cun":
            run_line(_fb, _box, DICE_WAIT)
            if key == "c":
                n = frame_bytes(_box, _fb.clock.ms())
                if n > _at[1]:
                    _at[1] = n
        _fb.serial.take_lines()
        _at[0] += 1
        return True

    def after():
        _heap.after()
        if len(_marks) < 2:
            _marks.append(gc.mem_alloc())
        if _at[2] == 1:
            micropython.mem_info()  # "max free sz": the largest free block, after the collection
