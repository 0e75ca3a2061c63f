"""The USB serial port (the REPL's): non-blocking reads, and Ctrl-C disarmed.

While the box runs, a 0x03 byte in garbage must not stop it, so the REPL's
keyboard interrupt is off; the link's "repl" request is the way back.
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

    def read(self):
        data = b""
        while len(data) < CHUNK and self.poller.poll(0):
            data += self.stdin.read(1)
        return data

    def write(self, data):
        self.stdout.write(data)

    def close(self):
        micropython.kbd_intr(3)
