"""Random legal play of whole board games on a made-up road, with the core's own generator
(the same game on every port).

The printed board is unknown apart from Syracuse (2 pennants) and Roma, so the
tests walk ROAD: 39 spaces after Start, Roma beyond the last; '.' nothing,
'c' draw a card, 'h' a hit point space (numbered 1-6 in order), '1'-'3' an
arena of that many pennants, 'b' bandits and 'p' pirates (-1 HP), 'd' the
Dalmatian Coast (where Owner in Debt sends a pawn). One space choice in five,
and the cards drawn, are picked among all the legal actions instead, so that
every action is played.
"""

from games.morituri_board import rules
from games.morituri_board.content import CARD_NAMES
from games.morituri_board.state import ROAD as ON_ROAD
from games.morituri_board.state import drawer
from referee import engine
from referee.play import play_out
from referee.rng import Rng

ROAD = ".c1.h.2b.c3h.1.cd.h2.p.c1.h3.c.2.b1.c3."
DALMATIAN = ROAD.index("d") + 1  # positions count from Start (0); space i is ROAD[i - 1]


def setup_for(seed):
    """A seeded set-up: 2-6 seats, either alternate rule, now and then the table's own values."""
    r = Rng(seed)
    setup = {"players": 2 + r.below(5), "seed": seed, "last_alive": r.below(4) and 1, "rejoin": r.below(3) // 2}
    if r.below(4) == 0:
        card = CARD_NAMES[r.below(len(CARD_NAMES))]  # first: the ports evaluate a dict display in other orders
        setup["values"] = {card: [r.below(4), r.below(5), r.below(4), r.below(4)]}
    return setup


class Chooser:
    """Random play that remembers where each pawn stands on ROAD."""

    def __init__(self, players):
        self.pos = [0] * players

    def choose(self, game, rng):
        s = game.state
        for p in range(s["players"]):
            if s["where"][p] != ON_ROAD and s["where"][p] != "roma":
                self.pos[p] = 0  # dead or coming back: at Start again
        phase = s["phase"]
        seats = game.actors()
        options = game.legal_actions(seats[0] if seats else -1)
        if not options:
            return None
        if phase == "space":
            return self._space(s, rng, options)
        if phase == "draw":
            return self._draw(s, rng, options)
        if phase == "mercy":
            return options[0] if rng.below(4) else options[1]
        if phase == "roma":
            return options[0] if rng.below(3) == 0 else options[1]  # beast, wait
        return rng.choice(options)

    def _space(self, s, rng, options):
        p = s["active"]
        self.pos[p] += s["moved"]
        if rng.below(5) == 0:
            return rng.choice(options)
        if self.pos[p] > len(ROAD):
            return {"a": "roma", "p": p}
        kind = ROAD[self.pos[p] - 1]
        if kind == "c":
            return {"a": "draw", "p": p}
        if kind == "h":
            return {"a": "hp_space", "p": p, "k": ROAD[: self.pos[p]].count("h")}
        if kind in "123":
            n = s["players"]
            there = [(p + i) % n for i in range(1, n) if s["where"][(p + i) % n] == ON_ROAD and rng.below(4) == 0]
            return {"a": "arena", "p": p, "pennants": int(kind), "vs": there}
        if kind in "bp":
            return {"a": "flux", "p": p, "n": -1}
        return {"a": "nothing", "p": p}

    def _draw(self, s, rng, options):
        cards = [a for a in options if a["a"] == "card" and (a["keep"] or rng.below(4) == 0)]
        choice = rng.choice(cards) if rng.below(6) else rng.choice(options)
        if choice["a"] == "debt":
            self.pos[drawer(s)] = DALMATIAN
        return choice


def chooser(game):
    """The random play of a game (the host's registry names this module: HostGame(random=...)): a Chooser of its own."""
    return Chooser(game.state["players"]).choose


def play(seed, max_actions=4000):
    """A random whole game; returns the engine's Game."""
    game = engine.Game(rules.RULES, setup_for(seed))
    chooser = Chooser(game.state["players"])
    return play_out(game, chooser.choose, Rng(seed ^ 0x5EED), max_actions)
