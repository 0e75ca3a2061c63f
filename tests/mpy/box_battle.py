"""A scripted battle on the box: button presses in, checkpoints out.

The same script runs under CPython (tests/test_box_flow.py imports it) and
under MicroPython in Node (one script line per step()), with the box app,
display, sounds and link on fake drivers; the checkpoint digests must agree.
"""

from ultimus_host.fakes import FakeBoard
from ultimusbox import board
from ultimusbox.runtime import Box

W = board.WHEEL_0
TIGRIS, SAGITTARIUS, RETIARIUS, MURMILLO, BARBARUS, DIMACHAERUS = range(6)

# (what, argument): "press" a button, "wait" ms, "at" a checkpoint name,
# "late" = press a button 1 ms after CLAMO (it must not count), "restart" = a reset
# (power cut or watchdog): a new box on the same flash (play() handles it)
SCRIPT = (
    (
        ("press", board.SHOUT_0),
        ("press", board.SHOUT_0 + 2),
        ("press", board.THINK_0 + 4),
        # the script's wounds, kills and payouts were written for the reconstructed cards of 0.1.0
        ("press", board.THUMB_DOWN),
        ("wait", 440),  # with the press, one blink period (500 ms): the rest of the script keeps its light phases
        ("press", board.CONFIRM),
        ("at", "new game"),
        ("press", board.SHOUT_0 + 2),
        ("at", "loudest"),  # station 2 = seat 1 names himself
        ("press", board.CONFIRM),
        ("at", "bets placed"),
        ("press", W + BARBARUS),
        ("press", W + TIGRIS),
        ("press", W + MURMILLO),
        ("press", W + SAGITTARIUS),
        ("press", W + RETIARIUS),
        ("press", W + DIMACHAERUS),
        ("at", "entrance"),
        # round 1: station 0 shouts, station 2 thinks, station 4 is too late
        ("press", board.SHOUT_0),
        ("press", board.THINK_0 + 2),
        ("press", board.CONFIRM),
        ("wait", 4900),
        ("at", "countdown"),
        ("wait", 20),
        ("late", board.SHOUT_0 + 4),
        ("wait", 100),
        ("at", "clamo"),
        ("press", board.CONFIRM),  # seat 1 (thinking) is done
        ("press", board.CONFIRM),  # seat 2 (thinking: too late) is done
        ("press", W + SAGITTARIUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.CONFIRM),
        ("at", "wounded"),
        ("press", W + BARBARUS),
        ("press", board.MODE),
        ("press", board.MODE),
        ("press", board.MINUS),
        ("press", board.CONFIRM),
        ("at", "refused bleeding"),  # Barbarus is not injured
        ("press", W + BARBARUS),  # deselect
        ("press", board.THUMB_DOWN),
        ("press", W + DIMACHAERUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.CONFIRM),
        ("at", "pollice verso"),
        ("restart", None),
        ("at", "resumed"),  # the watchdog bit: power on again
        ("press", board.THUMB_UP),
        ("at", "pardoned"),
        ("press", board.CONFIRM),
        ("at", "round 2"),
        # round 2, beginners' style: everyone commits before any countdown
        ("press", board.SHOUT_0),
        ("press", board.SHOUT_0 + 2),
        ("press", board.SHOUT_0 + 4),
        ("at", "revealed"),
        ("press", W + TIGRIS),
        ("press", board.MODE),
        ("press", board.MODE),
        ("press", board.MODE),
        ("press", board.MODE),
        ("press", board.CONFIRM),
        ("at", "knocked down"),  # mode 4: knock down
        ("press", W + TIGRIS),
        ("press", board.MINUS),
        ("press", board.CONFIRM),  # 1 + 1 for lying
        ("press", board.CONFIRM),
        ("at", "seat 1 done"),
        ("press", W + SAGITTARIUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.MINUS),
        ("press", board.CONFIRM),
        ("at", "killed"),
        ("press", board.CONFIRM),
        ("press", W + RETIARIUS),
        ("press", board.PLUS),
        ("press", board.CONFIRM),
        ("at", "healed"),
        ("press", board.MODE),
        ("press", board.CONFIRM),
        ("at", "took the marker"),  # seat mode: loudest
        ("press", board.CONFIRM),
        ("at", "round 3"),
        # round 3: the loudest spectator (seat 0 now) leads; end the battle
        ("press", board.THINK_0),
        ("press", board.THINK_0 + 2),
        ("press", board.THINK_0 + 4),
        ("press", W + TIGRIS),
    )
    + (("press", board.MINUS),) * 9
    + (("press", board.CONFIRM), ("press", W + RETIARIUS))
    + (("press", board.MINUS),) * 9
    + (("press", board.CONFIRM), ("press", W + MURMILLO))
    + (("press", board.MINUS),) * 11
    + (
        ("press", board.CONFIRM),
        ("at", "battle end"),
        ("wait", 400),
        # payouts: each seat enters betting cards holding its 5 coins of new gold (every coin accounted for)
        ("press", board.SHOUT_0),  # seat 0: Barbarus to win, 3 coins (won), then Tigris to die, 2 (won)
        ("press", W + BARBARUS),
        ("press", board.PLUS),
        ("press", board.PLUS),
        ("press", board.CONFIRM),
        ("press", W + TIGRIS),
        ("press", board.MODE),
        ("press", board.PLUS),
        ("press", board.CONFIRM),
        ("press", board.THUMB_DOWN),  # refused: seats 1 and 2 have not entered their coins yet
        ("at", "unsettled"),
        ("press", board.SHOUT_0 + 2),  # seat 1: Dimachaerus invest 1 (pardoned: won), Murmillo win 3, Sagittarius die 1
        ("press", W + DIMACHAERUS),
        ("press", board.MODE),
        ("press", board.CONFIRM),
        ("press", W + MURMILLO),
        ("press", board.MODE),
        ("press", board.PLUS),
        ("press", board.PLUS),
        ("press", board.CONFIRM),
        ("press", W + SAGITTARIUS),
        ("press", board.MODE),
        ("press", board.CONFIRM),
        ("press", board.SHOUT_0 + 4),  # seat 2: Retiarius to die, 3 coins (won), Tigris invest 2 (lost)
        ("press", W + RETIARIUS),
        ("press", board.PLUS),
        ("press", board.PLUS),
        ("press", board.CONFIRM),
        ("press", W + TIGRIS),
        ("press", board.MODE),
        ("press", board.PLUS),
        ("press", board.CONFIRM),
        ("at", "paid"),
        ("press", board.THUMB_DOWN),
        ("at", "final count"),
    )
)


