"""The host's side of the link: requests to a box (real or virtual) over pyserial.

LinkClient sends a request and returns its response, collecting the events
that came before it. Its request ids carry a random prefix, so that two
hosts on one link never take each other's replies. Lockstep keeps a local
copy of the rules core in step with the box and stops at the first digest
that differs; it needs the referee's eye (docs/protocol.md, "Eyes"): the
token from new_game's reply, or the one a virtual box keeps in its folder.
close() gives the eye back: the link is a spectator's when this program goes.
"""

import json
import os
import time

import serial

from referee import engine
from referee.errors import Illegal
from ultimusbox import games

TOKENS_FILE = "tokens.json"  # what a virtual box keeps in its folder: {game id: referee token}


class LinkError(Exception):
    """The box refused a request, or did not answer."""

    def __init__(self, code, message):
        Exception.__init__(self, "%s: %s" % (code, message))
        self.code = code
        self.message = message


class LinkClient:
    def __init__(self, port, timeout=5.0, token_folder=None):
        """token_folder: where a virtual box on this PC keeps its referee tokens, if not in its own default
        folder (virtual_token): a box started with --state DIR keeps them in DIR."""
        self.token_folder = token_folder
        try:
            self.serial = serial.Serial(port, 115200, timeout=0.05)
        except (serial.SerialException, OSError) as exc:
            raise LinkError("no_port", "cannot open %s: %s" % (port, _why_not(exc))) from exc
        self.timeout = timeout
        self.next_id = 0
        self.prefix = os.urandom(4).hex()  # this host's replies, not another host's on the same link
        self.events = []
        self.buffer = b""
        self.tokens = {}  # from new_game replies: "referee" and the seats'

    def close(self):
        """Give the link's eye back (a spectator's: the box cannot see the port close, and the next program on
        it must not find the referee's or a seat's eye), then close the port."""
        self.give_back()
        self.serial.close()

    def give_back(self):
        """The link a spectator's again ({"op": "auth"}); a box that is gone or has no game: nothing to give."""
        timeout, self.timeout = self.timeout, min(self.timeout, 1.0)
        try:
            self.request("auth")
        except LinkError:
            pass
        finally:
            self.timeout = timeout

    def _lines(self, deadline):
        while time.monotonic() < deadline:
            try:
                data = self.serial.read(max(1, self.serial.in_waiting))  # returns as soon as a byte is there
            except (serial.SerialException, OSError) as exc:
                raise LinkError("disconnected", "the box went away: %s" % exc) from exc
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
        rid = "%s-%d" % (self.prefix, self.next_id)
        args.update(id=rid, op=op)
        try:
            self.serial.write(json.dumps(args).encode() + b"\n")
        except (serial.SerialException, OSError) as exc:
            raise LinkError("disconnected", "the box went away: %s" % exc) from exc
        for msg in self._lines(time.monotonic() + self.timeout):
            if not isinstance(msg, dict):
                continue
            if "ev" in msg:
                self.events.append(msg["ev"])
            elif msg.get("id") == rid:
                if op == "new_game" and msg.get("ok"):
                    self.tokens = {"referee": msg.get("referee"), "seats": msg.get("seats")}
                return msg
        raise LinkError("timeout", "no answer to %s within %.0f s" % (op, self.timeout))

    def call(self, op, **args):
        """Like request, but a refusal raises LinkError."""
        reply = self.request(op, **args)
        if not reply.get("ok"):
            error = reply.get("error") or {}
            raise LinkError(error.get("code", "error"), error.get("message", ""))
        return reply

    def auth(self, token):
        """Prove to the box to be the referee or a seat; returns the link's eye."""
        return self.call("auth", token=token)["eye"]

    def poll_events(self, seconds=0.1):
        for msg in self._lines(time.monotonic() + seconds):
            if isinstance(msg, dict) and "ev" in msg:
                self.events.append(msg["ev"])
        out, self.events = self.events, []
        return out

    def full_log(self):
        """(setup, actions) of the box's game, page by page, as this link's eye may read them."""
        setup, actions, _, _ = self.full_log_of_game()
        return setup, actions

    def full_log_of_game(self):
        """(setup, actions, eye, the name of the game played, as the box's registry names it)."""
        actions = []
        while True:
            page = self.call("log", **{"from": len(actions)})
            actions += page["actions"]
            if len(actions) >= page["total"] or not page["actions"]:
                return page["setup"], actions, page.get("eye"), page.get("playing") or games.DEFAULT  # 0.1.0 names none


