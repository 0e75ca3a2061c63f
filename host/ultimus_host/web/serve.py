"""`ultimus serve`: the virtual box (or a box on USB), the bridge's thread and the web server, started together.

The server binds to the one address it prints (the machine's address on the table's network by default, so
that the phones reach it) and on localhost; uvicorn's access log is off and its own log quiet: a seat page's
path holds the seat's token, which must never reach a log. The referee's URL (it holds the referee's key,
guard.py) is printed in this terminal as text and as a QR code, when it is a terminal (else where the key is
kept); the seats' QR codes go to the referee's page after a new game, and to this terminal when it is one.
"""

import asyncio
import os
import socket
import sys
import threading
import warnings

from ultimus_host.client import LinkClient, LinkError
from ultimus_host.web import qr
from ultimus_host.web.app import Hub, make_app
from ultimus_host.web.bridge import Bridge
from ultimus_host.web.guard import KEY_FILE, allowed_hosts, referee_key, secret_folder

WS_MAX_BYTES = 64 * 1024  # a page's frame is a few hundred bytes; uvicorn's default, 16 MB, would be parsed too

WEB_EXTRA = "`ultimus serve` needs the web extra: pip install -e '.[web]' (make test installs it)"


class ServeError(Exception):
    """What keeps the server from starting, in words."""


