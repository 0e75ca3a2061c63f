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


class FileStorage:
    """The Pico's flash, as files in a folder: appends and atomic replaces (os.replace)."""

    def __init__(self, folder):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)

    def _path(self, name):
        return os.path.join(self.folder, name)

    def read_lines(self, name):
        try:
            f = open(self._path(name), "rb")
        except FileNotFoundError:
            return
        with f:
            for line in f:
                yield line

    def append(self, name, data):
        with open(self._path(name), "ab") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def replace_lines(self, name, lines):
        tmp = self._path(name + ".tmp")
        with open(tmp, "wb") as f:
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


class PtySerial:
    """The link on a pseudo-terminal: the box holds the master, clients open the slave's path."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # bytes pass untouched: no echo, no line discipline
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)
        self.pending = b""

    def read(self):
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
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
