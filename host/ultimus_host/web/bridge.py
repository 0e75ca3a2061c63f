"""The link's one client in `ultimus serve`: one thread owns it (LinkClient is not thread-safe).

It holds the referee's eye (the token of a game it started, or the one a virtual box keeps in its folder),
keeps a replica of the game replayed from the referee's log (checked against the box's digest), tells the
events in words, and makes each page's JSON (pages.py): the table's from the public view, each seat's from
that seat's view. The pages' requests arrive on a queue: a seat's action is sent with the seat's own token
(auth as the seat, apply, auth back as the referee), so that the box judges it as that seat's and stays the
referee and the keeper of secrets; a refusal goes back to the page that asked, in words. Three eyes of pages:
"table" (the public table page: the public view, no action, no code), "referee" (the referee's page, behind
the referee's key: the box's buttons, the referee's actions, a new game, the seats' codes) and each seat's
token. The box's notices (a journal cut or refused, a game set aside or resumed, new codes) go to every page
and to serve's terminal, in words. A new game while one is played is asked again (a question with an id, good
once) before the box starts it, keeping the old one aside.
"""

import os
import queue
import re
import threading
import time
from collections.abc import Callable

from referee.engine import replay
from referee.errors import Illegal
from ultimus_host import words
from ultimus_host.client import LinkError, rules_of, virtual_token
from ultimus_host.narrate import sound, who
from ultimus_host.web import pages, qr
from ultimus_host.web.guard import same_secret
from ultimus_host.web.seating import Seating

# the box's events that change which game is played, its seats or its stations
GAME_CHANGES = ("new_game", "resumed", "seat_selection", "game_chosen", "claimed", "joined")
# the box's notices: what every page and serve's terminal are told, in words
NOTICES = ("journal_cut", "journal_refused", "tokens_renewed", "storage")
NEWEST_NOTICES = 4
MOVED_ON = "the table moved on meanwhile: look again and choose"
LIGHTS_EVERY = 0.15  # s between two looks at a virtual box's LEDs
# the terminal's keys the virtual box's words name ("confirm [Enter]", "station 1 [a]", "(keys 1-6)"): the table
# page has buttons, not those keys
KEY_HINTS = re.compile(r" ?\[(?:Enter|[a-z0-9+-](?: [a-z0-9+-])*|asdfgh)\]| \(keys? [^)]*\)")
# "THINK q-y types a table die": the terminal's row of keys for the stations' THINK (or SHOUT) buttons
KEY_ROWS = re.compile(r"\b(SHOUT|THINK) [a-z0-9]-[a-z0-9]\b")
# "wheels [a s d f]: a nation": the terminal's keys of some wheels (a s d f g h are wheels 1-6), told by number
WHEEL_KEYS = "asdfgh"
SOME_WHEELS = re.compile(r"(?:wheels )?\[([asdfgh](?: [asdfgh])+)\]")


def _wheels(m):
    keys = m[1].split()
    first, last = WHEEL_KEYS.index(keys[0]) + 1, WHEEL_KEYS.index(keys[-1]) + 1
    return (
        "wheels %d-%d" % (first, last)
        if last > first + 1
        else "wheels %s" % " and ".join(str(WHEEL_KEYS.index(k) + 1) for k in keys)
    )


def without_keys(text):
    """The box's words without the terminal's keys in them (a wheel named by its number)."""
    return KEY_ROWS.sub(r"\1 at a station", KEY_HINTS.sub("", SOME_WHEELS.sub(_wheels, text)))


