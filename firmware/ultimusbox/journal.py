"""The game on flash: an append-only journal of checksummed records, read as a stream.

The file holds one header record (the journal's format, the game's name,
its set-up and the box's own settings) and then one record per accepted action, each a line
"CHECKSUM JSON\\n" with CHECKSUM 8 hex digits: the first 32 bits of the SHA-256 of the JSON
bytes (format 5, in C), or their FNV-1a (the header line, so that an older firmware reads the
header and refuses a newer format by name; every record of formats 1-4, whose Python loop cost
a Pico about 1 ms per record when it resumed a game). A reader accepts either. A power cut can
only tear the last line; reading stops at the first record whose checksum or
JSON is bad, and keep() rewrites the file with the good records only, so
later records never follow garbage. A new game replaces the file atomically
(the storage driver writes a temporary file and renames it).

The file is only ever read line by line: a long game's journal is far
bigger than what the Pico could hold in its heap at once.

Formats: 1 (0.1.0) wrote {"setup", "box"} and meant ULTIMUS; 2 adds
"format", "game" and "version"; 3 adds the game's public "id" and a set-up
that may name its generator ("rng": "sha256"), which an older firmware would
replay wrongly: it refuses format 3 as a newer format. 4 adds a set-up that may name its content
("content": "balanced"), for the same reason. 5 checksums its records with SHA-256. A journal this
firmware cannot read (a newer
format, a game it does not referee) is never truncated nor deleted:
move_aside() keeps it under another name for a newer firmware or a host.

The game's secret tokens (ultimusbox.eyes) are in its header; once a pairing or a seat handed on changed
them, beside it in NAME.tok (ultimusbox.handover.save_tokens): one checksummed record bound to the
journal by its header's checksum, replaced atomically. A journal with neither (written before tokens
were drawn at random) gets fresh tokens when it resumes (ultimusbox.handover).
"""

import hashlib
import json
from binascii import hexlify

from referee.digest import fnv1a
from ultimusbox import jsonpieces

FILE = "game.jnl"
FORMAT = 5
ASIDE = "game-%d.jnl"  # where refused journals are kept
FEED_EVERY = 32  # records read (or copied) between two feeds of the watchdog
CHECKPOINT_EVERY = 100  # actions between two checkpoints of the state (resume replays at most this many)


def checksum(body):
    """The 8 hex digits (bytes) of a format 5 record: the first 32 bits of the body's SHA-256."""
    return hexlify(hashlib.sha256(body).digest()[:4])


def flash_trouble(exc):
    """A failed write of the flash (an OSError) in words for the table and the link: a full flash by
    name, another failure by its number (errno), never the exception's own text."""
    code = exc.args[0] if exc.args and type(exc.args[0]) is int else None
    if code == 28:  # ENOSPC
        return "the flash is full"
    if code is None:
        return "the flash failed"
    return "the flash failed (error %d)" % code


def encode(obj, fnv=False):
    """A record's line; fnv: checksummed with FNV-1a (the header, which older firmware must read)."""
    body = json.dumps(obj).encode()
    return (("%08x" % fnv1a(body)).encode() if fnv else checksum(body)) + b" " + body + b"\n"


def good(line):
    """Whether a line (its newline cut) carries the checksum of its body, of either kind."""
    if len(line) < 10 or line[8:9] != b" ":
        return False
    body = line[9:]
    if checksum(body) == line[:8]:
        return True
    try:
        return int(line[:8], 16) == fnv1a(body)
    except ValueError:
        return False


def decode(line):
    """The object of a good record (a complete line), or None for a torn or corrupt one."""
    if not line.endswith(b"\n"):
        return None  # the write never finished
    line = line[:-1]
    if not good(line):
        return None
    try:
        return json.loads(line[9:].decode())
    except Exception:  # bad UTF-8 or bad JSON: a torn record
        return None


