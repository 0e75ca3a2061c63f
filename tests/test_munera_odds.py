"""The host's exact Munera odds, checked against 100,000 seeded rolls of the firmware's own
resolver (games.munera.fight.exchange: the code path every attack of the box takes)."""

import math
from fractions import Fraction

import pytest

from games.munera.feed import Feed
from games.munera.fight import exchange as box_exchange
from referee.rng import seed_state
from ultimus_host.games.munera.odds import attack, exchange, percent

ROLLS = 100000


def close(exact, hits, n):
    """Within 4.5 standard deviations of the exact chance (a false alarm once in ~150,000 runs)."""
    p = float(exact)
    sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(hits / n - p) <= 4.5 * sigma + 1e-12


def test_an_even_attack_with_no_save_hits_5_in_12():
    x = exchange(0, 0)
    assert x["hit"] == Fraction(5, 12) and x["wound"] == Fraction(5, 12)
    assert x["double"] == Fraction(1, 6) and x["miss"] == Fraction(5, 12)
    assert x["expected"] == Fraction(35, 36)  # 1x5 + 2x4 + 3x3 + 4x2 + 5x1 = 35 of 36


def test_a_save_of_3_halves_the_wounds_and_a_feint_rolls_misses_again():
    x = exchange(0, 3)
    assert x["saved"] == Fraction(5, 24) and x["wound"] == Fraction(5, 24)
    f = exchange(0, 0, feint=1)
    assert f["reroll"] == Fraction(15, 36) and f["hit"] > x["hit"]
    assert f["hit"] + f["miss"] + f["double"] == 1


def test_murmillo_against_secutor_from_the_front_and_the_rear():
    front, mod, save, name = attack("murmillo", "secutor")
    assert (mod, save, name) == (0, 3, "sword")
    assert percent(front["hit"]) == "41.7%" and percent(front["wound"]) == "20.8%"
    rear, mod, save, _ = attack("murmillo", "secutor", "rear")
    assert (mod, save) == (3, 2) and percent(rear["wound"]) == "44.4%"  # 24 hits of 36, 4 in 6 unsaved


def test_the_exact_distributions_sum_to_one():
    for mod in (-2, 0, 3, 5):
        for save in (0, 2, 5):
            x = exchange(mod, save, -1, 1)
            assert x["hit"] + x["miss"] + x["double"] == 1
            assert sum(x["wounds"].values()) + x["saved"] == x["hit"]


CASES = [(0, 0, 0, 0), (2, 3, 0, 0), (3, 2, -1, 0), (-2, 4, 0, 1), (1, 5, 0, 1)]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_each_exact_figure_matches_100000_rolls_of_the_box_resolver(case):
    mod, save, adj, feint = CASES[case]
    exact = exchange(mod, save, adj, feint)
    s = {"rng": seed_state(2000 + case)}
    feed = Feed(s, None, None)
    seen = {"hit": 0, "miss": 0, "saved": 0, "wound": 0, "double": 0, "big": 0}
    doubles = dict.fromkeys(range(1, 7), 0)
    for _ in range(ROLLS):
        r = box_exchange(feed, mod, save, adj, feint)
        seen["hit"] += r["hit"]
        seen["saved"] += r["saved"]
        seen["wound"] += r["wounds"] > 0
        seen["big"] += r["wounds"] >= 3
        seen["double"] += r["double"] > 0
        seen["miss"] += not r["hit"] and not r["double"]
        if r["double"]:
            doubles[r["double"]] += 1
    big = sum((p for n, p in exact["wounds"].items() if n >= 3), Fraction(0))
    for name in ("hit", "miss", "saved", "wound", "double"):
        assert close(exact[name], seen[name], ROLLS), (name, percent(exact[name], 2), seen[name] / ROLLS)
    assert close(big, seen["big"], ROLLS)
    for face in doubles:
        assert close(exact["doubles"][face], doubles[face], ROLLS)
