"""The games this box referees: the game menu's order, each game's core and its box screen.

One line per game in GAMES: its name (in journals and on the link), its
title, its rules module (whose RULES the referee engine builds the core Game
from a set-up with) and its screen module (input controller and lights). Wheel
k on the seat selection chooses game k. Nothing here imports a game: load() imports a game's screen by name
on first use, so that a Pico holds only the chosen game's modules.
"""

# name, title, its rules module (referee.engine runs it), its screen module
GAMES = (
    ("ultimus", "ULTIMUS", "games.ultimus.rules", "ultimusbox.screens.ultimus.screen"),
    ("morituri", "Morituri Te Salutamus", "games.morituri.rules", "ultimusbox.screens.morituri.screen"),
    ("ultimatum", "Ultimatum", "games.ultimatum.rules", "ultimusbox.screens.ultimatum.screen"),
    ("munera", "Munera Sine Missione", "games.munera.rules", "ultimusbox.screens.munera.screen"),
    ("morituri_board", "Morituri board game", "games.morituri_board.rules", "ultimusbox.screens.morituri_board.screen"),
)
DEFAULT = "ultimus"  # what a journal or a link request that names no game means (0.1.0, protocol 1)


def names():
    return [g[0] for g in GAMES]


def find(name):
    """The registry line of a game, or None if this box does not referee it."""
    for entry in GAMES:
        if entry[0] == name:
            return entry
    return None


def build(name, setup, log=None):
    """The core Game of a set-up (referee.engine.Game); Illegal("bad_setup") for a bad one."""
    from referee.engine import Game

    return Game(rules_of(name), setup, log)


def rules_of(name):
    """The rules of a game of the registry (its RULES, referee.engine.define), imported on first use."""
    return load(find(name)[2]).RULES


def load(path):
    """The module at a dotted path, imported now if it was not yet."""
    module = __import__(path)
    for part in path.split(".")[1:]:
        module = getattr(module, part)
    return module


def screen_module(name):
    return load(find(name)[3])
