"""The running box: the shell, the link, the sounds and the display over the drivers.

Box holds the pieces and one small method per job; run() gives each job its
own asyncio task so that none waits for another: input every 2 ms, the game
clock every 10 ms (it also feeds the watchdog), sound every 5 ms, a new LED
frame every 40 ms or at once after a change. The link's task sleeps until
bytes arrive (the serial driver's watch(): the event loop's reader on a PC, a
stream over stdin on the Pico) or the box has events for it; it runs a long
reply's pieces for at most PIECE_MS a turn. Tests and the MicroPython runs
call Box.step() instead, with fake drivers and a fake clock, which runs the
same jobs in the same order (a long reply at once).

Drivers (ultimusbox/drivers/* on the Pico, ultimus_host.fakes on a PC):
  clock.us() / ms() / diff(a, b) / add(t, d)   buttons.take() -> id or -1, its time in .taken_us
  leds.show(frame)   buzzer.tone(hz)   storage.read_lines/append/replace_lines/remove
  storage.tidy() (optional)  housekeeping the box leaves to idle time (the Pico's driver folds its slots)
  watchdog.feed()    serial.readinto(buf) -> n (or read() -> bytes) / write(bytes)
  serial.busy() (optional)  whether a write now would wait (the host does not read): the link keeps its lines
  serial.watch(asyncio, callback, failed) (optional)  call back when bytes arrive (else the link looks every
                     5 ms); failed(exc) if the watching failed (it watches again)
  reset() (optional)  restart the board: after the game menu chose another game, so that
                      only that game's modules are imported (without it the shell switches in place)
"""

from ultimusbox.display import Frame, render
from ultimusbox.link import LinkServer
from ultimusbox.shell import Shell
from ultimusbox.sounds import SoundPlayer

FRAME_MS = 40
MAX_FAULTS = 20  # a task failing this many times in a row is dead: the watchdog is no longer fed
STALL_MS = 3000  # a task that has not run for this long has stopped: the watchdog is no longer fed
WRITE_MS = 4  # the link task writes for at most this long per turn (one piece at least): the others run between
WRITE_PIECE = 256  # bytes of a line written at once: a long reply goes out over several turns, never cut
PIECE_MS = 3  # the link task runs a long reply's pieces for at most this long per turn (one piece at least)
IDLE_MS = 500  # the link task waits for bytes at most this long (it stays alive for the watchdog)
READ_SIZE = 256  # bytes read from the serial port per turn, into one buffer
QUIET_MS = 1000  # no press and no action for this long (and no countdown, no request): the flash may fold


class Box:
    def __init__(self, drivers, seed_source, selftest=False, fresh=None):
        """fresh: set the saved game aside instead of resuming it (THUMBS DOWN held at power-on; a string
        says who else asked, as the table is told: Shell.start)."""
        self.d = drivers
        watchdog = getattr(drivers, "watchdog", None)
        self.shell = Shell(
            drivers.storage,
            drivers.clock,
            seed_source,
            getattr(drivers, "reset", None),
            watchdog.feed if watchdog is not None else None,
        )
        self.shell.secret = getattr(drivers, "urandom", None)  # the tokens' source (None: the entropy's)
        self.sound = SoundPlayer(drivers.buzzer)
        self.link = LinkServer(self.shell)
        self.changed = True
        self.last_frame = None
        self.frame = Frame()  # one buffer for every frame: the LED driver copies out of it
        self.alive = {}  # task name -> when it last ran (ms), under run()
        self.faults = {}  # task name -> failures in a row
        self.dead = None  # the task that failed MAX_FAULTS times in a row
        self.wake = None  # under run(): an asyncio Event that wakes the link task
        self.read_all = True  # whether the last link turn read the port (nothing left unseen)
        self.inbuf = bytearray(READ_SIZE)  # every read of the serial port lands here
        self.inview = memoryview(self.inbuf)
        self.sent = 0  # bytes of the link's first waiting line already written
        self.dropped = 0  # presses the buttons' driver lost (its count), told so far
        self._tidy = getattr(drivers.storage, "tidy", None)  # bound once: a tick must allocate nothing
        self.shell.listen(self._on_events, presses=False)  # a press sets changed itself
        self.shell.start(fresh)  # resume the saved game, with everyone listening
        if selftest:
            self.shell.set_selftest(True)
        self.draw(drivers.clock.ms())

    def _on_events(self, events):
        self.changed = True
        self.sound.on_events(events)
        if self.wake is not None and self.link.out:
            self.wake.set()  # lines for the host: the link task writes them now

    def poll_input(self):
        """The presses the buttons' driver took, each with its own time; none while the link holds the
        state for a reply (ultimusbox.link: they wait in the driver's queue, their times kept)."""
        if self.link.holding():
            return
        buttons = self.d.buttons
        button = buttons.take()
        while button >= 0:
            self.shell.press(button, buttons.taken_us)
            self.changed = True
            button = buttons.take()
        dropped = getattr(buttons, "dropped", 0)
        if dropped != self.dropped:  # presses the driver's full queue lost: never in silence
            lost, self.dropped = dropped - self.dropped, dropped
            self.shell.flash("error", 600)
            self.shell.note(
                {"e": "fault", "task": "buttons", "message": "%d press(es) lost: pressed faster than taken" % lost}
            )

    def _read(self):
        """Bytes from the serial port: into the box's one buffer when the driver can."""
        serial = self.d.serial
        if hasattr(serial, "readinto"):
            return self.inview[: serial.readinto(self.inbuf)]
        return serial.read()

    def poll_link(self):
        """Go on with a long reply; read requests while the link takes them (room for the replies,
        no reply under way); write a few lines, never all at once (a USB write may wait when the
        host does not read: the other tasks must not starve)."""
        serial, link = self.d.serial, self.link
        link.work()
        self.read_all = link.ready()
        if self.read_all:
            data = self._read()
            if data or link.buffer:
                link.feed(data)
        busy = getattr(serial, "busy", None)
        clock = self.d.clock
        start = clock.ms()
        out = link.out
        while out:
            if busy is not None and busy():
                break  # the port holds enough: the link keeps the rest (bounded: ultimusbox.link)
            line = out[0]
            end = self.sent + WRITE_PIECE
            if self.sent == 0 and end >= len(line):
                serial.write(line)
            else:  # a long line, a piece at a time: nothing else is written before its end
                serial.write(memoryview(line)[self.sent : end])
            if end >= len(line):
                out.pop(0)
                self.sent = 0
            else:
                self.sent = end
            if clock.diff(clock.ms(), start) >= WRITE_MS:
                break  # a slow write: let the input, the clock and the watchdog have their turn

    def tick(self):
        """The game's clock (a countdown's beats and CLAMO: not while the link holds the state for a
        reply, which it does for a few ms; CLAMO waits LOCK_US for the presses before it anyway), the
        watchdog and the flash's housekeeping."""
        if not self.link.holding():
            self.shell.tick(self.d.clock.us())
        if self.healthy():
            self.d.watchdog.feed()
        self.tidy()

    def idle(self):
        """Whether nobody waits for the box: no request under way or half read, no reply waiting, no
        countdown, no press nor action for QUIET_MS."""
        link = self.link
        return link.job is None and not link.out and not link.buffer and self.shell.quiet(QUIET_MS)

    def tidy(self):
        """Idle time: the storage folds its journal's slots (ultimusbox.drivers.storage), never inside a
        reply or a countdown."""
        if self._tidy is not None and self.idle():
            self._tidy()

    def healthy(self):
        """Every task alive: none dead of repeated failures, none stalled (under run())."""
        if self.dead is not None:
            return False
        now = self.d.clock.ms()
        for name in self.alive:
            if self.d.clock.diff(now, self.alive[name]) > STALL_MS:
                return False
        return True

    def run_job(self, name, job):
        """One turn of a task: a failure is reported (event "fault", red blink) and counted; a task that
        keeps failing starves the watchdog, which resets the box (and it resumes its game)."""
        try:
            job()
            self.faults[name] = 0
        except Exception as exc:
            n = self.faults.get(name, 0) + 1
            self.faults[name] = n
            if n >= MAX_FAULTS:
                self.dead = name
            try:
                self.shell.flash("error", 600)
                self.shell.note({"e": "fault", "task": name, "message": repr(exc)})
            except Exception:
                pass
        self.alive[name] = self.d.clock.ms()

    def watch_failed(self, exc):
        """The serial port's wake-up task failed (it watches again): told as a failed task is."""
        try:
            self.shell.flash("error", 600)
            self.shell.note({"e": "fault", "task": "serial wake-up", "message": repr(exc)})
        except Exception:
            pass

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


