"""The link server: the box's side of the serial protocol (docs/protocol.md).

Lines of JSON in both directions. A request {"id": ..., "op": ..., ...} gets
exactly one response {"id": ..., "ok": true, ...} or {"id": ..., "ok": false,
"error": {"code": ..., "message": ...}}; events the box publishes go out as
{"ev": {...}} without their secret parts. Bad bytes, over-long lines, bad
JSON, unknown operations and illegal actions get an error and change nothing.
Protocol 2: the box names its games (hello's "games"), the game a new_game
starts ("game", ULTIMUS if missing) and the game it plays ("playing").
"""

import json

from referee import VERSION
from referee.digest import fnv1a, canonical_text
from referee.engine import public_event
from referee.errors import Illegal

from ultimusbox import games

PROTOCOL = 2
MAX_LINE = 1024
LOG_PAGE = 50


class LinkServer:
    def __init__(self, shell):
        self.shell = shell
        self.out = []  # lines waiting for the serial port
        self.buffer = b""
        self.skipping = False  # inside an over-long line: drop bytes up to the next newline
        self.want_repl = False
        shell.listen(self.on_events)

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
        game = self.shell.game
        return None if game is None else "%08x" % fnv1a(canonical_text(game.setup).encode())

    def op_hello(self, request):
        shell = self.shell
        return {"protocol": PROTOCOL, "firmware": VERSION, "game": self.game_id(), "games": games.names(),
                "chosen": shell.chosen, "playing": shell.playing, "notice": shell.notice}

    def op_state(self, request):
        shell = self.shell
        game = shell.game
        return {"screen": shell.phase, "settings": shell.settings, "game": self.game_id(),
                "playing": shell.playing, "chosen": shell.chosen, "notice": shell.notice,
                "state": None if game is None else game.public_view(),
                "digest": None if game is None else game.digest(),
                "actions": 0 if game is None else len(game.log)}

    def op_apply(self, request):
        action = request.get("action")
        if not isinstance(action, dict):
            raise Illegal("bad_request", "'action' must be an object")
        self.shell.apply(action)  # its events go out as "ev" lines before this reply
        return self.op_digest(request)

    def op_digest(self, request):
        game = self._game()
        return {"digest": game.digest(), "actions": len(game.log)}

    def op_log(self, request):
        game = self._game()
        start = request.get("from", 0)
        if type(start) is not int or start < 0:
            raise Illegal("bad_request", "'from' must be a whole number from 0")
        return {"playing": self.shell.playing, "setup": game.setup, "settings": self.shell.settings,
                "total": len(game.log), "from": start, "actions": self.shell.journal.page(start, LOG_PAGE)}

    def op_new_game(self, request):
        name = request.get("game", games.DEFAULT)
        if type(name) is not str or games.find(name) is None:
            raise Illegal("unknown_game", "this box referees %s, not %r" % (", ".join(games.names()), name))
        setup, box = games.screen_module(name).link_setup(request)
        game = self.shell.new_game(name, setup, request.get("stations"), box)
        return {"game": self.game_id(), "playing": name, "digest": game.digest()}

    def op_end_game(self, request):
        self.shell.end_game()
        return {}

    def op_press(self, request):
        button = request.get("button")
        if type(button) is not int or button < 0 or button > 23:
            raise Illegal("bad_request", "'button' must be a button id 0-23")
        self.shell.press(button, self.shell.clock.us())
        return {}

    def op_selftest(self, request):
        self.shell.set_selftest(request.get("on", True))
        return {}

    def op_repl(self, request):
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
    "new_game": LinkServer.op_new_game,
    "end_game": LinkServer.op_end_game,
    "press": LinkServer.op_press,
    "selftest": LinkServer.op_selftest,
    "repl": LinkServer.op_repl,
}
