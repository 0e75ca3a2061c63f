"""The ULTIMUS screen's controller: button presses on the box become ULTIMUS actions.

The screen follows the core's phases (loudest, betting, entrance, shout,
action, battle_end, over); its entry (entry.Entry) holds what has
been entered so far, and its lights (lights.py) draw the state and the
entry. docs/box.md tells the players what each button does.
"""

from games.ultimus.content import (
    BETTING_CARDS,
    CONTENT_BALANCED,
    CONTENT_RECONSTRUCTED,
    GLADIATOR_NAMES,
)
from games.ultimus.flow import ACTIVE
from games.ultimus.state import MODE_BOX, PARDONED, PAYOUT_EVERY_COIN
from referee.errors import Illegal
from ultimusbox import board
from ultimusbox.screens import phase_handler
from ultimusbox.screens.ultimus import lights
from ultimusbox.screens.ultimus.entry import (
    BET_KINDS,
    BLEED,
    DONE,
    DRUNK,
    EXTRA_CARD_FLASH,
    FALL,
    GLADIATOR_MODES,
    HEAL,
    MAX_BATTLES,
    NET,
    SEAT_MODES,
    TAKE_LOUDEST,
    WOUND,
    WOUND_KNOCK,
    WOUNDING,
    Entry,
)

COUNTDOWN_BEATS = 5  # Quinque, Quattuor, Tres, Duo, Unus; CLAMO on the sixth second
BEAT_US = 1000000
CLAMO_US = COUNTDOWN_BEATS * BEAT_US
# CLAMO is heard on the second, but the choices are locked a little later: a
# press made before CLAMO may still be in the debounce or the input queue.
# Every press is judged on its own timestamp, never on when it is handled.
LOCK_US = 60000
# Presses are judged on the button timer's own ticks: the 1 kHz timer (ultimusbox.drivers.buttons) stamps a
# press at the tick of its first low sample, and the countdown started at a tick of the same timer, so a
# press lies a whole number of ticks after it (the stamps' jitter, a few us, is rounded away). The rule: a
# press stamped on CLAMO's own tick, or before, counts; one on any later tick is too late.
TICK_US = 1000
LATE_WINDOW_US = 3000000  # after the lock, a seat button still answers "too late" this long
# When the last seat chooses, the round is revealed at once; a confirm meant to start the countdown would
# then end the first turn unseen. For this long after such a reveal, ending the turn takes a second confirm.
REVEAL_GUARD_US = 1500000
EXTRA_MS = 1500  # how long a station that earned an extra card glows green


