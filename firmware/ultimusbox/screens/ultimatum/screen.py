"""The Ultimatum screen's controller: button presses on the box become Ultimatum actions.

The six wheels are the map: wheels 1-4 the Western, Communist, Peace and Oil
alliances (one pixel per nation, in its holder's colour), wheels 5 and 6 the
sea places (1-12, 13-23). Whoever must act enters one action at a time:
MODE picks it from the phase's menu (take, attack, buy, blitz, ...), the
wheels and +/- fill its fields (nation, place, number, kind), CONFIRM goes on
to the next field and then hands it to the core, THUMBS DOWN goes back a
field. THINK at a station lets that seat enter instead of the seat whose turn
it is (a defender's card, a laser fired back). The box rolls every die.
docs/box.md tells the players; lights.py draws; entry.py holds
the input; the core's rule checks accept or refuse.
"""

from games.ultimatum import checks
from games.ultimatum.content import (
    ALLIANCE_OF,
    BLACK,
    GREEN,
    N_NATIONS,
    PRICES,
    RED,
    SHIP,
    SUB,
    TROOP,
)
from games.ultimatum.state import movable
from ultimusbox import board
from ultimusbox.screens.ultimatum import lights
from ultimusbox.screens.ultimatum.entry import COUNT, KIND, UNSET, VESSEL, Entry

# what each type of field asks the table to pick (entry.py's NATION, SEA, PLACE, COUNT, KIND, VESSEL)
PICK_WORDS = ("a nation", "a sea place", "a nation or a sea place", "how many", "what to buy", "a vessel")
# the menu's order: what a seat most often wants first in each phase
ORDER = (
    "roll_off",
    "take",
    "fleet",
    "attack",
    "sail",
    "blitz",
    "roll",
    "fire",
    "stop",
    "occupy",
    "minefield",
    "ocean_mine",
    "anti_aircraft",
    "buy",
    "reinforce",
    "war",
    "commando",
    "airlift",
    "bomber",
    "laser",
    "fire_back",
    "intelligence",
    "end",
)
CARD_ACTIONS = ("commando", "airlift", "bomber", "minefield", "ocean_mine", "anti_aircraft")
SEA_RING = 12  # sea places 1-12 on wheel 5, 13-23 on wheel 6


def link_setup(request):
    """The core set-up and the box settings of a new_game request (docs/protocol.md): every key but the
    link's own is the set-up's, and the game's one set-up check refuses any it does not have."""
    return dict(request), {}


def sailing(s, src, dst, kind):
    """How many of a kind at src may sail to dst this turn (the sail entry's first number)."""
    if src < 0:
        return 0
    if kind == SHIP and dst >= 0 and checks.battleship_hop_problem(s, src, dst) is not None:
        return 0
    return movable(s, src, kind)


def ring_of_nation(n):
    return ALLIANCE_OF[n]


def ring_of_sea(b):
    return 4 if b < SEA_RING else 5


def offered(flow, s, seat, name):
    """Whether the menu offers `name` to `seat` now: the flow lets it act (Flow.allows), and no rule check
    that needs no number already says no (the core decides the rest when the action is confirmed).

    A copy of the flow's pre-checks (games.ultimatum.prechecks, which referee.acting.options asks), kept
    because the box cannot hold those: measured under MicroPython (tests/test_ultimatum_box.py, a whole
    game), the menu from acting.options puts the box's peak at 151,024 bytes, from the CHECKS table alone
    148,752, against this copy's 146,112 and a bound of 143 KB (146,432). tests/test_screens_follow_the_flow.py
    holds the menu to the legal listing."""
    if not flow.allows("", s, seat, name):
        return False
    if name == "roll":
        return checks.exchange_problem(s) is None
    if name == "blitz":
        return checks.blitz_problem(s) is None
    if name == "stop":
        return checks.stop_problem(s) is None
    if name == "fire":
        return s["battle"]["k"] == "naval"  # fire_problem's first check: both sides keep vessels while it lasts
    if name == "minefield":
        return checks.minefield_problem(s, seat) is None
    if name == "anti_aircraft":
        return checks.anti_aircraft_problem(s, seat) is None
    if name == "ocean_mine":
        return checks.ocean_mine_problem(s, seat, SHIP) is None or checks.ocean_mine_problem(s, seat, SUB) is None
    if name == "airlift":
        return _can_airlift(s, seat)
    if name in CARD_ACTIONS:
        return checks.card_problem(s, seat) is None
    if name == "reinforce" or name == "intelligence":
        return checks.intelligence_problem(s, seat) is None  # a card, and a game of edition 2
    if name == "laser":
        return checks.laser_now_problem(s, seat) is None
    if name == "sail":
        return _can_sail(s, seat)
    if name == "buy":
        return s["purses"][checks.purse_now(s)][seat] >= PRICES[TROOP]  # a troop on a nation of his: the least
    return True


