"""Nummus on the box: the caller's thumbs call heads (up) or tails (down), CONFIRM tosses the coin.

The caller's station light blinks gold; the referee's toss waits for CONFIRM. The lights allocate nothing.
"""

from ultimusbox import board

GOLD = (255, 200, 0)
DIM = (40, 40, 40)


def link_setup(request):
    """The set-up and box settings of the link's new_game: every key but the link's own is the set-up's."""
    return dict(request), {}


class Entry:
    def __init__(self):
        self.pressed = 0  # presses taken this game (nothing else to enter: one press, one action)


class Screen:
    NAME = "nummus"

    def __init__(self, shell):
        self.shell = shell
        self.entry = Entry()

    def option_press(self, button):
        self.shell.refuse("no_options", "Nummus has no options: CONFIRM starts the game")

    def render_options(self, frame, k, blink):
        frame.ring(k, 0, GOLD)

    def seat_setup(self, players, seed):
        return {"players": players, "seed": seed}, {}

    def start(self):
        self.entry.pressed = 0

    def secret(self, button):
        return False

    def press(self, button, t_us):
        s = self.shell.game.state
        if s["phase"] == "call" and (button == board.THUMB_UP or button == board.THUMB_DOWN):
            self.entry.pressed += 1
            self.shell.act({"a": "call", "p": s["turn"], "side": 1 if button == board.THUMB_UP else 0})
        elif s["phase"] == "toss" and button == board.CONFIRM:
            self.entry.pressed += 1
            self.shell.act({"a": "toss"})
        else:
            self.shell.refuse("wrong_button", "not now: %s" % self.describe())

    def tick(self, now_us):
        pass

    def on_events(self, events):
        pass

    def render(self, frame, now_ms, blink):
        s = self.shell.game.state
        for seat in range(s["players"]):
            on = seat == s["turn"] and s["phase"] == "call" and blink
            frame.set(board.seat_pixel(self.shell.station_of_seat(seat)), GOLD if on else DIM)

    def describe(self):
        if self.shell.game is None:
            return "Nummus: SHOUT joins a station, CONFIRM starts"
        s = self.shell.game.state
        if s["phase"] == "call":
            return "Nummus: seat %d calls: thumbs up heads, thumbs down tails" % (s["turn"] + 1)
        if s["phase"] == "toss":
            return "Nummus: CONFIRM tosses the coin"
        return "Nummus: seat %d wins" % (s["winner"] + 1)
