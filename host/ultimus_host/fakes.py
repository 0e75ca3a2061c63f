"""Fakes of the box's drivers, with the same interfaces as ultimusbox/drivers/*.

They let the box app, the link server and the runtime run on a PC, under
CPython and under MicroPython (so this module keeps to what both have).
Tests drive them: inject presses and serial bytes, advance the clock, cut
the power in the middle of a write, and read back frames and tones.
"""


class PowerCut(Exception):
    """Raised by FakeStorage when the power goes in the middle of a write."""


class FakeClock:
    """Microsecond time that only moves when told to."""

    def __init__(self, start_us=0):
        self.now = start_us

    def us(self):
        return self.now

    def ms(self):
        return self.now // 1000

    def diff(self, a, b):
        return a - b

    def add(self, t, delta):
        return t + delta

    def advance_ms(self, ms):
        self.now += ms * 1000


class FakeButtons:
    def __init__(self, clock):
        self.clock = clock
        self.queue = []
        self.taken_us = 0

    def push(self, button, t_us=None):
        self.queue.append((button, self.clock.us() if t_us is None else t_us))

    def take(self):
        """The oldest press not taken yet, as the Pico's driver: its id (time in taken_us), or -1."""
        if not self.queue:
            return -1
        button, self.taken_us = self.queue.pop(0)
        return button

    def presses(self):
        out, self.queue = self.queue, []
        return out


class FakeLeds:
    def __init__(self):
        self.frame = None
        self.frames = 0

    def show(self, frame):
        if self.frame is None or self.frame != frame:  # a copy only of a new picture: idle frames allocate nothing
            self.frame = bytes(frame)
        self.frames += 1

    def pixel(self, index):
        f = self.frame
        assert f is not None, "no frame shown yet"
        return (f[3 * index], f[3 * index + 1], f[3 * index + 2])


class FakeBuzzer:
    def __init__(self, clock):
        self.clock = clock
        self.tones = []  # (ms, frequency) of every change

    def tone(self, freq):
        self.tones.append((self.clock.ms(), freq))


class FakeStorage:
    """Files in memory; cut_after(n) lets only n more bytes reach the flash; fill_after(n) makes
    the flash full after n more bytes (a write then lands in part and raises OSError, ENOSPC)."""

    def __init__(self):
        self.files = {}
        self.budget = None
        self.dead = False
        self.writes = 0  # bytes written, to plan power cuts
        self.room = None  # bytes left on a flash that fills up (None: never full)

    def fill_after(self, n):
        self.room = n

    def free(self):
        self.room = None

    def _write(self, name, data, append):
        if self.dead:
            raise PowerCut("the power is off")
        old = self.files.get(name, b"") if append else b""
        if self.room is not None and len(data) > self.room:
            self.files[name] = old + data[: self.room]  # what fitted
            self.room = 0
            raise OSError(28, "no space left on device")
        if self.room is not None:
            self.room -= len(data)
        if self.budget is not None and len(data) > self.budget:
            self.files[name] = old + data[: self.budget]  # torn: only part of the write landed
            self.budget = 0
            self.dead = True
            raise PowerCut("the power went during a write")
        if self.budget is not None:
            self.budget -= len(data)
        self.files[name] = old + data
        self.writes += len(data)

    def read_lines(self, name):
        data = self.files.get(name) or b""
        start = 0
        while start < len(data):
            end = data.find(b"\n", start)
            end = len(data) if end < 0 else end + 1
            yield data[start:end]
            start = end

    def append(self, name, data):
        self._write(name, data, True)

    def replace_lines(self, name, lines):
        tmp = name + ".tmp"
        if self.dead:
            raise PowerCut("the power is off")
        self.files[tmp] = b""
        try:
            for line in lines:
                self._write(tmp, line, True)  # a torn temporary file leaves the old file as it was
        except OSError:
            self.files.pop(tmp, None)
            raise
        self.files[name] = self.files.pop(tmp)  # rename: atomic

    def replace(self, name, data):
        self.replace_lines(name, (data,))

    def remove(self, name):
        if self.dead:
            raise PowerCut("the power is off")
        self.files.pop(name, None)

    def cut_after(self, n):
        self.budget = n

    def power_on(self):
        self.budget = None
        self.dead = False
        self.files.pop("game.jnl.tmp", None)


class FakeWatchdog:
    def __init__(self):
        self.feeds = 0

    def feed(self):
        self.feeds += 1


class FakeSerial:
    def __init__(self):
        self.inbound = b""
        self.outbound = b""

    def feed_in(self, data):
        self.inbound += data

    def read(self):
        data, self.inbound = self.inbound, b""
        return data

    def write(self, data):
        self.outbound += data

    def take_lines(self):
        lines = self.outbound.split(b"\n")
        self.outbound = lines[-1]
        return lines[:-1]


class FakeBoard:
    """All the fakes of one box, as the runtime expects its drivers."""

    def __init__(self, storage=None, start_us=0, clock=None, serial=None):
        """clock, serial: the PC's own (the virtual box's wall clock and pseudo-terminal) instead of fakes."""
        self.clock = clock if clock is not None else FakeClock(start_us)
        self.buttons = FakeButtons(self.clock)
        self.leds = FakeLeds()
        self.buzzer = FakeBuzzer(self.clock)
        self.storage = storage if storage is not None else FakeStorage()
        self.watchdog = FakeWatchdog()
        self.serial = serial if serial is not None else FakeSerial()
        # the seat tokens' real random source: the PC's os.urandom under CPython; none under MicroPython's
        # webassembly port (the box then draws them from its entropy source; its os module would cost the heap)
        import sys

        self.urandom = __import__("os").urandom if sys.implementation.name == "cpython" else None
