"""The USB serial port (the REPL's): reads into fixed buffers, wake-ups on input, and Ctrl-C disarmed.

While the box runs, a 0x03 byte in garbage must not stop it, so the REPL's
keyboard interrupt is off; the link's "repl" request is the way back.

Reading allocates nothing per byte: readinto(buf) copies what waits in the
port into the caller's buffer through a one-byte buffer of its own (the
port only says "readable", not how much, and a longer read would block).
watch() runs a task that waits for the port in the event loop (an asyncio
stream over stdin) and calls back when a byte came: the runtime sleeps
until then instead of looking every few ms.
"""

import select
import sys

import micropython

CHUNK = 256


class Serial:
    def __init__(self):
        micropython.kbd_intr(-1)
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.stdin = sys.stdin.buffer
        self.stdout = sys.stdout.buffer
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

    def watch(self, asyncio, callback):
        """Call back (in the event loop) whenever a byte arrives, until readinto takes it."""
        self.taken = asyncio.Event()
        asyncio.create_task(self._watch(asyncio, asyncio.StreamReader(self.stdin), callback))

    async def _watch(self, asyncio, stream, callback):
        while True:
            if not await stream.readinto(self.first):  # waits in the event loop; then one byte is here
                await asyncio.sleep_ms(20)  # the port closed: look again later
                continue
            self.held = True
            self.taken.clear()
            callback()
            await self.taken.wait()

    def write(self, data):
        self.stdout.write(data)

    def close(self):
        micropython.kbd_intr(3)
