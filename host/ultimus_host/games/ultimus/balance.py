"""`ultimus balance`: many bot games, then what they say about the content.

For each battle: who won, died or was pardoned; for each bet kind: the gold
paid back per coin staked; the length of battles. The figures are how the
reconstructed cards in firmware/games/ultimus/content.py get balanced. A game is
played by play_summary() (a job for ultimus_host.parallel) and comes back as
a small summary that a Tally adds; balance_report.py writes the figures out.
"""

from games.ultimus.content import BET_KIND_NAMES, BETTING_CARDS, GLADIATOR_NAMES
from games.ultimus.rules import RULES, new_setup
from games.ultimus.state import DEAD, PARDONED
from referee.engine import Game
from ultimus_host.games.ultimus.bots import BOTS
from ultimus_host.loop import run_game


def table_of_bots(players, seed, bots):
    """seat -> bot, the kinds given to the seats in turn; each bot's generator seeded from the game's seed."""
    return {p: BOTS[bots[p % len(bots)]](seed * 31 + p) for p in range(players)}


def play_game(players, seed, bots, battles=1, max_actions=40000, content=None):
    """One game between bots; returns (game, events). content: ULTIMUS's content variant (None: the reconstruction)."""
    game = Game(RULES, new_setup(players, seed, battles=battles, content=content))
    events = []
    run_game(game, table_of_bots(players, seed, bots), on_event=events.append, max_actions=max_actions)
    return game, events


def summarise(game, events):
    """One game's counters as a plain dict of ints and lists of ints: small and picklable, it is
    what a worker process sends back instead of the game (see Tally.add_summary)."""
    s = {
        "games": 1,
        "actions": len(game.log),
        "unfinished": int(game.phase != "over"),
        "battles": 0,
        "rounds": 0,
        "won": [0] * 6,
        "died": [0] * 6,
        "pardoned": [0] * 6,
        "staked": [0, 0, 0],
        "paid": [0, 0, 0],
    }
    for e in events:
        if e["e"] == "round":
            s["rounds"] += 1
        elif e["e"] == "battle_end":
            s["battles"] += 1
            s["won"][e["winner"]] += 1
            for g in range(6):
                s["died"][g] += e["status"][g] == DEAD
                s["pardoned"][g] += e["status"][g] == PARDONED
        elif e["e"] == "bet_revealed" and e["coins"]:
            kind = BETTING_CARDS[e["b"]][1]
            s["staked"][kind] += e["coins"]
            s["paid"][kind] += e["paid"]
    return s


def play_summary(players, seed, bots, battles=1, content=None):
    """One game between bots, as its summary: the job `ultimus balance` gives its workers."""
    return summarise(*play_game(players, seed, bots, battles, content=content))


class Tally:
    """The counters of many games, added one summary at a time."""

    COUNTS = ("games", "actions", "unfinished", "battles", "rounds")
    LISTS = ("won", "died", "pardoned", "staked", "paid")

    def __init__(self):
        self.battles = 0
        self.games = 0
        self.won = [0] * 6
        self.died = [0] * 6
        self.pardoned = [0] * 6
        self.staked = [0, 0, 0]
        self.paid = [0, 0, 0]
        self.rounds = 0
        self.actions = 0
        self.unfinished = 0

    def add(self, game, events):
        self.add_summary(summarise(game, events))

    def add_summary(self, s):
        for name in self.COUNTS:
            setattr(self, name, getattr(self, name) + s[name])
        for name in self.LISTS:
            setattr(self, name, [a + b for a, b in zip(getattr(self, name), s[name])])

    def summary(self):
        """All the counters as a summary (the shape summarise() gives one game): for merging and comparing."""
        out = {name: getattr(self, name) for name in self.COUNTS}
        out.update({name: list(getattr(self, name)) for name in self.LISTS})
        return out

    def merge(self, other):
        self.add_summary(other.summary())

    def rows(self):
        n = max(1, self.battles)
        gladiators = [(GLADIATOR_NAMES[g], self.won[g] / n, self.died[g] / n, self.pardoned[g] / n) for g in range(6)]
        bets = [
            (BET_KIND_NAMES[k], self.staked[k], self.paid[k] / self.staked[k] if self.staked[k] else 0.0)
            for k in range(3)
        ]
        return gladiators, bets

    def length(self):
        return self.rounds / max(1, self.battles), self.actions / max(1, self.games)
