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

    def __init__(self, storage=None, seed=SEED):
        self.fb, self.box = new_box(storage, seed)
        self.events = []
        self.box.shell.listen(self.events.extend)

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


def play(storage=None, check=lambda name, table: None):
    """The scripted game: the first mover takes hit point space 2; the other keeps a Gladius; the
    first keeps a Scutum (-/+ wrap the card list); the other reaches Roma, draws a card that changes
    nothing and waits; the first reaches Roma, keeps a Galea and the champion's fight to the death
    ends the game. Returns the table."""
    t = Table(storage)
    t.press(W + MENU_WHEEL, board.SHOUT_0 + STATIONS[0], board.THINK_0 + STATIONS[1])
    check("seats", t)
    t.press(board.CONFIRM)
    check("start", t)
    t.press(board.CONFIRM)  # the roll-off
    check("first turn", t)
    first = t.s["active"]
    other = 1 - first
    t.press(board.CONFIRM)  # the move: the box rolls
    check("moved", t)
    t.press(board.MODE, board.PLUS, board.CONFIRM)  # a hit point space, number 2
    check("hit point space", t)
    t.press(board.CONFIRM, board.MODE, board.MODE, board.CONFIRM)  # the other: move, draw a card
    check("drawing", t)
    t.press(board.CONFIRM)  # keep the Gladius (the first card)
    t.press(board.CONFIRM, board.MODE, board.MODE, board.CONFIRM)  # the first: move, draw
    t.press(board.MINUS, board.CONFIRM)  # -: the list wraps to the Scutum; keep it
    check("cards kept", t)
    t.press(board.CONFIRM, board.MODE, board.MODE, board.MODE, board.MODE, board.CONFIRM)  # the other: Roma
    t.press(*((board.MODE,) * 5 + (board.CONFIRM,)))  # the arrival card: another card
    check("alone in Roma", t)
    t.press(board.CONFIRM)  # he waits
    t.press(board.CONFIRM, board.MODE, board.MODE, board.MODE, board.MODE, board.CONFIRM)  # the first: Roma
    t.press(*((board.PLUS,) * 6 + (board.CONFIRM,)))  # the arrival card: keep the Galea
    check("champion's fight", t)
    t.fight_out()
    check("over", t)
    assert first != other
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
