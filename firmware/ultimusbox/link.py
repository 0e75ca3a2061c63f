"""The link server: the box's side of the serial protocol (docs/protocol.md).

Lines of JSON in both directions. A request {"id": ..., "op": ..., ...} gets
exactly one response {"id": ..., "ok": true, ...} or {"id": ..., "ok": false,
"error": {"code": ..., "message": ...}}; events the box publishes go out as
{"ev": {...}} without their secret parts. Bad bytes, over-long lines, bad
JSON, unknown operations and illegal actions get an error and change nothing.
"""

import json

from ultimus import VERSION
from ultimus.digest import digest, fnv1a, canonical_text
from ultimus.errors import Illegal
from ultimus.views import public_view, public_event

PROTOCOL = 1
MAX_LINE = 1024
LOG_PAGE = 50


class LinkServer:
    def __init__(self, app):
        self.app = app
        self.out = []  # lines waiting for the serial port
        self.buffer = b""
        self.skipping = False  # inside an over-long line: drop bytes up to the next newline
        self.want_repl = False
        app.listen(self.on_events)

    # --- bytes in, lines out ----------------------------------------------

    def feed(self, data):
        """Bytes from the serial port; complete lines are answered at once."""
        self.buffer += data
        while True:
            end = self.buffer.find(b"\n")
            if end < 0:
                if len(self.buffer) > MAX_LINE:
                    self.buffer = b""
                    if not self.skipping:
                        self.skipping = True
                        self.error(None, "line_too_long", "a line may hold at most %d bytes" % MAX_LINE)
                return
            line = self.buffer[:end]
            self.buffer = self.buffer[end + 1:]
            if self.skipping:
                self.skipping = False  # the tail of the over-long line: already answered
                continue
            if len(line) > MAX_LINE:
                self.error(None, "line_too_long", "a line may hold at most %d bytes" % MAX_LINE)
                continue
            self.handle_line(line)

    def send(self, obj):
        self.out.append(json.dumps(obj).encode() + b"\n")

    def error(self, rid, code, message):
        self.send({"id": rid, "ok": False, "error": {"code": code, "message": message}})

    def on_events(self, events):
        for e in events:
            self.send({"ev": public_event(e)})

    # --- requests -----------------------------------------------------------

    def handle_line(self, line):
        line = line.strip()
        if not line:
            return
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
        except Illegal as exc:
            self.error(rid, exc.code, exc.message)
            return
        except Exception as exc:  # the box goes on, whatever a request did
            self.error(rid, "internal", "the box failed on this request: %r" % (exc,))
            return
        reply["id"] = rid
        reply["ok"] = True
        self.send(reply)

    def game_id(self):
        game = self.app.game
        return None if game is None else "%08x" % fnv1a(canonical_text(game.setup).encode())

    def op_hello(self, request):
        return {"protocol": PROTOCOL, "firmware": VERSION, "game": self.game_id()}

    def op_state(self, request):
        app = self.app
        game = app.game
        return {"screen": app.phase, "settings": app.settings, "game": self.game_id(),
                "state": None if game is None else public_view(game.state),
                "digest": None if game is None else digest(game.state),
                "actions": 0 if game is None else len(game.log)}

    def op_apply(self, request):
        action = request.get("action")
        if not isinstance(action, dict):
            raise Illegal("bad_request", "'action' must be an object")
        self.app.apply(action)  # its events go out as "ev" lines before this reply
        return self.op_digest(request)

    def op_digest(self, request):
        game = self._game()
        return {"digest": digest(game.state), "actions": len(game.log)}

    def op_log(self, request):
        game = self._game()
        start = request.get("from", 0)
        if type(start) is not int or start < 0:
            raise Illegal("bad_request", "'from' must be a whole number from 0")
        return {"setup": game.setup, "settings": self.app.settings, "total": len(game.log), "from": start,
                "actions": self.app.journal.page(start, LOG_PAGE)}

    def op_new_game(self, request):
        players = request.get("players")
        seed = request.get("seed")
        game = self.app.new_game(players, seed, request.get("mode", "box"), request.get("battles", 3),
                                 request.get("stations"), request.get("beginner", 0))
        return {"game": self.game_id(), "digest": digest(game.state)}

    def op_end_game(self, request):
        self.app.end_game()
        return {}

    def op_press(self, request):
        button = request.get("button")
        if type(button) is not int or button < 0 or button > 23:
            raise Illegal("bad_request", "'button' must be a button id 0-23")
        self.app.press(button, self.app.clock.us())
        return {}

    def op_selftest(self, request):
        self.app.set_selftest(request.get("on", True))
        return {}

    def op_repl(self, request):
        self.want_repl = True
        return {"message": "leaving the box app for the REPL"}

    def _game(self):
        if self.app.game is None:
            raise Illegal("no_game", "no game is running")
        return self.app.game


OPS = {
    "hello": LinkServer.op_hello,
    "state": LinkServer.op_state,
    "apply": LinkServer.op_apply,
    "digest": LinkServer.op_digest,
    "log": LinkServer.op_log,
    "new_game": LinkServer.op_new_game,
    "end_game": LinkServer.op_end_game,
    "press": LinkServer.op_press,
    "selftest": LinkServer.op_selftest,
    "repl": LinkServer.op_repl,
}
