"""The box app: the flow of a game on the box, from button presses to core actions.

Hardware-agnostic: it gets button presses (id and microsecond timestamp) and
clock ticks, turns them into actions of the rules core, and publishes the
core's events plus its own ("beat", "clamo", "refused", ...) to whoever
listens (display, sound, link). It never touches a pin; the display reads
its state to draw a frame.

The screens follow the core's phases; before a game exists the box shows
the seat selection. Stations are the six places at the table; the core's
seats are the playing stations in clockwise order.
"""

from ultimus.content import BETTING_CARDS, BET_WIN, GLADIATOR_NAMES, MAX_PLAYERS, MIN_PLAYERS
from ultimus.errors import Illegal
from ultimus.game import Game, CountingLog
from ultimus.state import PARDONED, MODE_BOX

from ultimusbox import board
from ultimusbox.journal import Journal

COUNTDOWN_BEATS = 5  # Quinque, Quattuor, Tres, Duo, Unus; CLAMO on the sixth second
BEAT_US = 1000000
CLAMO_US = COUNTDOWN_BEATS * BEAT_US

# What CONFIRM does to the selected gladiator (MODE cycles, MINUS/PLUS pick the obvious one)
WOUND, WOUND_KNOCK, BLEED, HEAL, FALL, NET, DRUNK, BRING_BACK = range(8)
GLADIATOR_MODES = 8
MODE_NAMES = ("wound", "wound and knock down", "bleeding", "heal", "knock down / stand up",
              "net / remove the net", "drunk", "bring back")
# ... and to the active seat when no gladiator is selected
DONE, TAKE_LOUDEST, EXTRA_CARD = range(3)
SEAT_MODES = 3
SEAT_MODE_NAMES = ("end the turn", "take the loudest spectator marker", "an extra yelling card")

BET_KINDS = 3


