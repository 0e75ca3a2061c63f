"""The monkey at the box: a whole evening of presses on the real box app, seeded, for any of its games.

A monkey stands at a box on fake drivers for minutes of the box's own clock (advanced, never
slept) and, with the core's own generator (the same evening under CPython and MicroPython):
- presses random buttons with random gaps, thumbs at odd moments included;
- now and then enters a legal action of the game in play (its randomplay chooses among the engine's
  legal listing) with the presses its screen asks for (monkey_presses), and at the seat selection
  chooses its game, joins stations and starts it: games go deep, to their end and into the next;
- keeps quiet for seconds, so that countdowns and timers run out;
- holds a key down: the same button again and again, as a keyboard's auto-repeat sends it (MODE most);
- fills the flash for a while (a write lands in part and fails: the box refuses and goes on);
- cuts the power, between two steps or in the middle of a write, and powers the box on again from its
  flash (now and then with THUMBS DOWN held: the game set aside; or THUMBS UP: the self-test), and
  checks that nothing acknowledged was lost: the resumed journal holds every action the journal took,
  and the resumed game's digest is the one before the cut (or, after a torn write, the digest of
  those actions replayed).

Anything that raises fails the evening: Monkey.run() lets it through, with the game and the seed in
the message (MonkeyFailed). Hooks for the host's harness (tests/monkey_host.py): on_box(fb, box)
after every power-on, on_step(fb, box) after every step of the box.

Under MicroPython (tools/mp_run.mjs): ARGS = [game, seed, seconds]; step() runs one move of the
monkey per call (the port frees memory between calls) and the lines it prints (checkpoints: each
power-on and the end, with the game's digest) are the ones lines() gives under CPython.
"""

from monkey_presses import next_lines
from referee.rng import Rng
from ultimus_host.fakes import FakeBoard, FakeClock, FakeStorage
from ultimusbox import board, games
from ultimusbox.runtime import Box

STEP_MS = 10  # the box's clock task runs every 10 ms: the monkey steps the box as often
REPEAT_MS = 33  # a held key's auto-repeat
LINES_PER_ACTION = 150  # presses and waits a legal action may take before the monkey gives up on it (a buy of 99)


class FakeFlash:
    """The fakes' flash (FakeStorage): a power cut tears one of the next writes after a number of bytes.
    Another flash (tests/monkey_host.LittleFsFlash: the Pico's own driver on a LittleFS image) offers
    the same: storage, arm(rng), dead(), power_on(), fill(rng) and free() (a flash that fills up)."""

    def __init__(self):
        self.storage = FakeStorage()

    def arm(self, rng):
        self.storage.cut_after(rng.below(400))

    def dead(self):
        return self.storage.dead

    def power_on(self):
        self.storage.power_on()

    def fill(self, rng):
        self.storage.fill_after(rng.below(3000))

    def free(self):
        self.storage.free()


TICKS_PERIOD = 1 << 30  # MicroPython's ticks_us and ticks_ms wrap at this (ticks_us every 17.9 minutes)


