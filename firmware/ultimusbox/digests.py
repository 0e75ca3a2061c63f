"""The running game's digests for the link: each computed once per state, in pieces.

A digest (referee.digest) hashes the canonical text of a state. On the Pico
both of them (the full one and the public one) took 35-40 ms: computed in one
go inside the box's only event loop, no press was handled and no frame drawn
meanwhile, and a host checking the digest after every action paid it again
and again. Here:

- a digest is kept until the state changes (Shell.changes counts every
  apply, new game, resume and end), so a second request costs nothing;
- it is computed by a generator that yields between pieces: first a copy
  of the state (JSON, in C: later changes never reach it, so the digest is
  the one of the state when it was asked), then its canonical text value by
  value, then the hash SLICE bytes at a time. The link runs the pieces
  while the loop goes on (ultimusbox.link);
- where they take far less than a turn (a PC: well under a millisecond,
  where a Pico takes 35-40 ms), the link asks for them at once, and so does
  `now()`: computed from the state itself, no copy and no pieces (at_once).

The text and hash are exactly referee.digest's (tests compare them on many
states of every game).
"""

import json

from referee.digest import FNV_OFFSET, FNV_PRIME, canonical, digest

SLICE = 128  # bytes hashed per piece (about 1 ms on a Pico)
DEPTH = 2  # the levels of the state whose values are written one piece each

FULL = "digest"
PUBLIC = "public"


def _parts(obj, out, depth):
    """canonical(obj, out), yielding after each value of its first `depth` levels."""
    t = type(obj)
    if depth == 0 or (t is not dict and t is not list and t is not tuple):
        canonical(obj, out)
        yield
        return
    if t is dict:
        out.append("{")
        first = True
        for key in sorted(obj):
            if not first:
                out.append(",")
            first = False
            out.append(key)
            out.append(":")
            yield from _parts(obj[key], out, depth - 1)
        out.append("}")
        return
    out.append("[")
    for i in range(len(obj)):
        if i:
            out.append(",")
        yield from _parts(obj[i], out, depth - 1)
    out.append("]")


def snapshot(obj):
    """A copy of a state that later changes never reach (JSON, in C; its canonical text is the same)."""
    return json.loads(json.dumps(obj))


def pieces(copy):
    """A generator whose return value is referee.digest.digest(copy): it yields between pieces,
    so `copy` must not change meanwhile (a snapshot())."""
    out = []
    yield from _parts(copy, out, DEPTH)
    data = memoryview("".join(out).encode())
    out = None
    h = FNV_OFFSET
    for start in range(0, len(data), SLICE):
        for byte in data[start : start + SLICE]:
            h = ((h ^ byte) * FNV_PRIME) & 0xFFFFFFFF
        yield
    return "%08x" % h


def run(gen):
    """Every piece of a generator at once; its return value."""
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


class Digests:
    """The digests of the shell's running game, kept until its state changes."""

    def __init__(self, shell):
        self.shell = shell
        self.game = None
        self.changes = -1
        self.values = {}  # FULL / PUBLIC -> 8 hex digits, for (game, changes)
        self.computed = 0  # digests computed so far (tests count them)

    def _valid(self, game):
        shell = self.shell
        if self.game is not game or self.changes != shell.changes:
            self.game, self.changes, self.values = game, shell.changes, {}
        return self.values

    def job(self, game, full=True, public=True, at_once=False):
        """A generator that returns (full digest, public digest) of the game's state when it starts
        (None for one not asked), computing in pieces only what is not known.

        at_once: compute them before the first piece, from the state itself (referee.digest: no copy, as
        nothing can change it meanwhile): for a port that computes them in far less than a turn."""
        values = self._valid(game)
        changes = self.changes
        found = {}
        copies = {}  # both taken at once: the two digests are of one state
        for which in (FULL if full else None, PUBLIC if public else None):
            if which is not None:
                found[which] = values.get(which)
                if found[which] is None:
                    state = game.state if which == FULL else game.public_view()
                    if at_once:
                        found[which] = values[which] = digest(state)
                        self.computed += 1
                    else:
                        copies[which] = snapshot(state)
        for which in copies:
            yield
            found[which] = yield from pieces(copies[which])
            self.computed += 1
            if self.game is game and self.changes == changes:
                values[which] = found[which]  # kept only if the state did not change meanwhile
        return found.get(FULL), found.get(PUBLIC)

    def now(self, game, full=True, public=True):
        """The same at once: for what cannot wait (a checkpoint, the virtual box's screen)."""
        return run(self.job(game, full, public, True))