def lan_address():
    """This machine's address on its network (the one a phone on the same Wi-Fi reaches); 127.0.0.1 without one.
    A UDP socket's connect sends nothing: it only asks the system which address would be used."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def default_key_dir():
    """Where serve keeps the referee's key for a box on USB (a virtual box's folder keeps its own)."""
    return os.path.join(os.path.expanduser("~"), ".ultimus-box", "serve")


def listen(host, port):
    """A listening TCP socket on host:port, or ServeError in words (taken, or not this machine's address)."""
    s = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((host, port))
        s.listen(64)
    except OSError as exc:
        s.close()
        raise ServeError("cannot serve on %s port %d: %s" % (host, port, exc.strerror or exc)) from None
    s.set_inheritable(True)
    return s


def check_free(host, port):
    """ServeError, in words, if the address cannot be bound (taken, or not this machine's)."""
    s = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((host, port))
    except OSError as exc:
        raise ServeError("cannot serve on %s port %d: %s" % (host, port, exc.strerror or exc)) from None
    finally:
        s.close()


class VirtualBoxThread:
    """A virtual box with its game in a folder, run on a thread of its own (its own asyncio loop)."""

    def __init__(self, state_dir, seed=None):
        from ultimus_host.virtualbox import VirtualBox

        self.vbox = VirtualBox(state_dir, seed)
        self.loop = asyncio.new_event_loop()
        self.task = self.loop.create_task(self.vbox.run(None))
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        try:
            self.loop.run_until_complete(self.task)
        except asyncio.CancelledError:
            rest = asyncio.all_tasks(self.loop)  # the box's own tasks: cancelled and waited for
            for t in rest:
                t.cancel()
            self.loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
        self.loop.close()

    def stop(self):
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(5)


class Server:
    """The parts of a running `ultimus serve`: the box (virtual or not), its link, the bridge, the web app."""

    def __init__(self, state_dir=None, box_port=None, host="127.0.0.1", port=8000, seed=None, say=print, key_dir=None):
        """key_dir: where the referee's key is kept (default: the virtual box's folder, or ~/.ultimus-box/serve for
        a box on USB)."""
        self.host, self.port, self.say = host, port, say
        self.boxthread = None
        if state_dir is not None:
            secret_folder(state_dir)  # the journal (its seed) and the tokens: the owner's only
        key_dir = key_dir or state_dir or default_key_dir()
        self.key, self.key_file = referee_key(key_dir), os.path.join(key_dir, KEY_FILE)
        if box_port is None:
            self.boxthread = VirtualBoxThread(state_dir, seed)
            box_port = self.boxthread.vbox.path
        try:
            self.client = LinkClient(box_port, token_folder=state_dir)
        except LinkError as exc:
            self.stop()
            raise ServeError(exc.message) from None
        shown = lan_address() if host in ("0.0.0.0", "::") else host  # where the phones reach it
        self.url = "http://%s:%d" % ("[%s]" % shown if ":" in shown else shown, port)
        self.referee_path = "/referee/%s" % self.key
        self.referee_url = self.url + self.referee_path
        self.hub = Hub()
        vbox = self.boxthread.vbox if self.boxthread else None
        self.bridge = Bridge(self.client, state_dir, vbox, self.url, self.hub.publish_from_thread, say)
        self.bridge.on_seats = self.show_seats
        self.app = make_app(self.bridge, self.hub, self.key, allowed_hosts(host, port, (shown,)))
        self.thread = threading.Thread(target=self.bridge.run, daemon=True)

    def show_seats(self, tokens, names):
        """The seats' QR codes in this terminal after a new game (a terminal only: never into a log file)."""
        for name, token in zip(names, tokens):
            caption = "%s's page (that player's phone scans it):" % name
            qr.terminal("%s/seat/%s" % (self.url, token), caption, self.say)

    def start(self):
        """The bridge's thread, and the box asked where it stands before any page is served: a phone that comes
        back as the server starts again finds its seat (not a 403 for a token not yet known)."""
        self.thread.start()
        self.bridge.ready.wait(15)

    def stop(self):
        if getattr(self, "bridge", None) is not None:
            self.bridge.stop()
            self.thread.join(2) if self.thread.is_alive() else None
        if getattr(self, "client", None) is not None:
            self.client.close()
        if self.boxthread is not None:
            self.boxthread.stop()
            self.boxthread = None

    def show_referee(self):
        """The referee's URL in this terminal, as text and as a QR code: whoever holds it referees."""
        if not sys.stdout.isatty():  # a log file or a pipe: never the key itself
            self.say("the referee's page: %s/referee/ followed by the key in %s" % (self.url, self.key_file))
            return
        self.say("the referee's page (keep it to yourself: it holds the referee's key): %s" % self.referee_url)
        qr.terminal(self.referee_url, "the referee's page as a QR code (the referee's phone scans it):", self.say)

    def sockets(self):
        """The listening sockets: the address served on and, when that is not the loopback, localhost too (the
        machine that serves opens http://localhost:PORT); ServeError for an address that cannot be bound."""
        out = [listen(self.host, self.port)]
        if self.host not in ("127.0.0.1", "localhost", "0.0.0.0", "::", "::1"):
            try:
                out.append(listen("127.0.0.1", self.port))
            except ServeError as exc:
                self.say("%s: this machine opens %s instead of localhost" % (exc, self.url))
        return out

    def uvicorn_config(self):
        import uvicorn

        # uvicorn imports its legacy WebSocket module whatever is chosen, and warns about it: not the table's business
        warnings.filterwarnings("ignore", message="The `websockets` implementation is deprecated")

        return uvicorn.Config(
            self.app,
            host=self.host,
            port=self.port,
            access_log=False,
            log_level="warning",
            ws="websockets",
            ws_max_size=WS_MAX_BYTES,
        )


def serve_command(port=8000, state_dir=None, box_port=None, host=None, say=print):
    """Run `ultimus serve` until Ctrl-C; ServeError for what keeps it from starting."""
    try:
        import segno  # noqa: F401
        import uvicorn
    except ImportError:
        raise ServeError(WEB_EXTRA) from None
    from ultimus_host.pcdrivers import FolderInUse

    host = host or lan_address()
    check_free(host, port)
    try:
        server = Server(state_dir, box_port, host, port, say=say)
    except FolderInUse as exc:
        raise ServeError("the virtual box NOT started: %s" % exc) from None
    try:
        sockets = server.sockets()
    except ServeError:
        server.stop()
        raise
    server.start()
    where = "a virtual box in %s" % state_dir if box_port is None else "the box on %s" % box_port
    say(
        "Ultimus serve: the table page is %s/ (%s); Ctrl-C stops (the game stays saved on the box)"
        % (server.url, where)
    )
    server.show_referee()
    try:
        uvicorn.Server(server.uvicorn_config()).run(sockets=sockets)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    say("Ultimus serve stopped")
