"""Drivers for running the real box app on a PC: wall-clock time, files, a pseudo-terminal.

The virtual box uses these with the fakes of ultimus_host.fakes (buttons,
LEDs, buzzer, watchdog): the app above them is exactly the Pico's.
"""

import os
import time
import tty


class WallClock:
    """Microseconds since start; like the Pico's ticks but never wrapping."""

    def __init__(self):
        self.t0 = time.monotonic()

    def us(self):
        return int((time.monotonic() - self.t0) * 1000000)

    def ms(self):
        return self.us() // 1000

    def diff(self, a, b):
        return a - b

    def add(self, t, delta):
        return t + delta


class FolderInUse(Exception):
    """Another virtual box holds the folder: two writers would interleave their journals."""


def secret_folder(folder):
    """The folder made if need be and closed to other users (0700): it holds a journal (the seed), tokens, keys."""
    os.makedirs(folder, mode=0o700, exist_ok=True)
    if os.stat(folder).st_uid == os.getuid():  # another user's folder keeps its mode (and says so by failing)
        os.chmod(folder, 0o700)
    return folder


def write_secret(path, text):
    """A file only its owner reads (0600), replaced atomically."""
    tmp = path + ".tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.chmod(tmp, 0o600)  # an older file of that name kept its mode through O_CREAT
    os.replace(tmp, path)


class FileStorage:
    """The Pico's flash, as files in a folder: appends and atomic replaces (os.replace).

    lock=True (the virtual box) takes an exclusive lock on the folder for as long as this
    object lives: a second box on the same folder fails at once with FolderInUse. Whatever
    stands in the way of a write (a directory where a file should be) is renamed aside,
    never deleted."""

    LOCK = ".lock"

    def __init__(self, folder, lock=False):
        self.folder = folder
        if lock:  # the virtual box's own folder: the journal holds the seed, the tokens file the seats' codes
            secret_folder(folder)
        else:
            os.makedirs(folder, exist_ok=True)
        self.lock_file = None
        if lock:
            self._lock()

    def _lock(self):
        import fcntl

        self._clear_way(self._path(self.LOCK))
        f = open(self._path(self.LOCK), "a+")
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            f.seek(0)
            holder = f.read().strip()
            f.close()
            raise FolderInUse(
                "%s is in use by another virtual box (%s): one box per folder" % (self.folder, holder or "pid unknown")
            ) from exc
        try:  # who holds it, for the message of a second box; the lock itself is the flock
            f.seek(0)
            f.truncate()
            f.write("pid %d" % os.getpid())
            f.flush()
        except OSError:
            pass  # a full disk: the folder is still locked
        self.lock_file = f

    def close(self):
        if self.lock_file is not None:
            self.lock_file.close()
            self.lock_file = None

    def _path(self, name):
        return os.path.join(self.folder, name)

    def _clear_way(self, path):
        """A directory where a file must go is renamed aside (name.dir-N), never deleted."""
        if os.path.isdir(path):
            n = 1
            while os.path.exists("%s.dir-%d" % (path, n)):
                n += 1
            os.rename(path, "%s.dir-%d" % (path, n))

    def read_lines(self, name):
        try:
            f = open(self._path(name), "rb")
        except FileNotFoundError:
            return
        with f:
            for line in f:
                yield line

    def _open(self, path, flags):
        """A file of the box's flash, created 0600 (only its owner reads a seed or a token)."""
        return os.fdopen(os.open(path, flags | os.O_WRONLY | os.O_CREAT, 0o600), "wb")

    def append(self, name, data):
        with self._open(self._path(name), os.O_APPEND) as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def replace_lines(self, name, lines):
        tmp = self._path(name + ".tmp")
        self._clear_way(tmp)
        self._clear_way(self._path(name))
        with self._open(tmp, os.O_TRUNC) as f:
            for line in lines:
                f.write(line)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self._path(name))

    def replace(self, name, data):
        self.replace_lines(name, (data,))

    def remove(self, name):
        try:
            os.remove(self._path(name))
        except FileNotFoundError:
            pass
        except IsADirectoryError:
            self._clear_way(self._path(name))


class PtySerial:
    """The link on a pseudo-terminal: the box holds the master, clients open the slave's path.

    watch() wakes the box's link task through the event loop's reader on the master: once per
    arrival, armed again by the next read (so bytes the box does not read yet, while its output
    is full, do not spin the loop)."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # bytes pass untouched: no echo, no line discipline
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)
        self.pending = b""
        self.loop = None  # the event loop watching the master, under watch()
        self.callback = None
        self.armed = False

    def watch(self, asyncio, callback, failed=None):
        self.loop = asyncio.get_running_loop()
        self.callback = callback
        self._arm()

    def _arm(self):
        if self.loop is not None and not self.armed:
            self.loop.add_reader(self.master, self._ready)
            self.armed = True

    def _ready(self):
        self.loop.remove_reader(self.master)  # type: ignore[union-attr]
        self.armed = False
        self.callback()  # type: ignore[misc]

    def readinto(self, buf):
        """The bytes waiting, at most len(buf), into buf; how many."""
        self._arm()
        try:
            return os.readv(self.master, [buf])
        except (BlockingIOError, OSError):
            return 0

    def read(self):
        self._arm()
        try:
            return os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return b""

    MAX_PENDING = 64 * 1024  # past this the port is busy: the box keeps its lines (bounded) and stops reading

    def write(self, data):
        """Whole lines only: nothing is ever dropped here (the link bounds what waits)."""
        self.pending += data
        self.flush()

    def busy(self):
        self.flush()
        return len(self.pending) > self.MAX_PENDING

    def flush(self):
        while self.pending:
            try:
                n = os.write(self.master, self.pending)
            except BlockingIOError:
                return  # nobody reads: keep it until somebody does
            except OSError:
                self.pending = b""
                return
            self.pending = self.pending[n:]

    def close(self):
        if self.armed and self.loop is not None and not self.loop.is_closed():
            self.loop.remove_reader(self.master)
            self.armed = False
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
