"""The link's task sleeps until bytes arrive (or the box has events for a host), never on a polling period."""

import asyncio
import json
import os

from ultimus_host.fakes import FakeBoard, FakeSerial
from ultimus_host.pcdrivers import PtySerial, WallClock
from ultimusbox import board
from ultimusbox.runtime import Box, _main


class WatchedSerial(FakeSerial):
    """A fake port that calls back on arrival, as the Pico's stream and the PC's reader do; counts reads."""

    def __init__(self):
        FakeSerial.__init__(self)
        self.reads = 0
        self.callback = None

    def watch(self, asyncio, callback):
        self.callback = callback

    def feed_in(self, data):
        FakeSerial.feed_in(self, data)
        if self.callback is not None:
            self.callback()

    def read(self):
        self.reads += 1
        return FakeSerial.read(self)


def _box(serial):
    fb = FakeBoard(serial=serial)
    fb.clock = fb.buttons.clock = fb.buzzer.clock = WallClock()
    return fb, Box(fb, lambda: 3)


def test_an_idle_link_is_not_polled_and_a_request_wakes_it():
    serial = WatchedSerial()
    fb, box = _box(serial)

    async def scenario():
        runner = asyncio.ensure_future(_main(asyncio, box))
        await asyncio.sleep(0.3)
        idle_reads = serial.reads
        serial.feed_in(b'{"id": 1, "op": "hello"}\n')
        await asyncio.sleep(0.02)
        replies = [json.loads(line) for line in serial.take_lines()]
        serial.feed_in(b'{"id": 2, "op": "repl"}\n')
        await asyncio.wait_for(runner, 2)
        return idle_reads, replies

    idle_reads, replies = asyncio.run(scenario())
    assert idle_reads <= 3  # polled every 5 ms, that would be 60 reads in 0.3 s
    assert [r["id"] for r in replies if "id" in r] == [1]


def test_events_from_the_buttons_wake_the_link_for_a_listening_host():
    serial = WatchedSerial()
    fb, box = _box(serial)

    async def scenario():
        runner = asyncio.ensure_future(_main(asyncio, box))
        serial.feed_in(b'{"id": 1, "op": "hello"}\n')
        await asyncio.sleep(0.05)
        serial.take_lines()
        fb.buttons.push(board.SHOUT_0)
        await asyncio.sleep(0.05)
        lines = [json.loads(line) for line in serial.take_lines()]
        serial.feed_in(b'{"id": 2, "op": "repl"}\n')
        await asyncio.wait_for(runner, 2)
        return lines

    lines = asyncio.run(scenario())
    assert {"ev": {"e": "button", "b": board.SHOUT_0}} in lines


def test_the_virtual_boxs_pseudo_terminal_wakes_the_link():
    pty = PtySerial()
    reads = [0]

    def counted(read):
        def call(*args):
            reads[0] += 1
            return read(*args)

        return call

    for name in ("read", "readinto"):
        if hasattr(pty, name):
            setattr(pty, name, counted(getattr(pty, name)))
    fb, box = _box(pty)
    client = os.open(pty.path, os.O_RDWR | os.O_NOCTTY)

    async def scenario():
        runner = asyncio.ensure_future(_main(asyncio, box))
        await asyncio.sleep(0.3)
        idle = reads[0]
        os.write(client, b'{"id": 1, "op": "hello"}\n{"id": 2, "op": "repl"}\n')
        await asyncio.wait_for(runner, 2)
        return idle

    try:
        idle = asyncio.run(scenario())
        data = b""
        while data.count(b"\n") < 2:
            data += os.read(client, 4096)
    finally:
        os.close(client)
        pty.close()
    assert idle <= 3
    assert [json.loads(line)["id"] for line in data.splitlines()] == [1, 2]


def test_a_pty_that_the_box_does_not_read_does_not_spin_the_loop():
    """Bytes the link leaves in the port (no request read while a reply is under way) wake it once."""
    pty = PtySerial()
    calls = [0]

    async def scenario():
        pty.watch(asyncio, lambda: calls.__setitem__(0, calls[0] + 1))
        client = os.open(pty.path, os.O_RDWR | os.O_NOCTTY)
        os.write(client, b"x")
        await asyncio.sleep(0.1)
        os.close(client)

    asyncio.run(scenario())
    pty.close()
    assert calls[0] == 1
