"""`ultimus connect`'s console: a box's events as they arrive, and requests typed at a prompt meanwhile.

One thread owns the link (LinkClient is not thread-safe): it polls the port for
events and carries out the lines that a second thread reads from the keyboard
(or a pipe) into a queue, so that an event shows the moment it arrives even
while a person is typing. The words are those of the game the box plays (ultimus_host.words).
"""

import json
import queue
import sys
import threading

from ultimus_host import registry as games
from ultimus_host import words
from ultimus_host.client import LinkError, rules_of, virtual_token
from ultimus_host.narrate import game_title, some, who

BUTTONS = (
    "shout 1-6 or think 1-6 at a station, wheel 1-6, damage, heal, confirm, up, down or mode: "
    "press shout 3 is SHOUT at station 3"
)
HELP = (
    'requests: a JSON action such as {"a": "done", "p": 0}; actions (what whoever is to act may do); '
    "state; log (the game's actions as the link's JSON); digest; press BUTTON (%s; during a game only the referee's "
    "link presses); "
    "auth TOKEN (see as a seat or the referee; auth alone: a spectator again); claim (become the referee of a game "
    "started on the box: press MODE there); help; quit (or Ctrl-D)"
) % BUTTONS
PROMPT = "box> "
PRESS_REFUSED = (
    "while a game runs only the referee's link presses the box's buttons (they do the referee's work); this link "
    "sees as %s: auth TOKEN with the referee's token (new_game's reply), or claim and press MODE on the box"
)


def read_lines(stream, lines, prompt=None):
    """Put each line of stream on the queue lines, then None at its end (the reader thread's job)."""
    while True:
        try:
            if prompt is not None:
                text = input(prompt)
            else:
                text = stream.readline()
                if not text:
                    break
        except (EOFError, KeyboardInterrupt, OSError, ValueError):
            break
        lines.put(text.strip())
    lines.put(None)


class KeptLog:
    """The box's log as this link reads it, kept up after each batch of events: what `connect --save`
    still has to write when the box goes away under it (a pulled cable) and cannot be asked any more."""

    def __init__(self, client):
        self.client = client
        self.setup, self.actions, self.playing, self.eye = None, [], games.default(), None

    def catch_up(self, events=()):
        for e in events:
            if e.get("e") in ("new_game", "seat_selection"):
                self.setup, self.actions = None, []  # another game: the one kept so far is not it
        try:
            while True:
                page = self.client.call("log", **{"from": len(self.actions)})
                if page["total"] < len(self.actions):  # a new game started between two batches
                    self.actions = []
                    continue
                self.setup, self.eye = page["setup"], page.get("eye")
                self.playing = page.get("playing") or games.default()  # 0.1.0 names none
                self.actions += page["actions"]
                if len(self.actions) >= page["total"] or not page["actions"]:
                    return
        except LinkError as exc:
            if exc.code != "no_game":
                raise


