"""Munera bouts between bots on the hex arena, and the matrix of pairings.

bout() plays one seeded bout between two gladiators of Appendix B; tally() runs many and
counts, from the first gladiator's side, wins, losses and what ended them: an appeal
spared or killed, or a mortal wound, on as many processes as asked (ultimus_host.parallel:
each bout comes back as a small summary). matrix() does it for every pairing of a list of
profiles (each ordered pair, so a row is the row gladiator's record), and chart() draws
the win rates as a heat map with matplotlib (a dependency of the host already).
"""

from games.munera import rules
from referee.engine import Game
from ultimus_host import parallel
from ultimus_host.games.munera.bots import BOTS, BoxReferee
from ultimus_host.loop import run_game

MAX_ACTIONS = 4000


def bout(a, b, seed, bots=("brawler", "brawler"), radius=None):
    """One bout, gladiator a (seat 0) against b (seat 1): (game, actions applied)."""
    setup = {"gladiators": [a, b], "seed": seed}
    if radius is not None:
        setup["radius"] = radius
    game = Game(rules.RULES, setup)
    seats = {0: BOTS[bots[0]](seed * 2), 1: BOTS[bots[1]](seed * 2 + 1)}
    n = run_game(game, seats, referee=BoxReferee(), max_actions=MAX_ACTIONS)
    return game, n


def outcome(game):
    """(winner, how): how is "spared", "killed" (by the crowd), "dead" (a mortal wound) or "unfinished"."""
    s = game.state
    if s["phase"] != "over":
        return -1, "unfinished"
    loser = 1 - s["winner"] if s["winner"] in (0, 1) else 0
    return s["winner"], s["g"][loser]["out"] or "unfinished"


def summarise(game, actions):
    """A bout as (winner, how it ended, actions, rounds): what a worker process sends back instead of the game."""
    winner, how = outcome(game)
    return winner, how, actions, game.state["round"]


def bout_summary(a, b, seed, bots=("brawler", "brawler")):
    """One bout, as its summary: the job `ultimus munera bout|matrix` gives ultimus_host.parallel."""
    return summarise(*bout(a, b, seed, bots))


class Tally:
    def __init__(self):
        self.n = 0
        self.wins = 0
        self.counts = {"spared": 0, "killed": 0, "dead": 0, "unfinished": 0}
        self.actions = 0
        self.rounds = 0

    def add(self, game, actions):
        self.add_summary(summarise(game, actions))

    def add_summary(self, summary):
        winner, how, actions, rounds = summary
        self.n += 1
        self.wins += 1 if winner == 0 else 0
        self.counts[how] += 1
        self.actions += actions
        self.rounds += rounds

    def rates(self):
        """{"win", "appeal", "death", "spared", "unfinished"} as fractions of the bouts."""
        n = max(self.n, 1)
        c = self.counts
        return {
            "win": self.wins / n,
            "appeal": (c["spared"] + c["killed"]) / n,
            "death": (c["killed"] + c["dead"]) / n,
            "spared": c["spared"] / n,
            "unfinished": c["unfinished"] / n,
        }


def tally(a, b, n, seed=1, bots=("brawler", "brawler"), workers=1, progress=None):
    """n bouts of a against b, seeds seed to seed+n-1, on `workers` processes: a Tally.
    progress(done) hears the number of bouts done (see ultimus_host.parallel.run)."""
    t = Tally()
    for summary in parallel.run(bout_summary, [(a, b, seed + i, bots) for i in range(n)], workers, progress=progress):
        t.add_summary(summary)
    return t


def matrix(profiles, n, seed=1, bots=("brawler", "brawler"), workers=1, progress=None):
    """{(row, column): Tally} for every ordered pair of distinct profiles, n bouts each. The bouts of
    all the pairs are one list of jobs, so that the workers share them out; progress as for tally()."""
    pairs = [
        (a, b, seed + 1000 * (i * len(profiles) + j))
        for i, a in enumerate(profiles)
        for j, b in enumerate(profiles)
        if a != b
    ]
    jobs = [(a, b, first + k, bots) for a, b, first in pairs for k in range(n)]
    summaries = parallel.run(bout_summary, jobs, workers, progress=progress)
    out = {}
    for p, (a, b, _) in enumerate(pairs):
        t = out[(a, b)] = Tally()
        for summary in summaries[p * n : (p + 1) * n]:
            t.add_summary(summary)
    return out


def chart(profiles, results, path):
    """A heat map of the row gladiator's win rate against each column gladiator, written to path."""
    import matplotlib.pyplot as plt

    fig = figure(profiles, results)
    fig.savefig(path)
    plt.close(fig)


def figure(profiles, results):
    """The heat map's figure (matplotlib): cells and colour bar both in percent."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    size = len(profiles)
    grid = [[float("nan")] * size for _ in range(size)]
    for (a, b), t in results.items():
        grid[profiles.index(a)][profiles.index(b)] = t.rates()["win"]
    fig, ax = plt.subplots(figsize=(1.0 + 0.55 * size, 0.8 + 0.5 * size))
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(size), profiles, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(size), profiles, fontsize=8)
    ax.set_xlabel("against")
    ax.set_ylabel("the row gladiator wins")
    for i in range(size):
        for j in range(size):
            if i != j:
                ax.text(j, i, "%.0f" % (100 * grid[i][j]), ha="center", va="center", fontsize=7)
    from matplotlib.ticker import PercentFormatter

    bar = fig.colorbar(image, ax=ax, fraction=0.04, format=PercentFormatter(1.0, decimals=0))
    bar.set_label("wins in %")
    ax.set_title("Munera: win rate of each pairing")
    fig.tight_layout()
    return fig