async def _every(asyncio, ms, job, box, name):
    while not box.link.want_repl:
        box.run_job(name, job)
        await sleep_ms(asyncio, ms)


def _display_job(box):
    now = box.d.clock.ms()
    if box.frame_due(now):
        box.draw(now)


async def _display(asyncio, box):
    await _every(asyncio, 5, lambda: _display_job(box), box, "display")


async def _wait(asyncio, event, ms):
    """Until the event is set, or ms went by."""
    try:
        if hasattr(asyncio, "wait_for_ms"):
            await asyncio.wait_for_ms(event.wait(), ms)
        else:
            await asyncio.wait_for(event.wait(), ms / 1000)
    except asyncio.TimeoutError:
        pass


async def _link(asyncio, box):
    """The link's task: a turn whenever there is something to do, asleep until bytes or events come."""
    link, serial = box.link, box.d.serial
    link.pieces(box.d.clock, PIECE_MS)
    watch = getattr(serial, "watch", None)
    if watch is not None:
        box.wake = asyncio.Event()
        watch(asyncio, box.wake.set, box.watch_failed)
    while not link.want_repl:
        if box.wake is not None:
            box.wake.clear()  # what arrives from now on wakes the next wait
        box.run_job("link", box.poll_link)
        busy = getattr(serial, "busy", None)
        if link.out and busy is not None and busy():
            await sleep_ms(asyncio, 5)  # a host that does not read: look again soon
        elif link.job is not None or link.out or link.pending_line() or not box.read_all:
            await sleep_ms(asyncio, 0)  # more to do at once: the other tasks first
        elif box.wake is None:
            await sleep_ms(asyncio, 5)  # a port that cannot wake the task: look every few ms
        else:
            await _wait(asyncio, box.wake, IDLE_MS)


async def _main(asyncio, box):
    tasks = [
        asyncio.create_task(_every(asyncio, 2, box.poll_input, box, "input")),
        asyncio.create_task(_every(asyncio, 10, box.tick, box, "clock")),
        asyncio.create_task(_every(asyncio, 5, box.play, box, "sound")),
        asyncio.create_task(_link(asyncio, box)),
        asyncio.create_task(_display(asyncio, box)),
    ]
    while not box.link.want_repl:
        await sleep_ms(asyncio, 50)
    box.poll_link()  # the reply to "repl" goes out before the box lets go
    for task in tasks:
        task.cancel()
    box.d.buzzer.tone(0)


def run(drivers, seed_source, selftest=False, fresh=False):
    """Run the box until the link asks for the REPL."""
    import asyncio

    box = Box(drivers, seed_source, selftest, fresh)
    asyncio.run(_main(asyncio, box))
    return box
