"""The Morituri screen's controller: button presses on the box become Morituri actions.

One ring per figure (figure f on wheel f, numbered in seat order); the
figures stay on the table. The screen follows the core's phases:
initiative (confirm: the box rolls 2D6 for every seat, the highest is
Caesar), movement (Caesar presses each figure's wheel as it moves; confirm
calls the rest in wheel order), melee (wheel: the figure who acts, wheel:
his target, MODE: the menu of a side, confirm: the box rolls the exchange;
confirm twice with nothing picked ends the melee), implore (wheel: the
fallen gladiator Caesar calls, +/-: the die if rolled on the table, confirm:
his appeal roll; thumbs: Caesar's verdict), over (confirm: back to the seat selection). docs/box.md tells the
players; lights.py draws; entry.py holds the input.
"""

from games.morituri.content import CLASS_NAMES, DIE, MENU
from ultimusbox import board
from ultimusbox.screens import phase_handler
from ultimusbox.screens.morituri import lights
from ultimusbox.screens.morituri.entry import MAX_PER_STATION, NOBODY, Entry


def link_setup(request):
    """The core set-up and the box settings of a new_game request (docs/protocol.md): every key but the
    link's own is the set-up's, and the game's one set-up check refuses any it does not have."""
    return dict(request), {}


class Screen:
    NAME = "morituri"

    def __init__(self, shell):
        self.shell = shell
        self.entry = Entry()
        self.handlers = {}  # phase -> its press handler (screens.phase_handler)

    # --- seat selection: each station's figures ----------------------------

    def option_press(self, button):
        e = self.entry
        joined = self.shell.seats.joined
        if button == board.PLUS and e.per_station < MAX_PER_STATION:
            e.per_station += 1
        elif button == board.MINUS and e.per_station > 1:
            e.per_station -= 1
        elif button == board.MODE:
            if not joined:
                self.shell.refuse("nobody_joined", "press SHOUT at your station first; then mode sets your class")
                return
            station = joined[-1]
            e.cls[station] = (e.cls[station] + 1) % len(CLASS_NAMES)
            self.shell.note({"e": "class", "station": station, "cls": CLASS_NAMES[e.cls[station]]})

    def render_options(self, frame, k, blink):
        lights.options(self, frame, k, blink)

    def seat_setup(self, players, seed):
        e = self.entry
        stations = sorted(self.shell.seats.joined)
        figures = [[e.class_name(st)] * e.per_station for st in stations]
        return link_setup({"players": players, "seed": seed, "figures": figures})

    # --- a game -----------------------------------------------------------

    def start(self):
        self.entry.clear()
        self.entry.dice_at = None

    def state(self):
        return self.shell.game.state

    def secret(self, button):
        return False  # nothing in Morituri is secret

    def tick(self, now_us):
        pass  # the dice animation runs on the frame's clock

    def on_events(self, events):
        e, shell = self.entry, self.shell
        now = shell.clock.ms()
        fighting = None
        k = 0
        for ev in events:
            kind = ev["e"]
            if kind == "melee":
                fighting = (ev["f"], ev["t"])
            elif kind == "roll" and ev["why"] == "hit" and fighting is not None and k < 2:
                e.show_dice(now, k, fighting[k], ev["dice"])  # the one who acts rolls first
                k += 1
            elif kind == "ask":
                e.show_dice(now, 0, ev["data"][0], self._last_appeal(events))
            elif kind in ("phase", "round", "caesar", "hits", "answer", "over"):
                e.clear()

    def _last_appeal(self, events):
        for ev in events:
            if ev["e"] == "roll" and ev["why"] == "implore":
                return ev["dice"]
        return ()

    def render(self, frame, now_ms, blink):
        lights.render(self, frame, now_ms, blink)

    def press(self, button, t_us):
        handler = phase_handler(self, self.state()["phase"])
        if handler is not None:
            handler(button)

    def caesar(self):
        """The seat the flow lets act now (Flow.seat_now): Caesar, in every step but the box's initiative."""
        game = self.shell.game
        return game.rules.FLOW.seat_now("", game.state)

    def _wheel(self, button):
        """The figure on a pressed wheel, or NOBODY (a wheel without a figure is refused)."""
        if not board.WHEEL_0 <= button < board.WHEEL_0 + board.RINGS:
            return NOBODY
        f = button - board.WHEEL_0
        if f >= len(self.state()["cls"]):
            self.shell.refuse("no_figure", "wheel %d has no figure in this game" % (f + 1))
            return NOBODY
        return f

    def _press_initiative(self, button):
        if button == board.CONFIRM:
            self.shell.act({"a": "initiative"})
        elif board.WHEEL_0 <= button < board.WHEEL_0 + board.RINGS:
            self.shell.refuse("wrong_phase", "initiative: press confirm and the box rolls for Caesar")

    def _press_movement(self, button):
        s, shell = self.state(), self.shell
        f = self._wheel(button)
        if f >= 0:
            shell.act({"a": "activate", "p": self.caesar(), "f": f})
        elif button == board.CONFIRM:
            for g in range(len(s["cls"])):  # the rest move in wheel order
                if s["phase"] != "movement":
                    break
                if lights.callable_now(s, g):
                    if shell.act({"a": "activate", "p": self.caesar(), "f": g}) is None:
                        break

    def _press_melee(self, button):
        e, shell = self.entry, self.shell
        f = self._wheel(button)
        if f >= 0:
            e.ending = 0
            self._pick(f)
            return
        if button == board.MODE:
            e.ending = 0
            if e.fighter < 0:
                shell.refuse("nothing_picked", "press the wheel of the figure who acts, then his target's")
                return
            e.menu[e.side] = (e.menu[e.side] + 1) % len(MENU)
        elif button == board.CONFIRM:
            if e.fighter >= 0 and e.target >= 0:
                shell.act(
                    {"a": "melee", "p": self.caesar(), "f": e.fighter, "t": e.target, "fm": e.menu[0], "tm": e.menu[1]}
                )
            elif e.fighter >= 0:
                shell.refuse("no_target", "press the wheel of the figure he fights")
            elif e.ending:
                shell.act({"a": "end_melee", "p": self.caesar()})
            else:
                e.ending = 1  # Caesar's light blinks white: confirm again ends the melee
        else:
            e.ending = 0

    def _pick(self, f):
        """First wheel: who acts; second: his target; a picked wheel again: MODE sets that side
        (pressed once more: let go)."""
        e = self.entry
        if e.fighter < 0:
            e.fighter, e.side = f, 0
        elif f == e.fighter:
            if e.side == 0:
                e.clear()
            else:
                e.side = 0
        elif f == e.target:
            if e.side == 1:
                e.target, e.side, e.menu[1] = NOBODY, 0, 0
            else:
                e.side = 1
        else:
            e.target, e.side, e.menu[1] = f, 1, 0  # a new target: his menu starts at none

    def _press_implore(self, button):
        e, s, shell = self.entry, self.state(), self.shell
        if s["crowd"]:
            if button in (board.THUMB_UP, board.THUMB_DOWN):
                shell.act({"a": "thumb", "p": self.caesar(), "up": 1 if button == board.THUMB_UP else 0})
            elif button == board.CONFIRM or button >= board.WHEEL_0:
                shell.refuse("thumb_first", "the crowd has spoken: Caesar, thumbs up spares, thumbs down kills")
            return
        f = self._wheel(button)
        if f >= 0:
            e.fallen = NOBODY if e.fallen == f else f
        elif button == board.PLUS and e.table_die < DIE:
            e.table_die += 1
        elif button == board.MINUS and e.table_die > 0:
            e.table_die -= 1
        elif button == board.THUMB_DOWN and e.fallen >= 0:  # the one picked does not implore: he dies
            shell.act({"a": "waive", "p": self.caesar(), "f": e.fallen})
        elif button == board.CONFIRM:
            called = self.called()
            if called >= 0:
                action = {"a": "implore", "p": self.caesar(), "f": called}
                if e.table_die:
                    action["dice"] = [e.table_die]  # the die rolled on the table
                shell.act(action)

    def called(self):
        """Implore: the fallen gladiator confirm calls (the one picked, else the first to fall), or NOBODY."""
        s = self.state()
        if self.entry.fallen >= 0:
            return self.entry.fallen
        return s["waiting"][0] if s["waiting"] else NOBODY

    def _press_over(self, button):
        if button == board.CONFIRM:
            self.shell.end_game()

    # --- words, for the virtual box -----------------------------------------

    def describe(self):
        """What to do now, in words (the virtual box prints it; a Pico never loads the words)."""
        from ultimusbox.screens.morituri.words import describe

        return describe(self)

    def describe_ring(self, g):
        """(label, words) of wheel g for the virtual box."""
        from ultimusbox.screens.morituri.words import describe_ring

        return describe_ring(self, g)
