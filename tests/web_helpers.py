"""`ultimus serve` in a test: a server on a free port of 127.0.0.1 with its virtual box in a folder, pages that
collect every WebSocket frame they are sent, and a driver that plays a game through the pages (the browser
tests and tools/serve_screenshots.py share it)."""

import json
import socket
import threading
import time

import pytest

uvicorn = pytest.importorskip("uvicorn", reason="the web extra (pip install -e '.[web]') is not installed")
ws_client = pytest.importorskip("websockets.sync.client", reason="the web extra is not installed")

from ultimus_host.web.serve import Server  # noqa: E402


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Served:
    """A running `ultimus serve` (its box virtual, in `folder`), stopped by stop() or at the end of a with."""

    def __init__(self, folder, seed=1, port=None):
        self.port = port or free_port()
        self.server = Server(str(folder), None, "127.0.0.1", self.port, seed=seed, say=lambda *a: None)
        self.server.start()
        self.web = uvicorn.Server(self.server.uvicorn_config())
        self.thread = threading.Thread(target=self.web.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.web.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.web.started, "the web server did not start"
        self.url = "http://127.0.0.1:%d" % self.port
        self.referee_url = self.url + self.server.referee_path  # the referee's page (its key in the path)
        self.referee_path = "/ws" + self.server.referee_path  # its socket

    @property
    def bridge(self):
        return self.server.bridge

    def stop(self):
        self.web.should_exit = True
        self.thread.join(5)
        self.server.stop()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class Page:
    """A page's WebSocket: every frame kept (text), the newest page and what was said to it."""

    def __init__(self, served, path, **connect):
        self.ws = ws_client.connect("ws://127.0.0.1:%d%s" % (served.port, path), **connect)
        self.frames, self.latest, self.said, self.other = [], None, [], []
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            for text in self.ws:
                page = json.loads(text)
                with self.changed:
                    self.frames.append(text)
                    if page["kind"] == "said":
                        self.said.append(page["text"])
                    elif page["kind"] in ("ask", "pairing"):  # to this page alone: a question, a pairing's news
                        self.other.append(page)
                    else:
                        self.latest = page
                    self.changed.notify_all()
        except Exception:  # the socket closed: the test reads what came
            pass

    def send(self, **message):
        self.ws.send(json.dumps(message))

    def wait(self, test, seconds=10):
        """The newest page once test(page) holds (AssertionError after `seconds`)."""
        deadline = time.monotonic() + seconds
        with self.changed:
            while not (self.latest is not None and test(self.latest)):
                left = deadline - time.monotonic()
                assert left > 0, "the page never got there: %r" % (self.latest,)
                self.changed.wait(left)
            return self.latest

    def close(self):
        self.ws.close()


def new_game(served, table, **setup):
    """A new game started from the referee's page (`table`: its socket, Page(served, served.referee_path)); the
    seats' tokens once its QR codes are up."""
    table.send(op="new_game", **setup)
    table.wait(lambda p: p.get("qr") and len(p["qr"]) == setup.get("players", 2))
    return list(served.bridge.seat_tokens)


def play(table, seats, rng, until, steps=10000, seconds=240):
    """Play through the pages: a seat with actions picks one at random, else the referee's actions on the referee's
    page (`table`), else the box's CONFIRM; until(its page) ends it. The number of steps taken."""
    deadline = time.monotonic() + seconds
    done = 0
    while done < steps and time.monotonic() < deadline:
        tp = table.latest
        if tp is not None and until(tp):
            return done
        n = tp["n"] if tp else 0
        sp = [s.wait(lambda p, n=n: p["n"] >= n) for s in seats]
        movers = [i for i, p in enumerate(sp) if p["actions"] and p["n"] == n]
        seen = len(table.frames)
        if movers:
            i = rng.choice(movers)
            seats[i].send(op="do", n=n, i=rng.choice(sp[i]["actions"])["i"])
        elif tp and tp["referee"]:
            table.send(op="referee", n=n, i=rng.choice(tp["referee"])["i"])
        else:
            table.send(op="press", button=20)  # CONFIRM: the box's own next step (a countdown...)
        done += 1
        with table.changed:  # the next picture of the table (or a second: a countdown goes on by itself)
            table.changed.wait_for(lambda seen=seen, n=n: len(table.frames) > seen and table.latest["n"] != n, 1.5)
    return done
