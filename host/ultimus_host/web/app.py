"""The web side of `ultimus serve`: the pages, their WebSockets and the hub that hands each its JSON.

Routes: `/` the table page, `/seat/<token>` a seat's page (403 with a bare body for a token of no seat),
`/static/...` the pages' files, `/ws/table` and `/ws/seat/<token>` their live JSON. Each WebSocket hears
only the JSON of its own eye (the bridge makes one per eye); a page that comes back (a phone that slept or
reloaded, a second phone on one seat) is sent its eye's JSON of now at once.
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


class Hub:
    """The pages' sockets by eye ("table" or a seat's token), and the newest JSON of each eye (on the web's loop)."""

    def __init__(self):
        self.loop = None
        self.latest = {}
        self.sockets = {}  # queue -> eye

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
            if page is None and eye != "table":
                q.put_nowait({"kind": "gone"})  # the seat belongs to no game now
            elif page is not None and page != old.get(eye):
                q.put_nowait(page)

    def join(self, eye):
        q = asyncio.Queue()
        self.sockets[q] = eye
        page = self.latest.get(eye)
        if page is not None:
            q.put_nowait(page)
        return q

    def leave(self, q):
        self.sockets.pop(q, None)


def setup_of(message):
    """A new game's set-up from the table page's form: the game (the box's default for a name it does not know),
    its players, and what the game's own new_game part takes from the form (ULTIMUS's mode and battles...)."""
    game = host_games.find(message.get("game")) or host_games.get(host_games.default())
    try:
        players = int(message.get("players", 2))
    except (TypeError, ValueError):
        players = 2
    players = max(game.players[0], min(game.players[1], players))
    make = game.load("new_game") if game.has("new_game") else None
    setup = make(players, message) if make is not None else {"players": players}
    return dict(setup, game=game.name)


class Web:
    """The routes' handlers around one bridge and one hub."""

    def __init__(self, bridge, hub):
        self.bridge, self.hub = bridge, hub

    async def table_page(self, request):
        return FileResponse(os.path.join(STATIC, "table.html"))

    async def seat_page(self, request):
        if self.bridge.seat_of(request.path_params["token"]) is None:
            return Response(FORBIDDEN, status_code=403, media_type="text/plain")
        return FileResponse(os.path.join(STATIC, "seat.html"), headers={"Cache-Control": "no-store"})

    async def serve_socket(self, ws, eye, on_message):
        """Send the eye's pages as they change while reading the page's requests; until it goes."""
        await ws.accept()
        q = self.hub.join(eye)

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
                try:
                    message = json.loads(text)
                except ValueError:
                    continue
                if isinstance(message, dict):
                    on_message(message, q)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.hub.leave(q)
            sender.cancel()

    def replier(self, q):
        """What the bridge's thread calls to say something to the one page that asked (a refusal...)."""
        loop = self.hub.loop

        def reply(text):
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(q.put_nowait, {"kind": "said", "text": text})

        return reply

    def table_message(self, m, q):
        op = m.get("op")
        if op == "press" and isinstance(m.get("button"), int) and 0 <= m["button"] < 24:
            self.bridge.ask("press", m["button"])
        elif op == "new_game":
            self.bridge.ask("new_game", setup_of(m), self.replier(q))
        elif op == "qr_off":
            self.bridge.ask("qr_off")
        elif op == "referee":
            self.bridge.ask("referee", m.get("n"), m.get("i"), self.replier(q))

    async def table_socket(self, ws: WebSocket):
        await self.serve_socket(ws, "table", self.table_message)

    async def seat_socket(self, ws: WebSocket):
        token = ws.path_params["token"]
        if self.bridge.seat_of(token) is None:
            await ws.close(code=1008)  # before accept: the handshake is refused with 403
            return

        def on_message(m, q):
            if m.get("op") == "do":
                self.bridge.ask("seat", token, m.get("n"), m.get("i"), self.replier(q))

        await self.serve_socket(ws, token, on_message)  # a seat's page is its token's: another game's seat 1 is not it


def make_app(bridge, hub):
    web = Web(bridge, hub)

    @asynccontextmanager
    async def lifespan(app):
        hub.loop = asyncio.get_running_loop()
        yield

    routes = [
        Route("/", web.table_page),
        Route("/seat/{token}", web.seat_page),
        WebSocketRoute("/ws/table", web.table_socket),
        WebSocketRoute("/ws/seat/{token}", web.seat_socket),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
