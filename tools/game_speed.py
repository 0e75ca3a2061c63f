"""Each game's speed under CPython (issue 25): actions per second of its random play and games per
second of its bots (the simulation `ultimus simulate GAME` plays), beside ULTIMUS's in the same run.
`make bench` prints these lines; `python tools/game_speed.py` prints them alone.
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _part in ("firmware", "host"):
    if os.path.join(ROOT, _part) not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, _part))

GAMES = ("ultimus", "morituri", "munera", "ultimatum", "morituri_board")


def _random_games():
    """game -> play(seed): one random-play game of each, with the player counts simulations use most."""
    from games.morituri import randomplay as morituri
    from games.morituri_board import randomplay as board
    from games.munera import randomplay as munera
    from games.ultimatum import randomplay as ultimatum
    from games.ultimus import randomplay as ultimus

    return {
        "ultimus": lambda seed: ultimus.play(6, seed),
        "morituri": morituri.play,
        "munera": munera.play,
        "ultimatum": lambda seed: ultimatum.play(2 + seed % 5, seed, max_actions=3000),
        "morituri_board": board.play,
    }


def random_rate(name, seconds=1.0, first=1000):
    """Actions per second of a game's random play, whole games from seed `first` on, CPU time."""
    play = _random_games()[name]
    actions, seed = 0, first
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += len(play(seed).log)
        seed += 1
    return actions / (time.process_time() - start)


def bots_rate(name, seconds=1.0, first=1):
    """Games per second of a game's bots: its simulation's play at its default player count, its
    first bot in every seat, CPU time."""
    import importlib

    sim = importlib.import_module("ultimus_host.games.%s.simulation" % name)
    games, seed = 0, first
    start = time.process_time()
    while time.process_time() - start < seconds:
        sim.play(sim.DEFAULT_PLAYERS, seed, [sim.BOTS[0]])
        games += 1
        seed += 1
    return games / (time.process_time() - start)


def figures(rounds=3, seconds=1.0):
    """{game: (random actions/s, bots games/s)}, best of `rounds` interleaved (a busy machine)."""
    best = {name: [0.0, 0.0] for name in GAMES}
    for _ in range(rounds):
        for name in GAMES:
            best[name][0] = max(best[name][0], random_rate(name, seconds))
            best[name][1] = max(best[name][1], bots_rate(name, seconds))
    return {name: tuple(v) for name, v in best.items()}


def lines(found):
    """The bench's lines: each game's random play beside ULTIMUS's, and its bots' games per second."""
    ref = found["ultimus"][0]
    out = []
    for name in GAMES:
        rate, bots = found[name]
        out.append(
            "  %-14s random play %7.0f actions/s (%.2fx ULTIMUS's), bots %6.1f games/s" % (name, rate, rate / ref, bots)
        )
    return out


if __name__ == "__main__":
    for line in lines(figures(rounds=int(sys.argv[1]) if len(sys.argv) > 1 else 3)):
        print(line)