class Journal:
    """The list-like log the Game appends to; it lives on the storage driver."""

    def __init__(self, storage, name=FILE, feed=None):
        """feed: called every FEED_EVERY records read (the watchdog), so that a long read never resets the box."""
        self.storage = storage
        self.name = name
        self.count = 0
        self.replaying = False  # while the saved game replays: count the actions, write nothing
        self.torn = False  # a write failed: the file may end with part of a record, cut before the next
        self.feed = feed
        self.header_sum = None  # the checksum of the header line: what a checkpoint belongs to
        self.checkpoint_file = name + ".ckp"
        self._cursor = None  # (next record, open reader) after a page of the log
        self.read_all = False  # the last records() read to the end of the file, every record good

    def start(self, header):
        self._drop_cursor()
        self.drop_checkpoint()
        self.storage.remove(self.name + ".tok")  # another game's tokens: this one's are in its header
        line = encode({"header": header}, fnv=True)
        self.storage.replace_lines(self.name, [line])
        self.header_sum = line[:8].decode()
        self.count = 0
        self.torn = False

    # --- checkpoints: resume in bounded time -------------------------------------------

    def save_checkpoint(self, state, digest, version):
        """The state after `count` records, with its digest and the firmware that wrote it (a state's
        layout may change between versions), replaced atomically. Only an optimisation: the journal
        alone is the game, so a checkpoint that cannot be written is simply not there."""
        record = {"journal": self.header_sum, "count": self.count, "version": version, "digest": digest, "state": state}
        body = jsonpieces.pieces(record)  # never the whole state's text in one piece of the heap
        h = hashlib.sha256()
        for piece in body:
            h.update(piece)
        self.storage.replace_lines(self.checkpoint_file, [hexlify(h.digest()[:4]) + b" "] + body + [b"\n"])

    def checkpoint(self, version):
        """The checkpoint of this journal by this firmware, or None."""
        for line in self.storage.read_lines(self.checkpoint_file):
            record = decode(line)
            if (
                isinstance(record, dict)
                and record.get("journal") == self.header_sum
                and record.get("version") == version
                and type(record.get("count")) is int
                and isinstance(record.get("state"), dict)
            ):
                return record
            return None
        return None

    def intact(self, count):
        """Whether the first `count` records are whole and match their checksums (not decoded: cheaper
        than a replay), so that a checkpoint never hides a damaged record before it."""
        n = -1
        feed = self.feed
        for line in self.storage.read_lines(self.name):
            n += 1
            if n == 0:
                continue
            if n > count:
                return True
            if feed is not None and n % FEED_EVERY == 0:
                feed()
            if not line.endswith(b"\n") or not good(line[:-1]):
                return False
        return n >= count

    def drop_checkpoint(self):
        self.storage.remove(self.checkpoint_file)

    def append(self, action):
        """One record more; OSError (a full flash) leaves the journal as it was, the file to be repaired."""
        if not self.replaying:
            self._drop_cursor()
            if self.torn:
                self.keep(self.count)  # cut what a failed write left, before a record follows it
                self.torn = False
            try:
                self.storage.append(self.name, encode(action))
            except OSError:
                self.torn = True
                raise
        self.count += 1

    def trusted(self):
        """The records the game holds (the first `count`): what a rebuild replays."""
        n = 0
        for record in self.records():
            if n >= self.count:
                return
            yield record
            n += 1

    def __len__(self):
        return self.count

    def header(self):
        """The saved game's header, or None (no file, or a broken first record)."""
        for line in self.storage.read_lines(self.name):
            record = decode(line)
            if isinstance(record, dict) and isinstance(record.get("header"), dict):
                self.header_sum = line[:8].decode()
                return record["header"]
            return None
        return None

    def __iter__(self):
        """The good action records, in order, up to the first torn or corrupt one."""
        return self.records()

    def records(self, skip=0):
        """The good action records after the first `skip` (not decoded: they were checked when the game
        was resumed), up to the first torn or corrupt one; feeds the watchdog as it reads. When it has read
        the whole file and every record was good, read_all is True (resume then needs no second pass)."""
        self.read_all = False
        n = -1
        feed = self.feed
        for line in self.storage.read_lines(self.name):
            n += 1
            if feed is not None and n % FEED_EVERY == 0:
                feed()
            if n <= skip:
                continue  # the header, and the records skipped
            record = decode(line)
            if not isinstance(record, dict):
                return
            yield record
        self.read_all = n >= skip

    def lines(self):
        """How many lines follow the header, good or not."""
        return self.tail()[0]

    def tail(self):
        """(how many lines follow the header, whether the last line is torn): a line without its newline
        is a write that never finished; a whole line that fails its check was damaged after it was written."""
        n, last = -1, b"\n"
        for line in self._fed(self.storage.read_lines(self.name)):
            n += 1
            last = line
        return max(n, 0), not last.endswith(b"\n")

    def keep(self, count):
        """Rewrite the file with the header and the first `count` records (after a torn write)."""

        def good_lines():
            n = 0
            for line in self._fed(self.storage.read_lines(self.name)):
                if n > count:
                    return
                yield line
                n += 1

        self._drop_cursor()
        for line in self.storage.read_lines(self.checkpoint_file):
            record = decode(line)
            if not isinstance(record, dict) or type(record.get("count")) is not int or record["count"] > count:
                self.drop_checkpoint()  # it holds records that are being cut: it would resume a lost game
            break
        self.storage.replace_lines(self.name, good_lines())
        self.count = count

    def page(self, start, count):
        """`count` records from record `start` (0-based): the records before it are skipped undecoded,
        and a host reading page after page goes on from where the last page ended (the reader is
        kept open between pages and closed before anything is written), so a whole log is read once."""
        out = []
        if start >= self.count:
            return out
        cursor = self._cursor
        if cursor is not None and cursor[0] == start:
            reader = cursor[1]
        else:
            self._drop_cursor()
            reader = self.records(start)
        self._cursor = None
        while len(out) < count and start + len(out) < self.count:
            try:
                out.append(next(reader))
            except StopIteration:
                reader = None
                break
        if reader is not None:
            self._cursor = (start + len(out), reader)
        return out

    def _drop_cursor(self):
        cursor, self._cursor = self._cursor, None
        if cursor is not None:
            cursor[1].close()  # closes the file before it is written

    def exists(self):
        for _ in self.storage.read_lines(self.name):
            return True
        return False

    def move_aside(self):
        """Keep the whole file under a free name game-N.jnl (copy, then remove); returns that name."""
        aside = self.copy_aside()
        self._drop_cursor()
        self.storage.remove(self.name)
        self.drop_checkpoint()
        self.storage.remove(self.name + ".tok")  # the game's secrets go with it: a replay needs none
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
        self.storage.replace_lines(aside, self._fed(self.storage.read_lines(self.name)))
        return aside

    def _fed(self, lines):
        """The lines, the watchdog fed every FEED_EVERY of them: a copy or a rewrite erases a flash block
        every few dozen records (up to 400 ms each on the Pico), so a long journal's repair would
        outlast the watchdog if it were fed only before and after."""
        feed = self.feed
        n = 0
        for line in lines:
            n += 1
            if feed is not None and n % FEED_EVERY == 0:
                feed()
            yield line

    def clear(self):
        self._drop_cursor()
        self.storage.remove(self.name)
        self.drop_checkpoint()
        self.storage.remove(self.name + ".tok")
        self.count = 0