class TicksClock(FakeClock):
    """The Pico's clock as MicroPython gives it: ticks_us and ticks_ms wrap at TICKS_PERIOD and are
    compared only through diff() (time.ticks_diff); the monkey starts them anywhere, near a wrap too."""

    def __init__(self, us_at, ms_at):
        FakeClock.__init__(self)
        self.us_at, self.ms_at = us_at, ms_at

    def us(self):
        return (self.now + self.us_at) % TICKS_PERIOD

    def ms(self):
        return (self.now // 1000 + self.ms_at) % TICKS_PERIOD

    def diff(self, a, b):
        half = TICKS_PERIOD // 2
        return (a - b + half) % TICKS_PERIOD - half

    def add(self, t, delta):
        return (t + delta) % TICKS_PERIOD


class MonkeyFailed(Exception):
    """Something went wrong on the evening: the message names the game, the seed and the box's time."""


class Monkey:
    def __init__(self, focus, seed, seconds, on_box=None, on_step=None, flash=None):
        """focus: the game the monkey chooses at the seat selection (others get played when a stray
        press chooses them); seconds: how long the evening lasts on the box's clock; flash: FakeFlash()
        unless given."""
        self.focus = focus
        self.seed = seed
        self.rng = Rng(seed)
        self.entropy = Rng(seed ^ 0x5EED)  # the box's entropy source: each game its own seed
        self.end_ms = seconds * 1000
        self.on_box = on_box
        self.on_step = on_step
        self.flash = flash if flash is not None else FakeFlash()
        self.in_flight = None  # the action the journal was writing when the power went (it may have landed)
        self.full = 0  # the flash is full (FakeFlash.fill) until the monkey frees it
        self.torn_tail = 0  # a full flash took part of a record: the journal ends with it until the next append
        self.ms = 0  # the evening's time on the box's clocks, across power cuts
        self.acked = []  # every action the journal took, since its game started
        self.playing = None  # the game the journal holds (None: none)
        self.chooser = None  # (game, the board game's Chooser) for the game in play
        self.reset_asked = 0
        self.want_players = 0
        self.checkpoints = []  # "at MS cut|end game actions digest": compared across runtimes
        self.counts = {
            "presses": 0,
            "events": 0,
            "actions": 0,
            "legal": 0,
            "games": 0,
            "finished": 0,
            "power_cuts": 0,
            "resets": 0,
            "torn": 0,
            "cut_at_power_on": 0,
            "flash_full": 0,
            "set_aside": 0,
            "selftest": 0,
            "quiet_ms": 0,
            "clamo": 0,
            "leds": 0,
        }
        self._power_on()

    # --- the box -------------------------------------------------------------------------

    def _source(self):
        return self.entropy.below(1 << 30)

    @property
    def storage(self):
        return self.flash.storage

    def _power_on(self, fresh=False, selftest=False):
        near = TICKS_PERIOD - 1000 * (1 + self.rng.below(60000))  # a wrap within the next minute
        clock = TicksClock(near if self.rng.below(2) else 0, TICKS_PERIOD - 1 - self.rng.below(120000))
        self.fb = fb = FakeBoard(self.storage, clock=clock)
        if self.rng.below(3) == 0:
            fb.reset = self._reset  # the Pico's way: choosing another game restarts the board
        self.box = Box(fb, self._source, selftest, fresh)
        self._watch(self.box.shell)
        if self.on_box is not None:
            self.on_box(fb, self.box)

    def _reset(self):
        self.reset_asked = 1

    def _watch(self, shell):
        """Follow what the journal acknowledges: the actions it took, a new game, a game cleared."""
        journal = shell.journal
        append, start, clear, move_aside = journal.append, journal.start, journal.clear, journal.move_aside
        monkey = self

        def appended(action):
            if journal.replaying:
                append(action)
                return
            monkey.in_flight = action
            try:
                append(action)
            except Exception:
                if not monkey.flash.dead():
                    monkey.in_flight = None  # a full flash: refused, not written (the journal cuts what landed)
                    monkey.torn_tail = 1  # part of its record may end the file until the next append cuts it
                raise
            monkey.in_flight = None
            monkey.torn_tail = 0
            monkey.acked.append(action)
            monkey.counts["actions"] += 1

        def started(header):
            start(header)
            monkey.acked = []
            monkey.playing = header["game"]
            monkey.counts["games"] += 1

        def cleared():
            clear()
            monkey.acked = []
            monkey.playing = None

        def moved():
            aside = move_aside()
            monkey.acked = []
            monkey.playing = None
            return aside

        journal.append, journal.start, journal.clear, journal.move_aside = appended, started, cleared, moved
        shell.listen(self._heard, presses=False)
        self.torn_tail = 1 if journal.torn else 0

    def _heard(self, events):
        self.counts["events"] += len(events)
        for e in events:
            kind = e["e"]
            if kind == "clamo":
                self.counts["clamo"] += 1
            elif kind == "fault" or (kind == "refused" and e.get("code") == "internal"):
                raise MonkeyFailed("%s: %s" % (kind, e.get("message")))
            elif kind == "seat_selection":
                self.counts["finished"] += 1  # a game's end read, the table back at the seat selection

    def fail(self, why):
        return MonkeyFailed("%s, seed %d, at %d ms of the evening: %s" % (self.focus, self.seed, self.ms, why))

    # --- time and presses ------------------------------------------------------------------

    def _step(self):
        """One step of the box; a power cut in the middle of a write powers it on again at once."""
        try:
            self.box.step()
        except Exception:
            if not self.flash.dead():
                raise
        if self.flash.dead():  # the power went in the middle of a write (whatever the box made of it)
            self.counts["torn"] += 1
            self.cut(clean=False)
            return
        if self.reset_asked:
            self.reset_asked = 0
            self.counts["resets"] += 1
            self.cut(clean=True, why="reset")  # the board restarts after the menu: no power cut, the same checks
            return
        if self.on_step is not None:
            self.on_step(self.fb, self.box)

    def wait(self, ms):
        """The box's clock runs for ms, nobody pressing."""
        while ms > 0:
            tick = STEP_MS if ms > STEP_MS else ms
            self.fb.clock.advance_ms(tick)
            self.ms += tick
            ms -= tick
            self._step()

    def press(self, button, gap_ms=60):
        self.fb.buttons.push(button)
        self.counts["presses"] += 1
        self._step()
        self.wait(gap_ms)

    def run_line(self, line):
        if line[0] == "press":
            self.press(line[1], 40 + self.rng.below(200))
        else:
            self.wait(line[1])

    # --- power --------------------------------------------------------------------------------

    def cut(self, clean=True, why="cut"):
        """The power goes (the box and its RAM with it) and comes back: the box resumes from its flash."""
        shell = self.box.shell
        before = None
        if clean and shell.game is not None:
            before = shell.game.digest()
        expected, playing, in_flight, tail = list(self.acked), self.playing, self.in_flight, self.torn_tail
        self.in_flight = None
        self.flash.power_on()
        if why == "cut":
            self.counts["power_cuts"] += 1
        self.counts["leds"] += self.fb.leds.frames
        fresh = selftest = False
        roll = self.rng.below(20)
        if roll == 0:
            fresh = True
        elif roll == 1:
            selftest = True
            self.counts["selftest"] += 1
        if not clean and self.rng.below(3) == 0:
            self.flash.arm(self.rng)  # and again while the box repairs what the cut left
        while True:
            try:
                self._power_on(fresh, selftest)
            except Exception:
                if not self.flash.dead():
                    raise
            if not self.flash.dead():
                break
            self.counts["cut_at_power_on"] += 1
            self.flash.power_on()
        shell = self.box.shell
        if in_flight is not None and playing is not None and len(shell.journal) == len(expected) + 1:
            expected.append(in_flight)  # the record in flight reached the flash before the power went
        if fresh and playing is not None and self.full and shell.game is not None:
            self._check_resumed(shell, expected, playing, before)  # too full to set it aside: it goes on
        elif fresh and playing is not None:
            self.counts["set_aside"] += 1
            self._check_aside(shell, expected, clean and not tail, in_flight)
            self.acked, self.playing = [], None
        else:
            self._check_resumed(shell, expected, playing, before)
        self._checkpoint(why)

    def _check_resumed(self, shell, expected, playing, before):
        if playing is None:
            if shell.game is not None:
                raise self.fail("a game of %s came back that the journal had cleared" % shell.playing)
            return
        if shell.game is None or shell.playing != playing:
            raise self.fail("the game of %s was not resumed (%r)" % (playing, shell.notice))
        resumed = list(shell.journal)
        if resumed != expected:
            raise self.fail("resumed %d actions, the journal had acknowledged %d" % (len(resumed), len(expected)))
        digest = shell.game.digest()
        if before is not None and digest != before:
            raise self.fail("the resumed game's digest %s is not the one before the cut, %s" % (digest, before))
        replayed = games.build(playing, shell.game.setup)
        for action in expected:
            replayed.apply(action)
        if replayed.digest() != digest:
            raise self.fail("the resumed game's digest is not its actions' digest")
        self.acked = resumed
        self.playing = playing

    def _check_aside(self, shell, expected, clean, in_flight=None):
        """THUMBS DOWN held at power-on: the game set aside whole, the seat selection shown (after a
        torn write, its last line is what the power cut or a full flash left of a record: kept as it is)."""
        from ultimusbox.journal import check_file

        notice = shell.notice
        aside = notice["file"] if notice is not None and notice["code"] == "set_aside" else None
        if aside is None and notice is None and self.counts["cut_at_power_on"]:
            aside = self._last_aside()  # set aside by a boot the power cut: this one found no game to set aside
        if shell.game is not None or aside is None:
            raise self.fail("thumbs down at power-on did not set the game aside (%r)" % (notice,))
        _, actions, damage = check_file(self.storage, aside)
        if in_flight is not None and actions == expected + [in_flight]:
            expected = actions  # the record in flight reached the flash before the power went
        if (clean and damage is not None) or actions != expected:
            raise self.fail("the game set aside is not the game played: %s" % (damage or "other actions"))

    def _last_aside(self):
        from ultimusbox.journal import ASIDE

        last, n = None, 1
        while True:
            for _ in self.storage.read_lines(ASIDE % n):
                break
            else:
                return last
            last, n = ASIDE % n, n + 1

    def _checkpoint(self, what):
        shell = self.box.shell
        game = shell.game
        self.checkpoints.append(
            "at %d %s %s %d %s"
            % (
                self.ms,
                what,
                shell.playing or "-",
                len(shell.journal) if game is not None else 0,
                game.digest() if game is not None else "-",
            )
        )

    # --- the monkey's moves ------------------------------------------------------------------

    def move(self):
        """One move of the monkey; False when the evening is over."""
        if self.ms >= self.end_ms:
            return False
        r = self.rng.below(100)
        if not self.counts["flash_full"] and self.ms >= self.end_ms // 2:
            r = 97  # an evening that has not met a full flash by its middle meets one now (a seed's luck aside)
        if r < 55:
            self.legal()
        elif r < 85:
            self.stray()
        elif r < 90:
            quiet = 2000 + self.rng.below(7000)  # long enough for a countdown, a dice animation, a blink
            self.counts["quiet_ms"] += quiet
            self.wait(quiet)
        elif r < 95:
            self.hold()
        elif r < 97:
            self.flash.arm(self.rng)  # the power goes during one of the next writes
        elif r < 98:
            self.full = 1 - self.full  # the flash fills up (a write lands in part and fails), or has room again
            self.flash.fill(self.rng) if self.full else self.flash.free()
            self.counts["flash_full"] += self.full
        else:
            self.cut(clean=True)
        return True

    def stray(self):
        """A random button with a random gap; the thumbs, MODE and CONFIRM more often than the rest."""
        r = self.rng.below(32)
        if r < 24:
            button = r
        else:
            button = (board.THUMB_UP, board.THUMB_DOWN, board.MODE, board.CONFIRM)[r % 4]
        gap = self.rng.below(1500) if self.rng.below(4) else 0  # now and then two at once
        self.press(button, gap)

    def hold(self):
        """A key held down on the keyboard: its button again every 33 ms for a while (MODE most)."""
        button = board.MODE if self.rng.below(2) else self.rng.below(board.MODE + 1)
        for _ in range(3 + self.rng.below(25)):
            self.press(button, REPEAT_MS)

    def legal(self):
        """A legal action of the game in play, entered with its presses; at the seat selection, a game."""
        shell = self.box.shell
        if shell.selftest is not None:
            self.stray()
            return
        if shell.game is None:
            self.seats()
            return
        game = shell.game
        if game.phase == game.rules.FLOW.end:
            self.press(board.CONFIRM, 200)  # the final count read: back to the seat selection
            return
        action = self.choose(shell)
        if action is None:
            self.stray()
            return
        count = len(shell.journal)
        refused = [0]

        def heard(events):
            for e in events:
                if e["e"] == "refused":
                    refused[0] += 1

        shell.listen(heard, presses=False)
        try:
            for _ in range(LINES_PER_ACTION):
                if self.box.shell is not shell or shell.game is not game or len(shell.journal) != count:
                    break
                lines = next_lines(shell, action)
                if not lines or refused[0] > 2:
                    break
                for line in lines:
                    clamo, heard = self.counts["clamo"], line[0] == "wait" and shell.screen.entry.beats > 5
                    self.run_line(line)
                    if line[0] == "wait" and not heard and self.box.shell is shell and self.counts["clamo"] == clamo:
                        raise self.fail("the countdown never reached CLAMO")  # it ran for its five beats and more
        finally:
            if heard in shell.listeners:
                shell.listeners.remove(heard)
        if self.box.shell is shell and shell.game is game and len(shell.journal) > count:
            self.counts["legal"] += 1

    def choose(self, shell):
        """A legal action of the game in play, as its own random play would choose it."""
        game = shell.game
        name = shell.playing
        beginner = shell.settings.get("beginner")
        if name == "ultimus" and game.phase == "shout" and not beginner and self.rng.below(3) == 0:
            return {"a": "clamo"}  # the referee's way: the countdown runs out
        if name == "morituri_board":
            from games.morituri_board.randomplay import Chooser

            if self.chooser is None or self.chooser[0] is not game:
                self.chooser = (game, Chooser(game.state["players"]))
            action = self.chooser[1].choose(game, self.rng)
            seats = game.actors()
            legal = game.legal_actions(seats[0] if seats else -1)
            return action if action in legal else (self.rng.choice(legal) if legal else None)
        return games.load(games.find(name)[2].replace(".rules", ".randomplay")).choose_action(game, self.rng)

    def seats(self):
        """The seat selection: the monkey's game chosen, some stations joined, confirm."""
        shell = self.box.shell
        if shell.chosen != self.focus and self.rng.below(4):
            self.press(board.WHEEL_0 + games.names().index(self.focus), 200)
            return
        low, high = games.rules_of(shell.chosen).PLAYERS
        high = min(high, board.STATIONS)
        joined = shell.seats.joined
        if not self.want_players or self.want_players > high:
            self.want_players = low + self.rng.below(high - low + 1)
        if len(joined) < self.want_players:
            free = [k for k in range(board.STATIONS) if k not in joined]
            self.press(board.SHOUT_0 + self.rng.choice(free), 150)
        elif len(joined) > self.want_players:
            self.press(board.SHOUT_0 + joined[-1], 150)  # pressed again: the station leaves
        elif self.rng.below(3) == 0:
            self.press(board.MINUS, 150)  # fewer battles, figures...: a smaller game
        else:
            self.want_players = 0
            self.press(board.CONFIRM, 300)

    # --- the evening -------------------------------------------------------------------------

    def run(self):
        """The whole evening; returns the counts. Any failure names the game, the seed and the time."""
        try:
            while self.move():
                pass
        except MonkeyFailed:
            raise
        except Exception as exc:
            raise self.fail("%r" % (exc,)) from exc
        return self.finish()

    def finish(self):
        self.counts["leds"] += self.fb.leds.frames
        self._checkpoint("end")
        return self.counts


def lines(focus, seed, seconds):
    """The evening's checkpoints and counts as text lines (what the MicroPython run prints)."""
    monkey = Monkey(focus, seed, seconds)
    counts = monkey.run()
    return monkey.checkpoints + ["counts " + " ".join("%s=%d" % (k, counts[k]) for k in sorted(counts))]


try:
    ARGS  # noqa: B018 - set by tools/mp_run.mjs
except NameError:
    ARGS = None
if ARGS is not None:
    _monkey = Monkey(ARGS[0], int(ARGS[1]), int(ARGS[2]))

    def step():
        if _monkey.move():
            return True
        counts = _monkey.finish()
        for _text in _monkey.checkpoints:
            print(_text)
        print("counts " + " ".join("%s=%d" % (k, counts[k]) for k in sorted(counts)))
        return False