class Console:
    """The loop of `ultimus connect`: show events, answer requests, until quit, end of input or Ctrl-C."""

    def __init__(self, client, say, lockstep=None, interactive=False):
        self.client = client
        self.say = say  # say(text, err=False)
        self.lockstep = lockstep
        self.interactive = interactive
        self.stations = None  # the box's station of each seat, from its settings
        self.kept: KeptLog | None = None  # a KeptLog to keep up with the box's log (connect --save), or None
        self.playing = None  # the game the box plays (or has chosen at its menu), whose words tell its events
        self.view = None  # what this link sees of the game's state: names its figures
        self.known = False  # stations, game and view asked since the last new game

    # --- output ---------------------------------------------------------

    def show(self, text, err=False, prompt=True):
        """A line of output; at a prompt, over the prompt's line and with the prompt drawn again below it."""
        if self.interactive:
            self.say("\r\033[K" + text, err=err)
            if prompt:
                self.say(PROMPT, nl=False)
        else:
            self.say(text, err=err)

    def show_events(self, events, prompt=True):
        for e in events:
            kind = e.get("e") if isinstance(e, dict) else None
            if kind in ("new_game", "seat_selection", "resumed", "game_chosen"):
                self.known = False  # the game, its seats and stations may have changed: asked again below
            if not self.known and kind != "seat_selection":
                self.learn(self._state())
            host = games.find(self.playing)
            if host is not None and kind in host.quiet:
                continue  # a secret choice at every press (the game says which): a later event reveals it
            # at the game menu (no game runs) a wheel chooses a game: its press is not the chosen game's wheel
            game = None if kind == "button" and self.view is None else self.playing
            text = words.tell(game, e, self.view, self.stations)
            if text:
                self.show("  " + text, prompt=prompt)
            if kind == "new_game":
                self.follow()

    def _state(self):
        try:
            return self.client.call("state")
        except LinkError:
            return {}

    def learn(self, reply):
        """What the words of the events need from a state reply: the game, its stations, the view."""
        settings = reply.get("settings")
        stations = settings.get("stations") if isinstance(settings, dict) else None
        self.stations = stations if isinstance(stations, list) else None
        running = isinstance(reply.get("state"), dict)  # a game runs: else the game its menu has chosen
        playing = reply.get("playing") if running else reply.get("chosen")
        self.playing = playing if games.find(playing) is not None else None
        self.view = reply.get("state") if isinstance(reply.get("state"), dict) else None
        self.known = bool(reply)

    def follow(self):
        """A game just started on the box: the link is a spectator's again, so take the referee's eye of a
        virtual box on this PC as connect did at its start, and say which eye this link has now."""
        try:
            state = self.client.call("state")
            eye = see_all(self.client, state)
        except LinkError:
            return
        self.show("  this link sees as %s" % eye_name(eye, self.stations), prompt=False)

    def state_text(self, reply):
        """The box's game in a line: which, how far, its digest as the box shows it (the referee's), or the
        public one a spectator's link gets, said to be so."""
        self.learn(reply)
        if not reply.get("game"):
            return "no game is running: the box shows the game menu (%s chosen)" % game_title(reply.get("chosen"))
        if reply.get("eye") == "referee":
            digest = "digest %s" % reply["digest"]
        else:
            digest = "public digest %s (the box shows the referee's)" % reply["public"]
        out = ["%s: %s so far, %s" % (game_title(reply["playing"]), some(reply["actions"], "action"), digest)]
        host = games.find(reply["playing"])
        summary = host.load("summary") if host is not None else None
        line = summary(reply.get("state")) if summary is not None else None
        if line:
            out.append("  " + line)
        return "\n".join(out)

    # --- the loop -------------------------------------------------------

    def run(self, lines, until=None):
        """Serve until a None or "quit" comes out of the queue lines (or until() is true)."""
        while until is None or not until():
            events = self.client.poll_events(0.05)
            self.show_events(events)
            if events and self.lockstep is not None:
                self.lockstep.catch_up()
            if events and self.kept is not None:
                self.kept.catch_up(events)
            try:
                text = lines.get_nowait()
            except queue.Empty:
                continue
            if text is None or text == "quit":
                return
            self.command(text)
            if self.interactive:
                self.say(PROMPT, nl=False)

    def command(self, text):
        """Carry out one typed line; a refusal or a typo is one line on stderr."""
        client = self.client
        if not text:
            return
        try:
            if text == "help":
                self.say(HELP)
            elif text == "state":
                self.say(self.state_text(client.call("state")))
            elif text == "digest":
                self.say(digest_text(client.call("digest")))
            elif text == "log":
                self.say(json.dumps(client.full_log()[1]))
            elif text == "actions":
                self.say(self.actions_text())
            elif text.split()[0] == "auth":
                token = text.split()[1] if len(text.split()) > 1 else None
                eye = client.call("auth", token=token) if token else client.call("auth")
                self.known = False  # a seat's eye sees another view
                self.say("this link now sees as %s" % eye_name(eye["eye"], self.stations))
            elif text == "claim":
                client.call("auth", claim=True)
                self.say("press MODE on the box within 15 s: this link becomes the referee")
            elif text.split()[0] == "press":
                try:
                    button = button_of(text.split()[1:])
                except ValueError:
                    self.say("press which button? %s" % BUTTONS, err=True)
                    return
                self.press(button)
            else:
                action = json.loads(text)
                if not isinstance(action, dict):
                    raise ValueError
                reply = (
                    self.lockstep.apply(action) if self.lockstep is not None else client.call("apply", action=action)
                )
                events = client.poll_events(0)  # they came before the reply
                self.show_events(events, prompt=False)
                if self.kept is not None:
                    self.kept.catch_up(events)
                self.say("ok: %s so far%s" % (some(reply["actions"], "action"), _digest_words(reply)))
        except (ValueError, IndexError):
            self.say("not understood: %r (help lists the requests)" % text, err=True)
        except LinkError as exc:
            message = words.refusal(self.playing, exc.message, self.view, self.stations)
            self.say("refused: %s" % (message or exc.code.replace("_", " ")), err=True)

    def press(self, button):
        """A button of the box pressed over the link (the box's event names it). While a game runs only the
        referee's link may (the buttons do the referee's work): a refusal says how to become the referee."""
        try:
            self.client.call("press", button=button)
        except LinkError as exc:
            if exc.code != "not_allowed":
                raise
            raise LinkError("not_allowed", PRESS_REFUSED % eye_name(self._state().get("eye"), self.stations)) from None

    def actions_text(self):
        """What whoever is to act may do now: each action as the JSON to type, and in words."""
        from referee.engine import replay

        hello = self.client.call("state")
        if hello.get("game") is None:
            return "no game is running: the box shows the game menu"
        rules = rules_of(hello.get("playing"))
        if rules is None:
            return "this box plays %r, which this host does not know: update ultimus-box" % hello.get("playing")
        eye = see_all(self.client, hello)
        if eye != "referee":
            return (
                "only the referee's link sees the whole game, which the list of actions needs; this link sees as %s: "
                "auth TOKEN with the referee token (new_game's reply), or claim and press MODE on the box"
                % eye_name(eye, self.stations)
            )
        setup, actions = self.client.full_log()
        game = replay(rules, setup, actions)
        playing = hello["playing"]
        stations = self.stations
        out = []
        actors = game.actors()
        for seat in actors or [-1]:
            options = game.legal_actions(seat)
            if seat >= 0:
                view = game.seat_view(seat)
                out.append("%s (seat %d on the link) may:" % (who(seat, stations), seat))
            else:
                view = game.public_view()
                out.append("the referee (the box itself) may:" if options else "nobody is to act")
            for a in options:
                out.append("  %s   %s" % (json.dumps(a), words.action(playing, view, a, stations)))
        return "\n".join(out)


