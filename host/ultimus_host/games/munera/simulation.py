"""`ultimus simulate munera`: one seeded bout of Munera Sine Missione between bots, as the counters
the fairness sheet wants (the generic side is ultimus_host.simulations).

Each gladiator's profile (one of the game's 22) is drawn from the seed, every profile as likely, so that a
run says whether the first seat (the first gladiator placed) has an edge and how each profile
fares against the field; `ultimus munera matrix` gives every pairing on its own.
"""

import random

from games.munera import rules
from games.munera.content import PROFILE_NAMES
from referee.engine import Game
from ultimus_host.games.munera.bots import BOTS as KINDS
from ultimus_host.games.munera.bots import BoxReferee
from ultimus_host.games.munera.bouts import MAX_ACTIONS
from ultimus_host.loop import run_game

DEFAULT_PLAYERS = 2
BOTS = ("brawler", "careful", "flanker", "netter")
GROUPS = ("profile",)
ROUNDS = "rounds"


def profiles_for(players, seed):
    """One profile per gladiator, drawn from the seed (not the game's own generator)."""
    r = random.Random(seed * 7919 + 29)
    return [PROFILE_NAMES[r.randrange(len(PROFILE_NAMES))] for _ in range(players)]


def play(players, seed, bots):
    profiles = profiles_for(players, seed)
    game = Game(rules.RULES, {"gladiators": profiles, "seed": seed})
    seats = {p: KINDS[bots[p % len(bots)]](seed * 7 + p) for p in range(players)}
    actions = run_game(game, seats, referee=BoxReferee(), max_actions=MAX_ACTIONS)
    s = game.state
    over = game.phase == "over"
    return {
        "players": players,
        "winners": [s["winner"]] if over and 0 <= s["winner"] < players else [],
        "finished": int(over),
        "actions": actions,
        "rounds": s["round"],
        "labels": {"profile": profiles},
    }