def _why_not(exc):
    """Why a port could not be opened, in words: pyserial's message may end in the system's tuple
    ("(25, 'Inappropriate ioctl for device')"), which says only that the file is no serial port."""
    text = str(exc)
    if "Inappropriate ioctl" in text or getattr(exc, "errno", None) == 25:
        return "it is not a serial port"
    return getattr(exc, "strerror", None) or text


def virtual_token(game_id, folder=None):
    """The referee token a virtual box on this PC keeps for a game (None if it has none)."""
    if folder is None:
        folder = os.path.join(os.path.expanduser("~"), ".ultimus-box", "virtual")
    try:
        with open(os.path.join(folder, TOKENS_FILE)) as f:
            return json.load(f).get(game_id)
    except (OSError, ValueError, AttributeError):
        return None


def rules_of(name):
    """The rules of a game the box referees (by its name in the box's registry), None for one it does not."""
    return games.rules_of(name) if games.find(name) else None


class DigestMismatch(Exception):
    pass


class Lockstep:
    """A local copy of the core that follows the box action by action (the referee's path)."""

    def __init__(self, client, token=None):
        self.client = client
        token = token or client.tokens.get("referee")
        if token is None:
            token = virtual_token(client.call("state")["game"], client.token_folder)  # hello: a spectator again
        if token is not None:
            client.auth(token)
        setup, actions, eye, playing = client.full_log_of_game()
        if eye != "referee":
            raise LinkError(
                "not_referee",
                "lockstep replays the full log, which only the game's referee reads: "
                "give the referee token (new_game's reply), or ask with auth claim and press MODE "
                "on the box",
            )
        rules = rules_of(playing)
        if rules is None:
            raise LinkError("unknown_game", "the box plays %r, which this host does not know: update it" % playing)
        try:
            self.game = engine.replay(rules, setup, actions)
        except Illegal as exc:
            raise DigestMismatch("the box's log does not replay on the host: %s" % exc.message) from None
        self.check()

    def _compare(self, remote):
        if remote["actions"] != len(self.game.log) or remote["digest"] != self.game.digest():
            return "the box has %s actions, digest %s; the host has %d, digest %s" % (
                remote["actions"],
                remote["digest"],
                len(self.game.log),
                self.game.digest(),
            )
        if "public" in remote and remote["public"] != self.game.public_digest():
            return "the box's public digest is %s, the host's %s" % (remote["public"], self.game.public_digest())
        return None

    def check(self):
        """Compare digests; if the box is ahead (another host or a button applied an action),
        catch up first, and only a difference that remains breaks the lockstep."""
        remote = self.client.call("digest")
        problem = self._compare(remote)
        if problem is not None and remote["actions"] > len(self.game.log):
            return self.catch_up()
        if problem is not None:
            raise DigestMismatch(problem)
        return remote["digest"]

    def catch_up(self):
        """Take over actions the box applied by itself (button presses, another host), then compare."""
        setup, actions = self.client.full_log()
        if setup != self.game.setup or actions[: len(self.game.log)] != list(self.game.log):
            raise DigestMismatch("the box's log no longer starts with the host's: a new game?")
        for action in actions[len(self.game.log) :]:
            self.game.apply(action)
        remote = self.client.call("digest")
        problem = self._compare(remote)
        if problem is not None:
            raise DigestMismatch(problem)
        return remote["digest"]

    def apply(self, action):
        """Apply on the box and locally; refused on the box means refused locally too.

        The box may be ahead (another host applied an action first): then the host catches up
        and judges the action on the caught-up game before it speaks of a broken lockstep."""
        reply = self.client.request("apply", action=action)
        if reply.get("ok") and reply.get("actions") != len(self.game.log) + 1:
            self.catch_up_to(reply["actions"] - 1)
        elif not reply.get("ok"):
            remote = self.client.call("digest")
            if remote["actions"] > len(self.game.log):
                self.catch_up()
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
        if reply["actions"] != len(self.game.log) or reply["digest"] != self.game.digest():
            raise DigestMismatch(
                "after %r the box's digest is %s, the host's %s" % (action, reply["digest"], self.game.digest())
            )
        return reply

    def catch_up_to(self, count):
        """Apply the box's actions up to `count` (those others applied before ours)."""
        setup, actions = self.client.full_log()
        if actions[: len(self.game.log)] != list(self.game.log):
            raise DigestMismatch("the box's log no longer starts with the host's: a new game?")
        for a in actions[len(self.game.log) : count]:
            self.game.apply(a)


__all__ = ["LinkClient", "LinkError", "Lockstep", "DigestMismatch", "virtual_token"]
