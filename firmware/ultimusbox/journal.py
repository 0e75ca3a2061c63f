"""The game on flash: an append-only journal of checksummed records, read as a stream.

The file holds one header record (the journal's format, the game's name,
its set-up and the box's own settings) and then one record per accepted action, each a line
"CHECKSUM JSON\\n" with CHECKSUM the FNV-1a of the JSON bytes. A power cut can
only tear the last line; reading stops at the first record whose checksum or
JSON is bad, and keep() rewrites the file with the good records only, so
later records never follow garbage. A new game replaces the file atomically
(the storage driver writes a temporary file and renames it).

The file is only ever read line by line: a long game's journal is far
bigger than what the Pico could hold in its heap at once.

Formats: 1 (0.1.0) wrote {"setup", "box"} and meant ULTIMUS; 2 adds
"format", "game" and "version". A journal this firmware cannot read (a newer
format, a game it does not referee) is never truncated nor deleted:
move_aside() keeps it under another name for a newer firmware or a host.
"""

import json

from referee.digest import fnv1a

FILE = "game.jnl"
FORMAT = 2
ASIDE = "game-%d.jnl"  # where refused journals are kept


def encode(obj):
    body = json.dumps(obj).encode()
    return ("%08x " % fnv1a(body)).encode() + body + b"\n"


def decode(line):
    """The object of a good record (a complete line), or None for a torn or corrupt one."""
    if not line.endswith(b"\n"):
        return None  # the write never finished
    line = line[:-1]
    if len(line) < 10 or line[8:9] != b" ":
        return None
    body = line[9:]
    try:
        if int(line[:8], 16) != fnv1a(body):
            return None
        return json.loads(body.decode())
    except Exception:  # bad hex, bad UTF-8 or bad JSON: all mean a torn record
        return None


class Journal:
    """The list-like log the Game appends to; it lives on the storage driver."""

    def __init__(self, storage, name=FILE):
        self.storage = storage
        self.name = name
        self.count = 0
        self.replaying = False  # while the saved game replays: count the actions, write nothing

    def start(self, header):
        self.storage.replace_lines(self.name, [encode({"header": header})])
        self.count = 0

    def append(self, action):
        if not self.replaying:
            self.storage.append(self.name, encode(action))
        self.count += 1

    def __len__(self):
        return self.count

    def header(self):
        """The saved game's header, or None (no file, or a broken first record)."""
        for line in self.storage.read_lines(self.name):
            record = decode(line)
            if isinstance(record, dict) and isinstance(record.get("header"), dict):
                return record["header"]
            return None
        return None

    def __iter__(self):
        """The good action records, in order, up to the first torn or corrupt one."""
        first = True
        for line in self.storage.read_lines(self.name):
            if first:
                first = False
                continue
            record = decode(line)
            if not isinstance(record, dict):
                return
            yield record

    def lines(self):
        """How many lines follow the header, good or not."""
        n = -1
        for _ in self.storage.read_lines(self.name):
            n += 1
        return max(n, 0)

    def keep(self, count):
        """Rewrite the file with the header and the first `count` records (after a torn write)."""
        def good_lines():
            n = 0
            for line in self.storage.read_lines(self.name):
                if n > count:
                    return
                yield line
                n += 1

        self.storage.replace_lines(self.name, good_lines())
        self.count = count

    def page(self, start, count):
        out = []
        for i, record in enumerate(self):
            if i >= start + count:
                break
            if i >= start:
                out.append(record)
        return out

    def exists(self):
        for _ in self.storage.read_lines(self.name):
            return True
        return False

    def move_aside(self):
        """Keep the whole file under a free name game-N.jnl (copy, then remove); returns that name."""
        aside = self.copy_aside()
        self.storage.remove(self.name)
        self.count = 0
        return aside

    def copy_aside(self):
        """A copy of the whole file under a free name game-N.jnl; returns that name."""
        n = 1
        while True:
            aside = ASIDE % n
            taken = False
            for _ in self.storage.read_lines(aside):
                taken = True
                break
            if not taken:
                break
            n += 1
        self.storage.replace_lines(aside, self.storage.read_lines(self.name))
        return aside

    def clear(self):
        self.storage.remove(self.name)
        self.count = 0


def game_of(header, known):
    """The game a header names, or Illegal's (code, message) pair saying why this firmware cannot resume it."""
    fmt = header.get("format", 1)
    if type(fmt) is not int or fmt < 1:
        return None, ("bad_journal", "the saved game's header has no readable format")
    if fmt > FORMAT:
        return None, ("unknown_format", "the saved game was written in journal format %d by firmware %s; "
                      "this firmware reads formats 1 to %d: a newer firmware resumes it" % (
                          fmt, header.get("version", "?"), FORMAT))
    name = header.get("game", "ultimus") if fmt > 1 else "ultimus"
    if name not in known:
        return None, ("unknown_game", "the saved game is %r, which this box does not referee" % (name,))
    return name, None
