"""Random legal play of whole Ultimatum games, for the property tests and the cross-port digests.

An actor is drawn among those with something to do, then an action name among
its legal ones, then one action of that name, all from the core's own
generator, so a seed gives the same game on every port.
"""

from referee.rng import Rng
from games.ultimatum import rules


def choose_action(game, rng):
    seats = game.actors()
    seat = rng.choice(seats) if seats else -1
    legal = rules.legal()
    names = legal.names(game.state, seat)
    while names:
        name = names.pop(rng.below(len(names)))
        options = legal.of_name(game.state, seat, name)
        if options:
            return rng.choice(options)
    return None


def play(players, seed, max_actions=20000):
    """A random game, stopped at the end or after max_actions."""
    game = rules.game(players, seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(max_actions):
        if game.phase == "over":
            break
        action = choose_action(game, rng)
        if action is None:
            break
        game.apply(action)
    return game
