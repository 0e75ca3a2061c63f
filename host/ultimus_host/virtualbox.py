"""`ultimus sim`: the real box app on a PC, its link on a pseudo-terminal, the box in the terminal.

The shell, the game's screen, display, sounds, link and journal are the
firmware's own (ultimusbox); only the drivers differ: wall-clock time, a folder for the
flash, a pseudo-terminal for the USB serial port, the keyboard for the
buttons, and the terminal for the LEDs and the buzzer.
"""

import asyncio
import json
import os
import random
import select
import sys
import termios
import tty

from ultimus.content import GLADIATOR_NAMES
from ultimus.state import ARENA, content_of, max_health
from ultimus.views import public_event
from ultimus_host.client import TOKENS_FILE
from ultimus_host.fakes import FakeBoard
from ultimus_host.narrate import BOX_EVENTS, game_title, line, sound, station_name
from ultimus_host.pcdrivers import FileStorage, FolderInUse, PtySerial, WallClock
from ultimusbox import board, games, settings
from ultimusbox.runtime import Box, _main
from ultimusbox.screens.ultimus_words import set_up_ring

KEYS = {}
for _i, _k in enumerate("123456"):
    KEYS[_k] = board.SHOUT_0 + _i
for _i, _k in enumerate("qwerty"):
    KEYS[_k] = board.THINK_0 + _i
for _i, _k in enumerate("asdfgh"):
    KEYS[_k] = board.WHEEL_0 + _i
KEYS.update(
    {
        "-": board.MINUS,
        "+": board.PLUS,
        "=": board.PLUS,
        "\r": board.CONFIRM,
        "\n": board.CONFIRM,
        " ": board.CONFIRM,
        "u": board.THUMB_UP,
        "n": board.THUMB_DOWN,
        "m": board.MODE,
    }
)
KEY_HELP = (
    "SHOUT at stations 1-6: keys 1-6 | THINK: q w e r t y | wheels a s d f g h | damage - | heal + | "
    "confirm Enter/space | thumbs up u | thumbs down n | mode m | quit Ctrl-C"
)


def default_state_dir():
    return os.path.join(os.path.expanduser("~"), ".ultimus-box", "virtual")


def _narrate(shell, e, stations=None):
    """One line for an event, in the words of the game being played (ULTIMUS's narrator by default)."""
    if shell.playing == "morituri" or (shell.game is None and shell.chosen == "morituri"):
        from ultimus_host.games.morituri_narrate import line as morituri_line

        if shell.game is None:
            return morituri_line(e)
        return morituri_line(e, shell.game.state["cls"], shell.settings["stations"])
    if shell.playing == "ultimatum" or (shell.game is None and shell.chosen == "ultimatum"):
        from ultimus_host.games.ultimatum_narrate import line as ultimatum_line

        return ultimatum_line(e, stations) or (line(e, stations) if e["e"] in BOX_EVENTS else None)
    if shell.playing == "munera" or (shell.game is None and shell.chosen == "munera"):
        from ultimus_host.games.munera_narrate import line as munera_line

        if shell.game is None:
            return munera_line(e)
        return munera_line(e, shell.game.state, shell.settings["stations"])
    if shell.playing == "morituri_board" or (shell.game is None and shell.chosen == "morituri_board"):
        from ultimus_host.games.mboard_play import EVENTS
        from ultimus_host.games.mboard_play import line as board_line

        if e["e"] in EVENTS:
            return board_line(e, stations)
    return line(e, stations)  # the box's own events (joined, refused...), told as for every game


# the game menu's wheels as the 13-character label column has room for (the full titles follow on the line)
MENU_LABELS = {
    "ultimus": "ULTIMUS",
    "morituri": "Morituri",
    "ultimatum": "Ultimatum",
    "munera": "Munera",
    "morituri_board": "Board",
}
LAST_EVENTS = 8  # events of the resumed game shown again at a restart