def _can_airlift(s, seat):
    """A troop may fly from a nation of his that keeps one behind to another (checks.airlift_problem:
    his card, and the defender's only into the nation under attack)."""
    owner, troops = s["owner"], s["troops"]
    for src in range(N_NATIONS):
        if owner[src] == seat and troops[src] > 1:
            for dst in range(N_NATIONS):
                if owner[dst] == seat and checks.airlift_problem(s, seat, src, dst, 1) is None:
                    return True
    return False


def _can_sail(s, seat):
    """Whether a sea place of the seat holds a vessel that has not moved this turn."""
    for b in range(len(s["sea"])):
        if s["sea"][b] == seat and movable(s, b, SHIP) + movable(s, b, SUB) > 0:
            return True
    return False


class Screen:
    NAME = "ultimatum"

    def __init__(self, shell):
        self.shell = shell
        self.entry = Entry()

    # --- seat selection: Ultimatum has no options ---------------------------

    def option_press(self, button):
        self.shell.refuse("no_options", "Ultimatum has no options: SHOUT at 2 to 6 stations, then confirm")

    def render_options(self, frame, k, blink):
        lights.options(self, frame, k, blink)

    def seat_setup(self, players, seed):
        return link_setup({"players": players, "seed": seed})

    # --- a game -----------------------------------------------------------

    def start(self):
        e = self.entry
        e.seat = UNSET
        e.dice_at = None
        battle = self.state()["battle"]
        e.dice_ring = UNSET if battle is None else _battle_ring(battle)
        e.clear()
        self.sync()

    def state(self):
        return self.shell.game.state

    def secret(self, button):
        return False  # the cards' faces stay in the players' hands: nothing the box takes is secret

    def tick(self, now_us):
        pass  # the dice show on the frame's clock

    def seat(self):
        """The seat entering now: a seat that took over with THINK, else the one the flow lets act (the
        picker in the set-up, the seat whose turn it is; -1, the box, for a roll-off), kept in the entry
        as the game changes (the lights read it each frame, which allocates nothing)."""
        e = self.entry
        return e.seat if e.seat >= 0 else e.acting

    def _acting(self):
        """The seat the flow lets act now (Flow.seat_now), -1 for the box's own roll-offs."""
        return self.shell.game.rules.FLOW.seat_now("", self.state())

    def menu(self, seat=None):
        """The actions the menu offers the entering seat (or `seat`) now, in ORDER (offered())."""
        s = self.state()
        if seat is None:
            seat = self.seat()
        flow = self.shell.game.rules.FLOW
        return [name for name in ORDER if offered(flow, s, seat, name)]

    def sync(self):
        """After any change: a seat that took over and has nothing left gives the buttons back; an
        action no longer on the menu gives way to the menu's first."""
        e = self.entry
        e.acting = self._acting()
        if e.seat >= 0 and not self.menu(e.seat):
            e.seat = UNSET
        menu = self.menu()
        if e.name not in menu:
            self.begin(self._first(menu))

    def _first(self, menu):
        """The menu's first action ("": nothing to do)."""
        return menu[0] if menu else ""

    def begin(self, name):
        """A fresh entry of action `name`, at its first field."""
        self.entry.clear(name)
        if self.entry.fields():
            self._arrive()

    def on_events(self, events):
        e = self.entry
        now = self.shell.clock.ms()
        faces = [0, 0]
        n = 0
        green = 0
        for ev in events:
            kind = ev["e"]
            if kind in ("attack", "commando", "bomber"):
                e.dice_ring = ring_of_nation(ev["n"]) if ev["n"] >= 0 else ring_of_sea(ev["b"])
            elif kind == "naval_battle":
                e.dice_ring = ring_of_sea(ev["b"])
            elif kind == "hit":
                e.dice_ring = ring_of_nation(ev["n"]) if "n" in ev else ring_of_sea(ev["b"])
            elif kind == "roll" and ev["why"] != "first_nations" and ev["why"] != "first_fleet":
                die = ev["dice"][0]
                if ev["why"] == "naval":
                    faces[0], n, green = GREEN.index(die) + 1, 1, 1
                elif ev["why"] == "defend":
                    faces[1], n = BLACK.index(die) + 1, 2
                else:
                    faces[0], n = (RED if ev["why"] == "bomber" else BLACK).index(die) + 1, 1
        if n and e.dice_ring >= 0:
            e.show_dice(now, e.dice_ring, faces[:n], green)
        e.seat = UNSET  # an action went through: the buttons go back to whoever acts next
        e.acting = self._acting()
        menu = self.menu()
        self.begin(e.name if e.name in menu and e.name != "buy" else self._first(menu))

    def render(self, frame, now_ms, blink):
        lights.render(self, frame, now_ms, blink)

    def press(self, button, t_us):
        shell, e, s = self.shell, self.entry, self.state()
        if s["phase"] == "over":
            if button == board.CONFIRM:
                shell.end_game()
            return
        if board.THINK_0 <= button < board.THINK_0 + board.STATIONS:
            self._take_over(button - board.THINK_0)
        elif button == board.MODE:
            menu = self.menu()
            if len(menu) < 2:
                shell.refuse("only_choice", "the only thing to do now: %s" % (menu[0] if menu else "nothing"))
                return
            i = menu.index(e.name) if e.name in menu else -1
            self.begin(menu[(i + 1) % len(menu)])
        elif button in (board.PLUS, board.MINUS):
            if e.field >= len(e.fields()):
                shell.refuse("no_number", "%s takes no number: confirm" % (e.name or "this"))
                return
            e.step(1 if button == board.PLUS else -1)
        elif board.WHEEL_0 <= button < board.WHEEL_0 + board.RINGS:
            if e.field >= len(e.fields()) or not e.wheel(button - board.WHEEL_0):
                shell.refuse("no_wheel", "the wheels pick nations (1-4) and sea places (5-6): use +/- here")
        elif button == board.THUMB_DOWN:
            self._back()
        elif button == board.CONFIRM:
            self._confirm()
        else:
            shell.refuse("not_here", "MODE: what to do; wheels and +/-: the numbers; confirm; thumbs down: back")

    def _take_over(self, station):
        """THINK at a station: that seat enters now (again, or at the acting seat: give the buttons back)."""
        e, shell = self.entry, self.shell
        seat = shell.seat_of_station(station)
        if seat < 0:
            shell.refuse("not_playing", "station %d is not in this game" % (station + 1))
            return
        if seat == e.seat or seat == e.acting:
            e.seat = UNSET
        elif not self.menu(seat):
            shell.refuse("nothing_to_play", "station %d has nothing to play now" % (station + 1))
            return
        else:
            e.seat = seat
        e.clear()
        self.sync()

    def _back(self):
        """THUMBS DOWN: the field before this one (its value kept to change); at the first, start over."""
        e = self.entry
        i = e.field
        if i < len(e.fields()):
            e.vals[i] = UNSET
        i -= 1
        while i >= 0 and e.kind(i) == UNSET:
            i -= 1
        if i < 0:
            self.begin(e.name)
            return
        e.field = i

    def _confirm(self):
        e, shell = self.entry, self.shell
        fields = e.fields()
        if e.field < len(fields):
            if e.vals[e.field] == UNSET and e.kind(e.field) != UNSET:
                what = PICK_WORDS[e.kind(e.field)]  # what the table picks, in words (the field's key is the link's)
                shell.refuse("pick_first", "%s: pick %s first" % (e.name.replace("_", " "), what))
                return
            i = e.field + 1
            while i < len(fields) and e.kind(i) == UNSET:
                i += 1
            if i < len(fields):
                e.field = i
                self._arrive()
                return
            e.field = len(fields)
        if not e.name:
            shell.refuse("nothing_to_do", "nothing to enter now")
            return
        if shell.act(e.action(self.seat())) is None:
            e.field = len(fields) - 1 if fields else 0  # refused: the last field again, to change it

    def _arrive(self):
        """A field's first value: how many troops move in (all but one), the vessels that sail (all),
        one of anything bought or airlifted, the first kind."""
        e, s = self.entry, self.state()
        i = e.field
        kind = e.kind(i)
        key = e.key(i)
        if kind in (KIND, VESSEL):
            e.vals[i] = 0
        elif kind == COUNT:
            v = 1
            if e.name == "occupy":
                v = s["troops"][s["battle"]["from"]] - 1
            elif e.name == "sail":  # every vessel that may make this move
                v = sailing(s, e.value("from"), e.value("to"), SHIP if key == "ships" else SUB)
            e.vals[i] = v

    # --- words, for the virtual box -----------------------------------------

    def describe(self):
        """What to do now, in words (the virtual box prints it; a Pico never loads the words)."""
        from ultimusbox.screens.ultimatum.words import describe

        return describe(self)

    def describe_ring(self, g):
        """(label, words) of wheel g for the virtual box."""
        from ultimusbox.screens.ultimatum.words import describe_ring

        return describe_ring(self, g)

    def describe_table(self):
        """Every seat's money, cards and lasers, for the virtual box."""
        from ultimusbox.screens.ultimatum.words import describe_table

        return describe_table(self)


def _battle_ring(battle):
    if battle.get("n", -1) >= 0:
        return ring_of_nation(battle["n"])
    return ring_of_sea(battle["b"])
