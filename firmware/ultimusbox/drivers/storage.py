"""Files on the Pico's flash (LittleFS): read line by line, append durably, replace atomically.

What an append costs on LittleFS (measured on a real LittleFS image with the
Pico's geometry in tests/test_storage_drivers.py): every flush (sync) of a
file that has outgrown its inline size makes the NEXT write copy the file's
last 4 KB block to a freshly erased one, because a programmed flash page
cannot be appended to. Whether the file is reopened per record or kept open
makes no difference: a durable append to a big file is one sector erase
(45-400 ms with interrupts off on the Pico). A file up to INLINE bytes
lives inside LittleFS's metadata log instead, where a sync is a commit of
page writes; that log erases a block only when it compacts.

So an appended record goes to a small "tail" file next to the big one
(`NAME.tl`), kept open in append mode and flushed per record: durable before
append() returns, in page writes. When the next record would push the tail
past INLINE, the tail is folded into the big file in one append (one erase
for several records) and removed. The tail's first line "@SIZE" is the
size the big file had when the tail began: a fold that completed (the big
file is now SIZE + the tail's records long) or a big file replaced since
then (any other size) makes the tail stale, so a power cut between the fold
and the tail's removal never doubles or resurrects a record. LittleFS
commits every sync atomically, so a record is either wholly there or not.

read_lines yields the big file's lines and then a live tail's records,
exactly as if everything were one file; replace/remove fold or drop the
tail first. The driver closes its open tail before any read, fold or
replace, so no file is ever open twice.
"""

import os

INLINE = 512  # LittleFS inline limit on the Pico: min(cache 1024, attr 1022, block 4096 / 8)
TAIL = ".tl"


def _size(name):
    try:
        return os.stat(name)[6]
    except OSError:
        return -1


def _head(size):
    return ("@%d\n" % size).encode()


def _sync():
    if hasattr(os, "sync"):  # MicroPython: flush every mounted file system; CPython has it too
        os.sync()


class Storage:
    def __init__(self):
        self.tail = None  # the open tail file (append mode), or None
        self.tail_of = None  # the big file it belongs to
        # what the tail file holds, mirrored in RAM so a fold needs no read: buf[:head] is the
        # "@SIZE" line, buf[head:used] the records
        self.buf = bytearray(INLINE + 1)  # one more, to tell a tail of INLINE bytes from a bigger one
        self.head = 0
        self.used = 0

    # --- the tail ------------------------------------------------------------
    def _close_tail(self):
        if self.tail is not None:
            self.tail.close()
            self.tail = None
            self.tail_of = None

    def _tail_base(self, name):
        """The "@SIZE" of name's tail file, or -1 (no tail file, or a broken first line)."""
        try:
            f = open(name + TAIL, "rb")
        except OSError:
            return -1
        try:
            first = f.readline()
        finally:
            f.close()
        if first[:1] != b"@" or not first.endswith(b"\n"):
            return -1
        try:
            return int(first[1:-1])
        except ValueError:
            return -1

    def _live_tail(self, name):
        """True when name's tail file holds records that are not in the big file."""
        base = self._tail_base(name)
        return base >= 0 and base == _size(name)

    def _load_tail(self, name):
        """Copy a live tail file into buf (after a reset or a read); False if there is none."""
        if not self._live_tail(name):
            return False
        with open(name + TAIL, "rb") as f:
            used = f.readinto(self.buf)
            if used == len(self.buf) and f.read(1):  # bigger than this driver makes them
                g = open(name, "ab")
                try:  # fold it in pieces
                    g.write(self.buf[self.buf.index(b"\n") + 1:])
                    while True:
                        chunk = f.read(128)
                        if not chunk:
                            break
                        g.write(chunk)
                    g.flush()
                finally:
                    g.close()
                _sync()
                used = 0
        if not used:
            self._drop_tail(name)
            return False
        self.used = used
        self.head = self.buf.index(b"\n") + 1
        return True

    def _fold(self, name):
        """Move a live tail's records into the big file (one append), then drop the tail file."""
        if self.tail_of != name:
            self._close_tail()
            if not self._load_tail(name):
                self._drop_tail(name)  # none, or stale
                return
        self._close_tail()
        with open(name, "ab") as g:
            g.write(memoryview(self.buf)[self.head:self.used])
            g.flush()
        _sync()
        self._drop_tail(name)

    def _drop_tail(self, name):
        if self.tail_of == name:
            self._close_tail()
        try:
            os.remove(name + TAIL)
        except OSError:
            pass

    # --- the interface of ultimusbox/runtime.py ------------------------------
    def read_lines(self, name):
        """Each line of the file (with its newline; the last may lack one), never the whole file at once."""
        self._close_tail()
        try:
            f = open(name, "rb")
        except OSError:
            return
        try:
            while True:
                line = f.readline()
                if not line:
                    break
                yield line
        finally:
            f.close()
        if not self._live_tail(name):
            return
        f = open(name + TAIL, "rb")
        try:
            f.readline()  # "@SIZE"
            while True:
                line = f.readline()
                if not line:
                    return
                yield line
        finally:
            f.close()

    def append(self, name, data):
        """Durable when it returns: flushed and synced."""
        if self.tail_of != name:
            self._close_tail()
            if self._load_tail(name):
                self.tail = open(name + TAIL, "ab")  # go on with the live tail left by a read or a reset
                self.tail_of = name
        if self.tail is not None and self.used + len(data) > INLINE:
            self._fold(name)
        if self.tail is None:
            size = _size(name)
            head = _head(size)
            if size < 0 or len(head) + len(data) > INLINE:
                # no big file yet (a tail needs one to be measured against), or a record too big
                # to be inline: straight into the big file
                self._drop_tail(name)
                with open(name, "ab") as g:
                    g.write(data)
                    g.flush()
                _sync()
                return
            self.tail = open(name + TAIL, "wb")  # a new tail replaces any stale one
            self.tail_of = name
            self.tail.write(head)
            self.head = self.used = len(head)
            self.buf[:self.used] = head
        self.tail.write(data)
        self.tail.flush()  # LittleFS: lfs_file_sync, one metadata commit
        _sync()
        self.buf[self.used:self.used + len(data)] = data
        self.used += len(data)

    def replace_lines(self, name, lines):
        """Atomically: the old content (tail included) stays whole until the rename."""
        tmp = name + ".tmp"
        self._fold(name)  # `lines` may be reading this very file: give it the tail's records in it
        with open(tmp, "wb") as f:
            for line in lines:
                f.write(line)
            f.flush()
        os.rename(tmp, name)  # LittleFS renames atomically over the old file
        _sync()

    def replace(self, name, data):
        self.replace_lines(name, (data,))

    def remove(self, name):
        try:
            os.remove(name)  # first the big file: a tail left behind is stale (its base no longer matches)
        except OSError:
            pass
        self._drop_tail(name)

    def exists(self, name):
        try:
            os.stat(name)
            return True
        except OSError:
            return False
