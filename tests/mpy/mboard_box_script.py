"""A scripted Morituri board game pressed on the box's buttons, from the game menu to the winner,
with checkpoints: two players (stations 1 and 4); the box rolls every die from its entropy source's
seed. Runs on fake drivers under CPython (tests/test_mboard_box.py, the power-cut test) and under
MicroPython (every checkpoint's digest, and what drawing a frame allocates there: nothing).
"""

from box_battle import new_box, run_line
from ultimusbox import board, games

W = board.WHEEL_0
SEED = 11
STATIONS = (0, 3)  # the two players sit at stations 1 and 4: their wheels are 1 and 4
MENU_WHEEL = games.names().index("morituri_board")


class Table:
    """The box on fake drivers, and the people pressing its buttons."""

    def __init__(self, storage=None, seed=SEED, fb_box=None):
        self.fb, self.box = fb_box or new_box(storage, seed)
        self.events = []
        self.keep_events = True  # False: the heap run keeps nothing
        self.box.shell.listen(self._keep)

    def _keep(self, events):
        if self.keep_events:
            self.events.extend(events)

    @property
    def shell(self):
        return self.box.shell

    @property
    def s(self):
        return self.box.shell.game.state

    def press(self, *buttons):
        for b in buttons:
            run_line(self.fb, self.box, ("press", b))

    def wait(self, ms):
        run_line(self.fb, self.box, ("wait", ms))

    def refused(self):
        return [e["code"] for e in self.events if e["e"] == "refused"]

    def station_of(self, seat):
        return self.shell.station_of_seat(seat)

    def fight_out(self):
        """Confirm each combat round until the fight is over (the crowd: roll; mercy: take it)."""
        for _ in range(200):
            phase = self.s["phase"]
            if phase == "mercy":
                self.press(board.THUMB_UP)
            elif phase in ("fight", "crowd"):
                self.press(board.CONFIRM)
            else:
                return
        raise AssertionError("the fight never ended")


def script(t):
    """The scripted game as a generator: each item is a button to press, or ("at", name) at a
    checkpoint; it reads the table between presses (a fight lasts as long as its dice say). The
    first mover takes hit point space 2; the other keeps a Gladius; the first keeps a Scutum (-/+
    wrap the card list); the other reaches Roma, draws a card that changes nothing and waits; the
    first reaches Roma, keeps a Galea and the champion's fight to the death ends the game: its
    first round with the table's dice (entered one by one), the others rolled by the box."""
    C, M = board.CONFIRM, board.MODE
    for b in (W + MENU_WHEEL, board.SHOUT_0 + STATIONS[0], board.THINK_0 + STATIONS[1]):
        yield b
    yield ("at", "seats")
    yield C
    yield ("at", "start")
    yield C  # the roll-off
    yield ("at", "first turn")
    yield C  # the move: the box rolls
    yield ("at", "moved")
    for b in (M, board.PLUS, C):  # a hit point space, number 2
        yield b
    yield ("at", "hit point space")
    for b in (C, M, M, C):  # the other: move, draw a card
        yield b
    yield ("at", "drawing")
    yield C  # keep the Gladius (the first card)
    for b in (C, M, M, C, board.MINUS, C):  # the first: move, draw; -: the list wraps to the Scutum
        yield b
    yield ("at", "cards kept")
    for b in (C, M, M, M, M, C) + (M,) * 5 + (C,):  # the other: Roma; the arrival card: another card
        yield b
    yield ("at", "alone in Roma")
    yield C  # he waits
    for b in (C, M, M, M, M, C) + (board.PLUS,) * 6 + (C,):  # the first: Roma; the arrival: keep the Galea
        yield b
    yield ("at", "champion's fight")
    P = board.PLUS
    for b in (P, P, P, M, P, P, P, M, P, P, P, P, M, P, P, P, P):  # round 1 from the table: 3 3, then 4 4
        yield b
    yield ("at", "table dice")
    yield M
    yield C
    for _ in range(200):  # every round to the death
        if t.s["phase"] != "fight":
            break
        yield C
    yield ("at", "over")


def play(storage=None, check=lambda name, table: None):
    """The scripted game on a new box; check(name, table) at each checkpoint. Returns the table."""
    t = Table(storage)
    for item in script(t):
        if type(item) is tuple:
            check(item[1], t)
        else:
            t.press(item)
    assert t.s["phase"] == "over"
    return t


def checkpoints():
    """["at NAME DIGEST BYTES"]: the game's digest at each checkpoint and what drawing one frame
    allocated then (0 under CPython)."""
    from box_frame import allocated

    out = []

    def check(name, t):
        game = t.shell.game
        digest = game.digest() if game else "-"
        out.append("at %s %s %d" % (name.replace(" ", "_"), digest, allocated(t.box, t.fb.clock.ms())))

    play(check=check)
    return out


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    for _text in checkpoints():
        print(_text)
