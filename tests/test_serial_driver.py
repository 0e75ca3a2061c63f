"""The Pico's USB serial driver on a PC, with stand-ins for micropython, select and sys.stdin.

It must read what waits into fixed buffers (no bytes object grown per byte),
keep the bytes in order when its watching task took the first one, and wake
the link through the event loop.
"""

import asyncio
import importlib
import sys
import types

import pytest


class FakeStdin:
    """sys.stdin.buffer: readinto fills at most the buffer from what the host sent."""

    def __init__(self):
        self.data = bytearray()
        self.reads = 0

    def readinto(self, buf):
        self.reads += 1
        n = min(len(buf), len(self.data))
        buf[:n] = self.data[:n]
        del self.data[:n]
        return n


class FakeStdout:
    """sys.stdout.buffer of the Pico's USB CDC: room for `room` more bytes; a write takes what fits (after
    waiting, on the Pico) and says how many; a write with no room at all is one that would have waited."""

    def __init__(self):
        self.room = 1 << 20
        self.sent = bytearray()
        self.waited = 0

    def write(self, data):
        if not self.room:
            self.waited += 1
        n = min(len(data), self.room)
        self.sent += bytes(data[:n])
        self.room -= n
        return n


class FakePoll:
    def __init__(self, stdin, stdout):
        self.stdin, self.stdout, self.mask = stdin, stdout, 0

    def register(self, obj, mask):
        self.mask = mask

    def ipoll(self, timeout):
        if self.mask == 1:
            return iter([(self.stdin, 1)] if self.stdin.data else [])
        return iter([(self.stdout, 4)] if self.stdout.room else [])


@pytest.fixture
def driver(monkeypatch):
    stdin, stdout = FakeStdin(), FakeStdout()
    fake_sys = types.SimpleNamespace(
        stdin=types.SimpleNamespace(buffer=stdin), stdout=types.SimpleNamespace(buffer=stdout)
    )
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = lambda c: None
    select = types.ModuleType("select")
    select.POLLIN = 1
    select.POLLOUT = 4
    select.poll = lambda: FakePoll(stdin, stdout)
    monkeypatch.setitem(sys.modules, "micropython", micropython)
    monkeypatch.setitem(sys.modules, "select", select)
    sys.modules.pop("ultimusbox.drivers.serial", None)
    module = importlib.import_module("ultimusbox.drivers.serial")
    monkeypatch.setattr(module, "sys", fake_sys)
    yield module.Serial(), stdin
    sys.modules.pop("ultimusbox.drivers.serial", None)


REQUEST = b'{"id": "3fa2c1d0-7", "op": "apply", "action": {"a": "knock", "p": 0}}\n'


def test_a_request_is_read_into_the_drivers_own_buffer(driver):
    serial, stdin = driver
    stdin.data += REQUEST
    data = serial.read()
    assert bytes(data) == REQUEST
    assert isinstance(data, memoryview) and data.obj is serial.buf  # no new bytes object per read
    assert serial.read() == b""


def test_readinto_fills_the_callers_buffer_and_leaves_the_rest_in_the_port(driver):
    serial, stdin = driver
    stdin.data += REQUEST
    buf = bytearray(16)
    assert serial.readinto(buf) == 16 and bytes(buf) == REQUEST[:16]
    assert bytes(stdin.data) == REQUEST[16:]


class FakeStream:
    """MicroPython's asyncio stream over stdin: readinto waits until a byte is there, then reads it."""

    def __init__(self, stdin):
        self.stdin = stdin

    async def readinto(self, buf):
        while not self.stdin.data:
            await asyncio.sleep(0.001)
        return self.stdin.readinto(buf)


def test_the_watching_task_wakes_the_link_and_keeps_the_bytes_in_order(driver):
    serial, stdin = driver
    woken = []
    got = bytearray()

    async def scenario():
        fake_asyncio = types.SimpleNamespace(
            Event=asyncio.Event,
            create_task=asyncio.create_task,
            StreamReader=FakeStream,
            sleep_ms=lambda ms: asyncio.sleep(ms / 1000),
        )
        serial.watch(fake_asyncio, lambda: woken.append(len(woken)))
        await asyncio.sleep(0.01)
        assert not woken  # nothing came: nobody is woken
        stdin.data += REQUEST
        await asyncio.sleep(0.01)
        assert woken == [0]  # once, however many bytes wait, until the link reads
        buf = bytearray(40)
        n = serial.readinto(buf)
        got.extend(buf[:n])
        await asyncio.sleep(0.01)  # the task takes the next byte and wakes the link again
        while True:
            n = serial.readinto(buf)
            got.extend(buf[:n])
            await asyncio.sleep(0.01)
            if not n and not stdin.data:
                break

    asyncio.run(scenario())
    assert bytes(got) == REQUEST
    assert len(woken) >= 2


def test_busy_says_when_the_host_stops_reading_and_a_line_is_never_cut(driver):
    serial, _ = driver
    stdout = serial.stdout
    line = b'{"ev": {"e": "beat", "n": 5}}' * 8 + b"\n"  # 233 bytes
    assert not serial.busy()
    stdout.room = 100  # the host stopped reading: room for 100 bytes more
    serial.write(line)
    assert bytes(stdout.sent) == line[:100] and serial.busy()  # the rest waits in the driver, not cut
    stdout.room = 0
    assert serial.busy() and serial.busy()  # nothing written while the port has no room
    stdout.room = 50  # the host reads a little
    assert serial.busy() and bytes(stdout.sent) == line[:150]
    stdout.room = 1000  # and reads on
    assert not serial.busy() and bytes(stdout.sent) == line
    serial.write(b"next\n")
    assert bytes(stdout.sent) == line + b"next\n" and stdout.waited == 0  # in order, and never a write that waits


def test_the_watching_task_that_fails_says_so_and_watches_again(driver):
    serial, stdin = driver
    woken, failed = [], []

    class BrokenOnce(FakeStream):
        made = 0

        def __init__(self, stdin):
            FakeStream.__init__(self, stdin)
            BrokenOnce.made += 1
            self.broken = BrokenOnce.made == 1

        async def readinto(self, buf):
            if self.broken:
                raise OSError(5, "EIO")
            return await FakeStream.readinto(self, buf)

    async def scenario():
        fake_asyncio = types.SimpleNamespace(
            Event=asyncio.Event,
            create_task=asyncio.create_task,
            StreamReader=BrokenOnce,
            sleep_ms=lambda ms: asyncio.sleep(ms / 1000),
        )
        task = serial.watch(fake_asyncio, lambda: woken.append(1), failed.append)
        await asyncio.sleep(0.01)
        assert [repr(e) for e in failed] == [repr(OSError(5, "EIO"))] and not task.done()  # told, and alive
        woken.clear()
        await asyncio.sleep(0.15)  # it watches again
        stdin.data += REQUEST
        await asyncio.sleep(0.02)
        assert woken  # a request wakes the link again
        buf = bytearray(len(REQUEST))
        got = serial.readinto(buf)
        assert bytes(buf[:got]) == REQUEST[:got]
        task.cancel()

    asyncio.run(scenario())
    assert serial.watch_failures == 1
