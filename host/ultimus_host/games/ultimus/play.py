"""`ultimus play`: a whole ULTIMUS game at card level in the terminal, hot-seat, bots welcome.

Every human seat sees only what the table sees, plus its own hand and bets,
and only on its own turn: whenever the screen passes to another person it is
cleared and asks the others to look away first. Bots and people are choosers
of the one host loop (ultimus_host.loop.run_game).
"""

import json

from games.ultimus.content import GLADIATOR_NAMES
from games.ultimus.hexmap import COORDS, DOORS, FIELDS
from games.ultimus.rules import RULES, new_setup
from games.ultimus.state import ARENA, max_health
from games.ultimus.views import public_event
from referee.engine import Game
from ultimus_host.games.ultimus.bots import BOTS, PlayOn
from ultimus_host.games.ultimus.narrate import action_text, bet_card_text, describe, line
from ultimus_host.loop import run_game
from ultimus_host.menu import Menu
from ultimus_host.narrate import some, who

LETTERS = "TSRMBD"  # gladiators on the map
QUIET = ("draw", "commit", "extra_card", "think", "movement")  # nothing a table would see or hear


def arena_map(v):
    """The hex arena as text rows: gladiators by their initial (lower case: fallen), empty doors by
    their number (1-6, as the menus name them), other empty fields as dots."""
    at = {field: str(door + 1) for door, field in enumerate(DOORS)}
    for g in range(6):
        if v["status"][g] == ARENA and v["pos"][g] >= 0:
            at[v["pos"][g]] = LETTERS[g].lower() if v["fallen"][g] else LETTERS[g]
    rows = []
    radius = max(abs(q) for q, r in COORDS)
    for r in range(-radius, radius + 1):
        cells = [at.get(f, ".") for f in range(FIELDS) if COORDS[f][1] == r]
        rows.append(" " * abs(r) + " ".join(cells))
    return "\n".join(rows)


def table_text(v):
    """What the whole table sees (a public or seat view): gladiators, arena, gold, coins on betting cards."""
    out = ["", "%s, loudest spectator: %s" % (where(v), who(v["loudest"]) if v["loudest"] >= 0 else "none yet")]
    for g in range(6):
        status = ("waiting", "in the arena", "DEAD", "pardoned")[v["status"][g]]
        marks = [
            m for m, on in (("fallen", v["fallen"][g]), ("netted", v["net"] == g), ("drunk", v["drunk"][g] >= 0)) if on
        ]
        out.append(
            "  %s %-12s %2d/%-2d %s %s"
            % (LETTERS[g], GLADIATOR_NAMES[g], v["hp"][g], max_health(v)[g], status, " ".join(marks))
        )
    out.append(arena_map(v))
    out.append("(the digits on the map are the doors 1-6)")
    for p in range(len(v["gold"])):
        coins = [c for _, c in v["bets"][p]]
        out.append(
            "  %s: %d gold, coins on betting cards %s"
            % (who(p), v["gold"][p], ", ".join("%d: %d" % (k + 1, c) for k, c in enumerate(coins)) or "-")
        )
    return "\n".join(out)


def where(v):
    """Where the game stands, counted from 1: "battle 2, round 3", or its betting before the rounds."""
    if not v["battle"]:
        return "before battle 1"
    if not v["round"]:
        return "battle %d: betting and entrance" % v["battle"]
    return "battle %d, round %d" % (v["battle"], v["round"])


class HotSeat:
    """One terminal shared by the people at the table; bots take their seats in the same loop."""

    def __init__(self, players, seed, bots, battles, ask=input, say=print, clear=None, content=None):
        """content: ULTIMUS's content variant (games.ultimus.content.CONTENT_KINDS); None: the reconstruction."""
        self.game = Game(RULES, new_setup(players, seed, battles=battles, content=content))
        self.bots = {}
        for seat, kind in bots.items():
            self.bots[seat] = BOTS[kind](seed * 7 + seat)
        self.ask, self.say = ask, say
        self.clear = clear or (lambda: say("\n" * 40))
        self.at_screen = None  # the person whose hand the screen may show

    def run(self):
        seats = {}
        for p in range(self.game.state["players"]):
            seats[p] = self.bots[p] if p in self.bots else Person(self, p)
        run_game(self.game, seats, referee=AskingReferee(self), on_event=self._tell)
        return self.game

    def _tell(self, e):
        if e["e"] not in QUIET:
            self.say(line(public_event(e)))

    def human_seats(self):
        return [p for p in range(self.game.state["players"]) if p not in self.bots]


class AskingReferee(PlayOn):
    """Plays on like the simulations, but people at the table decide whether another battle follows."""

    def __init__(self, table):
        self.table = table

    def choose(self, view, options):
        action = PlayOn.choose(self, view, options)
        if action["a"] == "next" and self.table.human_seats():
            if self.table.ask("another battle? [Y/n] ").strip().lower().startswith("n"):
                action = {"a": "finish"}
        return action


def _menu_context(view):
    """The decision a menu belongs to: while it lasts, each option keeps its number (all the coins of a
    battle's betting, say). A card in play changes with each of its actions, and each gladiator placed at the
    entrance is another's turn: each is a new decision."""
    card = json.dumps(view.get("card"), sort_keys=True)
    return (view["phase"], view["battle"], view["round"], view.get("turn"), view.get("placed"), card)


class Person:
    """A seat played at the keyboard: shown its own view only, after the others have looked away."""

    def __init__(self, table, seat):
        self.table, self.seat = table, seat
        self.menu = Menu(_menu_context, retell=True)

    def choose(self, view, options):
        table, seat = self.table, self.seat
        ask, say = table.ask, table.say
        # The screen is about to show this seat's hand and bets: whenever it passes to another
        # person, whatever the phase (the bets matter when placing a gladiator or turning the thumb).
        if table.at_screen != seat and len(table.human_seats()) > 1:
            table.clear()
            ask("%s: everyone else look away, then press Enter " % who(seat))
        table.at_screen = seat
        say(table_text(view))
        say("%s, your hand:" % who(seat))
        for c in view["hand"]:
            say("   " + describe(c))
        say(
            "your gold: %d won (yours to keep or bet), %d new (must all be bet)"
            % (view["gold"][seat], view["new_gold"][seat])
        )
        cards = [
            "%d: %s with %s" % (k + 1, bet_card_text(b, view), some(c, "coin"))
            for k, (b, c) in enumerate(view["my_bets"])
        ]
        say("your betting cards: %s" % ", ".join(cards))
        return self.menu.choose(ask, say, "%s, your choice" % who(seat), view, options, lambda a: action_text(view, a))
