"""The journal's fold against the box's loop, under MicroPython: never inside a reply or a countdown.

The Pico's storage driver (ultimusbox.drivers.storage) on this port's file
system, with a stand-in that charges a real chip's flash time on the box's
fake clock: ERASE_MS for a fold (the erase of the big file's last block,
interrupts off on a Pico) and COMMIT_MS for a durable append. A 3-station
ULTIMUS box game is played over the link: an action every 200 ms, with a
pause of 1.5 s after every 4th (a table at the buttons pauses far more
often), and at the first countdown a fold is forced (the stand-in's threshold set to one slot) while the table is still
idle, with CONFIRM pressed in the middle of that fold: the countdown must
start at the press's own stamp, not when the loop takes it. Each Box.step()
is one loop turn; its stretch is how far the clock moved inside it.

Prints "folds=F idle_folds=I reply_max_ms=R countdown_max_ms=C turn_max_ms=T
stamp=1 actions=N" (stamp: the countdown began at the mid-fold press's stamp).
"""

import json
import os

from ultimus_host.fakes import FakeBoard
from ultimusbox import board
from ultimusbox.drivers.storage import TIDY_AT, Storage
from ultimusbox.runtime import Box

ERASE_MS = 400  # the worst erase of a 4 KB block measured on a Pico's flash (45-400 ms)
COMMIT_MS = 2  # a LittleFS commit of a few pages
FOLDER = "/fold"


class ChargedStorage(Storage):
    """The Pico's driver, charging the flash's time on the box's clock; counts folds and where they fell."""

    def __init__(self, clock):
        super().__init__()
        self.clock = clock
        self.folds = []  # whether the box was idle (a loop turn with no request) at each fold
        self.idle = False  # set by the script around the turns it lets idle
        self.mid_fold = None  # a function called in the middle of the next fold (a press then)

    def _fold(self, name):
        self._track(name)
        if self.used:
            self.clock.now += ERASE_MS * 500
            if self.mid_fold is not None:
                self.mid_fold()
                self.mid_fold = None
            self.clock.now += ERASE_MS * 500
            self.folds.append(self.idle)
        super()._fold(name)

    def append(self, name, data):
        self.clock.now += COMMIT_MS * 1000
        super().append(name, data)


try:
    os.mkdir(FOLDER)
except OSError:
    pass
os.chdir(FOLDER)
for _name in os.listdir():
    os.remove(_name)

fb = FakeBoard()
storage = ChargedStorage(fb.clock)
fb.storage = storage
box = Box(fb, lambda: 5)
link = box.link
worst = {"reply": 0, "countdown": 0, "turn": 0}
_pick = [99]


def turn(kind=None):
    """One loop turn; its stretch goes to `kind`'s worst (and every turn's)."""
    start = fb.clock.now
    box.step()
    stretch = (fb.clock.now - start) // 1000
    worst["turn"] = max(worst["turn"], stretch)
    if kind is None and box.shell.screen is not None and getattr(box.shell.screen, "counting", lambda: False)():
        kind = "countdown"
    if kind is not None:
        worst[kind] = max(worst[kind], stretch)


def request(body):
    fb.serial.feed_in(json.dumps(body).encode() + b"\n")
    turn("reply")
    for line in fb.serial.take_lines():
        msg = json.loads(line)
        if "id" in msg and not msg.get("ok"):
            raise RuntimeError("refused: %r" % (msg,))


def wait(ms, idle=True):
    storage.idle = idle
    for _ in range(ms // 10):
        fb.clock.advance_ms(10)
        turn()
    storage.idle = False


request({"id": 1, "op": "new_game", "players": 3, "seed": 11, "mode": "box", "stations": [0, 2, 4]})
game = box.shell.game
actions = 0
stamp = None
pressed = []


def _press():
    """CONFIRM, pressed in the middle of a fold (its stamp: the clock then)."""
    pressed.append(fb.clock.now)
    fb.buttons.push(board.CONFIRM, fb.clock.now)


while actions < 120 and game.state["phase"] not in ("battle_end", "over"):
    if game.state["phase"] == "shout":
        if stamp is None:
            # the table is quiet before its first countdown: a fold now, and CONFIRM pressed in its middle
            storage.tidy_at = 1
            storage.mid_fold = _press
            wait(1200)
            storage.tidy_at = TIDY_AT
            stamp = 1 if pressed and box.shell.screen.entry.countdown_start == pressed[0] else 0
        else:
            fb.buttons.push(board.CONFIRM)
        wait(6000)  # the countdown and CLAMO: no fold may come before CLAMO (countdown_max_ms)
        continue
    seats = game.actors()
    _pick[0] = (_pick[0] * 1103515245 + 12345) & 0x7FFFFFFF
    options = [
        a
        for a in game.legal_actions(seats[_pick[0] % len(seats)] if seats else -1)
        if a["a"] not in ("damage", "bleed", "heal", "commit") or a.get("n", 1) <= 2
    ]
    if not options:
        break
    _pick[0] = (_pick[0] * 1103515245 + 12345) & 0x7FFFFFFF
    request({"id": 2, "op": "apply", "action": options[_pick[0] % len(options)]})
    actions += 1
    wait(200, idle=False)
    if actions % 4 == 0:
        wait(1500)
print(
    "folds=%d idle_folds=%d reply_max_ms=%d countdown_max_ms=%d turn_max_ms=%d stamp=%d actions=%d"
    % (
        len(storage.folds),
        len([f for f in storage.folds if f]),
        worst["reply"],
        worst["countdown"],
        worst["turn"],
        stamp or 0,
        actions,
    )
)