class BoxApp:
    def __init__(self, storage, clock, seed_source):
        self.journal = Journal(storage)
        self.clock = clock
        self.seed_source = seed_source
        self.listeners = []
        self.game = None
        self.settings = None  # {"stations": [...], "beginner": 0/1}
        self.joined = []  # seat selection
        self.battles = 3
        self.beginner = 0
        self._reset_input()
        self.countdown_start = None
        self.beats = 0
        self.flashes = {}  # what blinks for a while: key -> until (ms)
        self.selftest = False
        self.last_button = -1
        self.resume()

    # --- publishing -------------------------------------------------------

    def listen(self, callback):
        self.listeners.append(callback)

    def publish(self, events):
        for callback in self.listeners:
            callback(events)

    def note(self, event):
        self.publish([event])

    def refuse(self, code, message):
        self.flashes["error"] = self.clock.add(self.clock.ms(), 600)
        self.note({"e": "refused", "code": code, "message": message})

    # --- the game and its journal -----------------------------------------

    def resume(self):
        """Power on: the saved game, replayed record by record from the journal, if there is one."""
        journal = self.journal
        header = journal.header()
        if header is None:
            journal.clear()  # nothing, or a header the power cut tore: no game to load
            return
        try:
            setup, self.settings = header["setup"], header["box"]
            game = Game(setup["players"], setup["seed"], setup["mode"], setup["battles"])
        except (KeyError, TypeError, Illegal):
            journal.clear()
            return
        game.log = CountingLog()  # replaying must not write the journal again, nor hold it in RAM
        kept = 0
        for action in journal:  # stops by itself at a torn or corrupt record
            try:
                game.apply(action)
            except Illegal:
                break  # a record that no longer replays: keep what came before
            kept += 1
        if kept < journal.lines():
            journal.keep(kept)
        journal.count = kept
        game.log = journal
        self.game = game
        self.note({"e": "resumed", "actions": kept})

    def new_game(self, players, seed, mode=MODE_BOX, battles=3, stations=None, beginner=0):
        """Start a game (from the seat selection or over the link); refuses bad set-ups."""
        if stations is None:
            stations = list(range(players))
        if (type(stations) is not list or len(stations) != players
                or any(type(s) is not int or s < 0 or s >= board.STATIONS for s in stations)
                or sorted(set(stations)) != stations):
            raise Illegal("bad_setup", "stations must be %d different stations 0-5 in clockwise order" % players)
        game = Game(players, seed, mode, battles)  # refuses bad players/mode/battles/seed
        settings = {"stations": stations, "beginner": 1 if beginner else 0}
        self.journal.start({"setup": game.setup, "box": settings})
        game.log = self.journal
        self.game, self.settings = game, settings
        self._reset_input()
        self.countdown_start = None
        self.note({"e": "new_game", "players": players, "mode": mode, "battles": battles})
        return game

    def apply(self, action):
        """Apply one core action and publish its events; raises Illegal (nothing changed)."""
        if self.game is None:
            raise Illegal("no_game", "no game is running")
        try:
            events = self.game.apply(action)
        except OSError as exc:
            # The journal could not take the action: forget it, as after a power cut.
            self._reload()
            raise Illegal("storage", "the action could not be saved: %s" % exc)
        for e in events:
            if e["e"] == "extra_card":
                self.flashes["extra%d" % e["p"]] = self.clock.add(self.clock.ms(), 1500)
            if e["e"] in ("round", "turn", "battle", "battle_end"):
                self._reset_input()
        self.publish(events)
        return events

    def act(self, action):
        """A button's action: a refusal is shown (error blink and sound) instead of raised."""
        try:
            return self.apply(action)
        except Illegal as exc:
            self.refuse(exc.code, exc.message)
            return None

    def _reload(self):
        self.game = None
        self.resume()

    def end_game(self):
        """Back to the seat selection (after the final count, or on request)."""
        self.journal.clear()
        self.game = None
        self.settings = None
        self.joined = []
        self._reset_input()
        self.note({"e": "seat_selection"})

    # --- who is who -------------------------------------------------------

    def seat_of_station(self, station):
        if self.settings is None or station not in self.settings["stations"]:
            return -1
        return self.settings["stations"].index(station)

    def station_of_seat(self, seat):
        return self.settings["stations"][seat]

    @property
    def phase(self):
        if self.selftest:
            return "selftest"
        return "seats" if self.game is None else self.game.state["phase"]

    def set_selftest(self, on):
        """The builder's self-test: every pixel lit in turn, a beep and an echo for every button."""
        self.selftest = bool(on)
        self.last_button = -1
        self.note({"e": "selftest", "on": 1 if on else 0})

    def active_seat(self):
        s = self.game.state
        if s["phase"] != "action":
            return -1
        if s["card"] is not None:
            return s["card"]["ctrl"]
        return s["order"][s["turn"]]

    # --- input ------------------------------------------------------------

    def _reset_input(self):
        self.selected = -1
        self.mode = WOUND
        self.seat_mode = DONE
        self.pending = 0
        self.pv = 0
        self.payer = -1
        self.bet_kind = BET_WIN
        self.coins = 1

    def press(self, button, t_us):
        """One debounced button press with its timestamp."""
        phase = self.phase
        if not (phase == "shout" and button < board.WHEEL_0):  # a seat's choice stays secret
            self.note({"e": "button", "b": button})
        handler = getattr(self, "_press_" + phase, None)
        if handler is not None:
            handler(button, t_us)

    def _press_selftest(self, button, t_us):
        self.last_button = button
        self.flashes["button"] = self.clock.add(self.clock.ms(), 400)
        self.note({"e": "selftest_button", "b": button, "name": board.BUTTONS[button][2],
                   "gpio": board.BUTTONS[button][1]})

    def _press_seats(self, button, t_us):
        if button < board.WHEEL_0:  # SHOUT or THINK of a station: join or leave
            station = button % board.STATIONS
            if station in self.joined:
                self.joined.remove(station)
            elif len(self.joined) < MAX_PLAYERS:
                self.joined.append(station)
            self.note({"e": "joined", "stations": sorted(self.joined)})
        elif button == board.PLUS and self.battles < 9:
            self.battles += 1
        elif button == board.MINUS and self.battles > 1:
            self.battles -= 1
        elif button == board.MODE:
            self.beginner = 1 - self.beginner
        elif button == board.CONFIRM:
            if len(self.joined) < MIN_PLAYERS:
                self.refuse("too_few_players", "press SHOUT at 2 to 6 stations first")
                return
            stations = sorted(self.joined)
            self.new_game(len(stations), self.seed_source(), MODE_BOX, self.battles, stations, self.beginner)

    def _press_loudest(self, button, t_us):
        if button < board.WHEEL_0:
            seat = self.seat_of_station(button % board.STATIONS)
            if seat >= 0:
                self.act({"a": "set_loudest", "p": seat})
        elif button == board.CONFIRM:
            self.act({"a": "draw_loudest"})

    def _press_betting(self, button, t_us):
        if button == board.CONFIRM and self.game.state["mode"] == MODE_BOX:
            self.act({"a": "bets_placed"})  # the bets lie on the table; in the full game the link bets

    def _press_entrance(self, button, t_us):
        if board.WHEEL_0 <= button < board.WHEEL_0 + 6:
            s = self.game.state
            seat = (s["loudest"] + s["placed"]) % s["players"]
            self.act({"a": "place", "p": seat, "g": button - board.WHEEL_0})

    def _press_shout(self, button, t_us):
        if button < board.WHEEL_0:
            if self.countdown_start is not None and self.clock.diff(t_us, self.countdown_start) >= CLAMO_US:
                self.note({"e": "too_late", "station": button % board.STATIONS})
                return
            seat = self.seat_of_station(button % board.STATIONS)
            if seat >= 0:
                # a silent commitment: nothing is shown or heard until the reveal
                self.act({"a": "commit", "p": seat, "shout": 1 if button < board.THINK_0 else 0})
        elif button == board.CONFIRM and not self.settings["beginner"] and self.countdown_start is None:
            self.countdown_start = t_us
            self.beats = 1
            self.note({"e": "beat", "n": COUNTDOWN_BEATS})

    def tick(self, now_us):
        """The clock: the countdown's beats and CLAMO."""
        if self.countdown_start is None:
            return
        if self.game is None or self.game.state["phase"] != "shout":
            self.countdown_start = None
            return
        elapsed = self.clock.diff(now_us, self.countdown_start)
        while self.beats < COUNTDOWN_BEATS and elapsed >= self.beats * BEAT_US:
            self.note({"e": "beat", "n": COUNTDOWN_BEATS - self.beats})
            self.beats += 1
        if elapsed >= CLAMO_US:
            self.countdown_start = None
            self.note({"e": "clamo"})
            self.act({"a": "clamo"})

    def _press_action(self, button, t_us):
        s = self.game.state
        if s["pollice_verso"]:
            if button in (board.THUMB_UP, board.THUMB_DOWN):
                self.act({"a": "thumb", "p": s["loudest"], "up": 1 if button == board.THUMB_UP else 0})
            elif button >= board.WHEEL_0:
                self.refuse("pollice_verso", "the loudest spectator decides first: thumbs up or down")
            return
        if s["mode"] != MODE_BOX:
            if button >= board.WHEEL_0:
                self.refuse("wrong_mode", "the full game is played over the link")
            return
        seat = self.active_seat()
        if board.WHEEL_0 <= button < board.WHEEL_0 + 6:
            g = button - board.WHEEL_0
            self.selected = -1 if self.selected == g else g
            self.mode, self.pending = WOUND, 0
        elif button == board.MODE:
            if self.selected >= 0:
                self.mode = (self.mode + 1) % GLADIATOR_MODES
                self.pending = 0
            else:
                self.seat_mode = (self.seat_mode + 1) % SEAT_MODES
        elif button == board.MINUS and self.selected >= 0:
            if self.mode not in (WOUND, WOUND_KNOCK, BLEED):
                self.mode, self.pending = WOUND, 0
            self.pending += 1
        elif button == board.PLUS and self.selected >= 0:
            if self.mode != HEAL:
                self.mode, self.pending = HEAL, 0
            self.pending += 1
        elif button == board.THUMB_DOWN:
            self.pv = 1 - self.pv  # the card being played shows the pollice verso symbol
        elif button == board.CONFIRM:
            if self.selected >= 0:
                self._confirm_gladiator(seat)
            else:
                self._confirm_seat(seat)

    def _confirm_gladiator(self, seat):
        g, n, mode = self.selected, self.pending, self.mode
        s = self.game.state
        if mode in (WOUND, WOUND_KNOCK, BLEED, HEAL) and n == 0:
            self.refuse("nothing_entered", "press damage - or heal + first")
            return
        if mode in (WOUND, WOUND_KNOCK):
            action = {"a": "damage", "p": seat, "g": g, "n": n, "pv": self.pv, "knock": 1 if mode == WOUND_KNOCK else 0}
        elif mode == BLEED:
            action = {"a": "bleed", "p": seat, "g": g, "n": n}
        elif mode == HEAL:
            action = {"a": "heal", "p": seat, "g": g, "n": n}
        elif mode == FALL:
            action = {"a": "stand" if s["fallen"][g] else "knock", "p": seat, "g": g}
        elif mode == NET:
            action = {"a": "unnet" if s["net"] == g else "net", "p": seat, "g": g}
        elif mode == DRUNK:
            action = {"a": "drunk", "p": seat, "g": g}
        else:
            status = s["status"][g]
            action = {"a": "come_back" if status == PARDONED else "revive", "p": seat, "g": g}
        if self.act(action) is not None:
            self.selected, self.pending, self.mode = -1, 0, WOUND

    def _confirm_seat(self, seat):
        if self.seat_mode == DONE:
            self.act({"a": "done", "p": seat})
        elif self.seat_mode == TAKE_LOUDEST:
            if self.act({"a": "loudest", "p": seat}) is not None:
                self.seat_mode = DONE
        else:
            if self.act({"a": "draw", "p": seat}) is not None:
                self.seat_mode = DONE

    def _press_battle_end(self, button, t_us):
        s = self.game.state
        if button < board.WHEEL_0:
            self.payer = self.seat_of_station(button % board.STATIONS)
        elif board.WHEEL_0 <= button < board.WHEEL_0 + 6:
            self.selected = button - board.WHEEL_0
        elif button == board.MODE:
            self.bet_kind = (self.bet_kind + 1) % BET_KINDS
        elif button == board.PLUS and self.coins < 3:
            self.coins += 1
        elif button == board.MINUS and self.coins > 1:
            self.coins -= 1
        elif button == board.CONFIRM and s["mode"] == MODE_BOX:
            self._enter_payout()
        elif button == board.THUMB_UP:
            self.act({"a": "next"})
        elif button == board.THUMB_DOWN:
            self.act({"a": "finish"})

    def _enter_payout(self):
        if self.payer < 0 or self.selected < 0:
            self.refuse("nothing_entered", "press the seat's SHOUT and the gladiator's wheel first")
            return
        card = -1
        for b in range(len(BETTING_CARDS)):
            if BETTING_CARDS[b][0] == self.selected and BETTING_CARDS[b][1] == self.bet_kind:
                card = b
        if card < 0:
            self.refuse("no_such_card", "there is no such betting card for %s" % GLADIATOR_NAMES[self.selected])
            return
        if self.act({"a": "payout", "p": self.payer, "b": card, "coins": self.coins}) is not None:
            self.selected, self.coins = -1, 1

    def _press_over(self, button, t_us):
        if button == board.CONFIRM:
            self.end_game()

    def flashing(self, key, now_ms):
        until = self.flashes.get(key)
        if until is None:
            return False
        if self.clock.diff(until, now_ms) > 0:
            return True
        del self.flashes[key]
        return False
