"""The board game screen's controller: button presses on the box become Morituri board game actions.

Wheel k is the gladiator of the player at station k (permanent hit points in
gold, combat hit points in red). The box knows whose step it is (the mover,
the drawer, the gladiator at 1 HP): his station light blinks, and the
controls act for him. Every step is MODE (which menu item), +/- (its
number), CONFIRM (apply): the start (the box rolls the roll-off), the move
(the box rolls 1D6, or +/- enter the table's die), the space (nothing, a hit
point space 1-6, draw a card, an arena 1-3 pennants with the wheels of the
players already there, Roma, a hit point change), the card drawn (kept or
discarded: +/- pick which; a hit point change; the Thief; Owner in Debt;
another card), a combat round (the box rolls, or +/- and MODE enter the table's dice one
by one: the casses first, then each fighter's), the crowd's die, the
thumbs for mercy, Roma alone (wait or the 4/4 beast). On the seat
selection, MODE, the thumbs and +/- set alternate rules 1 and 2 and the
cards' values. docs/box.md tells the players; morituri_board_lights
draws; morituri_board_entry holds the input.
"""

from games.morituri_board import kit
from games.morituri_board.combat import uses_net
from games.morituri_board.content import (
    CARD_NAMES,
    DIE,
    EITHER,
    FLUX,
    HP_SPACES,
    MAX_VALUE,
    PENNANTS,
    hands_of,
)
from games.morituri_board.fight import sides
from games.morituri_board.state import on_road
from ultimusbox import board
from ultimusbox.screens import phase_handler
from ultimusbox.screens.morituri_board import lights
from ultimusbox.screens.morituri_board.entry import NOBODY, OPTION_ITEMS, RULE_1, RULE_2, VALUE_ITEMS, Entry

# the menus MODE cycles, in the core's action names
SPACE_MENU = ("nothing", "hp_space", "draw", "arena", "roma", "flux")
DRAW_MENU = ("keep", "discard", "flux", "lose", "debt", "other")
ROMA_MENU = ("wait", "beast")
MENUS = {"space": SPACE_MENU, "draw": DRAW_MENU, "roma": ROMA_MENU}


def link_setup(request):
    """The core set-up and the box settings of a new_game request (docs/protocol.md): every key but the
    link's own is the set-up's, and the game's one set-up check refuses any it does not have."""
    return dict(request), {}


# (lowest, highest, first) of each number +/- set, made once: a press builds no tuple
HP_SPACE_RANGE = (1, HP_SPACES, 1)
PENNANT_RANGE = (PENNANTS[0], PENNANTS[-1], PENNANTS[0])
FLUX_RANGE = (-FLUX, FLUX, -1)
CARD_RANGE = (0, len(CARD_NAMES) - 1, 0)


def number_range(item):
    """(lowest, highest, first) of the number +/- set for a menu item; None if it takes none."""
    if item == "hp_space":
        return HP_SPACE_RANGE
    if item == "arena":
        return PENNANT_RANGE
    if item == "flux":
        return FLUX_RANGE
    if item == "keep" or item == "discard":
        return CARD_RANGE
    return None


