"""The running box: the shell, the link, the sounds and the display over the drivers.

Box holds the pieces and one small method per job; run() gives each job its
own asyncio task so that none waits for another: input every 2 ms, the game
clock every 10 ms (it also feeds the watchdog), sound every 5 ms, the link
every 5 ms, a new LED frame every 40 ms or at once after a change. Tests and
the MicroPython runs call Box.step() instead, with fake drivers and a fake
clock, which runs the same jobs in the same order.

Drivers (ultimusbox/drivers/* on the Pico, ultimus_host.fakes on a PC):
  clock.us() / ms() / diff(a, b) / add(t, d)   buttons.presses() -> [(id, t_us)]
  leds.show(frame)   buzzer.tone(hz)   storage.read_lines/append/replace_lines/remove
  watchdog.feed()    serial.read() -> bytes / write(bytes)
  reset() (optional)  restart the board: after the game menu chose another game, so that
                      only that game's modules are imported (without it the shell switches in place)
"""

from ultimusbox.shell import Shell
from ultimusbox.display import Frame, render
from ultimusbox.link import LinkServer
from ultimusbox.sounds import SoundPlayer

FRAME_MS = 40


class Box:
    def __init__(self, drivers, seed_source, selftest=False):
        self.d = drivers
        self.shell = Shell(drivers.storage, drivers.clock, seed_source, getattr(drivers, "reset", None))
        self.sound = SoundPlayer(drivers.buzzer)
        self.link = LinkServer(self.shell)
        self.changed = True
        self.last_frame = None
        self.frame = Frame()  # one buffer for every frame: the LED driver copies out of it
        self.shell.listen(self._on_events)
        self.shell.start()  # resume the saved game, with everyone listening
        if selftest:
            self.shell.set_selftest(True)
        self.draw(drivers.clock.ms())

    def _on_events(self, events):
        self.changed = True
        self.sound.on_events(events)

    def poll_input(self):
        presses = self.d.buttons.presses()
        for button, t_us in presses:
            self.shell.press(button, t_us)
        if presses:
            self.changed = True

    def poll_link(self):
        data = self.d.serial.read()
        if data:
            self.link.feed(data)
        while self.link.out:
            self.d.serial.write(self.link.out.pop(0))

    def tick(self):
        self.shell.tick(self.d.clock.us())
        self.d.watchdog.feed()

    def play(self):
        self.sound.update(self.d.clock.ms(), self.d.clock)

    def draw(self, now_ms):
        """Render and show a frame."""
        self.d.leds.show(render(self.shell, now_ms, self.frame))
        self.changed = False
        self.last_frame = now_ms

    def frame_due(self, now_ms):
        return self.changed or self.last_frame is None or self.d.clock.diff(now_ms, self.last_frame) >= FRAME_MS

    def step(self):
        """Every job once, in the order the tasks favour (input before the clock)."""
        self.poll_input()
        self.poll_link()
        self.tick()
        self.play()
        now = self.d.clock.ms()
        if self.frame_due(now):
            self.draw(now)


def sleep_ms(asyncio, ms):
    if hasattr(asyncio, "sleep_ms"):
        return asyncio.sleep_ms(ms)
    return asyncio.sleep(ms / 1000)


async def _every(asyncio, ms, job, box):
    while not box.link.want_repl:
        job()
        await sleep_ms(asyncio, ms)


async def _display(asyncio, box):
    while not box.link.want_repl:
        now = box.d.clock.ms()
        if box.frame_due(now):
            box.draw(now)
        await sleep_ms(asyncio, 5)


async def _main(asyncio, box):
    tasks = [
        asyncio.create_task(_every(asyncio, 2, box.poll_input, box)),
        asyncio.create_task(_every(asyncio, 10, box.tick, box)),
        asyncio.create_task(_every(asyncio, 5, box.play, box)),
        asyncio.create_task(_every(asyncio, 5, box.poll_link, box)),
        asyncio.create_task(_display(asyncio, box)),
    ]
    while not box.link.want_repl:
        await sleep_ms(asyncio, 50)
    box.poll_link()  # the reply to "repl" goes out before the box lets go
    for task in tasks:
        task.cancel()
    box.d.buzzer.tone(0)


def run(drivers, seed_source, selftest=False):
    """Run the box until the link asks for the REPL."""
    import asyncio

    box = Box(drivers, seed_source, selftest)
    asyncio.run(_main(asyncio, box))
    return box
