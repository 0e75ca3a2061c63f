"""Seats that join by presence, for the bridge's thread: a phone takes a seat by its station's SHOUT on the box.

A phone on the public table page asks for a seat (`join`); the bridge asks the box to pair (`pair` on the
link, docs/protocol.md): the box's next SHOUT at a station whose seat has no phone yet is the proof, and the
box answers with that seat and a fresh token for it (event `paired`, whose token only the referee's link
hears), which goes to the one phone that asked, never to a shared screen. One phone pairs at a time; the
others wait their turn in order. The referee hands a seat to another phone (`renew`: a fresh token, the old
phone's page is gone, the seat may pair again). The box keeps which seats have a phone (`state`'s tokens).
"""

import time

from ultimus_host.client import LinkError
from ultimus_host.narrate import who

PRESS_NOW = "press SHOUT at your station on the box now"
WAIT_TURN = "another phone is taking its seat: yours is next"
NO_GAME = "no game is being played yet: the referee starts one"
ALL_TAKEN = "every seat of this game has its phone: the referee can hand one to this phone"
NO_SHOUT = "no SHOUT came in time: ask again"
ONE_AT_A_TIME = "a phone at this address already waits for a seat: one at a time"
WAIT_S = 30  # how long a phone's pairing waits (the box's own window, ultimusbox.shell.PAIR_MS)


class Seating:
    """The phones waiting for a seat (their `tell` callables, in order) and the one the box pairs now."""

    def __init__(self, bridge):
        self.bridge = bridge
        self.waiting = []  # tell callables of the phones that asked, in order
        self.now = None  # the phone the box pairs now
        self.until = 0.0  # when its pairing lapses (time.monotonic)
        self.paired = []  # per seat: whether a phone took it by its SHOUT (the box's word, from `state`)

    def join(self, tell):
        if tell is self.now or tell in self.waiting:
            return
        address = getattr(tell, "address", None)
        if address is not None and any(getattr(t, "address", None) == address for t in [self.now] + self.waiting):
            tell({"text": ONE_AT_A_TIME, "done": True})  # a script's many sockets would take every turn
            return
        self.waiting.append(tell)
        self.next()

    def opened(self, seat):
        """A seat's page opened by its code (a QR code, the URL typed): that seat has its phone, as the box keeps
        it, and no SHOUT pairs another phone with it from now on."""
        if seat < len(self.paired) and self.paired[seat]:
            return
        answer = self.bridge.client.request("pair", p=seat)
        if answer.get("ok"):
            while len(self.paired) <= seat:
                self.paired.append(False)
            self.paired[seat] = True

    def cancel(self, tell):
        if tell in self.waiting:
            self.waiting.remove(tell)
        if tell is self.now:
            self.now = None
            try:
                self.bridge.client.request("pair", cancel=True)
            except LinkError as exc:
                if exc.code == "disconnected":
                    raise
            self.next()

    def next(self):
        """The first waiting phone's pairing asked of the box, if none runs; the others told to wait."""
        bridge = self.bridge
        while self.now is None and self.waiting:
            tell = self.waiting.pop(0)
            if bridge.game is None:
                tell({"text": NO_GAME, "done": True})
                continue
            if self.paired and all(self.paired):
                tell({"text": ALL_TAKEN, "done": True})
                continue
            answer = bridge.client.request("pair")
            if not answer.get("ok"):
                error = answer.get("error") or {}
                tell({"text": "the box cannot pair now: %s" % error.get("message", error.get("code")), "done": True})
                continue
            self.now, self.until = tell, time.monotonic() + WAIT_S
            tell({"text": PRESS_NOW})
        for tell in self.waiting:
            tell({"text": WAIT_TURN})

    def tick(self):
        """A pairing that lapsed: the box asked to wait no more, the phone told, the next one's turn."""
        if self.now is not None and time.monotonic() > self.until:
            tell = self.now
            self.cancel(tell)
            tell({"text": NO_SHOUT, "done": True})

    def heard(self, e):
        """The box's answer to a pairing: `paired` (a seat and its fresh token) or `pair_over` (none came)."""
        kind = e.get("e")
        if kind not in ("paired", "pair_over"):
            return
        tell, self.now = self.now, None
        token = (e.get("hidden") or {}).get("token")
        seat = e.get("p")
        if kind == "paired" and type(seat) is int and isinstance(token, str):
            tokens = list(self.bridge.seat_tokens)
            if 0 <= seat < len(tokens):
                tokens[seat] = token
                self.bridge.set_tokens(tokens)
            while len(self.paired) <= seat:
                self.paired.append(False)
            self.paired[seat] = True
            if tell is not None:
                name = who(seat, self.bridge.stations)
                tell({"text": "you are %s" % name, "seat": "/seat/%s" % token, "done": True})
        elif tell is not None:
            tell({"text": NO_SHOUT, "done": True})
        self.next()

    def hand(self, seat, reply):
        """The referee hands a seat to another phone: a fresh token (the old phone's page is gone), no phone."""
        answer = self.bridge.client.request("renew", p=seat)
        if not answer.get("ok"):
            error = answer.get("error") or {}
            reply("the box refused: %s" % error.get("message", error.get("code", "")))
            return
        tokens = list(self.bridge.seat_tokens)
        if 0 <= seat < len(tokens) and isinstance(answer.get("token"), str):
            tokens[seat] = answer["token"]
            self.bridge.set_tokens(tokens)
        if 0 <= seat < len(self.paired):
            self.paired[seat] = False
        name = who(seat, self.bridge.stations)
        reply("%s's phone is out: another phone takes the seat with 'take a seat' and SHOUT at %s" % (name, name))

    def learn(self, paired):
        """Which seats have a phone, as the box says (`state`)."""
        self.paired = [bool(p) for p in paired] if isinstance(paired, list) else []

    def seats(self):
        """The referee page's list of seats: who each is, and whether a phone took it."""
        count = len(self.bridge.seat_tokens)
        return [
            {"who": who(seat, self.bridge.stations), "paired": seat < len(self.paired) and self.paired[seat]}
            for seat in range(count)
        ]

    def game_changed(self):
        """A new game or none: every phone that waits is told again from the start."""
        waiting = ([self.now] if self.now is not None else []) + self.waiting
        self.now, self.waiting = None, []
        for tell in waiting:
            self.join(tell)