# the buttons of the box as `press` names them, each the first of its row of six on the link
ROWS = {"shout": 0, "think": 6, "wheel": 12}
SINGLE = {"damage": 18, "heal": 19, "confirm": 20, "up": 21, "down": 22, "mode": 23}


def button_of(words):
    """The link's button number (0-23) of `press`'s words: ["shout", "3"] is SHOUT at station 3 (button 2);
    ValueError for anything else."""
    name = words[0].lower() if words else ""
    if name in SINGLE and len(words) == 1:
        return SINGLE[name]
    if name in ROWS and len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= 6:
        return ROWS[name] + int(words[1]) - 1
    raise ValueError


def digest_text(reply):
    """The digest request's reply in words: the referee's digest (the one the box's header shows), or the
    public one a seat's or a spectator's link gets, said to be so."""
    if reply.get("digest") and reply["digest"] != reply.get("public"):
        return "digest %s after %s, as the box shows it (public digest %s)" % (
            reply["digest"],
            some(reply["actions"], "action"),
            reply["public"],
        )
    return "public digest %s after %s (the box shows the referee's)" % (
        reply["public"],
        some(reply["actions"], "action"),
    )


def _digest_words(reply):
    """The digest of an apply's reply, where the box computed it (a failed digest leaves it out)."""
    return ", digest %s" % reply["digest"] if reply.get("digest") else ""


def see_all(client, state):
    """The link's eye after trying to become the referee with the token a virtual box on this PC keeps
    for its game (docs/protocol.md, Eyes); state: the box's state reply. A box without eyes sees all."""
    eye = state.get("eye", "referee")
    if eye != "referee" and state.get("game"):
        token = virtual_token(state["game"], client.token_folder)
        if token is not None:
            eye = client.auth(token)
    return eye


def eye_name(eye, stations=None):
    """What a link sees as (docs/protocol.md, Eyes), in words: the referee, a spectator, a seat's station."""
    if eye == "referee":
        return "the referee (everything)"
    if isinstance(eye, int):
        return "%s (its own secrets)" % who(eye, stations)
    return "a spectator (the public view)"


def start_reader(stream=None, interactive=False):
    """The queue of typed lines, filled by a daemon thread (it may block on the keyboard forever)."""
    lines = queue.Queue()
    stream = stream or sys.stdin
    # At a terminal, input() (line editing); the console draws the prompt itself, below each event.
    thread = threading.Thread(target=read_lines, args=(stream, lines, "" if interactive else None), daemon=True)
    thread.start()
    return lines