def ticks(us):
    """The button timer's ticks in a span of microseconds between two of its stamps (nearest whole tick)."""
    return (us + TICK_US // 2) // TICK_US


def link_setup(request):
    """The core set-up and the box settings of a new_game request (docs/protocol.md): "beginner" is the
    box's, every other key but the link's own is the set-up's (its one check refuses any it does not have)."""
    setup = dict(request)
    beginner = setup.pop("beginner", 0)
    if type(beginner) is not bool and (type(beginner) is not int or beginner < 0 or beginner > 1):
        raise Illegal("bad_setup", "beginner is 1 (on, no countdown) or 0 (off)", "beginner")
    if "mode" not in setup:
        setup["mode"] = MODE_BOX
    if "battles" not in setup:
        setup["battles"] = 3
    battles = setup["battles"]
    if type(battles) is int and not 1 <= battles <= MAX_BATTLES:
        # a new game plays at most the box's own entry's battles; the rules' check keeps 1-99 for old saves
        raise Illegal("bad_setup", "battles: a new game plays 1 to %d" % MAX_BATTLES, "battles")
    if setup["mode"] == MODE_BOX and "payout" not in setup:
        setup["payout"] = PAYOUT_EVERY_COIN  # a new box game accounts for every coin
    if "content" not in setup:
        setup["content"] = CONTENT_BALANCED  # the balanced numbers (docs/balance.md)
    return setup, {"beginner": 1 if beginner else 0}


class Screen:
    NAME = "ultimus"

    def __init__(self, shell):
        self.shell = shell
        self.entry = Entry()
        self.handlers = {}  # phase -> its press handler (screens.phase_handler)
        self.acting = -1  # the seat the flow lets act (follow())

    # --- seat selection: the game's options --------------------------------

    def option_press(self, button):
        e = self.entry
        if button == board.PLUS and e.battles < MAX_BATTLES:
            e.battles += 1
        elif button == board.MINUS and e.battles > 1:
            e.battles -= 1
        elif button == board.MODE:
            e.beginner = 1 - e.beginner
        elif button == board.THUMB_DOWN:
            e.reconstructed = 1  # the reconstructed numbers of 0.1.0
        elif button == board.THUMB_UP:
            e.reconstructed = 0

    def render_options(self, frame, k, blink):
        lights.options(self.entry, frame, k)

    def seat_setup(self, players, seed):
        e = self.entry
        return link_setup(
            {
                "players": players,
                "seed": seed,
                "mode": MODE_BOX,
                "battles": e.battles,
                "beginner": e.beginner,
                "content": CONTENT_RECONSTRUCTED if e.reconstructed else CONTENT_BALANCED,
            }
        )

    # --- a game -----------------------------------------------------------

    def start(self):
        self.entry.clear()
        self.entry.countdown_start = None
        self.follow()

    def state(self):
        return self.shell.game.state

    def active_seat(self):
        """The seat the flow lets act now (the card's player, else the seat whose turn it is; the loudest
        spectator during a pollice verso; the seat placing a gladiator), -1 where none or every seat acts."""
        return self.acting

    def follow(self):
        """Ask the flow who acts (Flow.seat_now) when the game changes: the lights read it each frame,
        which allocates nothing."""
        game = self.shell.game
        self.acting = game.rules.FLOW.seat_now(game.rules.variant(game.state), game.state)

    def secret(self, button):
        return self.shell.game.state["phase"] == "shout" and button < board.WHEEL_0

    def on_events(self, events):
        for e in events:
            if e["e"] == "round":
                self.entry.clamo_at = None  # a new round: seat presses count again
            if e["e"] == "extra_card":
                self.shell.flash(EXTRA_CARD_FLASH[e["p"]], EXTRA_MS)
            if e["e"] in ("round", "turn", "battle", "battle_end"):
                self.entry.clear()
        self.follow()

    def render(self, frame, now_ms, blink):
        lights.render(self, frame, now_ms, blink)

    def press(self, button, t_us):
        handler = phase_handler(self, self.shell.game.state["phase"])
        if handler is not None:
            handler(button, t_us)

    def _press_loudest(self, button, t_us):
        if button < board.WHEEL_0:
            seat = self.shell.seat_of_station(button % board.STATIONS)
            rules, s = self.shell.game.rules, self.state()  # set_loudest is the box game's: the full game's draws
            if seat >= 0 and rules.FLOW.allows(rules.variant(s), s, -1, "set_loudest"):
                self.shell.act({"a": "set_loudest", "p": seat})
        elif button == board.CONFIRM:
            self.shell.act({"a": "draw_loudest"})

    def _press_betting(self, button, t_us):
        if button == board.CONFIRM and self.state()["mode"] == MODE_BOX:
            self.shell.act({"a": "bets_placed"})  # the bets lie on the table; in the full game the link bets

    def _press_entrance(self, button, t_us):
        if board.WHEEL_0 <= button < board.WHEEL_0 + 6:
            self.shell.act({"a": "place", "p": self.acting, "g": button - board.WHEEL_0})

    def _too_late(self, button, t_us):
        """A seat's press after CLAMO: it does not count, and the box says so."""
        e, clock = self.entry, self.shell.clock
        if e.countdown_start is not None:
            late = ticks(clock.diff(t_us, e.countdown_start)) > CLAMO_US // TICK_US
        else:
            late = e.clamo_at is not None and ticks(clock.diff(t_us, e.clamo_at)) > 0
            late = late and clock.diff(t_us, e.clamo_at) < LATE_WINDOW_US
        if late:
            self.shell.note({"e": "too_late", "station": button % board.STATIONS})
        return late

    def _press_shout(self, button, t_us):
        e, shell = self.entry, self.shell
        if button < board.WHEEL_0:
            if self._too_late(button, t_us):
                return
            seat = shell.seat_of_station(button % board.STATIONS)
            if seat >= 0:
                # a silent commitment: nothing is shown or heard until the reveal
                shell.act({"a": "commit", "p": seat, "shout": 1 if button < board.THINK_0 else 0})
                if shell.game.state["phase"] != "shout":  # the last one: revealed without a countdown
                    e.revealed_at = t_us
        elif button == board.CONFIRM and not shell.settings["beginner"] and e.countdown_start is None:
            e.countdown_start = t_us
            e.beats = 1
            shell.note({"e": "beat", "n": COUNTDOWN_BEATS})

    def counting(self):
        """Whether a countdown runs (until its choices lock): no housekeeping meanwhile."""
        return self.entry.countdown_start is not None

    def tick(self, now_us):
        """The countdown's beats and CLAMO."""
        e, shell = self.entry, self.shell
        if e.countdown_start is None:
            return
        if shell.game.state["phase"] != "shout":
            e.countdown_start = None
            return
        elapsed = shell.clock.diff(now_us, e.countdown_start)
        while e.beats < COUNTDOWN_BEATS and elapsed >= e.beats * BEAT_US:
            shell.note({"e": "beat", "n": COUNTDOWN_BEATS - e.beats})
            e.beats += 1
        if elapsed >= CLAMO_US and e.beats == COUNTDOWN_BEATS:
            e.beats += 1
            shell.note({"e": "clamo"})  # heard now; locked once the presses before it are in
        if elapsed >= CLAMO_US + LOCK_US:
            e.clamo_at = shell.clock.add(e.countdown_start, CLAMO_US)
            e.countdown_start = None
            shell.act({"a": "clamo"})

    def _press_action(self, button, t_us):
        s, e, shell = self.state(), self.entry, self.shell
        if button < board.WHEEL_0:  # SHOUT/THINK have no meaning now, unless pressed just after CLAMO
            self._too_late(button, t_us)
            return
        if s["pollice_verso"]:
            self._answer_thumb(s, button)
            return
        if s["mode"] != MODE_BOX:
            if button >= board.WHEEL_0:
                shell.refuse("wrong_mode", "the full game is played over the link")
            return
        if board.WHEEL_0 <= button < board.WHEEL_0 + 6:
            g = button - board.WHEEL_0
            e.gladiator = -1 if e.gladiator == g else g
            e.mode, e.points = WOUND, 0
        elif button == board.MODE:
            if e.gladiator >= 0:
                e.mode = (e.mode + 1) % GLADIATOR_MODES
                e.points = 0
            else:
                e.seat_mode = (e.seat_mode + 1) % SEAT_MODES
        elif button == board.MINUS and e.gladiator >= 0:
            if e.mode not in WOUNDING:
                e.mode, e.points = WOUND, 0
            e.points += 1
        elif button == board.PLUS and e.gladiator >= 0:
            if e.mode != HEAL:
                e.mode, e.points = HEAL, 0
            e.points += 1
        elif button == board.THUMB_DOWN:
            e.pollice_verso = 1 - e.pollice_verso  # the card being played shows the pollice verso symbol
        elif button == board.CONFIRM:
            self._confirm_entry(t_us)

    def _answer_thumb(self, s, button):
        """Pollice verso: the loudest spectator's thumb, before anything else."""
        if button in (board.THUMB_UP, board.THUMB_DOWN):
            self.shell.act({"a": "thumb", "p": s["loudest"], "up": 1 if button == board.THUMB_UP else 0})
        elif button >= board.WHEEL_0:
            why = ACTIVE.reason(s) if ACTIVE.reason is not None else None  # the flow's own words
            if why is not None:
                self.shell.refuse(why[0], why[1])  # the loudest spectator decides first

    def _confirm_entry(self, t_us):
        """Confirm in the action phase: the gladiator's entry, else the seat's (not just after the reveal)."""
        e, shell = self.entry, self.shell
        revealed, e.revealed_at = e.revealed_at, None
        if e.gladiator >= 0:
            self._confirm_gladiator(self.active_seat())
        elif e.seat_mode == DONE and revealed is not None and shell.clock.diff(t_us, revealed) < REVEAL_GUARD_US:
            shell.refuse("just_revealed", "everyone had chosen, so the round began: confirm again to end this turn")
        else:
            self._confirm_seat(self.active_seat())

    def _confirm_gladiator(self, seat):
        e, s = self.entry, self.state()
        g, n, mode = e.gladiator, e.points, e.mode
        if mode in (WOUND, WOUND_KNOCK, BLEED, HEAL) and n == 0:
            self.shell.refuse("nothing_entered", "press damage - or heal + first")
            return
        if mode in (WOUND, WOUND_KNOCK):
            action = {
                "a": "damage",
                "p": seat,
                "g": g,
                "n": n,
                "pv": e.pollice_verso,
                "knock": 1 if mode == WOUND_KNOCK else 0,
            }
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
            action = {"a": "come_back" if s["status"][g] == PARDONED else "revive", "p": seat, "g": g}
        if self.shell.act(action) is not None:
            e.gladiator, e.points, e.mode = -1, 0, WOUND

    def _confirm_seat(self, seat):
        e = self.entry
        if e.seat_mode == DONE:
            self.shell.act({"a": "done", "p": seat})
        elif e.seat_mode == TAKE_LOUDEST:
            if self.shell.act({"a": "loudest", "p": seat}) is not None:
                e.seat_mode = DONE
        else:
            if self.shell.act({"a": "draw", "p": seat}) is not None:
                e.seat_mode = DONE

    def _press_battle_end(self, button, t_us):
        e, shell = self.entry, self.shell
        if button < board.WHEEL_0:
            e.payer = shell.seat_of_station(button % board.STATIONS)
        elif board.WHEEL_0 <= button < board.WHEEL_0 + 6:
            e.gladiator = button - board.WHEEL_0
        elif button == board.MODE:
            e.bet_kind = (e.bet_kind + 1) % BET_KINDS
        elif button == board.PLUS and e.coins < 3:
            e.coins += 1
        elif button == board.MINUS and e.coins > 1:
            e.coins -= 1
        elif button == board.CONFIRM and self.state()["mode"] == MODE_BOX:
            self._enter_payout()
        elif button == board.THUMB_UP:
            shell.act({"a": "next"})
        elif button == board.THUMB_DOWN:
            shell.act({"a": "finish"})

    def _enter_payout(self):
        e, shell = self.entry, self.shell
        if e.payer < 0 or e.gladiator < 0:
            shell.refuse("nothing_entered", "press the seat's SHOUT and the gladiator's wheel first")
            return
        card = -1
        for b in range(len(BETTING_CARDS)):
            if BETTING_CARDS[b][0] == e.gladiator and BETTING_CARDS[b][1] == e.bet_kind:
                card = b
        if card < 0:
            shell.refuse("no_such_card", "there is no such betting card for %s" % GLADIATOR_NAMES[e.gladiator])
            return
        if shell.act({"a": "payout", "p": e.payer, "b": card, "coins": e.coins}) is not None:
            e.gladiator, e.coins = -1, 1

    def _press_over(self, button, t_us):
        if button == board.CONFIRM:
            self.shell.end_game()

    # --- words, for the virtual box -----------------------------------------

    def describe(self):
        """The entry in progress in words (the virtual box prints it; a Pico never loads the words)."""
        from ultimusbox.screens.ultimus.words import describe

        return describe(self)
