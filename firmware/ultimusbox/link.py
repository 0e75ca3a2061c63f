"""The link server: the box's side of the serial protocol (docs/protocol.md).

Lines of JSON in both directions. A request {"id": ..., "op": ..., ...} gets
exactly one response {"id": ..., "ok": true, ...} or {"id": ..., "ok": false,
"error": {"code": ..., "message": ...}}; events the box publishes go out as
{"ev": {...}} without their secret parts. Bad bytes, over-long lines, bad
JSON, unknown operations and illegal actions get an error and change nothing.
Protocol 2: the box names its games (hello's "games"), the game a new_game
starts ("game", ULTIMUS if missing) and the game it plays ("playing").
Protocol 3: the digests are SHA-256 of the sorted JSON (referee.digest).

Eyes (ultimusbox.eyes): the link is a spectator's until it proves to be a
seat's or the referee's (the `auth` request, or starting the game); every
reply and event is cut to what its eye may see, and only the referee or the
acting seat may change the game; during a game only the referee presses the
box's buttons over the link (`press`: they do the referee's work). The box
cannot see a program close the port, so `hello`, which a host's connection
opens with, makes the link a spectator's again: an eye never passes from one
program to the next. The referee pairs phones with stations (`pair`: the
next SHOUT of a station without its phone) and hands seats on (`renew`).

Output is bounded: at most MAX_OUT lines wait for the serial port (a long
reply, `state` or `log`, waits as a few pieces of one line, so that no
allocation is the size of the whole reply: ultimusbox.jsonpieces). Past
that, events are dropped and counted (an "overflow" event says how many
when there is room again) and no further request is read until the client
reads: every request still gets exactly one whole response.

No traffic without a host: events go out only once a host is attached, i.e.
from the first line the link reads (any request, even a refused one), and
until it sends {"op": "subscribe", "events": false}. Before that the box
writes nothing unasked (a press costs no USB write when nobody listens).

Long replies in pieces: a request whose reply takes long (`log`, which reads
the journal on flash) is a job, a generator that yields between bounded
pieces; the runtime runs it for at most a few ms a turn (pieces()), so
buttons, frames and sounds go on meanwhile. No request is read while a job
runs: replies keep their order. Without pieces() (tests, Box.step) a job
runs at once. Digests are kept until the state changes (ultimusbox.digests);
an `apply`, or a `digest` of a state whose digests are not kept, is a held
job: the action in the turn that reads it, each digest in a turn of its own
after it (together a Pico's turn was 13-15 ms, over the loop's 10 ms aim).
While a held job runs (holding()), the runtime takes no press and steps no
countdown, so that nothing changes the state before the reply: its digests
describe the state its own action made, as docs/protocol.md promises. The
presses wait in the buttons' queue with their own times, and are judged on
them when they are taken.
"""

import json

from referee import VERSION
from referee.digest import canonical_text, fnv1a
from referee.errors import Illegal
from referee.rng import SHA256
from ultimusbox import games, jsonpieces
from ultimusbox.eyes import REFEREE, SPECTATOR, action_for, event_for, setup_for, who_has
from ultimusbox.journal import flash_trouble

PROTOCOL = 3
MAX_LINE = 1024
LOG_PAGE = 50
LOG_PIECE = 10  # log records read and cut to the eye per piece of a `log` job
NEW_GAME_KEYS = ("op", "id", "game", "stations")  # new_game's own keys: the others are the game's set-up
MAX_OUT = 64  # lines waiting for the serial port, at most (replies always fit: reading stops first)
PRESS_REFUSED = (
    "during a game only the referee presses the box's buttons over the link "
    "(auth with the referee's token, or claim and press MODE on the box)"
)


TURN = True  # what a job's piece yields to end the turn whatever the budget left (a held job's digests)


def run(gen):
    """Every piece of a job at once; its return value."""
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


