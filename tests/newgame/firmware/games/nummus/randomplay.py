"""Nummus's random play, with the core's own generator: a seat calls either side."""

from referee.play import play_out
from referee.rng import Rng


def choose_action(game, rng):
    seats = game.actors()
    options = game.legal_actions(seats[0] if seats else -1)
    return rng.choice(options) if options else None


def setup_for(seed):
    return {"players": 2 + seed % 3, "seed": seed}


def chooser(game):
    return choose_action


def play(seed, max_actions=500):
    from games.nummus.rules import RULES

    from referee.engine import Game

    return play_out(Game(RULES, setup_for(seed)), choose_action, Rng(seed ^ 0x5EED), max_actions)
