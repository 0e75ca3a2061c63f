"""`ultimus play --game morituri_board` and `ultimus demo --game morituri_board`: the road to Roma
in the terminal.

Everything is public (the cards lie face up on the Tabulae), so one screen
serves the table: every gladiator's hit points, loadout and totals, then the
choices of whoever must choose. The host's table (mboard_table) stands in for
the board and the deck; bots and people are choosers of the one host loop
(ultimus_host.loop.run_game), and the box's own part (the roll-off, the
combat rounds) is the referee. line() tells each event in one sentence.
"""

from games.morituri_board import rules
from ultimus_host.games.morituri_board.bots import BOTS, Referee
from ultimus_host.games.morituri_board.table import Table
from ultimus_host.loop import run_game
from ultimus_host.menu import pick
from ultimus_host.narrate import phase_words, station_name, unknown

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


# the events line() tells; the box's own (joined, refused...) are told by ultimus_host.narrate
EVENTS = (
    "roll",
    "rattle",
    "roll_off",
    "turn",
    "move",
    "hp",
    "hp_gone",
    "arena",
    "fight",
    "round",
    "at_1",
    "verdict",
    "mercy",
    "spared",
    "refuses_mercy",
    "one_more_round",
    "fight_over",
    "dies",
    "sits_out",
    "comes_back",
    "card",
    "lose",
    "debt",
    "other_card",
    "roma",
    "over",
)


def road_place(n):
    """A place on the made-up road, counted as a person walks it: Start, then space 1, 2..."""
    return "Start" if n == 0 else "space %d" % n


def ordinal(n):
    return "%d%s" % (n, "th" if 10 <= n % 100 < 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def card(c):
    """A card as the table reads it: "dual gladius"."""
    return c.replace("_", " ")


def seat_name(p):
    return "the beast" if p < 0 else "seat %d" % (p + 1)


def line(e, stations=None):
    """A sentence for one event (None for a roll, told only when verbose); stations: the box's
    station of each seat, to name a seat as the table sees it ("station 3")."""

    def who(p):
        if p >= 0 and stations and p < len(stations):
            return station_name(stations[p])
        return seat_name(p)

    k = e["e"]
    if k == "roll" or k == "rattle":
        return None
    if k == "roll_off":
        return "%s wins the roll-off and moves first" % who(e["winner"])
    if k == "turn":
        return "--- turn %d: %s%s ---" % (e["turn"], who(e["seat"]), " (in Roma)" if e["phase"] == "roma" else "")
    if k == "move":
        return "%s moves %d space(s)" % (who(e["seat"]), e["spaces"])
    if k == "hp" and e["n"] == 0:
        return "%s keeps his last hit point: a card never takes it" % who(e["seat"])
    if k == "hp":
        why = {"space": "from the space", "card": "from a card", "won": "for the victory"}[e["why"]]
        return "%s %s %d hit point(s) %s: %d HP" % (
            who(e["seat"]),
            "gains" if e["n"] >= 0 else "loses",
            abs(e["n"]),
            why,
            e["hp"],
        )
    if k == "hp_gone":
        return "%s finds hit point space %d already taken by %s" % (who(e["seat"]), e["k"], who(e["by"]))
    if k == "arena":
        vs = ", ".join(who(q) for q in e["vs"]) or "a beast of %d pennant(s)" % e["pennants"]
        return "%s lands on an arena of %d pennant(s): he fights %s" % (who(e["seat"]), e["pennants"], vs)
    if k == "fight":
        where = "in Roma, to the death" if e["roma"] else ("to the death" if e["b"] < 0 else "before the crowd")
        return "%s fights %s %s" % (who(e["a"]), who(e["b"]) if e["b"] >= 0 else "the beast", where)
    if k == "round":
        a, b = who(e["a"]), who(e["b"]) if e["b"] >= 0 else "the beast"
        net = " (netted: %s)" % " and ".join(n for n, on in zip((a, b), e["netted"]) if on) if any(e["netted"]) else ""
        return "  round %d%s: %s hits %d time(s), %s %d; combat HP %d and %d" % (
            e["round"],
            net,
            a,
            e["on_b"],
            b,
            e["on_a"],
            max(0, e["hp"][0]),
            max(0, e["hp"][1]),
        )
    if k == "at_1":
        return "  %s is down to 1 HP: the crowd decides" % who(e["seat"])
    if k == "verdict":
        return "  the crowd's die: %d, %s" % (e["dice"][0], "mercy" if e["yes"] else "blood")
    if k == "mercy":
        return "  the crowd shows %s mercy" % who(e["seat"])
    if k == "spared":
        return "  %s takes the crowd's mercy" % who(e["seat"])
    if k == "refuses_mercy":
        return "  %s refuses mercy" % who(e["seat"])
    if k == "one_more_round":
        return "  one more round for %s" % who(e["seat"])
    if k == "fight_over":
        if e["beast"]:
            return "  the beast wins"
        return "  %s wins the fight" % who(e["winner"]) if e["winner"] >= 0 else "  nobody wins the fight"
    if k == "dies":
        return "%s DIES%s" % (who(e["seat"]), " (he comes back after a turn)" if e["back"] else "")
    if k == "sits_out":
        return "%s sits this turn out" % who(e["seat"])
    if k == "comes_back":
        return "%s comes back at Start, a fresh gladiator with %d HP" % (who(e["seat"]), e["hp"])
    if k == "card":
        if e["discard"] == [e["c"]]:
            return "%s draws the %s and discards it" % (who(e["seat"]), card(e["c"]))
        given = " for the %s" % " and the ".join(card(c) for c in e["discard"]) if e["discard"] else ""
        return "%s draws the %s and keeps it%s" % (who(e["seat"]), card(e["c"]), given)
    if k == "lose":
        return "%s loses the %s" % (who(e["seat"]), card(e["c"]))
    if k == "debt":
        shuffle = ": shuffle the Armor/Weapon deck as the card says" if e.get("reshuffle") else ""
        return "Owner in Debt! %s goes to the Dalmatian Coast%s" % (who(e["seat"]), shuffle)
    if k == "other_card":
        return "%s draws a card that changes nothing here" % who(e["seat"])
    if k == "roma":
        return "%s REACHES ROMA" % who(e["seat"])
    if k == "over":
        return "%s WINS THE RUDIS" % who(e["winner"]) if e["winner"] >= 0 else "the game is over: no winner"
    return unknown(e)


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


def action_text(a, table=None):
    k = a["a"]
    if k == "hp_space":
        return "a hit point space (the %s on the road)" % ordinal(a["k"])  # the core counts them from 1
    if k == "arena":
        vs = ", ".join(seat_name(q) for q in a["vs"]) or "nobody (a beast)"
        return "an arena of %d pennant(s), standing there: %s" % (a["pennants"], vs)
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
        self.game = rules.game(setup)
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
