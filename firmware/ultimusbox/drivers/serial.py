"""The USB serial port (the REPL's): reads into fixed buffers, wake-ups on input, and Ctrl-C disarmed.

While the box runs, a 0x03 byte in garbage must not stop it, so the REPL's
keyboard interrupt is off; the link's "repl" request is the way back.

Reading allocates nothing per byte: readinto(buf) copies what waits in the
port into the caller's buffer through a one-byte buffer of its own (the
port only says "readable", not how much, and a longer read would block).
watch() runs a task that waits for the port in the event loop (an asyncio
stream over stdin) and calls back when a byte came: the runtime sleeps
until then instead of looking every few ms. Should that task fail, it says
so (the runtime's fault event) and watches again: a dead watcher would leave
the link looking only every half second.

Writing never cuts a line: on the Pico's USB CDC a write waits for room while
a host is attached (up to half a second), then writes only what fitted. So
busy() says whether the port has no room (a host that stopped reading), and
write() puts into the port what it takes, a packet at a time and only while
it has room, and keeps the rest of the line in a buffer of its own until
busy() finds room for it.
"""

import select
import sys

import micropython

CHUNK = 256
OUT_CHUNK = 64  # bytes written at once: TinyUSB's packet; a write waits only if the port has less room than this
REST = 256  # the most a write can leave over: the runtime writes a line, or a piece of one, of this size at most
RETRY_MS = 100  # after the watching task failed, before it watches again


class Serial:
    def __init__(self):
        micropython.kbd_intr(-1)
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.out_poller = select.poll()
        self.out_poller.register(sys.stdout, select.POLLOUT)
        self.stdin = sys.stdin.buffer
        self.stdout = sys.stdout.buffer
        self.rest = bytearray(REST)  # what a write could not put into the port yet
        self.rest_view = memoryview(self.rest)
        self.rest_n = 0
        self.watch_failures = 0  # how often the watching task failed (and watched again)
        self.one = bytearray(1)  # each byte on its way in
        self.first = bytearray(1)  # the byte the watching task took from the port
        self.held = False  # whether `first` waits for the next readinto
        self.taken = None  # an asyncio Event: set when readinto took `first`
        self.buf = bytearray(CHUNK)
        self.view = memoryview(self.buf)

    def _waiting(self):
        for _ in self.poller.ipoll(0):  # ipoll: no list allocated per call
            return True
        return False

    def readinto(self, buf):
        """The bytes waiting in the port, at most len(buf), copied into buf; how many."""
        n = 0
        if self.held:
            buf[0] = self.first[0]
            n = 1
            self.held = False
            if self.taken is not None:
                self.taken.set()
        one, stdin, size = self.one, self.stdin, len(buf)
        while n < size and self._waiting():
            if not stdin.readinto(one):
                break
            buf[n] = one[0]
            n += 1
        return n

    def read(self):
        """Up to CHUNK waiting bytes, as a view of this driver's own buffer (valid until the next read)."""
        return self.view[: self.readinto(self.buf)]

    def watch(self, asyncio, callback, failed=None):
        """Call back (in the event loop) whenever a byte arrives, until readinto takes it; failed(exc)
        when the watching fails (it watches again after RETRY_MS)."""
        self.taken = asyncio.Event()
        return asyncio.create_task(self._watch(asyncio, callback, failed))

    async def _watch(self, asyncio, callback, failed):
        stream = None
        while True:
            try:
                if stream is None:
                    stream = asyncio.StreamReader(self.stdin)
                if self.held:
                    await self.taken.wait()  # the byte it took is read first
                    continue
                if not await stream.readinto(self.first):  # waits in the event loop; then one byte is here
                    await asyncio.sleep_ms(20)  # the port closed: look again later
                    continue
                self.held = True
                self.taken.clear()
                callback()
            except Exception as exc:  # never die in silence: the link would wake only every half second
                stream = None
                self.watch_failures += 1
                callback()  # meanwhile the link looks at the port itself
                if failed is not None:
                    failed(exc)
                await asyncio.sleep_ms(RETRY_MS)

    def _room(self):
        for _ in self.out_poller.ipoll(0):
            return True
        return False

    def _put(self, view):
        """Bytes of view written while the port has room, a packet at a time; how many."""
        n, size = 0, len(view)
        while n < size and self._room():
            end = n + OUT_CHUNK if n + OUT_CHUNK < size else size
            wrote = self.stdout.write(view[n:end])
            if wrote is None:
                wrote = end - n
            n += wrote
            if n < end:
                break  # the port took less: it is full
        return n

    def _flush_rest(self):
        rest = self.rest_view
        n = self._put(rest[: self.rest_n])
        if n:
            left = self.rest_n - n
            rest[:left] = rest[n : self.rest_n]
            self.rest_n = left

    def busy(self):
        """Whether a write now would wait: bytes of an earlier line still wait for room, or the port has
        none (a host attached that does not read)."""
        if self.rest_n:
            self._flush_rest()
        return self.rest_n > 0 or not self._room()

    def write(self, data):
        """As much of data as the port takes now; the rest waits here and goes first (never cut)."""
        if self.rest_n:
            self._flush_rest()
        view = memoryview(data)
        n = 0 if self.rest_n else self._put(view)
        left = len(view) - n
        if left > REST - self.rest_n:  # more than was ever asked of it: wait for the port as before
            self._flush_all()
            self.stdout.write(view[n:])
            return
        if left:
            self.rest_view[self.rest_n : self.rest_n + left] = view[n:]
            self.rest_n += left

    def _flush_all(self):
        if self.rest_n:
            self.stdout.write(self.rest_view[: self.rest_n])  # waits for the port, as a plain write does
            self.rest_n = 0

    def close(self):
        micropython.kbd_intr(3)
