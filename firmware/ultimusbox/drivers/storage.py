"""Files on the Pico's flash (LittleFS): read line by line, append durably, replace atomically.

What an append costs on LittleFS (measured on a real LittleFS image with the
Pico's geometry in tests/test_storage_drivers.py): every flush (sync) of a
file that has outgrown its inline size makes the NEXT write copy the file's
last 4 KB block to a freshly erased one, because a programmed flash page
cannot be appended to. Whether the file is reopened per record or kept open
makes no difference: a durable append to a big file is one sector erase
(45-400 ms with interrupts off on the Pico). A file of up to INLINE bytes
lives inside LittleFS's metadata log instead, where writing it is one
commit of page writes; that log erases a block only when it compacts.

So each appended record is written, durably, as a small file of its own:
one of SLOTS slot files next to the big one (`NAME.j0` ... `NAME.j15`),
each "@SIZE K" and the record. When the slots are used up (or a record is
too big to be inline) their records are appended to the big file in one go
(one erase for up to SLOTS records). No slot is ever removed for that:
SIZE is the size the big file had when the slot was written, so a slot
counts only while the big file still has that size. The fold grows the big
file, which makes every slot stale in the same atomic LittleFS commit that
adds their records: a power cut at any point neither loses nor doubles a
record. Replacing or removing the big file (its size may then repeat)
removes the slots first, after folding them.

read_lines yields the big file's lines and then the live slots' records in
slot order, exactly as if everything were one file.

The fold is never left to a reply: the runtime calls tidy() when the box is
idle (no request under way, no countdown, no press for a while), which folds
once TIDY_AT slots are used, so that the records of the next few actions
still find free slots. Only a table that plays SLOTS - TIDY_AT actions
without a pause makes an append fold (it must: the record has to be saved).

The cost, decided (docs/box.md, "The flash"): about 0.2 erases of a 4 KB
block per saved action (the slot commits and the metadata log's compactions,
and one fold for up to SLOTS records), spread by LittleFS over the file
system's free blocks.
"""

import os

INLINE = 512  # LittleFS inline limit on the Pico: min(cache 1024, attr 1022, block 4096 / 8)
SLOTS = 16
TIDY_AT = 12  # slots used from which an idle box folds them (tidy): 4 actions more before an append must


def _size(name):
    try:
        return os.stat(name)[6]
    except OSError:
        return -1


def _sync():
    if hasattr(os, "sync"):  # MicroPython: flush every mounted file system; CPython has it too
        os.sync()


def _slot(name, k):
    return "%s.j%d" % (name, k)


def _head(base, k):
    return ("@%d %d\n" % (base, k)).encode()


class Storage:
    def __init__(self):
        self.name = None  # the big file whose slots are tracked below
        self.base = -1  # the big file's size when its slots were written
        self.used = 0  # slots 0 .. used-1 are live
        self.tidy_at = TIDY_AT

    # --- the slots -----------------------------------------------------------
    def _live(self, name, k, base):
        """The slot file k of name, open after its "@SIZE K" line, if it is live for a big file of `base` bytes."""
        try:
            f = open(_slot(name, k), "rb")
        except OSError:
            return None
        if f.readline() == _head(base, k):
            return f
        f.close()
        return None

    def _track(self, name):
        """Know how many slots of name are live (a scan after a reset or a change made elsewhere)."""
        size = _size(name)
        if self.name == name and self.base == size:
            return
        used = 0
        while used < SLOTS:
            f = self._live(name, used, size)
            if f is None:
                break
            f.close()
            used += 1
        self.name, self.base, self.used = name, size, used

    def _fold(self, name):
        """Append the live slots' records to the big file in one commit (they go stale with it)."""
        self._track(name)
        if not self.used:
            return
        with open(name, "ab") as g:
            for k in range(self.used):
                f = self._live(name, k, self.base)
                if f is None:  # cannot happen unless something else changed the files: stop there
                    break
                try:
                    while True:
                        chunk = f.read(128)
                        if not chunk:
                            break
                        g.write(chunk)
                finally:
                    f.close()
            g.flush()  # the atomic commit: the records are in the big file, the slots stale
        _sync()
        self.name = None  # rescan next time (the size changed)

    def tidy(self):
        """In idle time: fold the slots of the file last appended to once TIDY_AT of them are used, so
        that no append has to (the fold's erase: 45-400 ms on a Pico). True if it folded."""
        name = self.name
        if name is None or self.used < self.tidy_at:
            return False
        self._fold(name)
        return True

    def _drop_slots(self, name):
        for k in range(SLOTS):
            try:
                os.remove(_slot(name, k))
            except OSError:
                pass
        self.name = None

    # --- the interface of ultimusbox/runtime.py ------------------------------
    def read_lines(self, name):
        """Each line of the file (with its newline; the last may lack one), never the whole file at once."""
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
        base = _size(name)
        for k in range(SLOTS):
            f = self._live(name, k, base)
            if f is None:
                return
            try:
                while True:
                    line = f.readline()
                    if not line:
                        break
                    yield line
            finally:
                f.close()

    def append(self, name, data):
        """Durable when it returns (a LittleFS commit, synced)."""
        self._track(name)
        if self.base < 0 or len(_head(self.base, SLOTS)) + len(data) > INLINE:
            # no big file yet (slots are measured against it), or a record too big to be
            # inline: straight into the big file, after the slots' records
            if self.base < 0:
                self._drop_slots(name)  # a slot left from a removed file must not match the new size
            else:
                self._fold(name)
            with open(name, "ab") as g:
                g.write(data)
                g.flush()
            _sync()
            self.name = None
            return
        if self.used == SLOTS:
            self._fold(name)
            self._track(name)
        with open(_slot(name, self.used), "wb") as f:  # replaces a stale slot in the same commit
            f.write(_head(self.base, self.used))
            f.write(data)
            f.flush()
        _sync()
        self.used += 1

    def replace_lines(self, name, lines):
        """Atomically: the old content (slots included) stays whole until the rename."""
        tmp = name + ".tmp"
        self._fold(name)  # first: a cut after the slots go must find their records in the big file
        try:
            with open(tmp, "wb") as f:
                for line in lines:  # may be reading this very file
                    f.write(line)
                f.flush()
        except OSError:
            try:
                os.remove(tmp)  # a full flash: the half-written copy must not keep its room
            except OSError:
                pass
            raise
        self._drop_slots(name)  # the new file's size could be a stale slot's
        os.rename(tmp, name)  # LittleFS renames atomically over the old file
        _sync()

    def replace(self, name, data):
        self.replace_lines(name, (data,))

    def remove(self, name):
        try:
            os.remove(name)  # first the big file: the slots are stale without it
        except OSError:
            pass
        self._drop_slots(name)

    def exists(self, name):
        try:
            os.stat(name)
            return True
        except OSError:
            return False
