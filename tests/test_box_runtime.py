"""The asyncio runtime with fake drivers and a real clock: every task runs, none starves another."""

import asyncio
import json

from ultimus_host.fakes import FakeBoard
from ultimus_host.pcdrivers import WallClock
from ultimusbox import board
from ultimusbox.runtime import Box, _main


def test_the_tasks_serve_buttons_link_sound_display_and_watchdog_until_the_repl_request():
    fb = FakeBoard()
    fb.clock = fb.buttons.clock = fb.buzzer.clock = WallClock()
    box = Box(fb, lambda: 3)

    async def scenario():
        runner = asyncio.ensure_future(_main(asyncio, box))
        for b in (board.SHOUT_0, board.SHOUT_0 + 1, board.CONFIRM):
            fb.buttons.push(b)
            await asyncio.sleep(0.03)
        fb.serial.feed_in(b'{"id": 1, "op": "hello"}\n')
        await asyncio.sleep(0.1)
        frames = fb.leds.frames
        await asyncio.sleep(0.2)
        assert fb.leds.frames > frames  # the display keeps animating
        fb.serial.feed_in(b'{"id": 2, "op": "repl"}\n')  # a game runs: the REPL reads its secrets
        await asyncio.sleep(0.05)
        fb.serial.feed_in(b'{"id": 3, "op": "auth", "claim": true}\n')
        await asyncio.sleep(0.05)
        fb.buttons.push(board.MODE)  # someone at the box agrees
        await asyncio.sleep(0.05)
        fb.serial.feed_in(b'{"id": 4, "op": "repl"}\n')
        await asyncio.wait_for(runner, 2)

    asyncio.run(scenario())
    replies = [json.loads(line) for line in fb.serial.take_lines()]
    assert {r.get("id") for r in replies if "id" in r} == {1, 2, 3, 4}
    assert [r["ok"] for r in replies if "id" in r] == [True, False, True, True]
    assert box.shell.phase == "loudest"
    assert fb.watchdog.feeds > 10
    assert fb.buzzer.tones and fb.buzzer.tones[-1][1] == 0  # silent when it lets go
