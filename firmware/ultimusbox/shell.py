"""The box shell: whatever the game, its journal, resume, apply, publishing and the game menu.

Hardware-agnostic and game-agnostic. It gets button presses (id and
microsecond timestamp) and clock ticks; before a game it runs the seat
selection and the game menu (ultimusbox.seats), during a game it hands them
to the game's screen (ultimusbox.screens), which turns them into core
actions through act(). Accepted actions go to the journal on flash; their
events, and the box's own ("refused", "resumed", ...), go to whoever listens
(the screen first, then sounds, link and display). It knows nothing of any
game's rules: the registry (ultimusbox.games) builds the core and names the
screen, imported on first use.

Stations are the six places at the table; the core's seats are the playing
stations in clockwise order.
"""

from referee import VERSION
from referee.digest import digest
from referee.engine import preload, saved_setup
from referee.errors import Illegal
from referee.rng import SHA256, new_seed
from ultimusbox import board, games, settings
from ultimusbox.digests import Digests
from ultimusbox.eyes import new_tokens
from ultimusbox.journal import CHECKPOINT_EVERY, FORMAT, Journal, flash_trouble, game_of
from ultimusbox.seats import REFUSED_FLASH, SeatSelection

ERROR_MS = 600  # how long a refused input blinks
NOTICE_MS = 3000  # how long a refused journal blinks at power-on
RESUMED_MS = 2000  # how long the playing stations blink white when a saved game resumes


