"""Each game's speed under CPython (issue 25): actions per second of its random play and games per
second of its bots (the simulation `ultimus simulate GAME` plays), beside ULTIMUS's in the same run, for
every game of the registry: its random play is its HostGame's (random: setup_for and chooser, seeds
from 1000 on), its bots its simulation's.
`make bench` prints these lines; `python tools/game_speed.py` prints them alone.
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _part in ("firmware", "host"):
    if os.path.join(ROOT, _part) not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, _part))

MAX_ACTIONS = 3000  # a game's random play stops here if it has not ended (an Ultimatum game runs for hours)


def names():
    """Every game of the registry, in its order (the box's game menu's)."""
    from ultimus_host import registry

    return registry.names()


def reference():
    """The game the others are set beside: the registry's default (ULTIMUS)."""
    from ultimus_host import registry

    return registry.default()


def _play(name, seed):
    """One random-play game of `name`: the set-up its random play plays for the seed (setup_for), played."""
    from referee.play import play_out
    from referee.rng import Rng
    from ultimus_host import registry

    game, choose = registry.get(name).random_game(None, seed)
    return play_out(game, choose, Rng(seed ^ 0x5EED), MAX_ACTIONS)


def random_rate(name, seconds=1.0, first=1000):
    """Actions per second of a game's random play, whole games from seed `first` on, CPU time."""
    actions, seed = 0, first
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += len(_play(name, seed).log)
        seed += 1
    return actions / (time.process_time() - start)


def bots_rate(name, seconds=1.0, first=1):
    """Games per second of a game's bots: its simulation's play at its default player count, its
    first bot in every seat, CPU time."""
    from ultimus_host import simulations

    sim = simulations.load(name)
    if sim is None:
        return None  # a game that declares no simulation has no bots to time
    games, seed = 0, first
    start = time.process_time()
    while time.process_time() - start < seconds:
        sim.play(sim.DEFAULT_PLAYERS, seed, [sim.BOTS[0]])
        games += 1
        seed += 1
    return games / (time.process_time() - start)


def figures(rounds=3, seconds=1.0):
    """{game: (random actions/s, bots games/s)}, best of `rounds` interleaved (a busy machine)."""
    rates = {name: 0.0 for name in names()}
    bots: "dict[str, float | None]" = {name: 0.0 for name in names()}
    for _ in range(rounds):
        for name in names():
            rates[name] = max(rates[name], random_rate(name, seconds))
            rate = bots_rate(name, seconds)
            bots[name] = None if rate is None else max(bots[name] or 0.0, rate)  # None: no simulation
    return {name: (rates[name], bots[name]) for name in rates}


def lines(found):
    """The bench's lines: each game's random play beside the reference game's (ULTIMUS's), and its bots'
    games per second."""
    from ultimus_host import registry

    ref = found[reference()][0]
    title = registry.get(reference()).title
    out = []
    for name in found:
        rate, bots = found[name]
        said = "no bots (it declares no simulation)" if bots is None else "bots %6.1f games/s" % bots
        out.append("  %-14s random play %7.0f actions/s (%.2fx %s's), %s" % (name, rate, rate / ref, title, said))
    return out


if __name__ == "__main__":
    for line in lines(figures(rounds=int(sys.argv[1]) if len(sys.argv) > 1 else 3)):
        print(line)
