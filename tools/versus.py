"""`make bench`'s comparisons of random play, each measured in the same run, in turns (issue 32):

- every game of the box's registry against commit THEN (ac6268f, the last before issue 21's contract put
  every game on the declared flow), its files taken from git into a temporary folder, each checkout
  playing the same seeds in its own process (tools/random_speed.py), with whether the games were the same;
- ULTIMUS against OpenSpiel's pure-Python Kuhn poker and liar's poker (its python_kuhn_poker and
  python_liars_poker), random play of each in this process: the optional bench extra
  (pip install 'ultimus-box[bench]'); without it the comparison says it was skipped.

Actions per CPU second everywhere; a busy machine moves every figure, so each line is the median of
`rounds` turns and the ratio is the median of the turns' ratios.
"""

import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THEN = "ac6268fc408bc50644982103eea7aa141ad21ec3"  # issue 32's reference: ULTIMUS's speed before the contract
SPEED = os.path.join(ROOT, "tools", "random_speed.py")
OPENSPIEL_GAMES = ("python_kuhn_poker", "python_liars_poker")


def _median(values):
    values = sorted(values)
    return values[len(values) // 2]


def extract(commit, folder):
    """A commit's firmware/ and host/ from git into folder: the folder, or None and why not."""
    try:
        archive = subprocess.run(
            ["git", "-C", ROOT, "archive", commit, "firmware", "host"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        return None, "%s is not in this copy's git history (%s)" % (commit[:7], exc)
    return folder, None


def _speed(root, name, players, games, seconds=0.5):
    """(games, actions, CPU seconds, digest of the logs) of tools/random_speed.py in checkout `root`."""
    out = subprocess.run(
        [sys.executable, SPEED, root, name, str(players), str(games), str(seconds)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return int(out[0]), int(out[1]), float(out[2]), out[3]


def _players(name):
    """The most seats of a game (its rules' PLAYERS), 6 for a game that does not declare them."""
    from ultimusbox import games

    found = getattr(games.rules_of(name), "PLAYERS", None)
    return found[1] if found else 6


def against_then(rounds=5, seconds=0.5):
    """{game: (ours, then's actions/s, ratio, same games)}: each game of the registry in both checkouts."""
    from ultimusbox import games

    found = {}
    with tempfile.TemporaryDirectory() as folder:
        then, missing = extract(THEN, folder)
        if then is None:
            print("random play against %s: skipped, %s" % (THEN[:7], missing))
            return found
        for name in games.names():
            players = _players(name)
            count = _speed(ROOT, name, players, 0, seconds)[0]  # as many games as `seconds` allow today
            ours, theirs, ratios, same = [], [], [], True
            for turn in range(rounds):
                pair = []
                for root in (ROOT, then) if turn % 2 == 0 else (then, ROOT):
                    pair.append((root, _speed(root, name, players, count)))
                runs = dict(pair)
                now, old = runs[ROOT], runs[then]
                ours.append(now[1] / now[2])
                theirs.append(old[1] / old[2])
                ratios.append(ours[-1] / theirs[-1])
                same = same and now[3] == old[3]
            found[name] = (_median(ours), _median(theirs), _median(ratios), same)
    return found


def then_lines(found):
    out = [
        "each game's random play against %s's (before issue 21's contract), the same seeds, each in its own"
        " process, in turns (median of the turns):" % THEN[:7]
    ]
    for name in found:
        ours, theirs, ratio, same = found[name]
        out.append(
            "  %-14s %8.0f actions/s beside %8.0f: %.2fx%s"
            % (name, ours, theirs, ratio, "" if same else " (not the same games: its rules or random play changed)")
        )
    return out


def openspiel_rate(game, seconds=0.5, seed=1):
    """Actions per CPU second of random play of an OpenSpiel game (chance outcomes drawn by their
    probabilities, a player's action uniformly), whole games."""
    import pyspiel  # pyright: ignore[reportMissingImports]  (the optional bench extra: absent in CI)
    from open_spiel.python import games  # noqa: F401  # pyright: ignore[reportMissingImports]  (registers its pure-Python games)

    rng = random.Random(seed)
    loaded = pyspiel.load_game(game)
    actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.process_time() - start)


def ultimus_rate(seconds=0.5):
    """Actions per CPU second of ULTIMUS's random play (6 players, as tools/game_speed.py), in this process."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from random_speed import measure

    _, actions, spent, _ = measure("ultimus", 6, 0, seconds)
    return actions / spent


def against_openspiel(rounds=5, seconds=0.5):
    """{OpenSpiel game: (its actions/s, ULTIMUS's, ULTIMUS / it)}, in turns; None without OpenSpiel."""
    try:
        import pyspiel  # noqa: F401  # pyright: ignore[reportMissingImports]  (the optional bench extra)
    except ImportError:
        return None
    runs = {game: [] for game in OPENSPIEL_GAMES}
    for _ in range(rounds):
        for game in OPENSPIEL_GAMES:
            theirs, ours = openspiel_rate(game, seconds), ultimus_rate(seconds)
            runs[game].append((theirs, ours, ours / theirs))
    return {game: tuple(_median([run[i] for run in runs[game]]) for i in range(3)) for game in runs}


def openspiel_lines(found):
    if found is None:
        return [
            "ULTIMUS against OpenSpiel's pure-Python games: skipped, OpenSpiel is not installed"
            " (the optional bench extra: pip install 'ultimus-box[bench]')"
        ]
    out = ["ULTIMUS's random play against OpenSpiel's pure-Python games, in turns in this process (median):"]
    for game in found:
        theirs, ours, ratio = found[game]
        out.append("  %-20s %8.0f actions/s, ULTIMUS %8.0f: ULTIMUS at %.2fx it" % (game, theirs, ours, ratio))
    return out


if __name__ == "__main__":
    sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]
    for line in then_lines(against_then()) + openspiel_lines(against_openspiel()):
        print(line)