class VirtualBox:
    def __init__(self, state_dir, seed=None, selftest=False, game=None, fresh=False):
        """game: the game the menu has chosen at power-on, as if its wheel had been pressed (a saved
        game still resumes). fresh: the saved game is set aside, as THUMBS DOWN held at power-on does."""
        self.storage = storage = FileStorage(state_dir, lock=True)  # FolderInUse if another box runs on it
        self.warnings = []  # what stood in the way of the folder, said at the start; the box starts anyway
        if os.path.isdir(os.path.join(state_dir, settings.FILE)):
            self.warnings.append(
                "%s in %s is a folder, not the box's settings: the menu starts at the default game "
                "(the folder is renamed aside, not deleted, when a game is chosen)" % (settings.FILE, state_dir)
            )
        unsaved = False
        if game is not None:
            try:
                settings.choose_game(storage, game)
            except OSError as exc:  # a full disk, a folder that cannot be written
                unsaved = True
                self.warnings.append(
                    "the choice of %s could not be saved in %s (%s): it is chosen for this run only"
                    % (game_title(game), state_dir, exc.strerror or exc)
                )
        self.serial = PtySerial()
        fb = FakeBoard(storage, clock=WallClock(), serial=self.serial)
        self.fb = fb
        if seed is None:
            source = lambda: os.urandom(8)  # noqa: E731  (the PC's entropy)
        else:  # a fixed seed for tests: the same games every run
            rng = random.Random(seed)
            source = lambda: bytes(rng.randrange(256) for _ in range(8))  # noqa: E731
        self._attach(fb, Box(fb, source, selftest, fresh), state_dir)
        if unsaved and self.box.shell.chosen != game:
            self.box.shell.choose_for_now(game)

    @classmethod
    def around(cls, fb, box, state_dir):
        """The virtual box's screen, words and log around a box already running on other drivers (the
        whole-evening tests' fakes, with a clock they advance): what `ultimus sim` would show of it."""
        vbox = cls.__new__(cls)
        vbox.storage, vbox.serial, vbox.warnings = fb.storage, fb.serial, []
        vbox._attach(fb, box, state_dir)
        return vbox

    def _attach(self, fb, box, state_dir):
        self.fb = fb
        self.box = box
        self.log_lines = []
        self.last_sound = None  # what the buzzer plays, in words
        self.state_dir = state_dir
        self.box.shell.listen(self._remember)
        self.box.shell.listen(self._keep_tokens)
        shell = self.box.shell
        if shell.game is not None:  # what the box said at power-on, before anyone listened
            self._remember(self._last_events() + [shell.resumed_event()])
        if shell.notice:
            self._remember([shell.notice])
        self.log_lines.extend(self.warnings)

    def _last_events(self, count=LAST_EVENTS):
        """The public events of the last actions of the resumed game, for the log on screen: the
        journal's actions replayed on a copy (the box itself keeps no events across a restart)."""
        shell = self.box.shell
        game = shell.game
        if game is None:
            return []
        actions = list(shell.journal)
        copy = games.build(shell.playing, game.setup)
        for action in actions[:-count]:
            copy.apply(action)
        events = []
        for action in actions[-count:]:
            events.extend(public_event(e) for e in copy.apply(action))
        return events[-count:]

    def _keep_tokens(self, events):
        """The referee token of a new game, in the folder (tokens.json): a host on this PC that can
        read the folder can read the journal anyway; `connect --verify` finds it there."""
        for e in events:
            shell = self.box.shell
            if e.get("e") == "new_game" and shell.game is not None:
                from ultimusbox.eyes import token

                path = os.path.join(self.state_dir, TOKENS_FILE)
                with open(path + ".tmp", "w") as f:
                    json.dump({shell.game_id: token(shell.game.setup, "referee")}, f)
                os.replace(path + ".tmp", path)

    @property
    def path(self):
        return getattr(self.serial, "path", "-")  # a fake serial port has no path

    def _remember(self, events):
        settings = self.box.shell.settings
        stations = settings["stations"] if settings else None
        for e in events:
            self.last_sound = sound(e) or self.last_sound
            if e["e"] not in ("button", "commit"):
                text = _narrate(self.box.shell, public_event(e), stations)
                if text:
                    self.log_lines.append(text)
        del self.log_lines[:-10]

    def press_key(self, key):
        button = KEYS.get(key.lower() if key not in "+-=" else key)
        if button is not None:
            self.fb.buttons.push(button)
        return button

    async def run(self, ui):
        runner = asyncio.ensure_future(_main(asyncio, self.box))
        try:
            while not runner.done():
                if ui:
                    ui.poll_keys(self)
                    ui.draw(self)
                self.serial.flush()
                await asyncio.sleep(0.02)
            self.serial.flush()
            await asyncio.sleep(0.5)  # let the client read the last reply before the port goes
        finally:
            runner.cancel()
            self.serial.close()
            self.storage.close()