class LinkServer:
    def __init__(self, shell):
        self.shell = shell
        self.out = []  # lines waiting for the serial port
        self.buffer = b""
        self.skipping = False  # inside an over-long line: drop bytes up to the next newline
        self.want_repl = False
        self.eye = SPECTATOR  # who the link has proved to be (ultimusbox.eyes)
        self.dropped = 0  # events dropped while the client did not read
        self.job = None  # (request id, generator, held): the request being answered in pieces
        self.events = None  # whether events go out: None until a host sends its first line (then True)
        self.clock = None
        self.budget_ms = None  # ms of pieces per turn (None: a job runs at once)
        shell.listen(self.on_events, presses=self.hears)  # a bound method made once, asked per press

    def hears(self):
        """Whether a host hears the events now (the presses are published only then)."""
        return bool(self.events)

    def pieces(self, clock, ms):
        """Run jobs for at most `ms` (at least one piece) per call of work() or feed()."""
        self.clock, self.budget_ms = clock, ms

    # --- bytes in, lines out ----------------------------------------------

    def full(self):
        """Whether the output is at its bound: the runtime then stops reading the serial port."""
        return len(self.out) >= MAX_OUT

    def holding(self):
        """Whether a held job runs: nothing may change the game's state until its reply is out."""
        job = self.job
        return job is not None and job[2]

    def ready(self):
        """Whether the link takes more bytes now: room for the replies, and no job under way."""
        return self.job is None and len(self.out) < MAX_OUT

    def pending_line(self):
        """Whether a whole request waits in the buffer, and the link would take it now."""
        return self.ready() and self.buffer.find(b"\n") >= 0

    def feed(self, data):
        """Bytes from the serial port; complete lines are answered while the output has room."""
        self.buffer += data
        if self.dropped and not self.full():
            self._overflow()
        while self.ready():
            end = self.buffer.find(b"\n")
            if end < 0:
                if len(self.buffer) > MAX_LINE:
                    self.buffer = b""
                    if not self.skipping:
                        self.skipping = True
                        self.attach()
                        self.error(None, "line_too_long", "a line may hold at most %d bytes" % MAX_LINE)
                return
            line = self.buffer[:end]
            self.buffer = self.buffer[end + 1 :]
            if self.skipping:
                self.skipping = False  # the tail of the over-long line: already answered
                continue
            if len(line) > MAX_LINE:
                self.attach()
                self.error(None, "line_too_long", "a line may hold at most %d bytes" % MAX_LINE)
                continue
            self.handle_line(line)

    def send(self, obj):
        self.out.append(json.dumps(obj).encode() + b"\n")

    def error(self, rid, code, message, key=None):
        error = {"code": code, "message": message}
        if key is not None:
            error["key"] = key  # the set-up key a bad_setup refuses
        self.send({"id": rid, "ok": False, "error": error})

    def on_events(self, events):
        for e in events:
            kind = e.get("e")
            if kind == "seat_selection" or kind == "new_game":
                self.eye = SPECTATOR  # a new game or none: proved again (op_new_game sets its own)
        if not self.events:
            return  # no host attached, or it unsubscribed: nothing goes out, nothing is counted
        rules = self._rules()
        over = self.shell.game is not None and self.shell.game.state.get("phase") == "over"
        for e in events:
            if self.full():
                self.dropped += 1
                continue
            if self.dropped:
                self._overflow()
            self.send({"ev": event_for(rules, e, self.eye, over)})

    def _overflow(self):
        """Tell the client how many events it missed while it did not read."""
        self.send({"ev": {"e": "overflow", "dropped": self.dropped}})
        self.dropped = 0

    def _rules(self):
        game = self.shell.game
        return None if game is None else game.rules

    # --- requests -----------------------------------------------------------

    def attach(self):
        """A host sent a line: from now on it hears the events (unless it unsubscribes)."""
        if self.events is None:
            self.events = True

    def handle_line(self, line):
        line = line.strip()
        if not line:
            return
        self.attach()
        try:
            text = line.decode()
        except Exception:
            self.error(None, "bad_frame", "a line must be UTF-8 text")
            return
        try:
            request = json.loads(text)
        except Exception:
            self.error(None, "bad_json", "a line must be one JSON object")
            return
        if not isinstance(request, dict):
            self.error(None, "bad_request", "a request is a JSON object with 'id' and 'op'")
            return
        rid = request.get("id")
        if rid is not None and type(rid) not in (int, str):
            rid = None
        op = request.get("op")
        handler = OPS.get(op) if type(op) is str else None
        if handler is None:
            self.error(rid, "unknown_op", "unknown operation %r" % (op,))
            return
        try:
            reply = handler(self, request)
        except Exception as exc:
            self._failed(rid, exc)
            return
        if type(reply) is dict:
            self._reply(rid, reply)
            return
        held = op == "apply" or op == "digest"
        self.job = (rid, reply, held)  # a generator: its pieces run now and in the next turns
        self.work()

    def work(self):
        """The job's pieces for at most the budget (at least one; all without a budget); its reply at the end."""
        if self.job is None:
            return
        rid, gen = self.job[0], self.job[1]
        try:
            if self.budget_ms is None:
                reply = run(gen)
            else:
                clock = self.clock
                start = clock.ms()
                while True:
                    if next(gen) is TURN or clock.diff(clock.ms(), start) >= self.budget_ms:
                        return  # the loop's other tasks first; the job goes on next turn
        except StopIteration as stop:
            reply = stop.value
        except Exception as exc:
            self.job = None
            self._failed(rid, exc)
            return
        self.job = None
        self._reply(rid, reply)

    def _reply(self, rid, reply):
        reply["id"] = rid
        reply["ok"] = True
        if "state" in reply or type(reply.get("actions")) is list:
            self.send_pieces(reply)
        else:
            self.send(reply)

    def send_pieces(self, obj):
        """A long line, queued as several pieces of about PIECE_BYTES (the serial port gets the same bytes)."""
        parts = jsonpieces.pieces(obj)
        parts[-1] += b"\n"
        self.out.extend(parts)

    def _failed(self, rid, exc):
        if isinstance(exc, Illegal):
            self.error(rid, exc.code, exc.message, exc.key)
        elif isinstance(exc, OSError):  # the flash refused a write: nothing was applied
            self.error(rid, "storage", "the box could not save: %s" % flash_trouble(exc))
        else:  # the box goes on, whatever a request did
            self.error(rid, "internal", "the box failed on this request: %r" % (exc,))

    def game_id(self):
        """The running game's public id: drawn at random when it started (settings "id"); for a
        game started before there was one, a hash of its public set-up (never of its seed)."""
        game = self.shell.game
        if game is None:
            return None
        if self.shell.game_id is not None:
            return self.shell.game_id
        return "%08x" % fnv1a(canonical_text(setup_for(game.rules, game.setup, SPECTATOR, False)).encode())

    def _over(self):
        return self.shell.game.state.get("phase") == "over"

    def _digests(self, game, reply, applied=False):
        """The reply with the digests of the game's state now (computed, or kept from before): digest,
        the full one for the referee, else the public one; public; actions.
        applied: the request changed the game, so a failure here leaves out the digests but is no error."""
        count = len(game.log)
        referee = self.eye == REFEREE
        try:
            full, public = self.shell.digests.now(game, referee)
        except Exception:
            if not applied:
                raise
            reply["actions"] = count  # the action was applied: never answer "internal" for it
            return reply
        reply["digest"] = full if referee else public
        reply["public"] = public
        reply["actions"] = count
        return reply

    def _held_digests(self, game, reply, applied=False):
        """A held job (holding()): _digests' reply, each digest not kept computed in a turn of its own,
        the first in the turn after this one (an apply's action has had its own)."""
        digests, referee = self.shell.digests, self.eye == REFEREE
        if referee and not digests.kept(game, True):
            yield TURN
            try:
                digests.now(game, True, False)
            except Exception:
                if not applied:
                    raise
        if not digests.kept(game, False):
            yield TURN
            try:
                digests.now(game, False, True)
            except Exception:
                if not applied:
                    raise
        return self._digests(game, reply, applied)

    def _may_change(self, seat=None, why="it cannot do this (auth with a token)"):
        """Only the referee, or the seat that acts, changes a running game; why: the refusal's words."""
        if self.shell.game is None or self.eye == REFEREE:
            return
        if seat is not None and type(self.eye) is int and seat == self.eye:
            return
        raise Illegal("not_allowed", "this link is %s: %s" % (self._eye_name(), why))

    def _eye_name(self):
        eye = self.eye
        if type(eye) is int:
            return "seat %d's" % (eye + 1)  # people count from 1
        return "the referee's" if eye == REFEREE else "a spectator's"

    def op_hello(self, request):
        shell = self.shell
        self.eye = SPECTATOR  # a connection's first request: whatever eye the last program left goes
        return {
            "protocol": PROTOCOL,
            "firmware": VERSION,
            "game": self.game_id(),
            "games": games.names(),
            "chosen": shell.chosen,
            "playing": shell.playing,
            "notice": shell.notice,
        }

    def op_state(self, request):
        shell = self.shell
        game = shell.game
        reply = {
            "screen": shell.phase,
            "settings": shell.settings,
            "game": self.game_id(),
            "playing": shell.playing,
            "chosen": shell.chosen,
            "notice": shell.notice,
            "eye": self.eye,
            "state": None,
            "digest": None,
            "public": None,
            "actions": 0,
        }
        if game is None:
            return reply
        reply["state"] = game.seat_view(self.eye) if type(self.eye) is int else game.public_view()
        if self.eye == REFEREE:  # to hand each player the token of their own seat; which seats have their phone
            reply["tokens"] = shell.tokens
        return self._digests(game, reply)

    def op_apply(self, request):
        action = request.get("action")
        if not isinstance(action, dict):
            raise Illegal("bad_request", "'action' must be an object")
        game = self._game()
        name = action.get("a")
        if type(name) is str and game.rules.FLOW.referee_only(game.rules.variant(game.state), game.phase, name):
            self._may_change()  # the referee's work (a roll-off, CLAMO, the next battle): never a seat's
        else:
            self._may_change(action.get("p") if "p" in action else None)  # a seat takes only its own actions
        self.shell.apply(action)  # its events go out as "ev" lines before this reply
        return self._held_digests(game, {}, True)

    def op_digest(self, request):
        game, digests = self._game(), self.shell.digests
        if (self.eye != REFEREE or digests.kept(game, True)) and digests.kept(game, False):
            return self._digests(game, {})  # kept: answered in this turn
        return self._held_digests(game, {})

    def op_log(self, request):
        game = self._game()
        start = request.get("from", 0)
        if type(start) is not int or start < 0:
            raise Illegal("bad_request", "'from' must be a whole number from 0")
        eye = self.eye
        reply = {
            "playing": self.shell.playing,
            "setup": setup_for(game.rules, game.setup, eye, self._over()),
            "settings": self.shell.settings,
            "total": len(game.log),
            "from": start,
            "eye": eye,
            "actions": [],
        }
        return self._log_pieces(game, reply, start, min(len(game.log), start + LOG_PAGE))

    def _log_pieces(self, game, reply, start, end):
        """A job: the records start..end of the journal, LOG_PIECE at a time, cut to the eye."""
        actions, rules, eye = reply["actions"], game.rules, reply["eye"]
        while start + len(actions) < end:
            yield
            page = self.shell.journal.page(start + len(actions), min(LOG_PIECE, end - start - len(actions)))
            if not page:
                break
            for a in page:
                actions.append(action_for(rules, a, eye))
        yield  # the reply's text (every action of the page in JSON) in a turn of its own
        return reply

    def op_auth(self, request):
        """Prove to be a seat or the referee with a token; no token: back to a spectator."""
        self._game()
        text = request.get("token")
        if request.get("claim"):
            from ultimusbox.handover import ask_claim

            ask_claim(self.shell, self._granted)
            return {"eye": self.eye, "claim": "press MODE on the box"}
        if text is None:
            self.eye = SPECTATOR
        else:
            eye = who_has(self.shell.tokens, text)
            if eye is SPECTATOR:
                raise Illegal("bad_token", "this token belongs to no seat of the running game")
            self.eye = eye
        return {"eye": self.eye}

    def _granted(self):
        self.eye = REFEREE

    def op_new_game(self, request):
        self._may_change()  # a running game is replaced only by its referee
        name = request.get("game", games.DEFAULT)
        if type(name) is not str or games.find(name) is None:
            raise Illegal("unknown_game", "this box referees %s, not %r" % (", ".join(games.names()), name))
        players = request.get("players")
        if "players" in request and (type(players) is not int or players < 0 or players > 64):
            raise Illegal("bad_setup", "players must be a whole number of players", "players")
        if request.get("seed") is None:  # the box draws it: 64 bits from its entropy source
            request["seed"] = self.shell.new_seed()
        asked = {}  # the set-up and the box settings: every key but the link's own
        for key in request:
            if key not in NEW_GAME_KEYS:
                asked[key] = request[key]
        setup, box = games.screen_module(name).link_setup(asked)
        if type(setup) is dict and "rng" not in setup:
            setup["rng"] = SHA256
        shell = self.shell
        aside = None if shell.game is None or self._over() else "the referee started a new game over the link"
        game = shell.new_game(name, setup, request.get("stations"), box, aside)
        self.eye = REFEREE  # the link that starts a game is its referee
        tokens = shell.tokens
        reply = {"game": self.game_id(), "playing": name, "referee": tokens["referee"], "seats": tokens["seats"]}
        return self._digests(game, reply, True)

    def op_end_game(self, request):
        self._may_change()
        if not self.shell.end_game():
            raise Illegal("storage", "the saved game could not be removed: the game goes on")
        return {}

    def op_press(self, request):
        button = request.get("button")
        if type(button) is not int or button < 0 or button > 23:
            raise Illegal("bad_request", "'button' must be a button id 0-23")
        # the buttons do the referee's work (CONFIRM, MODE, the thumbs...): at the game menu anyone at the
        # box may press them, during a game only the referee's link (never a seat's phone nor a spectator)
        self._may_change(None, PRESS_REFUSED)
        self.shell.press(button, self.shell.clock.us(), False)  # never a claim's MODE: that is the box's own
        return {}

    def op_pairing(self, request):
        """`pair` and `renew`, the referee's (ultimusbox.handover, loaded only when a link asks)."""
        self._game()
        self._may_change()
        from ultimusbox.handover import link_op

        return link_op(self.shell, request)

    def op_subscribe(self, request):
        """Events on (the default once a host is attached) or off: {"events": false}."""
        on = request.get("events", True)
        if type(on) is not bool:
            raise Illegal("bad_request", "'events' must be true or false")
        self.events = on
        return {"events": on}

    def op_selftest(self, request):
        self._may_change()
        self.shell.set_selftest(request.get("on", True))
        return {}

    def op_repl(self, request):
        self._may_change()  # the REPL reads the journal, secrets and all
        self.want_repl = True
        return {"message": "leaving the box app for the REPL"}

    def _game(self):
        if self.shell.game is None:
            raise Illegal("no_game", "no game is running")
        return self.shell.game


OPS = {
    "hello": LinkServer.op_hello,
    "state": LinkServer.op_state,
    "apply": LinkServer.op_apply,
    "digest": LinkServer.op_digest,
    "log": LinkServer.op_log,
    "auth": LinkServer.op_auth,
    "new_game": LinkServer.op_new_game,
    "end_game": LinkServer.op_end_game,
    "press": LinkServer.op_press,
    "pair": LinkServer.op_pairing,
    "renew": LinkServer.op_pairing,
    "subscribe": LinkServer.op_subscribe,
    "selftest": LinkServer.op_selftest,
    "repl": LinkServer.op_repl,
}