class Shell:
    def __init__(self, storage, clock, seed_source, reset=None, feed=None):
        """seed_source: the drivers' entropy (referee.rng.new_seed: bytes, or 30-bit ints);
        reset: what restarts the Pico after the menu chose another game (None: switch in place);
        feed: the watchdog's feed, called while a long journal is read."""
        self.storage = storage
        self.journal = Journal(storage, feed=feed)
        self.clock = clock
        self.seed_source = seed_source
        self.reset = reset
        self.listeners = []
        self.press_hearers = []  # of the listeners, those that need the "button" events (see listen())
        self.game = None  # the core's Game while one runs
        self.playing = None  # its name in the registry
        self.settings = None  # the box's settings of the running game: {"stations": [...], ...the screen's}
        self.game_id = None  # the running game's public id, drawn at random when it started (None: older)
        self.flashes = {}  # what blinks for a while: key -> until (ms)
        self.selftest = None  # the builder's self-test while it runs
        self.notice = None  # why the saved game could not be resumed (until a new game starts)
        chosen = settings.chosen_game(storage, games.DEFAULT)
        self.chosen = chosen if games.find(chosen) is not None else games.DEFAULT
        self.screen = None  # the chosen (or running) game's screen
        self._counting = None  # its counting(), if it has one: whether a countdown runs
        self.seats = SeatSelection(self)
        self.claim = None  # (until ms, callback): a link asked to become the referee of this game
        self.tokens = None  # the running game's secret tokens (ultimusbox.eyes), kept beside its journal
        self.secret = None  # the drivers' real random bytes, secret(n) (os.urandom), for the tokens
        self.pairing = None  # until when (ms) a station's SHOUT pairs a phone with its seat (a link asked)
        self.failures = 0  # storage faults since the last good write (the lights say so)
        self.changes = 0  # how often the game's state may have changed: the digests are kept until it does
        self.last_input = clock.ms()  # when the last press or action came (the box is idle some time after)
        self.digests = Digests(self)

    # --- publishing -------------------------------------------------------

    def listen(self, callback, presses=True):
        """callback(events) from now on; presses: whether it needs the "button" events (True, False,
        or a function saying whether it does now, such as the link's: only while a host hears)."""
        self.listeners.append(callback)
        if presses:
            self.press_hearers.append(presses)

    def presses_heard(self):
        """Whether a listener needs the "button" events now (else a press publishes nothing and
        allocates nothing: no event dict, no list)."""
        for hears in self.press_hearers:
            if hears is True or hears():
                return True
        return False

    def note_press(self, button):
        if self.presses_heard():
            self.note({"e": "button", "b": button})

    def publish(self, events):
        for callback in self.listeners:
            callback(events)

    def note(self, event):
        self.publish([event])

    def flash(self, key, ms):
        self.flashes[key] = self.clock.add(self.clock.ms(), ms)

    def flashing(self, key, now_ms):
        until = self.flashes.get(key)
        if until is None:
            return False
        if self.clock.diff(until, now_ms) > 0:
            return True
        del self.flashes[key]
        return False

    def refuse(self, code, message):
        """A refused input: every playing station blinks red, the low buzz, nothing changed."""
        self.flash("error", ERROR_MS)
        self.note({"e": "refused", "code": code, "message": message})

    # --- the game menu ------------------------------------------------------

    def _use(self, name):
        """The screen of a game, imported now if it is not yet."""
        if self.screen is None or self.screen.NAME != name:
            self.screen = self._counting = None  # let the old one go before the new one loads
            self.screen = games.screen_module(name).Screen(self)
            self._counting = getattr(self.screen, "counting", None)  # bound once: a tick allocates nothing

    def choose_for_now(self, name):
        """The menu's game until the next power-on, not saved (a virtual box whose folder cannot take it)."""
        self.chosen = name
        if self.game is None:
            self._use(name)

    def choose_game(self, k):
        """Wheel k on the seat selection: game k of the registry, saved for the next power-on."""
        if k >= len(games.GAMES):
            self.flash(REFUSED_FLASH[k], ERROR_MS)
            self.refuse(
                "not_on_this_box",
                "wheel %d: no game on this box yet; it referees %s" % (k + 1, ", ".join(g[1] for g in games.GAMES)),
            )
            return
        name = games.GAMES[k][0]
        if name == self.chosen:
            return
        try:
            settings.choose_game(self.storage, name)
        except OSError as exc:
            self.refuse("storage", "the choice could not be saved: %s" % flash_trouble(exc))
            return
        self.chosen = name
        self.note({"e": "game_chosen", "game": name})
        if self.reset is not None:
            self.reset()  # the Pico starts again with only this game's modules
            return
        self._use(name)
        del self.seats.joined[games.rules_of(name).PLAYERS[1] :]  # a game for fewer players: the last to join leave

    # --- the game and its journal -----------------------------------------

    def start(self, fresh=None):
        """Power on: resume the saved game if there is one, else the seat selection of the chosen game.

        Whatever the flash holds, the box starts: a journal that makes resume fail in any way is
        reported and kept (moved aside when the storage can), never the cause of a boot loop.
        fresh: THUMBS DOWN was held at power-on: the saved game is set aside the same way, unplayed, for a
        table that wants a new game (a game in progress has no other way to end on the box itself); a
        string says who else asked it, in the words told to the table (the virtual box's `sim --new`)."""
        try:
            if fresh and self.journal.exists():
                self._set_aside(fresh if type(fresh) is str else "thumbs down was held at power-on")
            else:
                self.resume()
        except Exception as exc:  # a storage error or a bug: the box must come up all the same
            self.game = self.playing = self.settings = None
            self.journal.replaying = False
            # in words for the table: the flash's trouble, or the kind of fault, never the exception's repr
            why = flash_trouble(exc) if isinstance(exc, OSError) else "a fault of the box (%s)" % type(exc).__name__
            self._refuse_journal("bad_journal", "the saved game could not be read: %s" % why)
        if self.game is None:
            self._use(self.chosen)

    def _set_aside(self, asked):
        """THUMBS DOWN held at power-on (asked: who asked, in words): the saved game moved aside, untouched,
        and the seat selection. A flash too full to keep it: the game is resumed instead, never dropped."""
        try:
            aside = self.journal.move_aside()
        except OSError as exc:
            self.resume()
            self.refuse("storage", "the saved game could not be set aside (%s): it goes on" % flash_trouble(exc))
            return
        why = "%s: a new game instead" % asked
        self._report_journal("journal_refused", why, lambda: aside, "set_aside")

    def resume(self):
        """The saved game, replayed record by record from the journal; a journal this firmware
        cannot read is moved aside and reported, never truncated nor deleted."""
        journal = self.journal
        header = journal.header()
        if header is None:
            if journal.exists():
                self._refuse_journal("bad_journal", "the saved game's first record is broken")
            return
        name, problem = game_of(header, games.names())
        if problem is not None:
            self._refuse_journal(problem[0], problem[1])
            return
        try:
            box = header["box"]
            stations = box["stations"]
            journal.replaying = True  # replaying must not write the journal again, nor hold it in RAM
            setup = saved_setup(games.rules_of(name), header["setup"])  # the rules it was played with
            game = games.build(name, setup, journal)
            if type(stations) is not list or len(stations) != game.setup["players"]:
                raise Illegal("bad_setup", "the stations do not match the players")
        except (KeyError, TypeError, ValueError, Illegal) as exc:
            journal.replaying = False
            self._refuse_journal(
                "bad_journal", "the saved game's set-up is not one this firmware can start: %s" % (exc,)
            )
            return
        self._preload(game, True)
        kept = self._from_checkpoint(game)
        problem = None
        # records this firmware's format wrote were cleaned before they were journaled (referee.engine.clean)
        apply = game.apply_logged if header.get("format") == FORMAT else game.apply
        try:
            for action in journal.records(kept):  # stops by itself at a torn or corrupt record
                try:
                    apply(action)
                except Exception as exc:  # Illegal, or a core that fails on it ("internal")
                    problem = "record %d of the saved game no longer replays (%s)" % (kept + 1, exc)
                    break
                kept += 1
        finally:
            journal.replaying = False
        if problem is not None:
            self._refuse_journal("replay_failed", problem)
            return
        # every line read and good: nothing torn after the last record, no second pass over the file
        lines, torn = (kept, False) if journal.read_all else journal.tail()
        if kept < lines - 1 or (kept < lines and not torn):
            # more than a write the power cut tore (which ends without its newline): records that were
            # written whole and acknowledged are lost; keep the whole file for a closer look
            self._report_journal(
                "journal_cut",
                "%s of the saved game %s unreadable; the game goes on from record %d"
                % (
                    "record %d" % lines if kept == lines - 1 else "records %d to %d" % (kept + 1, lines),
                    "is" if kept == lines - 1 else "are",
                    kept,
                ),
                journal.copy_aside,
            )
        journal.count = kept
        if kept < lines:
            try:
                journal.keep(kept)  # a write the power cut tore: the records after it were never accepted
            except OSError:
                journal.torn = True  # a full flash: cut before the next record is written
        self.game, self.playing, self.settings = game, name, box
        self.changes += 1
        self.game_id = header.get("id") if type(header.get("id")) is str else None
        from ultimusbox.handover import resumed  # the tokens kept with the journal (older games: fresh ones)

        resumed(self, game.setup["players"], header.get("tokens"))
        self._use(name)
        self.screen.start()
        # The entry in progress (a selected wheel, wounds being entered, a payout) lived in RAM only and
        # is dropped on purpose: a half-made input must not act after a restart. The cue tells the table.
        self.flash("resumed", RESUMED_MS)
        self.note(self.resumed_event())

    def _preload(self, game, resuming=False):
        """Every module the game will need, imported while its state is still small (a Pico running .mpy
        files must not scatter code among the game's data): its handlers loaded by name, and when it
        resumes, what its flow answers who acts with (referee.acting and the game's pre-checks: the
        resumed event names the seats to act; the legal listing is not needed)."""
        preload(game.rules, game.state)
        if resuming:
            game.actors()

    def resumed_event(self):
        """Where the resumed game stands, for the people at the table: its battle and round
        (where the game counts them), its phase and the seats to act."""
        game = self.game
        s = game.state
        e = {"e": "resumed", "game": self.playing, "actions": len(game.log), "phase": s["phase"]}
        for key in ("battle", "round"):
            if type(s.get(key)) is int and s[key] > 0:
                e[key] = s[key]
        e["to_act"] = list(game.actors())
        return e

    def _from_checkpoint(self, game):
        """The records a checkpoint of this journal lets resume skip (their state restored), or 0."""
        journal = self.journal
        try:
            ckp = journal.checkpoint(VERSION)
            if ckp is None or digest(ckp["state"]) != ckp.get("digest"):
                return 0
            count = ckp["count"]
            if count < 0 or not journal.intact(count):  # intact: also that the journal holds that many
                return 0  # a damaged record before it: the replay finds it and says so
        except Exception:  # an unreadable checkpoint: the journal alone will do
            return 0
        game.state.clear()
        game.state.update(ckp["state"])
        journal.count = count
        return count

    def _checkpoint(self):
        """Every CHECKPOINT_EVERY actions, the state on flash: resume replays at most that many."""
        journal, game = self.journal, self.game
        if journal.count % CHECKPOINT_EVERY or game is None or game.log is not journal:
            return
        try:
            journal.save_checkpoint(game.state, self.digests.now(game, public=False)[0], VERSION)
        except OSError:
            pass  # only resume gets slower; the journal holds the game

    def _refuse_journal(self, code, message):
        self._report_journal("journal_refused", message, self.journal.move_aside, code)  # the code goes apart

    def _report_journal(self, kind, message, keep, code=None):
        """Keep the journal aside (move or copy), remember why, blink the stations red and tell the link."""
        try:
            aside = keep()
        except OSError as exc:
            aside = None
            message += "; it could not be kept aside (%s)" % flash_trouble(exc)
        self.notice = {"e": kind, "code": code or kind, "message": message, "file": aside}
        self.flash("error", NOTICE_MS)
        self.note(self.notice)

    def new_seed(self):
        """A fresh secret seed: at least 64 bits from the drivers' entropy source."""
        return new_seed(self.seed_source)

    def new_game(self, name, setup, stations=None, box=None, aside=None):
        """Start a game (from the seat selection or over the link); refuses bad set-ups.

        A new game uses the SHA-256 generator unless the set-up names one, and gets a
        random public id (its settings' "id"), so that nothing public derives from its seed,
        and fresh tokens from a real random source. aside: who asked, in words, when a game
        still played is replaced: it is moved aside first (game-N.jnl, as THUMBS DOWN held at
        power-on does), and an OSError (a full flash) leaves it where it is, the new one unstarted."""
        if games.find(name) is None:
            raise Illegal("unknown_game", "this box referees %s, not %r" % (", ".join(games.names()), name))
        if type(setup) is dict and "rng" not in setup:
            setup = dict(setup)
            setup["rng"] = SHA256
        game = games.build(name, setup)  # refuses a bad set-up
        self._preload(game)
        players = game.setup["players"]
        if stations is None:
            stations = list(range(players))
        if (
            type(stations) is not list
            or len(stations) != players
            or any(type(s) is not int or s < 0 or s >= board.STATIONS for s in stations)
            or sorted(set(stations)) != stations
        ):
            raise Illegal("bad_setup", "stations must be %d different stations 0-5 in clockwise order" % players)
        box_settings = {"stations": stations}
        if box:
            box_settings.update(box)
        game_id = "%08x" % (self.new_seed() & 0xFFFFFFFF)
        if aside is not None and self.game is not None:
            kept = self.journal.move_aside()
            self._report_journal("journal_refused", "%s: a new game instead" % aside, lambda: kept, "set_aside")
        tokens = new_tokens(players, self.secret, self.seed_source)
        self.journal.start(
            {
                "format": FORMAT,
                "game": name,
                "version": VERSION,
                "setup": game.setup,
                "box": box_settings,
                "id": game_id,
                "tokens": tokens,  # until a pairing or a seat handed on changes them (then beside it, .tok)
            }
        )
        self.game_id = game_id
        self.tokens, self.pairing = tokens, None
        game.log = self.journal
        self.game, self.playing, self.settings, self.notice = game, name, box_settings, None
        self.changes += 1
        self._use(name)
        if name != self.chosen:  # a game the link started: the menu shows it next time
            self.chosen = name
            try:
                settings.choose_game(self.storage, name)
            except OSError:
                pass  # only the menu's default is lost; the game itself is saved
        self.screen.start()
        self.note({"e": "new_game", "game": name, "players": players, "setup": game.setup})
        return game

    def start_from_seats(self, stations):
        """CONFIRM on the seat selection: the chosen game with the joined stations and the screen's options."""
        setup, box = self.screen.seat_setup(len(stations), self.new_seed())
        try:
            self.new_game(self.chosen, setup, stations, box)
        except Illegal as exc:
            self.refuse(exc.code, exc.message)
        except OSError as exc:
            self.refuse("storage", "the new game could not be saved: %s" % flash_trouble(exc))

    def apply(self, action):
        """Apply one core action and publish its events; raises Illegal (nothing changed)."""
        if self.game is None:
            raise Illegal("no_game", "no game is running")
        changes = self.changes
        self.changes += 1  # the digests of the state before are no longer the game's
        self.last_input = self.clock.ms()
        try:
            events = self.game.apply(action)
        except Illegal as exc:
            if exc.code != "internal":
                self.changes = changes  # a refusal changes nothing (the core's promise): the digests hold
            raise
        except OSError as exc:
            # The journal could not take the action: the core has rolled it back; the game goes on
            # from what is saved, and every station blinks red (the flash is full or failing).
            self.failures += 1
            self.flash("error", NOTICE_MS)
            trouble = flash_trouble(exc)
            self.note({"e": "storage", "message": "the action could not be saved: %s" % trouble})
            raise Illegal("storage", "the action could not be saved, it was not applied: %s" % trouble)
        self.failures = 0
        self._checkpoint()
        self.screen.on_events(events)  # the entry in progress first, then lights, sounds and link
        self.publish(events)
        return events

    def act(self, action):
        """A button's action: a refusal is shown (error blink and sound) instead of raised."""
        try:
            return self.apply(action)
        except Illegal as exc:
            self.refuse(exc.code, exc.message)
            return None

    def end_game(self):
        """Back to the seat selection (after the final count, or on request); True if done. A flash
        that cannot delete the journal keeps the game: refused ("storage"), False."""
        try:
            self.journal.clear()
        except OSError as exc:
            self.refuse("storage", "the saved game could not be removed: %s" % flash_trouble(exc))
            return False
        self.game = self.playing = self.settings = self.tokens = self.pairing = None
        self.changes += 1
        self.seats = SeatSelection(self)
        self._use(self.chosen)
        self.note({"e": "seat_selection"})
        return True

    # --- who is who -------------------------------------------------------

    def seat_of_station(self, station):
        if self.settings is None or station not in self.settings["stations"]:
            return -1
        return self.settings["stations"].index(station)

    def station_of_seat(self, seat):
        return self.settings["stations"][seat]

    @property
    def phase(self):
        """The screen the box shows: "selftest", "seats", or the running game's phase."""
        if self.selftest is not None:
            return "selftest"
        return "seats" if self.game is None else self.game.state["phase"]

    def set_selftest(self, on):
        """The builder's self-test: every pixel lit in turn, a beep and an echo for every button."""
        from ultimusbox.selftest import SelfTest

        self.selftest = SelfTest(self) if on else None
        self.note({"e": "selftest", "on": 1 if on else 0})

    # --- input ------------------------------------------------------------

    def press(self, button, t_us, physical=True):
        """One debounced button press with its timestamp (physical=False: the link's press op,
        which never grants a claim)."""
        self.last_input = self.clock.ms()
        if self.claim is not None or self.pairing is not None:
            from ultimusbox.handover import press  # loaded by the link's claim or pair request already

            if press(self, button, physical):
                return  # MODE granted a claim, or a SHOUT paired a phone with its station: no game input
        if self.selftest is not None:
            self.note_press(button)
            self.selftest.press(button)
            return
        if self.game is None:
            self.note_press(button)
            self.seats.press(button)
            return
        if not self.screen.secret(button):  # a seat's secret choice is never published
            self.note_press(button)
        self.screen.press(button, t_us)

    def quiet(self, ms):
        """Whether no press nor action came for `ms` and no countdown runs: the flash may do its
        housekeeping (ultimusbox.runtime.Box.tidy)."""
        if self.clock.diff(self.clock.ms(), self.last_input) < ms:
            return False
        return self._counting is None or not self._counting()

    def tick(self, now_us):
        """The clock: the screen's timers (a countdown, a dice animation)."""
        if self.game is not None:
            self.screen.tick(now_us)
