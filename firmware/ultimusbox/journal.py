"""The game on flash: an append-only journal of checksummed records.

The file holds one header record (the game's set-up and the box's own
settings) and then one record per accepted action, each a line
"CHECKSUM JSON\\n" with CHECKSUM the FNV-1a of the JSON bytes. A power cut can
only tear the last line; loading stops at the first record whose checksum or
JSON is bad, keeps what came before and rewrites the file without the torn
tail, so later records never follow garbage. A new game replaces the file
atomically (the storage driver writes a temporary file and renames it).
"""

import json

from ultimus.digest import fnv1a

FILE = "game.jnl"


def encode(obj):
    body = json.dumps(obj).encode()
    return ("%08x " % fnv1a(body)).encode() + body + b"\n"


def decode(line):
    """The object of a good record, or None for a torn or corrupt one."""
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

    def __init__(self, storage):
        self.storage = storage
        self.count = 0

    def start(self, header):
        self.storage.replace(FILE, encode({"header": header}))
        self.count = 0

    def append(self, action):
        self.storage.append(FILE, encode(action))
        self.count += 1

    def __len__(self):
        return self.count

    def _records(self):
        data = self.storage.read(FILE)
        if not data:
            return None, [], False
        lines = data.split(b"\n")
        torn = lines[-1] != b""  # a complete journal ends with a newline
        header = decode(lines[0])
        if not isinstance(header, dict) or not isinstance(header.get("header"), dict):
            return None, [], True
        actions = []
        for i in range(1, len(lines) - 1):
            record = decode(lines[i])
            if not isinstance(record, dict):
                return header["header"], actions, True
            actions.append(record)
        return header["header"], actions, torn

    def load(self):
        """(header, actions) of the saved game, or (None, []) if there is none."""
        header, actions, damaged = self._records()
        if header is None:
            if damaged:
                self.storage.remove(FILE)
            return None, []
        if damaged:
            self.rewrite(header, actions)
        self.count = len(actions)
        return header, actions

    def rewrite(self, header, actions):
        """Keep only the given records (after a torn write, or a refused replay)."""
        parts = [encode({"header": header})]
        for a in actions:
            parts.append(encode(a))
        self.storage.replace(FILE, b"".join(parts))
        self.count = len(actions)

    def __iter__(self):
        return iter(self._records()[1])

    def page(self, start, count):
        return self._records()[1][start:start + count]

    def clear(self):
        self.storage.remove(FILE)
        self.count = 0
