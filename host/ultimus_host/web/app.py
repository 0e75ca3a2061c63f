"""The web side of `ultimus serve`: the pages, their WebSockets and the hub that hands each its JSON.

Routes: `/` the public table page (the public view; it acts on nothing, but a phone there may ask to take a
seat by its station's SHOUT), `/referee/<key>` the referee's page (the box's buttons, the referee's actions,
a new game, the seats' codes: only with the referee's key), `/seat/<token>` a seat's page (403 with a bare
body for a token of no seat), `/static/...` the pages' files, and `/ws/table`, `/ws/referee/<key>`,
`/ws/seat/<token>` their live JSON. Each WebSocket hears only the JSON of its own eye (the bridge makes one
per eye); a page that comes back (a phone that slept or reloaded, a second phone on one seat) is sent its
eye's JSON of now at once. The Guard (guard.py) stands before all of it: a foreign Host or Origin is refused
before any route sees it. A frame a page sends that cannot be read gets one line back on its own socket.
"""

import asyncio
import json
import os
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ultimus_host import registry as host_games
from ultimus_host.web.guard import Guard, same_secret

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
FORBIDDEN = "forbidden"  # a wrong token's whole answer: no hint of what a right one looks like
PUBLIC_ACTS_ON_NOTHING = (
    "the table page shows the table and acts on nothing: the referee's page (its URL is printed where "
    "`ultimus serve` runs) holds the box's buttons; a phone takes a seat with 'take a seat'"
)
FORM_WORD = 40  # the longest word a new game's form may hold (a game's name, a mode)
# The public table page's sockets: a screen or a few tabs per phone, not a script's thousands (each is sent every
# picture of the table: 1,500 of them kept the referee's own socket from opening)
TABLE_SOCKETS_PER_ADDRESS = 12
TABLE_SOCKETS = 120


class BadFrame(Exception):
    """A page's frame that cannot be read, in words for that page."""


class Hub:
    """The pages' sockets by eye ("table" or a seat's token), and the newest JSON of each eye (on the web's loop)."""

    def __init__(self):
        self.loop = None
        self.latest = {}
        self.sockets = {}  # queue -> eye
        self.joiners = {}  # queue -> the callable that tells that phone how its pairing goes
        self.addresses = {}  # queue -> the address its page's socket came from

    def publish_from_thread(self, pages_by_eye):
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.update, dict(pages_by_eye))
        else:
            self.latest = dict(pages_by_eye)

    def update(self, pages_by_eye):
        old, self.latest = self.latest, pages_by_eye
        for q, eye in list(self.sockets.items()):
            page = pages_by_eye.get(eye)
            if page is None and eye not in ("table", "referee"):
                q.put_nowait({"kind": "gone"})  # the seat belongs to no game now
            elif page is not None and page != old.get(eye):
                q.put_nowait(page)

    def table_room(self, address):
        """Whether one more public table socket from this address may open."""
        table = [self.addresses.get(q) for q, eye in self.sockets.items() if eye == "table"]
        return len(table) < TABLE_SOCKETS and table.count(address) < TABLE_SOCKETS_PER_ADDRESS

    def join(self, eye, address=None):
        q = asyncio.Queue()
        self.sockets[q] = eye
        self.addresses[q] = address
        page = self.latest.get(eye)
        if page is not None:
            q.put_nowait(page)
        return q

    def leave(self, q):
        self.sockets.pop(q, None)
        self.addresses.pop(q, None)
        self.joiners.pop(q, None)


def address_of(ws):
    """The address a socket came from (None when the server cannot tell)."""
    return ws.client.host if ws.client is not None else None


def form_of(message):
    """A new game's form as sent by the referee's page: each value a short word or a whole number, else BadFrame
    (players = Infinity, a game that is a list or an object...)."""
    for key, value in message.items():
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise BadFrame("the new game's %s must be a word or a whole number" % key)
        if isinstance(value, str) and len(value) > FORM_WORD:
            raise BadFrame("the new game's %s is too long" % key)
        if isinstance(value, int) and not -1000 <= value <= 1000:
            raise BadFrame("the new game's %s is out of range" % key)
    return message


def setup_of(message):
    """A new game's set-up from the referee's form: the game (the box's default for a name it does not know),
    its players, and what the game's own new_game part takes from the form (ULTIMUS's mode and battles...)."""
    message = form_of(message)
    game = host_games.find(message.get("game")) or host_games.get(host_games.default())
    players = message.get("players", 2)
    players = max(game.players[0], min(game.players[1], players if isinstance(players, int) else 2))
    make = game.load("new_game") if game.has("new_game") else None
    setup = make(players, message) if make is not None else {"players": players}
    return dict(setup, game=game.name)


class Joiner:
    """Tells one phone that asked for a seat how its pairing goes; its address, for the seating's one pairing
    waiting at a time per address (a script's many sockets would otherwise take every turn)."""

    def __init__(self, loop, q, address):
        self.loop, self.q, self.address = loop, q, address

    def __call__(self, frame):
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.q.put_nowait, dict(frame, kind="pairing"))


