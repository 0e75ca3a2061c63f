"""`ultimus simulate morituri`: one seeded skirmish of Morituri Te Salutamus between bots, as the
counters the fairness sheet wants (the generic side is ultimus_host.simulations).

Each seat fields one figure whose class is drawn from the game's seed (heavy, light, animal or
rhino, each as likely), so that a run says both whether a seat's place matters and whether a
class wins more than its share. Caesar's initiative is rolled by the box each round.
"""

import random

from games.morituri import rules
from games.morituri.content import CLASS_NAMES
from referee.engine import Game
from ultimus_host.games.morituri.bots import BOTS as KINDS
from ultimus_host.games.morituri.bots import InitiativeReferee
from ultimus_host.loop import run_game

DEFAULT_PLAYERS = 4
BOTS = ("sensible", "random")
GROUPS = ("class",)
ROUNDS = "rounds"
MAX_ACTIONS = 20000


def figures_for(players, seed):
    """One class per seat, drawn from the seed (not the game's own generator: its draws stay the box's)."""
    r = random.Random(seed * 7919 + 17)
    return [[CLASS_NAMES[r.randrange(len(CLASS_NAMES))]] for _ in range(players)]


def play(players, seed, bots):
    figures = figures_for(players, seed)
    game = Game(rules.RULES, {"players": players, "figures": figures, "seed": seed})
    seats = {p: KINDS[bots[p % len(bots)]](seed * 7 + p) for p in range(players)}
    actions = run_game(game, seats, referee=InitiativeReferee(), max_actions=MAX_ACTIONS)
    s = game.state
    over = game.phase == "over"
    return {
        "players": players,
        "winners": [s["winner"]] if over and s["winner"] >= 0 else [],
        "finished": int(over),
        "actions": actions,
        "rounds": s["round"],
        "labels": {"class": [f[0] for f in figures]},
    }
