"""`ultimus play --game morituri_board` and `ultimus demo --game morituri_board`: the road to Roma
in the terminal.

Everything is public (the cards lie face up on the Tabulae), so one screen
serves the table: every gladiator's hit points, loadout and totals, then the
choices of whoever must choose. The host's table (table.py beside this module) stands in for
the board and the deck; bots and people are choosers of the one host loop
(ultimus_host.loop.run_game), and the box's own part (the roll-off, the
combat rounds) is the referee. line() tells each event in one sentence.
"""

from games.morituri_board import rules
from referee.engine import Game
from ultimus_host.games.morituri_board.bots import BOTS, Referee
from ultimus_host.games.morituri_board.table import Table
from ultimus_host.loop import run_game
from ultimus_host.menu import pick
from ultimus_host.narrate import phase_words, some, station_name, unknown

SPACE_WORDS = {
    ".": "nothing",
    "c": "draw a card",
    "h": "a hit point space",
    "1": "an arena, 1 pennant",
    "2": "an arena, 2 pennants",
    "3": "an arena, 3 pennants",
    "b": "bandits",
    "p": "pirates",
    "d": "the Dalmatian Coast",
    "roma": "ROMA",
}


def road_place(n):
    """A place on the made-up road, counted as a person walks it: Start, then space 1, 2..."""
    return "Start" if n == 0 else "space %d" % n


