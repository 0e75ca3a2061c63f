"""The monkey's evening seen from the PC: every picture of the virtual box drawn, every event told by
every narrator, every line any of them prints kept.

Evening(game, seed, seconds, folder) runs the monkey of tests/mpy/monkey.py (the real box app on fake
drivers, its clock advanced) with two hooks. After every power-on it puts the virtual box around the
new box (VirtualBox.around: the log, words and frame `ultimus sim` shows), attaches a host to the box's
link as `ultimus connect` does (a first request; from then on the events come as "ev" lines, as a
spectator hears them, or the eye a later token gives) and has the game's demo narrator hear the core's
events. After every step it reads the link's lines into connect's console (Console.show_events), now
and then sends a request that changes nothing in the game (state, digests, a log page, another eye's
token) and, whenever the picture may have changed (a new LED frame, an event, a press, a tone), draws
the virtual box with rich at 80x24 and at 160x50. So every event passes through the virtual box's
words, connect's console and `demo`'s narration of its game; an exception anywhere fails the evening
with the game, the seed and the time.

For the words' checks: `lines` holds every line each surface printed, as (surface, text) with surface
"vbox" (its log), "console" (connect), "demo" (the game's demo narration) or "frame" (the lines of the
drawn pictures, each distinct line once); every function in LINE_CHECKS is called with each of them as
it is printed (raise to fail the evening on a line no person should read, such as a raw dump).
narrated_lines(game, seed, seconds, folder) gives them all for one evening.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy"))

from rich.console import Console as RichConsole  # noqa: E402

from games.ultimus.views import public_event  # noqa: E402
from monkey import Monkey  # noqa: E402
from referee.rng import Rng  # noqa: E402
from ultimus_host.console import Console  # noqa: E402
from ultimus_host.virtualbox import VirtualBox, render_text, stopped_message  # noqa: E402

SIZES = ((80, 24), (160, 50))  # the terminals every picture is drawn for
LINE_CHECKS = []  # check(surface, text) for every line printed: the hook for the words' own checks
HELLO = b'{"op": "hello", "id": 1}\n'  # a host's first line: the box's events go out from then on
ASK_EVERY = 150  # steps of the box (10 ms) between two requests of the host, on average
FRAME_LINES = 20000  # distinct picture lines kept per evening (the log's are all kept)
PICTURES = 4096  # pictures remembered as drawn (a picture is its LED frame and its text: rich draws it the same)


class LittleFsFlash:
    """The Pico's own storage driver (ultimusbox.drivers.storage: slots, folds in idle time) on a LittleFS
    image with the Pico's geometry (lfs_volume): a power cut is a page write or a block erase that never
    finishes, after a random number of them; power_on() mounts what reached the flash. The driver's
    `open` and `os` point at the image while the evening runs (close() lets go of them)."""

    def __init__(self):
        from lfs_volume import Volume
        from ultimusbox.drivers import storage as storage_mod

        self.driver = storage_mod
        self.saved = (storage_mod.__dict__.get("open"), storage_mod.os)
        self._mount(Volume())

    def _mount(self, volume):
        self.volume = volume
        self.driver.open = volume.open
        self.driver.os = volume.os()
        self.storage = self.driver.Storage()

    def arm(self, rng):
        self.volume.flash.budget = rng.below(40)

    def dead(self):
        return self.volume.flash.dead

    def power_on(self):
        self._mount(self.volume.restart())

    def fill(self, rng):
        pass  # a full LittleFS image is not played here: the fakes' evenings fill their flash

    def free(self):
        pass

    def close(self):
        opened, self.driver.os = self.saved
        if opened is None:
            del self.driver.open
        else:
            self.driver.open = opened


def demo_narrator(shell, say):
    """What `ultimus demo --game NAME --verbose` says of each of the core's events, for the game in play."""
    game, name = shell.game, shell.playing
    if name == "morituri":
        from ultimus_host.games.morituri.play import Narrator

        return Narrator(game, say, verbose=True)
    if name == "ultimatum":
        from ultimus_host.games.ultimatum.play import Narrator

        return Narrator(say, verbose=True)
    if name == "munera":
        from ultimus_host.games.munera.play import Narrator

        return Narrator(game, say)
    if name == "morituri_board":
        from ultimus_host.games.morituri_board.play import demo_line

        return lambda e: _say_if(say, demo_line(e, True))
    if name == "ultimus":
        from ultimus_host.games.ultimus.narrate import line

        return lambda e: say(line(public_event(e)))
    from ultimus_host import words  # any other game: its own words, as its demo tells them

    return lambda e: _say_if(say, words.tell(name, public_event(e), game.state))