class TerminalUI:
    """The box drawn with rich: wheels and station lights in the frame's own colours."""

    def __init__(self):
        from rich.console import Console
        from rich.live import Live

        self.console = Console()
        self.live = Live(console=self.console, auto_refresh=False, transient=False)
        self.fd = sys.stdin.fileno() if sys.stdin.isatty() else None
        self.saved = None
        self.frames = 0

    def __enter__(self):
        if self.fd is not None:
            self.saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)
        self.live.__enter__()
        return self

    def __exit__(self, *exc):
        self.live.__exit__(*exc)
        if self.saved is not None and self.fd is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def poll_keys(self, vbox):
        while self.fd is not None and select.select([self.fd], [], [], 0)[0]:
            key = os.read(self.fd, 1).decode(errors="ignore")
            if key:
                vbox.press_key(key)

    def draw(self, vbox):
        self.frames += 1
        if self.frames % 3:
            return  # about 15 pictures a second is plenty
        self.live.update(render_text(vbox), refresh=True)


def _dot(rgb):
    from rich.text import Text

    r, g, b = rgb
    if r == g == b == 0:
        return Text("· ", style="grey30")
    return Text("● ", style="rgb(%d,%d,%d)" % (r, g, b))


def render_text(vbox):
    """The box as rich Text: header, six wheels, six stations, countdown and sound, the last events."""
    from rich.text import Text

    fb, shell = vbox.fb, vbox.box.shell
    out = Text()
    out.append("ULTIMUS virtual box", style="bold")
    out.append("   link %s   screen %s" % (vbox.path, shell.phase))
    game = shell.game
    ultimus = shell.playing == "ultimus"
    final_count = ultimus and shell.phase == "over"
    if game is not None:
        s = game.state
        out.append("   %s" % game_title(shell.playing))
        if ultimus:
            if s["battle"]:
                out.append("   battle %d of %d" % (s["battle"], s["battles"]))
                out.append(", round %d" % s["round"] if s["round"] else ", betting and entrance")
            else:
                out.append("   before battle 1 of %d" % s["battles"])
            out.append(", %s cards" % content_of(s))  # which numbers, also after a resume
        out.append("   digest %s" % shell.digests.now(game, public=False)[0])  # kept until the state changes
    out.append("\n\n")
    if fb.leds.frame is None:
        return out
    for g in range(board.RINGS):
        deal = set_up_ring(game.state, g) if ultimus and game is not None else None  # before the gladiators
        if game is None:
            label = "[%s] %s" % ("asdfgh"[g], MENU_LABELS.get(games.GAMES[g][0], "?") if g < len(games.GAMES) else "-")
        elif final_count:
            label = station_name(g)  # the final count: each station's gold on the wheel in front of it
        elif deal is not None:
            label = deal[0]
        elif hasattr(shell.screen, "describe_ring"):  # the game's screen names its wheels
            label = shell.screen.describe_ring(g)[0]
        else:
            label = GLADIATOR_NAMES[g] if ultimus else "wheel %d" % (g + 1)
        out.append("%-13s " % label[:13])
        for i in range(board.RING_PIXELS):
            out.append_text(_dot(fb.leds.pixel(board.ring_pixel(g, i))))
        if final_count and game is not None:
            seat = shell.seat_of_station(g)
            if seat >= 0:
                out.append(
                    "  %d gold%s" % (game.state["gold"][seat], "  CHAMPION" if seat in game.state["champions"] else "")
                )
        elif deal is not None:
            out.append("  " + deal[1])
        elif game is not None and ultimus:
            s = game.state
            tags = []
            if s["status"][g] == ARENA:
                tags.append("%d/%d" % (s["hp"][g], max_health(s)[g]))
            tags += [
                name
                for name, on in (("fallen", s["fallen"][g]), ("netted", s["net"] == g), ("drunk", s["drunk"][g] >= 0))
                if on
            ]
            tags.append(("waiting", "", "DEAD", "pardoned")[s["status"][g]])
            out.append("  " + " ".join(t for t in tags if t))
        elif game is not None and hasattr(shell.screen, "describe_ring"):
            out.append("  " + shell.screen.describe_ring(g)[1])
        elif game is None and g < len(games.GAMES):
            title = games.GAMES[g][1]  # in full: the label may cut it ("Morituri" twice)
            out.append("  %s: %s" % (title, "chosen" if games.GAMES[g][0] == shell.chosen else "press its wheel"))
        elif game is None and g == len(games.GAMES):
            out.append("  wheels without a game: not on this box yet")
        out.append("\n")
    out.append("\nstations     ")
    for station in range(board.STATIONS):
        out.append("%d " % (station + 1))
        out.append_text(_dot(fb.leds.pixel(board.seat_pixel(station))))
        out.append("  ")
    out.append("\n\n")
    if shell.phase == "seats":
        out.append(
            "game menu: the wheels choose the game (%s)   SHOUT/THINK: join a station   confirm: start\n"
            % game_title(shell.chosen),
            style="bold",
        )
    if shell.notice:
        out.append(notice_line(shell) + "\n", style="red")
    if game is not None and hasattr(shell.screen, "describe_table"):  # the game's seats at a glance
        out.append(shell.screen.describe_table() + "\n", style="grey70")
    words = shell.screen.describe() if shell.screen is not None and shell.selftest is None else ""
    if words:
        out.append(words + "\n", style="bold yellow" if words.startswith("countdown") else "bold")
    tone = fb.buzzer.tones[-1][1] if fb.buzzer.tones else 0
    out.append(("♪ %s" % (vbox.last_sound or "-")) if tone else "♪ -", style="cyan")
    out.append("\n\n")
    for text in vbox.log_lines:
        out.append(text + "\n", style="grey70")
    out.append("\n" + KEY_HELP + "\n", style="dim")
    return out


