"""The host's exact Ultimatum odds against 100,000 seeded rolls of the firmware's own resolvers.

Each exact figure (a Fraction from ultimus_host.games.ultimatum.odds) must lie
within five standard errors of the frequency the box's resolvers
(games.ultimatum.battles / naval / air, with the box's seeded generator) give
over 100,000 trials. GAMES.md quotes two figures: 10 troops against 5: 85.9%;
6 against 5: 36.1%.
"""

import math
from fractions import Fraction

from games.ultimatum import air, battles, naval
from games.ultimatum.content import BLACK, RED, SHIP, SUB
from referee import dice
from referee.rng import seed_state
from ultimus_host.games.ultimatum import odds as odds

TRIALS = 100000


def close(exact, hits, trials=TRIALS):
    p = float(exact)
    error = math.sqrt(max(p * (1 - p), 1e-9) / trials)
    assert abs(hits / trials - p) <= 5 * error, (float(exact), hits / trials)


def mean_close(exact, total, spread, trials=TRIALS):
    """A mean within five standard errors (spread: the standard deviation bound)."""
    assert abs(total / trials - float(exact)) <= 5 * spread / math.sqrt(trials), (float(exact), total / trials)


def test_the_figures_quoted_in_the_design():
    assert odds.percent(odds.conquest(10, 5)) == "85.9%"
    assert odds.percent(odds.conquest(6, 5)) == "36.1%"
    assert odds.exchange_odds() == {(0, 1): Fraction(5, 12), (1, 0): Fraction(5, 12), (1, 1): Fraction(1, 6)}
    assert odds.conquest(3, 1) == Fraction(7, 12)  # win 5/12 or tie 1/6 (2 troops left, the nation empty)
    assert odds.conquest(2, 1) == 0


def _blitzes(n, m, commando, seed):
    s = {"rng": seed_state(seed)}
    wins = 0
    for _ in range(TRIALS):
        att, dfn, _ = battles.blitz_run(s, n, m, commando)
        wins += dfn == 0
    return wins


def test_ten_troops_against_five_exact_against_the_box_blitz():
    close(odds.conquest(10, 5), _blitzes(10, 5, False, 1))


def test_six_troops_against_five_exact_against_the_box_blitz():
    close(odds.conquest(6, 5), _blitzes(6, 5, False, 2))


def test_helicopter_commando_against_four_exact_against_the_box_blitz():
    close(odds.conquest(10, 4, commando=True), _blitzes(10, 4, True, 3))


def test_naval_outcomes_in_a_given_order_exact_against_the_box_battle():
    for order, seed in (((SUB, SHIP), 4), ((SHIP, SUB), 5)):
        exact = odds.naval(3, 1, 2, 1, order)
        assert sum(exact.values()) == 1
        s = {"rng": seed_state(seed)}
        counts = {"attacker": 0, "both": 0, "defender": 0}
        for _ in range(TRIALS):
            side = [3, 1, 2, 1]
            naval.naval_run(s, side, order)
            if side[0] + side[1]:
                counts["attacker"] += 1
            elif side[2] + side[3]:
                counts["defender"] += 1
            else:
                counts["both"] += 1
        for k in counts:
            close(exact[k], counts[k])


def test_expected_bomber_and_laser_damage_exact_against_the_box_dice():
    s = {"rng": seed_state(6)}
    cases = (
        (odds.bomber_troops(7), lambda: air.troops_lost(dice.roll_faces(s, 1, RED)[0], 7), 12),
        (odds.bomber_ships(4), lambda: air.vessels_lost(dice.roll_faces(s, 1, RED)[0], 4, 3, False)[0], 6),
        (odds.laser_troops(20), lambda: air.troops_lost(dice.roll_faces(s, 1, BLACK)[0], 20), 28),
        (odds.laser_vessels(3, 5)[1], lambda: air.vessels_lost(dice.roll_faces(s, 1, BLACK)[0], 3, 5, True)[1], 14),
    )
    assert odds.bomber_troops(7) == Fraction(2 + 4 + 6 + 6 + 6 + 6, 6)
    assert odds.laser_vessels(3, 5) == (Fraction(3 * 5 + 2, 6), Fraction(0 + 1 + 3 + 5 + 5 + 5, 6))
    for exact, one, spread in cases:
        total = 0
        for _ in range(TRIALS):
            total += one()
        mean_close(exact, total, spread)
