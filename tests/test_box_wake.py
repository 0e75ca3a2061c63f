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

    def watch(self, asyncio, callback, failed=None):
        self.callback = callback

    def feed_in(self, data):
        FakeSerial.feed_in(self, data)
        if self.callback is not None:
            self.callback()

    def read(self):
        self.reads += 1
        return FakeSerial.read(self)


async def _lines_until(serial, found, seconds=2.0):
    """The lines the box wrote, read until one satisfies `found` (or the time is up: a loaded machine)."""
    lines = []
    end = asyncio.get_running_loop().time() + seconds
    while not any(found(m) for m in lines) and asyncio.get_running_loop().time() < end:
        await asyncio.sleep(0.005)
        lines += [json.loads(line) for line in serial.take_lines()]
    return lines


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
        replies = await _lines_until(serial, lambda m: m.get("id") == 1)
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
        await _lines_until(serial, lambda m: m.get("id") == 1)
        fb.buttons.push(board.SHOUT_0)
        lines = await _lines_until(serial, lambda m: m.get("ev", {}).get("e") == "button")
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


class SlowSerial(FakeSerial):
    """A USB port that takes 3 ms a write: the clock moves while the box writes."""

    def __init__(self, clock):
        FakeSerial.__init__(self)
        self.clock = clock
        self.writes = []

    def write(self, data):
        self.writes.append(len(data))
        self.clock.advance_ms(3)
        FakeSerial.write(self, bytes(data))


def test_a_long_reply_goes_out_in_pieces_over_several_turns_and_is_never_cut():
    from ultimus_host.fakes import FakeClock
    from ultimusbox.runtime import WRITE_PIECE

    clock = FakeClock()
    serial = SlowSerial(clock)
    fb = FakeBoard(clock=clock, serial=serial)
    box = Box(fb, lambda: 3)
    serial.feed_in(b'{"id": 1, "op": "new_game", "players": 6, "seed": 3, "mode": "full"}\n')
    box.poll_link()
    while box.link.out:
        box.poll_link()
    serial.take_lines()
    serial.writes.clear()
    serial.feed_in(b'{"id": 2, "op": "state"}\n{"id": 3, "op": "hello"}\n')
    turns = 0
    while turns < 100 and (turns == 0 or box.link.out or box.link.pending_line()):
        box.poll_link()
        fb.buttons.push(board.WHEEL_0)
        box.poll_input()  # the box's buttons between the turns
        turns += 1
    lines = [json.loads(line) for line in serial.take_lines()]
    replies = [m for m in lines if "id" in m]
    assert [r["id"] for r in replies] == [2, 3] and replies[0]["state"]["mode"] == "full"
    assert max(serial.writes) <= WRITE_PIECE and turns > 2