def new_box(storage=None, seed=7):
    fb = FakeBoard(storage)
    return fb, Box(fb, lambda: seed)


def run_line(fb, box, line, gap_ms=60):
    """One line of the script; returns a checkpoint (name, digest) or None."""
    what, arg = line
    if what == "press":
        fb.buttons.push(arg)
        box.step()
        fb.clock.advance_ms(gap_ms)
        box.step()
    elif what == "wait":
        for _ in range(arg // 10):
            fb.clock.advance_ms(10)
            box.step()
        fb.clock.advance_ms(arg % 10)
        box.step()
    elif what == "late":
        start = box.shell.screen.entry.countdown_start
        fb.buttons.push(arg, start + 5000000 + 1000 if start is not None else fb.clock.us())
        box.step()
    elif what == "at":
        game = box.shell.game
        return arg, (game.digest() if game else "-")
    return None


def play(script=SCRIPT):
    """Run a script, restarts included; returns the checkpoints [(name, digest)]."""
    fb, box = new_box()
    points = []
    for line in script:
        if line[0] == "restart":
            fb, box = new_box(fb.storage)
        point = run_line(fb, box, line)
        if point:
            points.append(point)
    return points


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    _fb, _box = new_box()
    _line = [0]

    def step():
        if _line[0] >= len(SCRIPT):
            return False
        global _fb, _box
        if SCRIPT[_line[0]][0] == "restart":
            _fb, _box = new_box(_fb.storage)
        point = run_line(_fb, _box, SCRIPT[_line[0]])
        if point:
            print("%s %s" % point)
        _line[0] += 1
        return True