def ordinal(n):
    return "%d%s" % (n, "th" if 10 <= n % 100 < 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def card(c):
    """A card as the table reads it: "dual gladius"."""
    return c.replace("_", " ")


def seat_name(p, stations=None):
    """A seat as the table names it: its box station where there is a box ("station 3"), else "seat 1"."""
    if p >= 0 and stations and p < len(stations):
        return station_name(stations[p])
    return "the beast" if p < 0 else "seat %d" % (p + 1)


def line(e, stations=None):
    """A sentence for one event (None for a roll, told only when verbose); stations: the box's
    station of each seat, to name a seat as the table sees it ("station 3")."""

    def who(p):
        return seat_name(p, stations)

    told = _LINES.get(e["e"])
    return told(e, who) if told is not None else unknown(e)


HP_WHY = {"space": "from the space", "card": "from a card", "won": "for the victory"}


def _hp(e, who):
    if e["n"] == 0:
        return "%s keeps his last hit point: a card never takes it" % who(e["seat"])
    return "%s %s %s %s: %d HP" % (
        who(e["seat"]),
        "gains" if e["n"] >= 0 else "loses",
        some(abs(e["n"]), "hit point"),
        HP_WHY[e["why"]],
        e["hp"],
    )


def _arena(e, who):
    vs = ", ".join(who(q) for q in e["vs"]) or "a beast of %s" % some(e["pennants"], "pennant")
    return "%s lands on an arena of %s: he fights %s" % (who(e["seat"]), some(e["pennants"], "pennant"), vs)


def _fight(e, who):
    where = "in Roma, to the death" if e["roma"] else ("to the death" if e["b"] < 0 else "before the crowd")
    return "%s fights %s %s" % (who(e["a"]), who(e["b"]) if e["b"] >= 0 else "the beast", where)


def _round(e, who):
    a, b = who(e["a"]), who(e["b"]) if e["b"] >= 0 else "the beast"
    net = " (netted: %s)" % " and ".join(n for n, on in zip((a, b), e["netted"]) if on) if any(e["netted"]) else ""
    return "  round %d%s: %s hits %s, %s %d; combat HP %d and %d" % (
        e["round"],
        net,
        a,
        some(e["on_b"], "time"),
        b,
        e["on_a"],
        max(0, e["hp"][0]),
        max(0, e["hp"][1]),
    )


def _fight_over(e, who):
    if e["beast"]:
        return "  the beast wins"
    return "  %s wins the fight" % who(e["winner"]) if e["winner"] >= 0 else "  nobody wins the fight"


def _card(e, who):
    if e["discard"] == [e["c"]]:
        return "%s draws the %s and discards it" % (who(e["seat"]), card(e["c"]))
    given = " for the %s" % " and the ".join(card(c) for c in e["discard"]) if e["discard"] else ""
    return "%s draws the %s and keeps it%s" % (who(e["seat"]), card(e["c"]), given)


def _debt(e, who):
    shuffle = ": shuffle the Armor/Weapon deck as the card says" if e.get("reshuffle") else ""
    return "Owner in Debt! %s goes to the Dalmatian Coast%s" % (who(e["seat"]), shuffle)


# each event: e and who(p) naming seat p -> its line (None: told only when verbose)
_LINES = {
    "roll": lambda e, who: None,
    "rattle": lambda e, who: None,
    "roll_off": lambda e, who: "%s wins the roll-off and moves first" % who(e["winner"]),
    "turn": lambda e, who: (
        "--- turn %d: %s%s ---" % (e["turn"], who(e["seat"]), " (in Roma)" if e["phase"] == "roma" else "")
    ),
    "move": lambda e, who: "%s moves %s" % (who(e["seat"]), some(e["spaces"], "space")),
    "hp": _hp,
    "hp_gone": lambda e, who: (
        "%s finds hit point space %d already taken by %s" % (who(e["seat"]), e["k"], who(e["by"]))
    ),
    "arena": _arena,
    "fight": _fight,
    "round": _round,
    "at_1": lambda e, who: "  %s is down to 1 HP: the crowd decides" % who(e["seat"]),
    "verdict": lambda e, who: "  the crowd's die: %d, %s" % (e["dice"][0], "mercy" if e["yes"] else "blood"),
    "mercy": lambda e, who: "  the crowd shows %s mercy" % who(e["seat"]),
    "spared": lambda e, who: "  %s takes the crowd's mercy" % who(e["seat"]),
    "refuses_mercy": lambda e, who: "  %s refuses mercy" % who(e["seat"]),
    "one_more_round": lambda e, who: "  one more round for %s" % who(e["seat"]),
    "fight_over": _fight_over,
    "dies": lambda e, who: "%s DIES%s" % (who(e["seat"]), " (he comes back after a turn)" if e["back"] else ""),
    "sits_out": lambda e, who: "%s sits this turn out" % who(e["seat"]),
    "comes_back": lambda e, who: "%s comes back at Start, a fresh gladiator with %d HP" % (who(e["seat"]), e["hp"]),
    "card": _card,
    "lose": lambda e, who: "%s loses the %s" % (who(e["seat"]), card(e["c"])),
    "debt": _debt,
    "other_card": lambda e, who: "%s draws a card that changes nothing here" % who(e["seat"]),
    "roma": lambda e, who: "%s REACHES ROMA" % who(e["seat"]),
    "over": lambda e, who: (
        "%s WINS THE RUDIS" % who(e["winner"]) if e["winner"] >= 0 else "the game is over: no winner"
    ),
}


def table_text(v, table):
    out = ["", "turn %d, %s" % (v["turn"], phase_words(v["phase"]))]
    for p, st in enumerate(v["seats"]):
        where = (
            st["where"]
            if st["where"] != "road"
            else "%s (%s)" % (road_place(table.pos[p]), SPACE_WORDS[table.space(p)])
        )
        cards = ", ".join(card(c) for c in st["kit"] if c) or "Pugio only"
        out.append(
            "  seat %d  %2d HP  attack %d%s, defence %d, encumbrance %d  %s  [%s]"
            % (
                p + 1,
                st["hp"],
                st["attack"],
                " x2" if st["attacks"] == 2 else "",
                st["defence"],
                st["encumbrance"],
                where,
                cards,
            )
        )
    f = v["fight"]
    if f is not None:
        fighters = (seat_name(f["a"]), seat_name(f["b"]))
        out.append("  fight: %s v %s, combat HP %d and %d" % (fighters + (f["hp"][0], f["hp"][1])))
    return "\n".join(out)


def action_text(a, table=None, stations=None):
    k = a["a"]
    if k == "hp_space":
        return "a hit point space (the %s on the road)" % ordinal(a["k"])  # the core counts them from 1
    if k == "arena":
        vs = ", ".join(seat_name(q, stations) for q in a["vs"]) or "nobody (a beast)"
        return "an arena of %s, standing there: %s" % (some(a["pennants"], "pennant"), vs)
    if k == "flux":
        return "hit points %+d" % a["n"]
    if k == "card":
        if not a["keep"]:
            return "discard the %s" % card(a["c"])
        return "keep the %s%s" % (
            card(a["c"]),
            " (discarding the %s)" % " and the ".join(card(c) for c in a["discard"]) if a["discard"] else "",
        )
    if k == "lose":
        return "lose the %s" % card(a["c"])
    if k == "thumb":
        return "take the crowd's mercy" if a["up"] else "refuse mercy and fight one more round"
    return {
        "move": "roll the move (1D6)",
        "nothing": "nothing happens here",
        "draw": "draw a card",
        "roma": "arrive in Roma",
        "debt": "Owner in Debt!",
        "other": "nothing the box keeps",
        "crowd": "roll for the crowd (1D6)",
        "beast": "fight the 4/4 beast",
        "wait": "wait for the next arrival",
        "roll_off": "roll off: the highest moves first",
    }.get(k, k.replace("_", " "))


class Person:
    """A player at the keyboard: the table, then his choices (the road's space first)."""

    def __init__(self, hot, seat):
        self.hot, self.seat = hot, seat

    def choose(self, view, options):
        hot, table = self.hot, self.hot.table
        hot.say(table_text(view, table))
        default = 0
        if view["phase"] == "space":
            space = table.pos[self.seat]
            hot.say("%s is on %s: %s" % (seat_name(self.seat), road_place(space), SPACE_WORDS[table.space(self.seat)]))
            if table.space(self.seat) in ("b", "p"):
                hot.say(
                    "  his attack value against them: %d (the casses counts 1)" % view["seats"][self.seat]["vs_bandits"]
                )
            suggested = table.suggest(view, self.seat)
            options = [suggested] + [a for a in options if a != suggested]
        elif view["phase"] == "draw":
            hot.say("%s draws the %s" % (seat_name(self.seat), card(table.draw(view))))  # "dual gladius", as told
            options = table.answers(view, self.seat, options)
        texts = [action_text(a) for a in options]
        return options[pick(hot.ask, hot.say, "%s, your choice" % seat_name(self.seat), texts, default)]


def demo_line(e, verbose=False):
    """What the hot seat and the demo say of an event: line(e), and each roll when verbose (None: nothing)."""
    if e["e"] == "roll":
        if not verbose:
            return None
        return "  %s rolls %s (%s)" % (seat_name(e["who"]), " ".join(str(d) for d in e["dice"]), e["why"])
    return line(e)


class HotSeat:
    """One terminal for the table; bots take any seats; the referee rolls."""

    def __init__(self, setup, bots, ask=input, say=print, verbose=False):
        self.game = Game(rules.RULES, setup)
        self.ask, self.say, self.verbose = ask, say, verbose
        self.table = Table(self.game.state["players"], setup["seed"])
        self.seats = {}
        for p in range(self.game.state["players"]):
            kind = bots.get(p)
            self.seats[p] = BOTS[kind](self.table, setup["seed"] * 7 + p) if kind else Person(self, p)

    def tell(self, e):
        self.table.follow(e)
        text = demo_line(e, self.verbose)
        if text:
            self.say(text)

    def run(self, max_actions=20000):
        run_game(self.game, self.seats, referee=Referee(), on_event=self.tell, max_actions=max_actions)
        return self.game
