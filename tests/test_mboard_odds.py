"""The host's exact board game odds, checked against 100,000 seeded rounds of the firmware's own
resolver (games.morituri_board.combat.fight_round: the code path of the box's combat rounds),
and the whole-fight chain against 20,000 seeded fights played through the engine."""

import copy
import math
from fractions import Fraction

import pytest

from games.morituri_board import combat, kit, rules
from mboard_helpers import arena, arrive, equip, new_game
from referee import engine
from referee.rng import seed_state
from ultimus_host.games.morituri_board.odds import (
    ARENA,
    BEAST,
    ENDS,
    ROMA,
    LoadoutError,
    attack_odds,
    fight,
    loadout,
    percent,
    round_odds,
    side,
)

ROLLS = 100000


def close(exact, seen, n):
    """Within 4.5 standard deviations of the exact chance (a false alarm once in ~150,000 runs)."""
    p = float(exact)
    sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
    return abs(seen / n - p) <= 4.5 * sigma + 1e-12


def test_the_pugio_against_no_armour_hits_on_6_or_more_13_in_18():
    assert attack_odds(side(""), 0) == Fraction(13, 18) and percent(Fraction(13, 18)) == "72.2%"


def test_the_rulebooks_example_attack_2_against_defence_3_needs_8():
    assert combat.target(side("gladius"), 3) == 8 and attack_odds(side("gladius"), 3) == Fraction(15, 36)


def test_natural_rolls_bound_every_attack_between_1_and_35_in_36():
    assert attack_odds(side(""), 20) == Fraction(1, 36) and attack_odds(side(""), -20) == Fraction(35, 36)


def test_a_loadout_the_rules_refuse_is_refused_here_too():
    with pytest.raises(LoadoutError, match="shield is used only"):
        loadout("dual_gladius,scutum")
    with pytest.raises(LoadoutError, match="not a card"):
        loadout("rudis")
    assert loadout("pugio,galea") == ["galea", "", "", "", ""]


ROUNDS = [
    ("", "", 1, True),
    ("casses,gladius", "secutor_galea,lorica", 1, True),
    ("dual_gladius", "scutum,sica,galea", 2, True),
    ("trident,lorica,ocrea", "casses,hasta", 3, True),
    ("dual_gladius,lorica", "beast3", 1, False),
]


def _side(text):
    return kit.beast(int(text[5:])) if text.startswith("beast") else side(text)


@pytest.mark.parametrize("case", range(len(ROUNDS)))
def test_each_exact_round_matches_100000_rounds_of_the_box_resolver(case):
    a_text, b_text, round_no, pvp = ROUNDS[case]
    a, b = _side(a_text), _side(b_text)
    exact = round_odds(a, b, round_no, pvp)
    assert sum(exact.values()) == 1
    s = {"rng": seed_state(2000 + case)}
    seen = {}
    for _ in range(ROLLS):
        on_b, on_a, _, _ = combat.fight_round(s, a, b, round_no, pvp)
        seen[(on_b, on_a)] = seen.get((on_b, on_a), 0) + 1
    assert set(seen) <= set(exact)
    for key, p in exact.items():
        assert close(p, seen.get(key, 0), ROLLS), (key, percent(p, 2), seen.get(key, 0) / ROLLS)


def _fight_start(kind):
    """A game at the first round of a fight of this kind, through the public API."""
    if kind == ARENA:
        g = new_game(players=2)
        equip(g, 0, "lorica")
        equip(g, 1, "gladius")
        arena(g, 0, 2, [1])
        return g, (side("lorica"), side("gladius"), 2, 2)
    if kind == ROMA:
        g = new_game(players=3)
        arrive(g, 0, "casses")
        g.apply({"a": "wait", "p": 0})
        arrive(g, 1, "scutum")
        return g, (side("scutum"), side("casses"), 2, 2)
    g = new_game(players=2)
    equip(g, 0, "trident")
    arena(g, 0, 3)
    return g, (side("trident"), kit.beast(3), 2, 1)


@pytest.mark.parametrize("kind", [ARENA, ROMA, BEAST])
def test_the_fight_chain_matches_20000_seeded_fights_played_through_the_engine(kind):
    g, (a, b, hp_a, hp_b) = _fight_start(kind)
    exact = fight(a, b, hp_a, hp_b, kind)
    assert sum(exact[k] for k in ENDS) == 1
    start = g.state
    fights = 20000
    seen = dict.fromkeys(ENDS, 0)
    rounds = 0
    x = seed_state(77)
    for _ in range(fights):
        s = copy.deepcopy(start)
        s["rng"] = x
        events = []
        while s["phase"] in ("fight", "crowd", "mercy"):
            f = s["fight"]
            reduced = f["a"] if f["reduced"] == 0 else f["b"]
            if s["phase"] == "fight":
                action = {"a": "round"}
                rounds += 1
            elif s["phase"] == "crowd":
                action = {"a": "crowd", "p": reduced}
            else:
                action = {"a": "thumb", "p": reduced, "up": 1}  # he takes the crowd's mercy
            events += engine.apply(rules.RULES, s, action)
        x = s["rng"]
        over = [e for e in events if e["e"] == "fight_over"][0]
        dead = [e["seat"] for e in events if e["e"] == "dies"]
        a_dead, b_dead = start["fight"]["a"] in dead, over["beast"] == 0 and start["fight"]["b"] in dead
        if over["winner"] == start["fight"]["a"]:
            b_dead = b_dead or start["fight"]["b"] < 0
            seen["a_kills" if b_dead else "a_beats"] += 1
        elif over["winner"] < 0 and not over["beast"]:
            both = a_dead and (b_dead or start["fight"]["b"] < 0)
            seen["both_die" if both else "draw"] += 1
        else:
            seen["b_kills" if a_dead else "b_beats"] += 1
    for name in ENDS:
        assert close(exact[name], seen[name], fights), (name, percent(exact[name]), seen[name] / fights)
    assert abs(rounds / fights - float(exact["rounds"])) < 0.05 * float(exact["rounds"])


def test_symmetry_two_equal_gladiators_are_even():
    r = fight(side("gladius,galea"), side("gladius,galea"), 3, 3)
    assert r["a_kills"] == r["b_kills"] and r["a_beats"] == r["b_beats"]


def test_refusing_mercy_only_moves_the_beaten_to_one_more_round():
    take, refuse = fight(side(""), side("lorica"), 3, 3), fight(side(""), side("lorica"), 3, 3, mercy=False)
    assert refuse["a_beats"] + refuse["b_beats"] < take["a_beats"] + take["b_beats"]
    assert sum(refuse[k] for k in ENDS) == 1 and refuse["rounds"] > take["rounds"]
