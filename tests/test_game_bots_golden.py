"""The bots of Morituri, Munera, Ultimatum and the board game make the same choices as when
tests/data/game_bots_golden.json was written (before their speed-ups, issue 25): each game's
simulation plays these seeded games and every one must end in the same state (its full digest)
after the same number of actions. ULTIMUS's bots have tests/test_bots.py's golden games.

ULTIMUS_WRITE_BOTS_GOLDEN=1 writes the file again: only when a choice is meant to change (say so
in the commit)."""

import importlib
import json
import os

GOLDEN = os.path.join(os.path.dirname(__file__), "data", "game_bots_golden.json")
GAMES = {  # game -> ((players, seed, bots), ...)
    "morituri": ((2, 1, "sensible"), (4, 2, "sensible"), (6, 3, "sensible,random"), (3, 4, "random,sensible")),
    "munera": ((2, 1, "brawler"), (2, 2, "careful,flanker"), (3, 3, "netter,brawler"), (4, 4, "flanker")),
    "ultimatum": ((2, 1, "sensible"), (4, 2, "sensible"), (3, 3, "sensible,random"), (5, 4, "random,sensible")),
    "morituri_board": ((2, 1, "sensible"), (4, 2, "sensible"), (6, 3, "sensible,random"), (3, 4, "random,sensible")),
}


def _played(name, players, seed, bots):
    """(digest, actions) of one simulated game, the game caught on its way into the host's loop."""
    sim = importlib.import_module("ultimus_host.games.%s.simulation" % name)
    loop = "run_game" if hasattr(sim, "run_game") else "play_out"
    real, caught = getattr(sim, loop), []

    def catching(game, *args, **kwargs):
        caught.append(game)
        return real(game, *args, **kwargs)

    setattr(sim, loop, catching)
    try:
        result = sim.play(players, seed, bots.split(","))
    finally:
        setattr(sim, loop, real)
    game = caught[0]
    assert result["actions"] == len(game.log)
    return {"digest": game.digest(), "actions": len(game.log)}


def test_each_games_bots_make_the_same_choices_as_when_the_golden_file_was_written():
    played = {}
    for name, games in GAMES.items():
        for players, seed, bots in games:
            played["%s %dp seed %d %s" % (name, players, seed, bots)] = _played(name, players, seed, bots)
    if os.environ.get("ULTIMUS_WRITE_BOTS_GOLDEN"):
        with open(GOLDEN, "w") as f:
            json.dump(played, f, indent=1, sort_keys=True)
            f.write("\n")
    with open(GOLDEN) as f:
        assert played == json.load(f)