def notice_line(shell):
    """What the box had to say about its saved game at start (shell.notice): not resumed, or resumed with
    a loss, and where the journal is kept (its message says so when it could not be)."""
    notice = shell.notice
    kept = "; the journal is kept as %s" % notice["file"] if notice["file"] else ""
    head = "saved game NOT resumed" if shell.game is None else "saved game resumed with a loss"
    return "%s: %s%s" % (head, notice["message"], kept)


def stopped_message(shell, folder):
    """What the virtual box says when it stops: whether a game waits in its folder to be resumed."""
    game = shell.game
    if game is None:
        return "virtual box stopped; no game was in play, so nothing is saved to resume"
    if game.phase == game.rules.FLOW.end:
        return "virtual box stopped; its game of %s is over, so nothing is saved to resume" % game_title(shell.playing)
    return "virtual box stopped; its game of %s is saved in %s and resumes at the next start" % (
        game_title(shell.playing),
        folder,
    )


def run_sim(state_dir=None, seed=None, headless=False, selftest=False, say=print, game=None, fresh=False):
    try:
        vbox = VirtualBox(state_dir or default_state_dir(), seed, selftest, game, fresh)
    except FolderInUse as exc:
        say("ULTIMUS virtual box NOT started: %s" % exc)
        sys.exit(4)
    say("ULTIMUS virtual box: link on %s" % vbox.path)
    if vbox.box.shell.notice:  # the screen shows it in red; a headless box has only this line to say it
        say(notice_line(vbox.box.shell))
    for warning in vbox.warnings:
        say(warning)
    sys.stdout.flush()
    try:
        if headless:
            asyncio.run(vbox.run(None))
        else:
            with TerminalUI() as ui:
                asyncio.run(vbox.run(ui))
    except KeyboardInterrupt:
        pass
    say(stopped_message(vbox.box.shell, state_dir or default_state_dir()))
    return vbox
