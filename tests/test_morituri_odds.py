"""The host's exact Morituri odds, checked against 100,000 seeded rolls of the firmware's own
resolver (games.morituri.melee.exchange: the code path the box's melee takes)."""

import math
import os
import sys
from fractions import Fraction

import pytest

from games.morituri.melee import exchange as box_exchange
from referee.rng import seed_state
from ultimus_host.games.morituri.odds import duel, exchange, hit_odds, percent, wound_odds

ROLLS = 100000


def close(exact, hits, n):
    """Within 4.5 standard deviations of the exact chance (a false alarm once in ~150,000 runs)."""
    p = float(exact)
    sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(hits / n - p) <= 4.5 * sigma + 1e-12


def test_heavy_against_heavy_without_modifiers_scores_no_hit_in_15_7_percent_of_exchanges():
    odds = exchange("heavy", "heavy")
    assert percent(odds["no_hit"]) == "15.7%"
    assert odds["no_hit"] == Fraction(17, 108)  # 204 of the 1296 throws
    assert odds["kill"] == 0  # two dice can never take 3 HP


def test_the_exact_distributions_sum_to_one():
    for a in ("heavy", "light", "animal", "rhino"):
        for b in ("heavy", "animal"):
            assert sum(hit_odds(a, b, 1, -2).values()) == 1
            assert sum(wound_odds(a, b, 0, 1).values()) == 1


CASES = [
    ("heavy", "heavy", 0, 0, 3),
    ("animal", "light", 1, -1, 3),
    ("rhino", "animal", 0, -2, 1),
    ("light", "heavy", 2, 0, 2),
    ("animal", "animal", -1, 1, 3),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_each_exact_figure_matches_100000_rolls_of_the_box_resolver(case):
    a, b, a_mod, b_mod, b_hp = CASES[case]
    exact = exchange(a, b, a_mod, b_mod, b_hp)
    s = {"rng": seed_state(1000 + case)}
    seen = dict.fromkeys(exact, 0)
    for _ in range(ROLLS):
        on_b, on_a, w_b, w_a = box_exchange(s, a, b, a_mod, b_mod)
        seen["hit"] += on_b > 0
        seen["wound"] += w_b > 0
        seen["kill"] += w_b >= b_hp
        seen["hit_back"] += on_a > 0
        seen["wound_back"] += w_a > 0
        seen["kill_back"] += w_a >= 3
        seen["no_hit"] += on_a == 0 and on_b == 0
    for name in exact:
        assert close(exact[name], seen[name], ROLLS), (name, percent(exact[name], 2), seen[name] / ROLLS)


@pytest.mark.parametrize("a,b,a_mod,b_mod", [("heavy", "light", 0, 0), ("animal", "heavy", 0, 1)])
def test_the_duel_markov_chain_matches_seeded_duels_of_the_box_resolver(a, b, a_mod, b_mod):
    exact = duel(a, b, a_mod, b_mod)
    assert exact["a"] + exact["b"] + exact["both"] == 1
    s = {"rng": seed_state(99)}
    wins = {"a": 0, "b": 0, "both": 0}
    exchanges = 0
    duels = 20000
    for _ in range(duels):
        ha = hb = 3
        while ha > 0 and hb > 0:
            _, _, w_b, w_a = box_exchange(s, a, b, a_mod, b_mod)
            ha -= w_a
            hb -= w_b
            exchanges += 1
        wins["both" if ha <= 0 and hb <= 0 else ("a" if hb <= 0 else "b")] += 1
    for name in wins:
        assert close(exact[name], wins[name], duels), (name, exact[name], wins[name])
    assert abs(exchanges / duels - float(exact["exchanges"])) < 0.1 * float(exact["exchanges"])


def test_symmetry_a_heavy_duel_is_even():
    d = duel("heavy", "heavy")
    assert d["a"] == d["b"]


def test_the_bots_shipped_wounds_are_every_pair_of_classes_and_modifiers_computed_from_every_die(monkeypatch):
    # tools/morituri_wounds.py wrote the table; a change of the classes, the menu or the resolver shows here
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
    import morituri_wounds
    from ultimus_host.games.morituri import bots
    from ultimus_host.games.morituri.wound_table import EXPECTED

    assert sorted(EXPECTED) == sorted(morituri_wounds.keys())
    for key, shipped in EXPECTED.items():
        assert shipped == bots.computed_wounds(*key), key
    # a bot finds every pair in the table: nothing is computed while it plays
    monkeypatch.setattr(bots, "computed_wounds", None)
    monkeypatch.setattr(bots, "_EXPECTED", dict(EXPECTED))
    for key in EXPECTED:
        assert bots.expected_wounds(*key) == EXPECTED[key]