class Web:
    """The routes' handlers around one bridge and one hub; key: the referee's."""

    def __init__(self, bridge, hub, key):
        self.bridge, self.hub, self.key = bridge, hub, key

    async def table_page(self, request):
        return FileResponse(os.path.join(STATIC, "table.html"), headers={"Cache-Control": "no-store"})

    async def referee_page(self, request):
        if not same_secret(request.path_params["key"], self.key):
            return Response(FORBIDDEN, status_code=403, media_type="text/plain")
        return FileResponse(os.path.join(STATIC, "table.html"), headers={"Cache-Control": "no-store"})

    async def seat_page(self, request):
        if self.bridge.seat_of(request.path_params["token"]) is None:
            return Response(FORBIDDEN, status_code=403, media_type="text/plain")
        return FileResponse(os.path.join(STATIC, "seat.html"), headers={"Cache-Control": "no-store"})

    async def serve_socket(self, ws, eye, on_message):
        """Send the eye's pages as they change while reading the page's requests; until it goes."""
        await ws.accept()
        q = self.hub.join(eye, address_of(ws))

        async def send():
            while True:
                page = await q.get()
                await ws.send_text(json.dumps(page))
                if page.get("kind") == "gone":
                    await ws.close()
                    return

        sender = asyncio.ensure_future(send())
        try:
            while True:
                text = await ws.receive_text()
                self.read_frame(text, on_message, q)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            if q in self.hub.joiners:  # a phone that asked for a seat went away: the box waits no more for it
                self.bridge.ask("join_cancel", self.hub.joiners[q])
            self.hub.leave(q)
            sender.cancel()

    def read_frame(self, text, on_message, q):
        """One frame of a page: handled, or one line back to that page alone (never a traceback, and the
        server and the other pages go on)."""
        try:
            message = json.loads(text)
            if not isinstance(message, dict) or not isinstance(message.get("op"), str):
                raise BadFrame("a request is a JSON object with an 'op'")
            on_message(message, q)
        except BadFrame as exc:
            self.replier(q)(str(exc))
        except (ValueError, TypeError, KeyError, OverflowError, RecursionError):
            self.replier(q)("that request could not be read: it was ignored")

    def replier(self, q):
        """What the bridge's thread calls to say something to the one page that asked (a refusal...)."""
        loop = self.hub.loop

        def reply(text):
            """A line in words (a refusal...), or a whole frame (a dict with its kind: the referee's question)."""
            frame = text if isinstance(text, dict) else {"kind": "said", "text": text}
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(q.put_nowait, frame)

        return reply

    def table_message(self, m, q):
        """The public table page's socket: a phone may ask to take a seat (by its station's SHOUT), nothing else."""
        if m["op"] == "join":
            self.bridge.ask("join", self.joiner(q))
        elif m["op"] == "join_cancel":
            self.bridge.ask("join_cancel", self.joiner(q))
        else:
            raise BadFrame(PUBLIC_ACTS_ON_NOTHING)

    def joiner(self, q):
        """What the bridge calls to tell the one phone that asked for a seat how its pairing goes: a frame
        {"kind": "pairing", "text", "seat": URL or None}; the same callable each time for one socket (the bridge
        knows a phone by it)."""
        known = self.hub.joiners.get(q)
        if known is None:
            known = self.hub.joiners[q] = Joiner(self.hub.loop, q, self.hub.addresses.get(q))
        return known

    def referee_message(self, m, q):
        op = m["op"]
        if op == "press" and type(m.get("button")) is int and 0 <= m["button"] < 24:
            self.bridge.ask("press", m["button"])
        elif op == "new_game":
            confirm = m.pop("confirm", None)
            self.bridge.ask("new_game", setup_of(m), self.replier(q), confirm if isinstance(confirm, str) else None)
        elif op == "qr_off":
            self.bridge.ask("qr_off")
        elif op == "qr_on":
            self.bridge.ask("qr_on")
        elif op == "referee":
            self.bridge.ask("referee", m.get("n"), m.get("i"), self.replier(q))
        elif op == "hand" and type(m.get("seat")) is int:
            self.bridge.ask("hand", m["seat"], self.replier(q))
        else:
            raise BadFrame("the referee's page has no request %r" % m["op"][:FORM_WORD])

    async def table_socket(self, ws: WebSocket):
        if not self.hub.table_room(address_of(ws)):
            await ws.close(code=1008)  # before accept: the handshake is refused with 403
            return
        await self.serve_socket(ws, "table", self.table_message)

    async def referee_socket(self, ws: WebSocket):
        if not same_secret(ws.path_params["key"], self.key):
            await ws.close(code=1008)  # before accept: the handshake is refused with 403
            return
        await self.serve_socket(ws, "referee", self.referee_message)

    async def seat_socket(self, ws: WebSocket):
        token = ws.path_params["token"]
        if self.bridge.seat_of(token) is None:
            await ws.close(code=1008)  # before accept: the handshake is refused with 403
            return

        def on_message(m, q):
            if m["op"] != "do":
                raise BadFrame("a seat's page has one request: do")
            self.bridge.ask("seat", token, m.get("n"), m.get("i"), self.replier(q))

        self.bridge.ask("opened", token)  # this seat has its phone now: no SHOUT may pair another with it
        await self.serve_socket(ws, token, on_message)  # a seat's page is its token's: another game's seat 1 is not it


def make_app(bridge, hub, key, hosts):
    """The web app for one bridge: the referee's key, and the Host names it answers to (guard.allowed_hosts)."""
    web = Web(bridge, hub, key)

    @asynccontextmanager
    async def lifespan(app):
        hub.loop = asyncio.get_running_loop()
        yield

    routes = [
        Route("/", web.table_page),
        Route("/referee/{key}", web.referee_page),
        Route("/seat/{token}", web.seat_page),
        WebSocketRoute("/ws/table", web.table_socket),
        WebSocketRoute("/ws/referee/{key}", web.referee_socket),
        WebSocketRoute("/ws/seat/{token}", web.seat_socket),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    return Guard(Starlette(routes=routes, lifespan=lifespan), hosts)
