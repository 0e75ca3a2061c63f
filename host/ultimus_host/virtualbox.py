"""`ultimus sim`: the real box app on a PC, its link on a pseudo-terminal, the box in the terminal.

The shell, the game's screen, display, sounds, link and journal are the
firmware's own (ultimusbox); only the drivers differ: wall-clock time, a folder for the
flash, a pseudo-terminal for the USB serial port, the keyboard for the
buttons, and the terminal for the LEDs and the buzzer.
"""

import asyncio
import io
import json
import os
import random
import select
import sys
import termios
import tty

from referee.engine import public_event
from ultimus_host import picture, words
from ultimus_host import registry as host_games
from ultimus_host.client import TOKENS_FILE
from ultimus_host.fakes import FakeBoard
from ultimus_host.narrate import game_title, sound
from ultimus_host.pcdrivers import FileStorage, FolderInUse, PtySerial, WallClock, write_secret
from ultimusbox import board, games, settings
from ultimusbox.runtime import Box, _main

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
    "keys: SHOUT at stations 1-6: 1-6 | THINK: q w e r t y | wheels: a s d f g h | damage - | heal + | "
    "confirm: Enter | thumbs up u, down n | mode m | quit: Ctrl-C"
)


def default_state_dir():
    return os.path.join(os.path.expanduser("~"), ".ultimus-box", "virtual")


def _narrate(shell, e, stations=None):
    """One line for an event, in the words of the game being played (or chosen at the menu); stations: the
    box's station of each seat (default: its settings')."""
    settings = getattr(shell, "settings", None)
    if stations is None and settings:
        stations = settings.get("stations")
    game = shell.game
    if game is None:
        return words.tell(shell.chosen, e, None, stations)
    return words.tell(shell.playing, e, game.state, stations)


FRESH_WORDS = "`ultimus sim --new` asked for it"  # why the saved game is set aside (nobody held thumbs down)
LAST_EVENTS = 20  # events of the resumed game shown again at a restart
LOG_KEPT = 60  # events kept for the log: a tall terminal shows as many as it has rows for


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
        fb.urandom = os.urandom  # the seat tokens: the PC's real random source, whatever the seed's
        self.fb = fb
        if seed is None:
            source = lambda: os.urandom(8)  # noqa: E731  (the PC's entropy)
        else:  # a fixed seed for tests: the same games every run
            rng = random.Random(seed)
            source = lambda: bytes(rng.randrange(256) for _ in range(8))  # noqa: E731
        self._attach(fb, Box(fb, source, selftest, FRESH_WORDS if fresh else None), state_dir)
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
            self._keep_tokens([{"e": "resumed"}])
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
        """The referee token of a new or resumed game (the box drew it at random), in the folder (tokens.json,
        0600): a host on this PC that can read the folder can read the journal anyway; `connect --verify` and
        `serve` find it there."""
        shell = self.box.shell
        for e in events:
            if e.get("e") in ("new_game", "resumed", "tokens_renewed") and shell.tokens is not None:
                text = json.dumps({self.box.link.game_id(): shell.tokens["referee"]})
                write_secret(os.path.join(self.state_dir, TOKENS_FILE), text)

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
        del self.log_lines[:-LOG_KEPT]

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
    """The box drawn in the terminal: wheels and station lights in the frame's own colours, each picture
    written whole in one write over the last (never a cleared screen drawn row by row, which a terminal
    may show half done), and only when it changed. Tab flips the pages of a picture that needs several."""

    def __init__(self, out=None):
        from rich.console import Console

        self.out = sys.stdout if out is None else out
        self.console = Console(file=self.out)  # its colours and size: the terminal's; it writes nothing itself
        self.painter = Console(file=io.StringIO(), force_terminal=True, color_system=self.console.color_system)  # pyright: ignore[reportArgumentType] (rich gives its own names back)
        self.fd = sys.stdin.fileno() if sys.stdin.isatty() else None
        self.saved = None
        self.frames = 0
        self.page = 0
        self.last = None  # what was written last: the same picture is not written again

    def __enter__(self):
        if self.fd is not None:
            self.saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)
        self._write(HIDE_CURSOR + CLEAR)
        return self

    def __exit__(self, *exc):
        self._write(SHOW_CURSOR + "\n")  # the last picture stays above the prompt
        if self.saved is not None and self.fd is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def poll_keys(self, vbox):
        while self.fd is not None and select.select([self.fd], [], [], 0)[0]:
            key = os.read(self.fd, 1).decode(errors="ignore")
            if key == "\t":
                self.page += 1
            elif key:
                vbox.press_key(key)

    def draw(self, vbox):
        self.frames += 1
        if self.frames % 3:
            return  # about 15 pictures a second is plenty
        width, height = self.console.size  # asked each picture: the terminal may be resized meanwhile
        pages = pictures(vbox, width, height)
        self.page %= len(pages)
        frame = self.frame(_joined(pages[self.page]), width)
        if frame != self.last:
            self._write(frame)
            self.last = frame

    def frame(self, text, width):
        """The picture as one string for the terminal: each row written at its place over the last picture's
        and cleared after its end (a full row is not: the cursor waits past its last column), the screen
        cleared below, inside a synchronized update (a terminal that knows it shows the whole picture at
        once; others ignore it)."""
        with self.painter.capture() as capture:
            self.painter.print(text, crop=True, overflow="crop", no_wrap=True, soft_wrap=False, width=width)
        drawn = capture.get().rstrip("\n").split("\n")
        out = [BEGIN_SYNC]
        for i, (row, plain) in enumerate(zip(drawn, text.plain.split("\n"))):
            out.append("%s%d;1H%s%s" % (ESC, i + 1, row, CLEAR_LINE if len(plain) < width else ""))
        out.append("%s%d;1H%s%s" % (ESC, len(drawn) + 1, CLEAR_BELOW, END_SYNC))
        return "".join(out)

    def _write(self, text):
        """The whole string in one write to the terminal (the rest of a short write after it)."""
        data = text.encode("utf-8")
        try:
            fd = self.out.fileno()
        except (AttributeError, OSError, ValueError):  # not a real file (a test's): its own write
            self.out.write(text)
            self.out.flush()
            return
        self.out.flush()
        while data:
            data = data[os.write(fd, data) :]