def _say_if(say, text):
    if text:
        say(text)


class _Log(list):
    """The virtual box's log (it keeps the last ten): each line added is also told to the evening."""

    def __init__(self, say):
        list.__init__(self)
        self.say = say

    def append(self, text):
        self.say("vbox", text)
        list.append(self, text)


class _BoxState:
    """What connect's console asks the box besides its events: the state reply's settings (the
    station of each seat), the game played or chosen and a spectator's view of it (names its figures),
    here read from the box itself."""

    def __init__(self, evening):
        self.evening = evening

    def call(self, op, **request):
        shell = self.evening.box.shell
        view = shell.game.public_view() if shell.game is not None else None
        return {
            "settings": shell.settings,
            "game": shell.game_id,
            "playing": shell.playing,
            "chosen": shell.chosen,
            "state": view,
        }


class Evening:
    def __init__(self, focus, seed, seconds, folder, flash=None):
        """flash: the monkey's (its fakes' FakeStorage unless given; LittleFsFlash() for the Pico's driver)."""
        self.folder = folder
        self.lines = []
        self.frame_lines = set()
        self.pictures = set()
        self.figures = {"frames": 0, "pictures": 0, "drawn": 0, "link_lines": 0, "requests": 0, "told": 0}
        self.asks = Rng(seed ^ 0x11E4)  # the host's own draws: the monkey's evening stays the same without it
        self.asked = 0
        self.terminals = [
            RichConsole(width=w, height=h, color_system="truecolor", force_terminal=True) for w, h in SIZES
        ]
        self.vbox = None
        self.box = None
        self.console = None
        self.key = None
        self.heard = 0
        self.monkey = Monkey(focus, seed, seconds, on_box=self._on_box, on_step=self._on_step, flash=flash)

    def say(self, surface, text):
        if type(text) is not str:
            raise AssertionError("%s printed %r, not a line of text" % (surface, text))
        self.figures["told"] += 1
        if surface == "frame":
            if text in self.frame_lines or len(self.frame_lines) >= FRAME_LINES:
                return
            self.frame_lines.add(text)
        self.lines.append((surface, text))
        for check in LINE_CHECKS:
            check(surface, text)

    # --- the monkey's hooks ---------------------------------------------------------------

    def _on_box(self, fb, box):
        if self.vbox is not None:  # the virtual box that just lost its power says what it leaves behind
            self.say("vbox", stopped_message(self.vbox.box.shell, self.folder))
        self.box = box
        self.vbox = VirtualBox.around(fb, box, self.folder)
        kept, self.vbox.log_lines = self.vbox.log_lines, _Log(self.say)
        for text in kept:  # what it said at power-on, before this evening listened
            self.vbox.log_lines.append(text)
        shell = box.shell
        shell.listen(self._events, presses=False)
        self.console = Console(_BoxState(self), lambda text, err=False, nl=True: self.say("console", text))
        fb.serial.feed_in(HELLO)  # connect attaches: a reconnect after every power-on
        apply = shell.apply

        def applied(action):
            events = apply(action)
            tell = demo_narrator(shell, lambda text: self.say("demo", text))
            for e in events:
                tell(e)
            return events

        shell.apply = applied  # the link's applies and the screen's acts all come through here
        self.key = None

    def _events(self, events):
        self.heard += len(events)

    def _on_step(self, fb, box):
        for raw in fb.serial.take_lines():
            self.figures["link_lines"] += 1
            reply = json.loads(raw)
            if "ev" in reply:
                self.console.show_events([reply["ev"]])
            elif "error" in reply and (reply["error"]["code"] == "internal" or reply.get("id") == 1):
                raise AssertionError("the link failed on a host's request: %r" % (reply,))
        if self.asks.below(ASK_EVERY) == 0:
            self.ask(fb, box)
        tones = fb.buzzer.tones
        key = (fb.leds.frame, self.heard, self.monkey.counts["presses"], len(tones))
        if key == self.key:
            return
        self.key = key
        self.draw()

    def ask(self, fb, box):
        """A request of the attached host that changes nothing in the game: the state, the digests, a page
        of the log, or seeing as another eye (a seat's token, the referee's, a wrong one, a spectator's)."""
        shell = box.shell
        self.asked += 1
        kind = self.asks.below(5)
        request = {"id": self.asked + 1, "op": ("state", "digest", "log", "auth", "hello")[kind]}
        if kind == 2:
            request["from"] = self.asks.below(len(shell.journal) + 2)
        elif kind == 3 and shell.game is not None:
            who = self.asks.below(shell.game.setup["players"] + 3) - 2  # -2 a wrong token, -1 the referee's
            if who >= -1:
                seats = shell.tokens["seats"]  # who == players: a token of no seat
                request["token"] = shell.tokens["referee"] if who < 0 else (seats + ["fedcba9876543210"])[who]
            elif self.asks.below(2):
                request["token"] = "0123456789abcdef"
        fb.serial.feed_in(json.dumps(request).encode() + b"\n")
        self.figures["requests"] += 1

    def draw(self):
        """The virtual box's picture now, drawn on every terminal size (once: a picture is the same
        drawing whenever it comes back, as a blinking light's two pictures do)."""
        text = render_text(self.vbox)
        fitted = [render_text(self.vbox, w, h) for w, h in SIZES]  # as `ultimus sim` draws it on each terminal
        self.figures["frames"] += 1
        picture = (self.vbox.fb.leds.frame, text.plain)
        if picture in self.pictures:
            return
        if len(self.pictures) >= PICTURES:
            self.pictures.clear()
        self.pictures.add(picture)
        for terminal, picture_text in zip(self.terminals, fitted):
            with terminal.capture() as capture:
                terminal.print(picture_text, crop=True)
            drawn = capture.get()
            if not drawn:
                raise AssertionError("an empty picture at %d columns" % terminal.width)
            if len(drawn.splitlines()) >= terminal.height:
                raise AssertionError("a picture taller than %dx%d" % (terminal.width, terminal.height))
            self.figures["drawn"] += 1
        self.figures["pictures"] += 1
        for text_line in text.plain.splitlines():
            if text_line.strip():
                self.say("frame", text_line)

    def run(self):
        """The evening; returns the monkey's counts with the host's figures."""
        counts = self.monkey.run()
        self.say("vbox", stopped_message(self.box.shell, self.folder))
        out = dict(counts)
        out.update(self.figures)
        out["lines"] = len(self.lines)
        return out


def narrated_lines(focus, seed, seconds, folder):
    """Every (surface, line) of one evening (see the module's docstring)."""
    evening = Evening(focus, seed, seconds, folder)
    evening.run()
    return evening.lines


FIGURES = ("presses", "events", "legal", "actions", "games", "finished", "power_cuts", "torn")
FIGURES += ("frames", "pictures", "drawn")  # the virtual box's pictures: shown, distinct, drawn (at each size)


def figures_line(focus, seed, counts):
    return "%s seed %d: %s" % (focus, seed, ", ".join("%s %d" % (k.replace("_", " "), counts[k]) for k in FIGURES))
