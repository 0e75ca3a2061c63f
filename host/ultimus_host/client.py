"""The host's side of the link: requests to a box (real or virtual) over pyserial.

LinkClient sends a request and returns its response, collecting the events
that came before it. Lockstep keeps a local copy of the rules core in step
with the box and stops at the first digest that differs.
"""

import json
import time

import serial

from ultimus.game import Game, replay
from ultimus.errors import Illegal


class LinkError(Exception):
    """The box refused a request, or did not answer."""

    def __init__(self, code, message):
        Exception.__init__(self, "%s: %s" % (code, message))
        self.code = code
        self.message = message


class LinkClient:
    def __init__(self, port, timeout=5.0):
        try:
            self.serial = serial.Serial(port, 115200, timeout=0.05)
        except (serial.SerialException, OSError) as exc:
            raise LinkError("no_port", "cannot open %s: %s" % (port, exc))
        self.timeout = timeout
        self.next_id = 0
        self.events = []
        self.buffer = b""

    def close(self):
        self.serial.close()

    def _lines(self, deadline):
        while time.monotonic() < deadline:
            try:
                data = self.serial.read(max(1, self.serial.in_waiting))  # returns as soon as a byte is there
            except (serial.SerialException, OSError) as exc:
                raise LinkError("disconnected", "the box went away: %s" % exc)
            if data:
                self.buffer += data
            while b"\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n", 1)
                try:
                    yield json.loads(raw)
                except ValueError:
                    continue

    def request(self, op, **args):
        """The response of one request (ok or not); events before it go to self.events."""
        self.next_id += 1
        rid = self.next_id
        args.update(id=rid, op=op)
        self.serial.write(json.dumps(args).encode() + b"\n")
        for msg in self._lines(time.monotonic() + self.timeout):
            if not isinstance(msg, dict):
                continue
            if "ev" in msg:
                self.events.append(msg["ev"])
            elif msg.get("id") == rid:
                return msg
        raise LinkError("timeout", "no answer to %s within %.0f s" % (op, self.timeout))

    def call(self, op, **args):
        """Like request, but a refusal raises LinkError."""
        reply = self.request(op, **args)
        if not reply.get("ok"):
            error = reply.get("error") or {}
            raise LinkError(error.get("code", "error"), error.get("message", ""))
        return reply

    def poll_events(self, seconds=0.1):
        for msg in self._lines(time.monotonic() + seconds):
            if isinstance(msg, dict) and "ev" in msg:
                self.events.append(msg["ev"])
        out, self.events = self.events, []
        return out

    def full_log(self):
        """(setup, actions) of the box's game, page by page."""
        actions = []
        while True:
            page = self.call("log", **{"from": len(actions)})
            actions += page["actions"]
            if len(actions) >= page["total"] or not page["actions"]:
                return page["setup"], actions


class DigestMismatch(Exception):
    pass


class Lockstep:
    """A local copy of the core that follows the box action by action."""

    def __init__(self, client):
        self.client = client
        setup, actions = client.full_log()
        self.game = replay(setup, actions)
        self.check()

    def check(self):
        remote = self.client.call("digest")
        if remote["actions"] != len(self.game.log) or remote["digest"] != self.game.digest():
            raise DigestMismatch("the box has %s actions, digest %s; the host has %d, digest %s" % (
                remote["actions"], remote["digest"], len(self.game.log), self.game.digest()))
        return remote["digest"]

    def catch_up(self):
        """Take over actions the box applied by itself (button presses), then compare."""
        setup, actions = self.client.full_log()
        if setup != self.game.setup or actions[:len(self.game.log)] != list(self.game.log):
            raise DigestMismatch("the box's log no longer starts with the host's: a new game?")
        for action in actions[len(self.game.log):]:
            self.game.apply(action)
        return self.check()

    def apply(self, action):
        """Apply on the box and locally; refused on the box means refused locally too."""
        reply = self.client.request("apply", action=action)
        try:
            self.game.apply(action)
            local = None
        except Illegal as exc:
            local = exc.code
        if not reply.get("ok"):
            code = reply["error"]["code"]
            if local is None:
                raise DigestMismatch("the box refused %r (%s) but the host accepted it" % (action, code))
            raise LinkError(code, reply["error"]["message"])
        if local is not None:
            raise DigestMismatch("the box accepted %r but the host refused it (%s)" % (action, local))
        if reply["digest"] != self.game.digest():
            raise DigestMismatch("after %r the box's digest is %s, the host's %s" % (
                action, reply["digest"], self.game.digest()))
        return reply


__all__ = ["LinkClient", "LinkError", "Lockstep", "DigestMismatch", "Game"]