ESC = "\x1b["
CLEAR, CLEAR_LINE, CLEAR_BELOW = ESC + "2J" + ESC + "H", ESC + "K", ESC + "J"
HIDE_CURSOR, SHOW_CURSOR = ESC + "?25l", ESC + "?25h"
BEGIN_SYNC, END_SYNC = ESC + "?2026h", ESC + "?2026l"


def _dot(rgb, wide=True):
    from rich.text import Text

    r, g, b = rgb
    if r == g == b == 0:
        return Text("· " if wide else "·", style="grey30")
    return Text("● " if wide else "●", style="rgb(%d,%d,%d)" % (r, g, b))


COMPACT = 120  # under this many columns a wheel's lights take one column each, leaving its words the room


def render_text(vbox, width=None, height=None, page=0):
    """The box as rich Text: header, six wheels, six stations, what now, the sound, the last events, the keys.

    width, height: the terminal's (None: no limit). Lines are wrapped at words; where rows run short the
    oldest events go first, then the spacing; what a player needs and a page has no room for goes on the
    next page (picture.paginate), `page` (counted from 0, wrapping round) the one drawn."""
    pages = pictures(vbox, width, height)
    return _joined(pages[page % len(pages)])


def pictures(vbox, width=None, height=None):
    """The pages of the picture at width x height, each a list of picture.Block (one page where all fits)."""
    blocks = _blocks(vbox, width)
    return picture.paginate(blocks, height, lambda page, count, names: _header_block(vbox, width, page, count, names))


def _joined(page):
    from rich.text import Text

    return Text("\n").join(row for block in page for row in block.rows)  # no newline after the last row


def _header_block(vbox, width, page, count, names):
    text = header_line(vbox)
    if count > 1:  # the pages after this one, in the order Tab brings them
        later = [(i + page) % count for i in range(1, count)]
        others = "; ".join("page %d, %s" % (i + 1, ", ".join(names[i]) if names[i] else "the box") for i in later)
        note = "page %d of %d (%s: %s)" % (page + 1, count, picture.PAGE_KEY, others)
        fits = width is None or len(text) + 3 + len(note) <= width
        text += ("   " if fits else "\n") + note  # a row of its own rather than broken in the middle
    return picture.Block(-1, picture.ESSENTIAL, picture.wrap(text, width, "bold", "  "), place=picture.ON_EVERY_PAGE)


