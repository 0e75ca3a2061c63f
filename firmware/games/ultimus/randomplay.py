"""Random legal play: whole battles and games with no knowledge of the rules.

Used by the property tests, the cross-port digest check and the benchmarks.
Choices come from the core's own generator, so a seed gives the same game on
every port. Seats act before the referee, so CLAMO only falls when every seat
has committed, and the referee plays on to the next battle until the last.
"""

from games.ultimus.rules import RULES, new_setup
from games.ultimus.state import MODE_FULL
from referee.engine import Game
from referee.play import play_out
from referee.rng import Rng


def play_on(options):
    """The referee's "next battle" among its options, or None: simulations play every planned battle."""
    for a in options:
        if a["a"] == "next":
            return a
    return None


def choose_action(game, rng):
    seats = game.actors()
    if seats:
        seat = rng.choice(seats)
        return rng.choice(game.legal_actions(seat))
    options = game.legal_actions(-1)
    return play_on(options) or (rng.choice(options) if options else None)


def setup_for(seed):
    """The set-up random play plays for a seed (the bench's: a 6-player battle of the full game)."""
    return new_setup(6, seed, MODE_FULL, battles=1)


def chooser(game):
    """The random play of a game (the host's registry names this module: HostGame(random=...)): choose_action."""
    return choose_action


def play(players, seed, mode=MODE_FULL, battles=1, max_actions=20000, stop_at_battle_end=True):
    """Play a random game; returns the Game (stopped at the first battle end if asked)."""
    stop = "battle_end" if stop_at_battle_end else None
    return play_out(
        Game(RULES, new_setup(players, seed, mode, battles=battles)),
        choose_action,
        Rng(seed ^ 0x5EED),
        max_actions,
        stop,
        listed=True,  # choose_action takes one of the seat's legal actions, as listed
    )