def check_file(storage, name=FILE):
    """(header, actions, damage) of a journal file, for `ultimus replay`: damage is None, or what
    cannot be read (a broken header, unreadable records and how many lines follow them)."""
    header, actions, lines, bad = None, [], 0, None
    for line in storage.read_lines(name):
        lines += 1
        record = decode(line)
        if lines == 1:
            if isinstance(record, dict) and isinstance(record.get("header"), dict):
                header = record["header"]
            else:
                bad = 1
            continue
        if bad is None and isinstance(record, dict):
            actions.append(record)
        elif bad is None:
            bad = lines
    if bad is None:
        return header, actions, None
    if bad == 1:
        return None, [], "the header (line 1) is unreadable; %d lines follow it" % (lines - 1)
    return (
        header,
        actions,
        "record %d (line %d) is unreadable: %d of %d records after the header cannot be "
        "trusted" % (bad - 1, bad, lines - bad + 1, lines - 1),
    )


def game_of(header, known):
    """The game a header names, or Illegal's (code, message) pair saying why this firmware cannot resume it."""
    fmt = header.get("format", 1)
    if type(fmt) is not int or fmt < 1:
        return None, ("bad_journal", "the saved game's header has no readable format")
    if fmt > FORMAT:
        return None, (
            "unknown_format",
            "the saved game was written in journal format %d by firmware %s; "
            "this firmware reads formats 1 to %d: a newer firmware resumes it"
            % (fmt, header.get("version", "?"), FORMAT),
        )
    name = header.get("game", "ultimus") if fmt > 1 else "ultimus"
    if name not in known:
        return None, ("unknown_game", "the saved game is %r, which this box does not referee" % (name,))
    return name, None
