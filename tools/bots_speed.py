"""The bots' games per second beside those of the reference commit, in the same run (issue 34): `make bench`
prints these lines and the aim; `python tools/bots_speed.py` prints them alone.

Each game that simulates (the registry's) is played by its simulation with its first bot kind in every seat at
its default table, and ULTIMUS also by `balance`'s mix (heuristic and random seats in turn), from seed 1 on,
for a second of CPU; so is the same in the code of REFERENCE, main as it was when issue 34 was taken up,
taken out of this repository's history into a temporary folder. Each side plays in a fresh process of its own
(`--tree` names the code it plays), the two in turn, best of three: a busy machine slows both alike.
"""

import importlib
import json
import os
import subprocess
import sys
import tempfile
import time

from versus import extract  # a commit's firmware and host out of git (tools/versus.py)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = "78ed4c865bfb2c9c42ca65593e6f7d0c98589bdb"  # main when issue 34 was taken up: the bots' "today"
AIM = 2.0  # issue 34: at least twice today's games per second
AIMED = ("ultimus", "ultimatum", "balance")  # the lines issue 34 holds to AIM
MIX = ("balance", "ultimus", ("heuristic", "random"))  # `ultimus balance`'s seats


def plays():
    """(line, game, bots) of every game that simulates, then balance's mix."""
    sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]
    from ultimus_host import simulations

    out = []
    for name in simulations.names():
        out.append((name, name, (simulations.get(name).BOTS[0],)))
    return out + [MIX]


def rate(game, bots, seconds):
    """Games per CPU-second of a game's simulation with these bots, seeds 1, 2, ...; None: no such game here."""
    try:
        sim = importlib.import_module("ultimus_host.games.%s.simulation" % game)
    except ImportError:
        return None
    games, seed = 0, 1
    start = time.process_time()
    while time.process_time() - start < seconds:
        sim.play(sim.DEFAULT_PLAYERS, seed, list(bots))
        games += 1
        seed += 1
    return games / (time.process_time() - start)


def measured(tree, asked, seconds):
    """{line: games/s} of the code in tree (a folder with firmware/ and host/), in a process of its own."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(tree, "firmware"), os.path.join(tree, "host")]))
    proc = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--measure", json.dumps([asked, seconds])],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout)


def figures(rounds=3, seconds=1.0):
    """{line: (games/s now, games/s of REFERENCE or None)}, best of `rounds` each, the two in turn."""
    asked = plays()
    ours = {line: 0.0 for line, _, _ in asked}
    ref: "dict[str, float | None]" = {line: 0.0 for line, _, _ in asked}
    with tempfile.TemporaryDirectory() as folder:
        tree, _ = extract(REFERENCE, folder)
        for _ in range(rounds):
            now = measured(ROOT, asked, seconds)
            then = measured(tree, asked, seconds) if tree else {}
            for line in ours:
                ours[line] = max(ours[line], now[line] or 0.0)
                ref[line] = None if then.get(line) is None else max(ref[line] or 0.0, then[line])
    return {line: (ours[line], ref[line]) for line in ours}


def lines(found):
    out = []
    for line, (now, then) in found.items():
        beside = "%6.1f at %s, %.2fx" % (then, REFERENCE[:7], now / then) if then else "not in %s" % REFERENCE[:7]
        out.append("  %-14s bots %6.1f games/s (%s)" % (line, now, beside))
    return out


def aims(found, say):
    """Issue 34's aim for each line it names: say(name, met, figure, limit, short) as bench.say."""
    for line in AIMED:
        now, then = found.get(line, (0.0, None))
        if not then:
            continue
        ratio = now / then
        say(
            "%s's bots at least %.0fx their games/s of %s" % (line, AIM, REFERENCE[:7]),
            ratio >= AIM,
            "%.1f games/s, %.2fx %.1f" % (now, ratio, then),
            "what is left is the bots' lookahead through the core (trials: apply, listing) and their own scoring",
            "%.2fx short" % (AIM / ratio),
        )


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--measure":
        asked, seconds = json.loads(sys.argv[2])
        print(json.dumps({line: rate(game, bots, seconds) for line, game, bots in asked}))
    else:
        found = figures(rounds=int(sys.argv[1]) if len(sys.argv) > 1 else 3)
        for text in lines(found):
            print(text)