def _hex(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


def box_drawing(vbox):
    """The virtual box as it is now: each wheel's LEDs and words, the station lights, what to do now (None before
    its first frame). Read from the box's own thread's objects: a picture caught mid-change is taken again."""
    from ultimus_host.virtualbox import _wheel_words
    from ultimusbox import board

    fb, shell = vbox.fb, vbox.box.shell
    if fb.leds.frame is None:
        return None
    for _ in range(3):
        try:
            wheels = []
            for g in range(board.RINGS):
                label, text = _wheel_words(shell, g)
                label, text = without_keys(label), without_keys(text)
                leds = [_hex(fb.leds.pixel(board.ring_pixel(g, i))) for i in range(board.RING_PIXELS)]
                wheels.append({"label": label, "words": text, "leds": leds})
            stations = [_hex(fb.leds.pixel(board.seat_pixel(s))) for s in range(board.STATIONS)]
            now = shell.screen.describe() if shell.screen is not None and shell.selftest is None else ""
            if shell.phase == "seats":
                now = "game menu: the wheels choose the game; SHOUT or THINK joins a station; confirm starts"
            return {"wheels": wheels, "stations": stations, "now": without_keys(now)}
        except (RuntimeError, KeyError, IndexError, TypeError, AttributeError, ValueError):
            time.sleep(0.01)
    return None


class Bridge:
    """The link, the replica and the pages' JSON; run() is the thread's loop."""

    def __init__(self, client, token_folder=None, vbox=None, base_url="", publish=None, say=None):
        self.client = client
        self.say = say or (lambda text: None)  # serve's terminal
        self.token_folder = token_folder
        self.vbox = vbox
        self.base_url = base_url
        self.publish = publish or (lambda pages_by_eye: None)  # called on this thread: {"table" or a token: page}
        self.commands = queue.Queue()
        self.stopping = threading.Event()
        self.ready = threading.Event()  # set once the box was asked where it stands (the seats' tokens known)
        self.lock = threading.Lock()  # guards seat_tokens, read by the web side
        self.seat_tokens = []
        self.referee_token = None
        self.game = None  # the replica
        self.game_id = None
        self.playing = None
        self.stations = None
        self.eye = None
        self.lines = []  # the newest public events in words
        self.sound = None
        self.countdown = None
        self.qr = False  # the QR codes of the seats are on the table page
        self.version = 0  # the number of the moment whose choices the pages offer
        self.moment = None
        self.options = {}  # seat (-1: the referee) -> its legal actions of this version
        self.pages = {}
        self.drawing = None
        self.problem = None  # what keeps the server from refereeing, in words
        self.quick = []  # (action, the box's reply) of the actions of this turn, in order
        self.on_seats: Callable[[list, list], None] | None = None  # told the seats' tokens and names after a new game
        self.told_seats = []  # the seats' tokens on_seats was told (each printed once)
        self.seating = Seating(self)
        self.notices = []  # the box's notices in words, newest last (until a new game)
        self.question = None  # (id, set-up): the new game the referee was asked to confirm

    # --- the web side's calls (any thread) ---------------------------------

    def seat_of(self, token):
        """The seat whose token this is, or None (a wrong token, or one of a game no longer played)."""
        with self.lock:
            tokens = list(self.seat_tokens)
        if isinstance(token, str) and token in tokens:
            return tokens.index(token)
        return None

    def ask(self, *command):
        self.commands.put(command)

    def stop(self):
        self.stopping.set()

    # --- the thread ----------------------------------------------------------

    def run(self):
        try:
            hello = self.client.call("hello")  # attached: the box's events flow from now on
            if isinstance(hello.get("notice"), dict):  # what the box said at power-on, before anyone listened
                self.tell_notice(hello["notice"])
            self.sync()
            if self.game is not None:
                self.tell_notice({"e": "resumed", "actions": len(self.game.log)})
            self.make_pages()
            self.ready.set()
            last_look = 0.0
            while not self.stopping.is_set():
                try:
                    self.turn()
                except LinkError:
                    raise
                except Exception as exc:  # a bug here must not leave the pages frozen: ask the box again
                    self.game = None
                    self.lines.append("the server lost track of the game (%s): it asks the box again" % exc)
                    self.sync()
                    self.make_pages()
                if self.vbox is not None and time.monotonic() - last_look > LIGHTS_EVERY:
                    last_look = time.monotonic()
                    drawing = box_drawing(self.vbox)
                    if drawing != self.drawing:
                        self.redraw(drawing)
        except LinkError as exc:
            self.ready.set()
            self.problem = "the box went away: %s" % exc.message
            self.pages = {"table": dict(self.pages.get("table") or {}, kind="table", problem=self.problem)}
            self.publish(self.pages)

    def turn(self):
        """One turn of the loop: the box's events, then the pages' requests, then the pages again if anything
        changed. An action of ours that the box took as the next one is applied to the replica here and checked
        against the box's digests (quick); anything else asks the box where it stands (sync)."""
        events = self.client.poll_events(0.01)
        self.hear(events)
        self.seating.tick()
        asked = False
        self.quick = []
        while True:
            try:
                command = self.commands.get_nowait()
            except queue.Empty:
                break
            asked = True
            self.do(command)
            self.hear(self.client.poll_events(0))  # those its reply brought
        if events or (asked and not self.quick_sync()):
            self.sync()
        if events or asked:
            self.make_pages()

    def quick_sync(self):
        """Our accepted actions applied to the replica; False if the box's digests say otherwise (or anything
        else happened: a press, a new game), and then the caller asks the box."""
        if not self.quick or self.game is None:
            return False
        for action, reply in self.quick:
            if reply.get("actions") != len(self.game.log) + 1:
                return False
            try:
                self.game.apply(action)
            except Illegal:  # the box took what the replica refuses: the box is the referee, ask it
                return False
            if reply.get("public") != self.game.public_digest():
                return False
            if reply.get("digest") not in (reply.get("public"), self.game.digest()):
                return False
        return True

    def tell_notice(self, e):
        """A notice of the box in words: on every page (until a new game) and in serve's terminal."""
        text = notice_words(e, self.playing)
        if text:
            self.notices = (self.notices + [text])[-NEWEST_NOTICES:]
            self.say("the box: %s" % text)

    def hear(self, events):
        if events:
            self.sound = None  # a sound is of its moment: the newest events' only
        for e in events:
            kind = e.get("e")
            self.seating.heard(e)
            if kind in NOTICES or (kind == "resumed" and self.game is not None):
                self.tell_notice(e)
            if kind in GAME_CHANGES:
                self.game_id = None  # asked again at the next sync
                if kind in ("new_game", "resumed"):
                    self.playing = e.get("game", self.playing)
                if kind == "new_game":  # from this page or the box's buttons: the seats' codes go up
                    self.qr = True
            if kind == "beat":
                self.countdown = e.get("n")
            elif kind in ("clamo", "new_game", "resumed", "seat_selection"):
                self.countdown = None
            self.sound = sound(e) or self.sound
            view = self.game.public_view() if self.game is not None else None
            text = pages.event_line(self.playing, e, view, self.stations)
            if text:
                self.lines.append(text)
        del self.lines[:-30]

    def take_eye(self, state):
        """The referee's eye, with the token of the game this server started or the one a virtual box keeps."""
        eye = state.get("eye")
        if eye == "referee" or not state.get("game"):
            return eye
        for token in (self.referee_token, virtual_token(state["game"], self.token_folder)):
            if token:
                try:
                    eye = self.client.auth(token)
                except LinkError:
                    continue
                if eye == "referee":
                    self.referee_token = token
                    return eye
        return eye

    def sync(self):
        """The replica in step with the box: its log from where the replica stands, the whole log again when
        the game changed or a digest differs."""
        state = self.client.call("state")
        if state.get("game") and state.get("eye") != "referee":
            self.take_eye(state)
            state = self.client.call("state")
        self.eye = state.get("eye")
        settings = state.get("settings") or {}
        self.stations = settings.get("stations") if isinstance(settings.get("stations"), list) else None
        if not state.get("game"):
            self.game, self.game_id, self.playing = None, None, None
            self.set_tokens([])
            self.seating.learn([])
            return
        self.playing = state.get("playing")
        if self.eye != "referee":
            self.game, self.game_id = None, state["game"]
            self.set_tokens([])
            self.problem = (
                "this server is not the referee of the game the box plays (started by another host): the phones "
                "cannot play it; start a new game from this page"
            )
            return
        self.problem = None
        tokens = state.get("tokens") or {}
        self.referee_token = tokens.get("referee") or self.referee_token
        self.set_tokens(tokens.get("seats") or [])
        self.seating.learn(tokens.get("paired"))
        if self.game is None or self.game_id != state["game"] or len(self.game.log) > state["actions"]:
            self.game = None
            self.game_id = state["game"]
        self.follow(state)

    def follow(self, state):
        rules = rules_of(self.playing)
        if rules is None:
            self.problem = "the box plays %r, which this host does not know: update it" % self.playing
            self.game = None
            return
        if self.game is None:
            setup, actions, _, _ = self.client.full_log_of_game()
            self.game = replay(rules, setup, actions)
        elif len(self.game.log) < state["actions"]:
            page = self.client.call("log", **{"from": len(self.game.log)})
            for action in page["actions"]:
                self.game.apply(action)
            if len(self.game.log) < state["actions"]:  # more than a page: the rest in pages
                setup, actions, _, _ = self.client.full_log_of_game()
                for action in actions[len(self.game.log) :]:
                    self.game.apply(action)
        if self.game.digest() != state.get("digest"):
            setup, actions, _, _ = self.client.full_log_of_game()
            self.game = replay(rules, setup, actions)

    def set_tokens(self, tokens):
        with self.lock:
            self.seat_tokens = list(tokens)

    def tell_seats(self):
        """The seats' codes told once per game while they are up (serve's terminal prints them), each named by
        its station: after a sync, when the stations are known (a new game from this page or the box's buttons)."""
        paired = self.seating.paired
        # a seat a phone took is never printed (its fresh token is that phone's alone); nor one printed already
        fresh = [
            (s, t)
            for s, t in enumerate(self.seat_tokens)
            if not (s < len(paired) and paired[s]) and t not in self.told_seats
        ]
        if not self.qr or not fresh or self.game is None:
            return
        self.told_seats = self.told_seats + [t for _, t in fresh]
        if self.on_seats is not None:
            self.on_seats([t for _, t in fresh], [who(s, self.stations) for s, _ in fresh])

    # --- the pages' requests -------------------------------------------------------

    def do(self, command):
        kind = command[0]
        try:
            if kind == "seat":
                self.seat_action(*command[1:])
            elif kind == "referee":
                self.referee_action(*command[1:])
            elif kind == "press":
                self.client.request("press", button=int(command[1]))
            elif kind == "new_game":
                self.new_game(*command[1:])
            elif kind == "qr_off":
                self.qr = False
            elif kind == "qr_on":
                self.qr = True
            elif kind == "join":
                self.seating.join(command[1])
            elif kind == "join_cancel":
                self.seating.cancel(command[1])
            elif kind == "hand":
                self.seating.hand(*command[1:])
            elif kind == "opened":
                seat = self.seat_of(command[1])
                if seat is not None and self.game is not None:
                    self.seating.opened(seat)
        except LinkError as exc:
            if exc.code == "disconnected":
                raise
            self.lines.append("the box did not answer: %s" % exc.message)

    def seat_action(self, token, version, index, reply):
        seat = self.seat_of(token)
        if seat is None:
            return
        options = self.options.get(seat) or []
        if version != self.version or not isinstance(index, int) or not 0 <= index < len(options):
            reply(MOVED_ON)
            return
        action = options[index]
        self.client.call("auth", token=token)  # the box judges it as this seat's action
        try:
            answer = self.client.request("apply", action=action)
        finally:
            self.client.call("auth", token=self.referee_token)
        if not answer.get("ok"):
            error = answer.get("error") or {}
            view = self.game.seat_view(seat) if self.game is not None else None
            message = words.refusal(self.playing, error.get("message", ""), view, self.stations)
            reply("refused: %s" % (message or str(error.get("code", "")).replace("_", " ")))
        else:
            self.quick.append((action, answer))
            reply(None)

    def referee_action(self, version, index, reply):
        options = self.options.get(-1) or []
        if version != self.version or not isinstance(index, int) or not 0 <= index < len(options):
            reply(MOVED_ON)
            return
        answer = self.client.request("apply", action=options[index])
        if not answer.get("ok"):
            error = answer.get("error") or {}
            reply("refused: %s" % words.refusal(self.playing, error.get("message", ""), None, self.stations))
        else:
            self.quick.append((options[index], answer))
            reply(None)

    def new_game(self, setup, reply, confirm=None):
        """A new game from the referee's page; while a game is played, only once the referee confirmed it (the id
        of the question asked, good once: a replayed request is asked again)."""
        game = self.game
        asked, self.question = self.question, None
        if game is not None and game.phase != game.rules.FLOW.end:
            if asked is None or confirm is None or not same_secret(confirm, asked[0]) or asked[1] != setup:
                self.question = (os.urandom(8).hex(), setup)
                text = "%s is being played: start %s instead? The game played now is kept aside on the box" % (
                    pages.game_title(self.playing),
                    pages.game_title(setup.get("game")),
                )
                reply({"kind": "ask", "id": self.question[0], "text": text})
                return
        answer = self.client.request("new_game", **setup)
        if not answer.get("ok"):
            error = answer.get("error") or {}
            reply("the box refused the new game: %s" % error.get("message", error.get("code", "")))
            return
        self.referee_token = answer.get("referee")
        self.set_tokens(answer.get("seats") or [])
        self.game, self.game_id, self.qr = None, None, True
        self.lines = []
        self.notices = []  # the old game's: the box's word that it was kept aside comes after (its event)
        self.seating.learn([False] * len(answer.get("seats") or []))
        self.seating.game_changed()
        reply(None)

    # --- the pages ---------------------------------------------------------------

    def split_referee(self, out):
        """The referee's page (the table page with the referee's actions, the seats' codes and phones) and the
        public table page (the same without any of them: it acts on nothing, shows no code); the box's notices
        on every page."""
        table = out["table"]
        out["referee"] = dict(table, seats=self.seating.seats())
        out["table"] = dict(table, referee=[], qr=None)
        for page in out.values():
            page["notices"] = list(self.notices)

    def qr_codes(self):
        """The QR code (its page's URL) of each seat no phone took by its SHOUT, while they are up: the referee's
        page carries those tokens then only."""
        if not self.qr or self.game is None:
            return None
        out = []
        paired = self.seating.paired
        for seat, token in enumerate(self.seat_tokens):
            if seat < len(paired) and paired[seat]:
                continue
            url = "%s/seat/%s" % (self.base_url, token)
            out.append({"who": who(seat, self.stations), "svg": qr.svg(url), "url": url})
        return out

    def redraw(self, drawing):
        """The table page again with the box's new picture (the LEDs of a countdown...): the rest is the same."""
        self.drawing = drawing
        table = self.pages.get("table")
        if table is None:
            return
        box = dict(drawing or {}, sound=self.sound, countdown=pages.countdown_words(self.countdown))
        if not box.get("now"):
            box["now"] = table.get("waiting", "")
        self.pages = dict(self.pages, table=dict(table, box=box))
        if "referee" in self.pages:
            self.pages["referee"] = dict(self.pages["referee"], box=box)
        self.publish(self.pages)

    def make_pages(self, drawing=None):
        """Every page's JSON of this moment, handed to publish."""
        game = self.game
        moment = (self.game_id, len(game.log) if game is not None else -1, self.qr)
        if moment != self.moment:  # the choices a page offers are of this moment: its number
            self.moment = moment
            self.version += 1
        if drawing is None and self.vbox is not None:
            drawing = box_drawing(self.vbox)
        self.drawing = drawing
        box = dict(drawing or {}, sound=self.sound, countdown=pages.countdown_words(self.countdown))
        out = {}
        self.options = {}
        if game is None:
            table = pages.table_page(self.playing, None, self.lines, self.stations, self.version, box)
            table["problem"] = self.problem
            out["table"] = table
        else:
            table, self.options[-1] = pages.table_page_of(
                game, self.playing, self.lines, self.stations, self.version, box, self.qr_codes()
            )
            if not box.get("now"):
                box["now"] = table["waiting"]
            out["table"] = table
            for seat, token in enumerate(self.seat_tokens):
                out[token], self.options[seat] = pages.seat_page_of(
                    game, self.playing, seat, self.lines, self.stations, self.version, self.countdown
                )
        self.split_referee(out)
        self.pages = out
        self.publish(out)
        self.tell_seats()
        return out


def notice_words(e, playing=None):
    """A notice of the box (journal_cut, journal_refused, tokens_renewed, storage, resumed) in words; None for
    an event that is none."""
    kind = e.get("e")
    kept = " (kept on the box as %s)" % e["file"] if isinstance(e.get("file"), str) else ""
    message = str(e.get("message") or "")
    if kind == "journal_cut":
        return "the saved game was damaged: %s%s" % (message, kept)
    if kind == "journal_refused" and e.get("code") == "set_aside":
        return "the game played until now was kept aside%s: %s" % (kept, message)
    if kind == "journal_refused":
        return "the saved game could not be resumed: %s%s" % (message, kept)
    if kind == "tokens_renewed":
        return "new seat codes: %s" % message
    if kind == "storage":
        return "the box could not save: %s" % message
    if kind == "resumed":
        title = pages.game_title(e.get("game") or playing) if (e.get("game") or playing) else "the game"
        count = e.get("actions") or 0
        return "the box resumed %s where it stood (%d action%s)" % (title, count, "" if count == 1 else "s")
    return None
