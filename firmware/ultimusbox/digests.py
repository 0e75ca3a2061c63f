"""The running game's digests for the link: each computed once per state, and kept.

A digest (referee.digest) hashes the state's sorted JSON with SHA-256 in C,
writing each top-level value with json.dumps: on a Pico both digests of a
reply (the full one and the public one) take a few ms, where the FNV-1a
digest of 0.2.0 took 35-40 ms and had to be computed in pieces between the
loop's other jobs. So they are computed from the state itself when a reply
first needs them (each in a loop turn of its own: ultimusbox.link), and
kept until the state changes (Shell.changes
counts every apply, new game, resume and end): a second request on the same
state costs nothing.
"""

from referee.digest import digest

FULL = "digest"
PUBLIC = "public"


class Digests:
    """The digests of the shell's running game, kept until its state changes."""

    def __init__(self, shell):
        self.shell = shell
        self.game = None
        self.changes = -1
        self.full = None  # 8 hex digits, for (game, changes); None: not computed yet
        self.public = None
        self.computed = 0  # digests computed so far (tests count them)

    def kept(self, game, full):
        """Whether the full (full=True) or the public digest of the game's state now is kept."""
        if self.game is not game or self.changes != self.shell.changes:
            return False
        return (self.full if full else self.public) is not None

    def now(self, game, full=True, public=True):
        """(full digest, public digest) of the game's state (None for one not asked)."""
        shell = self.shell
        if self.game is not game or self.changes != shell.changes:
            self.game, self.changes, self.full, self.public = game, shell.changes, None, None
        if full and self.full is None:
            self.full = digest(game.state)
            self.computed += 1
        if public and self.public is None:
            self.public = digest(game.public_view())
            self.computed += 1
        return (self.full if full else None), (self.public if public else None)
