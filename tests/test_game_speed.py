"""tools/game_speed.py, the bench's lines of each game's speed (issue 25): every game's random play and
bots are measured and printed beside ULTIMUS's, and the aim line says met or NOT for each newer game."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "tools"))

import bench  # noqa: E402
import game_speed  # noqa: E402
from ultimus_host import registry  # noqa: E402


def test_each_game_is_measured_and_printed_beside_ultimus(capsys):
    found = {
        name: (game_speed.random_rate(name, 0.01), game_speed.bots_rate(name, 0.01)) for name in game_speed.names()
    }
    assert all(rate > 0 and (bots is None or bots > 0) for rate, bots in found.values())
    lines = game_speed.lines(found)
    assert [line.split()[0] for line in lines] == registry.names()  # every game of the registry
    assert "(1.00x ULTIMUS's)" in lines[0]
    bench.FIGURES["games"] = {"ultimus": (100.0, 1.0), "morituri": (50.0, 1.0), "munera": (49.0, 1.0)}
    bench.games_aims()
    out = capsys.readouterr().out
    assert "met   morituri's random play" in out and "NOT   munera's random play" in out and "1.0x short" in out


def test_the_bots_lookahead_share_is_measured_and_the_sandbox_is_put_back():
    """make bench's share of the heuristic bots' time spent in the core (tools/bench.py lookahead_share): it
    wraps the sandbox's methods for the measure, whatever they take, and puts them back."""
    from ultimus_host.games.ultimus import determinize

    before = (determinize.Sandbox.trial, determinize.Sandbox.legal_actions)
    game_ms, core_ms = bench.lookahead_share(players=3, games=1)
    assert 0 < core_ms < game_ms
    assert (determinize.Sandbox.trial, determinize.Sandbox.legal_actions) == before