def _blocks(vbox, width):
    """The picture as picture.Blocks, each wrapped at `width` (the header is the page's: _header_block)."""
    from rich.text import Text

    fb, shell = vbox.fb, vbox.box.shell
    blocks = []
    wrap = picture.wrap

    def add(need, rows, rank=0, place=picture.FLIPPED, **more):
        blocks.append(picture.Block(len(blocks), need, rows, rank, place, **more))

    def gap():
        add(picture.SPACING, [Text("")])

    gap()
    if fb.leds.frame is None:
        return blocks
    wide = width is None or width >= COMPACT
    wheels = [_wheel_words(shell, g) for g in range(board.RINGS)]
    tag = max(len(label[:13]) for label, _ in wheels)
    for g, (label, said) in enumerate(wheels):
        row = Text("%-*s " % (tag, label[:13]))
        for i in range(board.RING_PIXELS):
            row.append_text(_dot(fb.leds.pixel(board.ring_pixel(g, i)), wide))
        said = (" " + said) if said else ""
        room = None if width is None else max(width - len(row.plain), 8)
        rest = wrap(said, room, indent="  ")
        cut = [row + Text(rest[0].plain[: (room or 1) - 1] + "…")]  # without the rest: cut, and said to be
        add(picture.ESSENTIAL, [row + rest[0]], place=picture.FIRST_PAGE, cut=cut)
        if len(rest) > 1:  # the rest of its words below it, or on another page with the whole of them
            pad = Text(" " * len(row.plain))
            whole = wrap("%s: %s" % (label, said.strip()), width, indent="    ")
            add(picture.MORE, [pad + r for r in rest[1:]], g, name=label, elsewhere=whole)
    gap()
    stations = Text("stations     ")
    for station in range(board.STATIONS):
        stations.append("%d " % (station + 1))
        stations.append_text(_dot(fb.leds.pixel(board.seat_pixel(station))))
        stations.append("  ")
    add(picture.ESSENTIAL, [stations], place=picture.FIRST_PAGE)
    gap()
    every = picture.ON_EVERY_PAGE
    if shell.phase == "seats":
        menu = "game menu: the wheels choose the game (%s)   SHOUT/THINK: join a station   confirm: start" % (
            game_title(shell.chosen)
        )
        add(picture.ESSENTIAL, wrap(menu, width, "bold"), place=every)
    if shell.notice:
        add(picture.ESSENTIAL, wrap(notice_line(shell), width, "red", "  "), place=every)
    if shell.game is not None and hasattr(shell.screen, "describe_table"):  # the game's seats at a glance
        add(picture.USEFUL, wrap(shell.screen.describe_table(), width, "grey70", "  "), name="the table")
    now = shell.screen.describe() if shell.screen is not None and shell.selftest is None else ""
    if now:
        style = "bold yellow" if now.startswith("countdown") else "bold"
        add(picture.ESSENTIAL, wrap(now, width, style), place=every)
    tone = fb.buzzer.tones[-1][1] if fb.buzzer.tones else 0
    add(picture.LOG, [Text(("♪ %s" % (vbox.last_sound or "-")) if tone else "♪ -", style="cyan")], -1)
    gap()
    newest = len(vbox.log_lines) - 1
    for i, text in enumerate(vbox.log_lines):
        need = picture.ESSENTIAL if i == newest else picture.LOG
        add(need, wrap(text, width, "grey70", "    "), newest - i, place=every if i == newest else picture.FLIPPED)
    gap()
    add(picture.ESSENTIAL, wrap(KEY_HELP, width, "dim", ""), place=every)
    return blocks


def header_line(vbox):
    """The box's first line: the link's port, the game and where it stands, and its digest (the referee's,
    as `connect` shows it when it has the referee's eye)."""
    shell = vbox.box.shell
    out = "Ultimus virtual box   link %s" % vbox.path
    game = shell.game
    if game is None:
        return out + ("   self-test" if shell.selftest is not None else "   game menu")
    out += "   %s" % game_title(shell.playing)
    if game.phase == game.rules.FLOW.end:
        out += "   GAME OVER"
    host = host_games.find(shell.playing)
    header = host.load("header") if host is not None else None
    if header is not None:
        out += "   %s" % header(game.state)
    return out + "   digest %s" % shell.digests.now(game, public=False)[0]  # kept until the state changes


def _wheel_words(shell, g):
    """(label, words) of wheel g: the game menu's game, else what the game's HostGame or its screen says."""
    game = shell.game
    if game is None:
        return _menu_wheel(shell, g)
    host = host_games.find(shell.playing)
    wheel = host.load("wheel") if host is not None else None
    if wheel is not None:
        return wheel(shell, g)
    if hasattr(shell.screen, "describe_ring"):  # the game's screen names its wheels
        return shell.screen.describe_ring(g)
    return "wheel %d" % (g + 1), ""


def _menu_wheel(shell, g):
    """(label, words) of wheel g on the game menu: the game it chooses, by its HostGame's short label."""
    if g < len(games.GAMES):
        name, title = games.GAMES[g][0], games.GAMES[g][1]  # in full: the label may cut it ("Morituri" twice)
        chosen = "chosen" if name == shell.chosen else "press its wheel"
        host = host_games.find(name)
        return "[%s] %s" % ("asdfgh"[g], host.label if host is not None else "?"), "%s: %s" % (title, chosen)
    return "[%s] -" % "asdfgh"[g], ("wheels without a game: not on this box yet" if g == len(games.GAMES) else "")


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
        say("Ultimus virtual box NOT started: %s" % exc)
        sys.exit(4)
    say("Ultimus virtual box: link on %s" % vbox.path)  # the box's name, whatever game it plays
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
