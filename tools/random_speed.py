"""One game's random play under a given checkout of this project: `make bench` sets today's beside an older
commit's (issue 32: ac6268f, before the contract), each in its own process, in turns, on the same seeds.

  python tools/random_speed.py ROOT GAME PLAYERS GAMES [SECONDS]

ROOT is a checkout's folder (firmware/ and host/ in it). GAME's random play is its rules package's
randomplay.play (games/GAME/randomplay.py; ULTIMUS's was the top-level package ultimus until issue 21),
called as play(PLAYERS, seed) or play(seed), whichever it takes, with at most 3,000 actions where it takes
a max_actions. It plays GAMES whole games from seed 1000 on (GAMES 0: as many as SECONDS of CPU time
allow, 1 by default), and prints one line: the games, the actions, the CPU seconds, and the first 12 hex
digits of the SHA-256 of the games' logs as JSON (the same digits from two checkouts: they played the same
games). Only the standard library and the checkout's own code are imported: the same script runs against
any version.
"""

import hashlib
import importlib
import json
import os
import sys
import time

FIRST_SEED = 1000
MAX_ACTIONS = 3000  # a cap for a game whose play() takes one (Ultimatum's long wars), as tools/game_speed.py


def random_play(name):
    """GAME's randomplay.play of the checkout on sys.path."""
    for path in ("games.%s.randomplay" % name, "%s.randomplay" % name):
        try:
            return importlib.import_module(path).play
        except ImportError:
            continue
    raise SystemExit("no random play of %r in this checkout" % name)


def player(play, players):
    """play as a function of the seed alone."""
    code = play.__code__
    names = code.co_varnames[: code.co_argcount]
    extra = {"max_actions": MAX_ACTIONS} if "max_actions" in names else {}
    if names and names[0] == "players":
        return lambda seed: play(players, seed, **extra)
    return lambda seed: play(seed, **extra)


def measure(name, players, games, seconds=1.0):
    """(games, actions, CPU seconds, digest of the logs) of whole games from FIRST_SEED on; the logs are
    hashed after the clock has stopped."""
    play = player(random_play(name), players)
    play(FIRST_SEED + 999)  # the imports and first-use tables, not timed
    logs = []
    start = time.process_time()
    while len(logs) < games or (not games and time.process_time() - start < seconds):
        logs.append(play(FIRST_SEED + len(logs)).log)
    spent = time.process_time() - start
    digest = hashlib.sha256(json.dumps([list(log) for log in logs], sort_keys=True).encode()).hexdigest()
    return len(logs), sum(len(log) for log in logs), spent, digest[:12]


def run(root, name, players, games, seconds=1.0):
    sys.path[:0] = [os.path.join(root, "firmware"), os.path.join(root, "host")]
    print("%d %d %.6f %s" % measure(name, players, games, seconds))


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]) if len(sys.argv) > 5 else 1.0)
