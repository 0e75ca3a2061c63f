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


class FakePoll:
    def __init__(self, stdin):
        self.stdin = stdin

    def register(self, obj, mask):
        pass

    def ipoll(self, timeout):
        return iter([(self.stdin, 1)] if self.stdin.data else [])


@pytest.fixture
def driver(monkeypatch):
    stdin = FakeStdin()
    fake_sys = types.SimpleNamespace(
        stdin=types.SimpleNamespace(buffer=stdin), stdout=types.SimpleNamespace(buffer=types.SimpleNamespace())
    )
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = lambda c: None
    select = types.ModuleType("select")
    select.POLLIN = 1
    select.poll = lambda: FakePoll(stdin)
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
