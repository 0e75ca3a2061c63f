"""`ultimus balance`: many bot games, then what they say about the content.

For each battle: who won, died or was pardoned; for each bet kind: the gold
paid back per coin staked; the length of battles. The figures are how the
reconstructed cards in firmware/ultimus/content.py get balanced.
"""

from ultimus.content import BET_KIND_NAMES, BETTING_CARDS, GLADIATOR_NAMES
from ultimus.game import Game
from ultimus.state import DEAD, PARDONED
from ultimus_host.bots import BOTS
from ultimus_host.loop import run_game


def table_of_bots(players, seed, bots):
    """seat -> bot, the kinds given to the seats in turn; each bot's generator seeded from the game's seed."""
    return {p: BOTS[bots[p % len(bots)]](seed * 31 + p) for p in range(players)}


def play_game(players, seed, bots, battles=1, max_actions=40000):
    """One game between bots; returns (game, events)."""
    game = Game(players, seed, battles=battles)
    events = []
    run_game(game, table_of_bots(players, seed, bots), on_event=events.append, max_actions=max_actions)
    return game, events


class Tally:
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
        self.games += 1
        self.actions += len(game.log)
        if game.phase != "over":
            self.unfinished += 1
        for e in events:
            if e["e"] == "round":
                self.rounds += 1
            elif e["e"] == "battle_end":
                self.battles += 1
                self.won[e["winner"]] += 1
                for g in range(6):
                    self.died[g] += e["status"][g] == DEAD
                    self.pardoned[g] += e["status"][g] == PARDONED
            elif e["e"] == "bet_revealed" and e["coins"]:
                kind = BETTING_CARDS[e["b"]][1]
                self.staked[kind] += e["coins"]
                self.paid[kind] += e["paid"]

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


def chart(tally, path):
    """A PNG: win, death and pardon rates per gladiator, and the return per coin of each bet kind."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    gladiators, bets = tally.rows()
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), gridspec_kw={"width_ratios": [3, 1]})
    names = [g[0] for g in gladiators]
    x = range(len(names))
    for i, (label, colour) in enumerate((("win", "#d4a017"), ("die", "#b22222"), ("pardoned", "#4682b4"))):
        left.bar([v + (i - 1) * 0.27 for v in x], [g[i + 1] for g in gladiators], width=0.27, label=label, color=colour)
    left.set_xticks(list(x))
    left.set_xticklabels(names)
    left.set_ylabel("share of battles")
    left.set_title("%d battles" % tally.battles)
    left.legend()
    right.bar([b[0] for b in bets], [b[2] for b in bets], color=["#d4a017", "#b22222", "#2e8b57"])
    right.axhline(1.0, color="grey", linewidth=0.8)
    right.set_title("gold back per coin bet")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