class Screen:
    NAME = "morituri_board"

    def __init__(self, shell):
        self.shell = shell
        self.entry = Entry()
        self.handlers = {}  # phase -> its press handler (screens.phase_handler)
        self.acting = NOBODY  # the seat whose step it is (follow())

    # --- seat selection: the alternate rules and the cards' values ---------------

    def option_press(self, button):
        e = self.entry
        if button == board.MODE:
            e.item = (e.item + 1) % OPTION_ITEMS
        elif button == board.THUMB_UP or button == board.THUMB_DOWN:
            self._next_card(1 if button == board.THUMB_UP else -1)
        elif button == board.PLUS or button == board.MINUS:
            step = 1 if button == board.PLUS else -1
            if e.item == RULE_1:
                e.last_alive = 1 - e.last_alive
            elif e.item == RULE_2:
                e.rejoin = 1 - e.rejoin
            else:
                card, what = VALUE_ITEMS[e.item - 2]
                row = e.values[card]
                i = what - 2  # content.ATTACK_ONE is 2: the row starts there
                v = row[i] + step
                if v < 0 or v > MAX_VALUE:
                    self.shell.refuse("bad_value", "a card's value is 0 to %d" % MAX_VALUE)
                    return
                row[i] = v
                if i == 0 and hands_of(card) != EITHER:
                    row[1] = v  # one attack value: one- and two-handed alike

    def _next_card(self, step):
        """Thumbs on the seat selection: the first value of the next (or previous) card."""
        e = self.entry
        item = e.value_item()
        k = CARD_NAMES.index(item[0]) if item else (-1 if step > 0 else 0)
        k = (k + step) % len(CARD_NAMES)
        for i in range(len(VALUE_ITEMS)):
            if VALUE_ITEMS[i][0] == CARD_NAMES[k]:
                e.item = i + 2
                return

    def render_options(self, frame, k, blink):
        lights.options(self, frame, k, blink)

    def seat_setup(self, players, seed):
        e = self.entry
        request = {"players": players, "seed": seed, "last_alive": e.last_alive, "rejoin": e.rejoin}
        typed = e.typed()
        if typed:
            request["values"] = typed
        return link_setup(request)

    # --- a game -----------------------------------------------------------

    def start(self):
        self.entry.clear()
        self.entry.dice_at = None
        self.follow()

    def state(self):
        return self.shell.game.state

    def secret(self, button):
        return False  # nothing in the board game is secret: the cards lie face up

    def tick(self, now_us):
        pass  # the dice animation runs on the frame's clock

    def actor(self):
        """The seat whose step it is (the mover, the drawer, the gladiator at 1 HP), or NOBODY: the flow's."""
        return self.acting

    def follow(self):
        """The seat the flow lets act now (Flow.seat_now; NOBODY in the box's own steps), kept as the game
        changes: the lights ask actor() each frame, which allocates nothing."""
        game = self.shell.game
        self.acting = game.rules.FLOW.seat_now("", game.state)

    def on_events(self, events):
        e, shell = self.entry, self.shell
        now = shell.clock.ms()
        shown = rolled = 0
        for ev in events:
            if ev["e"] != "roll":
                continue
            rolled = 1
            if not shown and ev["who"] >= 0 and ev["why"] in ("move", "attack", "crowd"):
                e.show_dice(now, shell.station_of_seat(ev["who"]), ev["dice"])
                shown = 1
        if rolled:
            shell.note({"e": "rattle"})  # dice were rolled (or the table's entered): the sound of dice
        e.clear()
        self.follow()

    def render(self, frame, now_ms, blink):
        lights.render(self, frame, now_ms, blink)

    def press(self, button, t_us):
        phase = self.state()["phase"]
        if button < board.WHEEL_0:
            self.shell.refuse("not_needed", "the box knows whose step it is: %s" % self._hint(phase))
            return
        handler = phase_handler(self, phase)  # no "_press_" + phase string made per press
        if handler is not None:
            handler(button)

    def _hint(self, phase):
        if phase in MENUS:
            return "mode chooses, +/- sets the number, confirm applies"
        if phase == "mercy":
            return "thumbs up takes the crowd's mercy, thumbs down fights on"
        if phase == "fight":
            return "confirm rolls the round; +/- and mode enter the table's dice one by one"
        return "press confirm"

    def _wrong(self, button):
        """A control this step does not use: refused, nothing changes."""
        self.shell.refuse("wrong_button", "not now: %s" % self._hint(self.state()["phase"]))

    # --- the steps ------------------------------------------------------------

    def _press_start(self, button):
        if button == board.CONFIRM:
            self.shell.act({"a": "roll_off"})
        else:
            self._wrong(button)

    def _table_die(self, button):
        """+/- set the die rolled on the table (0: the box rolls); True if the button was one of them."""
        e = self.entry
        if button == board.PLUS:
            e.table_die = e.table_die + 1 if e.table_die < DIE else 0
        elif button == board.MINUS:
            e.table_die = e.table_die - 1 if e.table_die > 0 else DIE
        else:
            return False
        e.die_seat = self.table_die_seat()  # the lights read it: a frame computes nothing
        return True

    def _rolled(self, name):
        """A rolling action of the actor, with the table's die if one was entered."""
        action = {"a": name, "p": self.actor()}
        if self.entry.table_die:
            action["dice"] = [self.entry.table_die]
        self.shell.act(action)

    def _press_move(self, button):
        if self._table_die(button):
            return
        if button == board.CONFIRM:
            self._rolled("move")
        else:
            self._wrong(button)

    def _press_crowd(self, button):
        if self._table_die(button):
            return
        if button == board.CONFIRM:
            self._rolled("crowd")
        else:
            self._wrong(button)

    def round_needs(self):
        """(casses dice, the first fighter's dice, the other's) of this round, as the table rolls them."""
        s = self.state()
        a, b = sides(s, s["fight"])
        return (2 if uses_net(a, b) else 0), 2 * a[kit.N_ATTACKS], 2 * b[kit.N_ATTACKS]

    def table_die_seat(self):
        """The seat whose wheel shows the table's die being entered (the casses' and the beast's on
        the first fighter's), or NOBODY."""
        s = self.state()
        if s["phase"] == "fight":
            f = s["fight"]
            net, on_a, _ = self.round_needs()
            return f["b"] if self.entry.round_n >= net + on_a and f["b"] >= 0 else f["a"]
        return self.actor()

    def _press_fight(self, button):
        e = self.entry
        if self._table_die(button):
            return
        net, on_a, on_b = self.round_needs()
        need = net + on_a + on_b
        if button == board.MODE:
            if e.round_n >= need:
                self.shell.refuse("dice_complete", "every die of the round is in: confirm applies them")
            elif not e.table_die:
                self.shell.refuse("no_die", "+/- set the die rolled on the table first; mode then stores it")
            else:
                e.round_dice[e.round_n] = e.table_die
                e.round_n += 1
                e.table_die = 0
                e.die_seat = self.table_die_seat()
        elif button == board.THUMB_DOWN:
            e.round_n = e.table_die = 0  # the table's dice let go: the box rolls
        elif button == board.CONFIRM:
            if e.table_die or 0 < e.round_n < need:
                left = need - e.round_n
                self.shell.refuse("dice_missing", "%d more table dice (+/- then mode each), or thumbs down" % left)
                return
            if not e.round_n:
                self.shell.act({"a": "round"})  # the box rolls
                return
            d = e.round_dice
            dice = [d[net : net + on_a], d[net + on_a : need]]
            if net:
                self.shell.act({"a": "round", "dice": dice, "net": d[:net]})
            else:
                self.shell.act({"a": "round", "dice": dice})
        else:
            self._wrong(button)

    def _press_mercy(self, button):
        if button == board.THUMB_UP or button == board.THUMB_DOWN:
            self.shell.act({"a": "thumb", "p": self.actor(), "up": 1 if button == board.THUMB_UP else 0})
        else:
            self.shell.refuse("thumb_first", "the crowd shows mercy: thumbs up takes it, thumbs down fights on")

    def _press_over(self, button):
        if button == board.CONFIRM:
            self.shell.end_game()

    def item_list(self):
        """The menu MODE cycles in this phase (action names), or None."""
        return MENUS.get(self.state()["phase"])

    def item(self):
        """The menu item MODE is on in this phase (an action name), or None."""
        menu = self.item_list()
        return menu[self.entry.menu] if menu else None

    def _menu_press(self, button):
        """MODE, +/- and the wheels of a menu step; True if the button was used."""
        e = self.entry
        menu = MENUS[self.state()["phase"]]
        if button == board.MODE:
            e.menu = (e.menu + 1) % len(menu)
            e.number = 0
            span = number_range(menu[e.menu])
            if span is not None:
                e.number = span[2]
            return True
        if button == board.PLUS or button == board.MINUS:
            self._step_number(1 if button == board.PLUS else -1)
            return True
        return False

    def _step_number(self, step):
        e = self.entry
        item = self.item()
        if item == "lose":
            held = kit.held(self.state()["kit"][self.actor()])
            if not held:
                self.shell.refuse("not_held", "he holds no card to lose")
                return
            e.number = (e.number + step) % len(held)
            return
        span = number_range(item)
        if span is None:
            self.shell.refuse("no_number", "this menu item takes no number: mode chooses another")
            return
        low, high = span[0], span[1]
        n = e.number + step
        if n == 0 and item == "flux":
            n += step  # a change of 0 is no change
        if n < low:
            n = high
        elif n > high:
            n = low
        e.number = n

    def _press_space(self, button):
        e, s = self.entry, self.state()
        if self._menu_press(button):
            return
        item = self.item()
        if board.WHEEL_0 <= button < board.WHEEL_0 + board.RINGS:
            k = button - board.WHEEL_0
            seat = self.shell.seat_of_station(k)
            if item != "arena":
                self.shell.refuse("not_an_arena", "the wheels name who stands on an arena: mode to 'arena' first")
            elif seat < 0:
                self.shell.refuse("no_player", "wheel %d has no player in this game" % (k + 1))
            elif seat == s["active"]:
                self.shell.refuse("same_seat", "a gladiator does not fight himself")
            elif not on_road(s, seat):
                why = "station %d's gladiator is not on the road (dead, resting or in Roma)" % (k + 1)
                self.shell.refuse("not_on_road", why)
            else:
                e.vs[k] = 1 - e.vs[k]
            return
        if button != board.CONFIRM:
            self._wrong(button)
            return
        action = {"a": item, "p": s["active"]}
        if item == "hp_space":
            action["k"] = e.number
        elif item == "flux":
            action["n"] = e.number
        elif item == "arena":
            action["pennants"] = e.number
            action["vs"] = self._standing_there()
        self.shell.act(action)

    def _standing_there(self):
        """The seats the wheels named as standing on the arena already. Its own method: a comprehension in
        _press_space would make every press there allocate the cells of the names it reads."""
        e = self.entry
        return [self.shell.seat_of_station(k) for k in range(board.RINGS) if e.vs[k]]

    def picked_card(self):
        """Draw: the card +/- is on (keep or discard: any card; lose: one he holds), or None."""
        item, e = self.item(), self.entry
        if item == "keep" or item == "discard":
            return CARD_NAMES[e.number]
        if item == "lose":
            held = kit.held(self.state()["kit"][self.actor()])
            return held[e.number % len(held)] if held else None
        return None

    def _press_draw(self, button):
        e, s = self.entry, self.state()
        if self._menu_press(button):
            return
        if button != board.CONFIRM:
            self._wrong(button)
            return
        item, p = self.item(), self.actor()
        c = self.picked_card()
        if item == "keep":
            action = {"a": "card", "p": p, "c": c, "keep": 1, "discard": kit.clashing(s["kit"][p], c)}
        elif item == "discard":
            action = {"a": "card", "p": p, "c": c, "keep": 0}
        elif item == "flux":
            action = {"a": "flux", "p": p, "n": e.number}
        elif item == "lose":
            if c is None:
                self.shell.refuse("not_held", "he holds no card: the Thief finds nothing (mode: another card)")
                return
            action = {"a": "lose", "p": p, "c": c}
        else:
            action = {"a": item, "p": p}
        self.shell.act(action)

    def _press_roma(self, button):
        if self._menu_press(button):
            return
        if button == board.CONFIRM:
            self.shell.act({"a": self.item(), "p": self.actor()})
        else:
            self._wrong(button)

    # --- words, for the virtual box -----------------------------------------

    def describe(self):
        """What to do now, in words (the virtual box prints it; a Pico never loads the words)."""
        from ultimusbox.screens.morituri_board.words import describe

        return describe(self)

    def describe_ring(self, g):
        """(label, words) of wheel g for the virtual box."""
        from ultimusbox.screens.morituri_board.words import describe_ring

        return describe_ring(self, g)
