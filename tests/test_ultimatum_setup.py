"""Ultimatum's set-up walker, start money and set-up checks, through Game.apply with fixed dice.

The helpers (given/when/then in the style of tests/scenario.py: reach a turn
through the public API, arrange the "given" by editing the plain-data state,
play the "when" through Game.apply only) are shared by the other
tests/test_ultimatum_*.py.
"""

import pytest

from games.ultimatum import rules
from games.ultimatum.content import ALLIANCE_SIZES, BLOCKADES, N_NATIONS
from games.ultimatum.state import alliance_counts, nations_of
from referee.engine import Game
from referee.errors import Illegal

HIGH, LOW = 28, 4
USA, GB, FRANCE, JAPAN = 0, 1, 2, 3
USSR, CHINA = 11, 12
COMMUNIST = list(range(11, 21))
PEACE = list(range(21, 31))
OIL = list(range(31, 37))
WESTERN = list(range(0, 11))


def refused(game, action, code):
    """The action is refused with `code` and changes nothing."""
    before = game.digest()
    with pytest.raises(Illegal) as info:
        game.apply(action)
    assert info.value.code == code, info.value
    assert game.digest() == before
    return info.value.message


def win_roll_off(players, winner):
    """A roll-off round the winner takes with a 28 against 4s."""
    return [[[HIGH if p == winner else LOW] for p in range(players)]]


def setup(players=2, seed=1, wants=None, first=0, attacker=0, edition=rules.EDITION):
    """A game through the whole set-up: `first` chooses nations first, each seat takes the
    nations of wants[seat] it may still take (else the first it may), and `attacker`
    places the last fleet, so attacks first (edition: the box's reading of the rules)."""
    wants = wants or {}
    game = Game(rules.RULES, {"players": players, "seed": seed, "edition": edition})
    game.apply({"a": "roll_off", "dice": win_roll_off(players, first)})
    while game.phase == "nations":
        seat = game.actors()[0]
        options = [a["n"] for a in game.legal_actions(seat)]
        pick = [n for n in wants.get(seat, []) if n in options]
        game.apply({"a": "take", "p": seat, "n": (pick or options)[0]})
    fleet_first = (attacker - 13 % players) % players
    game.apply({"a": "roll_off", "dice": win_roll_off(players, fleet_first)})
    while game.phase == "fleets":
        seat = game.actors()[0]
        game.apply(game.legal_actions(seat)[0])
    assert game.state["active"] == attacker
    return game


def to_war(game):
    game.apply({"a": "war", "p": game.state["active"]})
    return game


def test_set_up_walker_roll_off_decides_who_chooses_first():
    game = Game(rules.RULES, {"players": 3, "seed": 5})
    refused(game, {"a": "take", "p": 0, "n": USA}, "wrong_phase")
    events = game.apply({"a": "roll_off", "dice": [[[16], [28], [28]], [[4], [8]]]})
    assert game.state["order"] == [2, 0, 1]  # seat 2 won the re-roll of the tie, then clockwise
    assert [e for e in events if e["e"] == "roll_off"][0]["winner"] == 2
    refused(game, {"a": "take", "p": 0, "n": USA}, "not_your_turn")


def test_set_up_walker_four_nations_one_per_alliance_one_worldpower_with_ten_troops():
    game = Game(rules.RULES, {"players": 2, "seed": 1})
    game.apply({"a": "roll_off", "dice": win_roll_off(2, 0)})
    game.apply({"a": "take", "p": 0, "n": 21})  # Peace
    refused(game, {"a": "take", "p": 0, "n": 22}, "one_per_alliance")
    game.apply({"a": "take", "p": 0, "n": USA})
    refused(game, {"a": "take", "p": 0, "n": USSR}, "one_worldpower")
    game.apply({"a": "take", "p": 0, "n": 13})
    game.apply({"a": "take", "p": 0, "n": 31})
    s = game.state
    assert s["troops"][USA] == 10 and s["troops"][21] == 5 and s["troops"][13] == 5 and s["troops"][31] == 5
    assert alliance_counts(s, 0) == [1, 1, 1, 1]
    # seat 1 now; a nation of seat 0 is taken
    refused(game, {"a": "take", "p": 1, "n": USA}, "nation_taken")
    # without a Worldpower after two picks, the alliances left must still offer one
    game.apply({"a": "take", "p": 1, "n": 4})  # Western, not a Worldpower
    game.apply({"a": "take", "p": 1, "n": 22})  # Peace
    message = refused(game, {"a": "take", "p": 1, "n": 14}, "need_worldpower")  # left: Oil, none there
    assert "Worldpower" in message
    game.apply({"a": "take", "p": 1, "n": CHINA})
    assert s["troops"][CHINA] == 10


def test_set_up_walker_then_one_nation_each_with_five_troops_until_all_37_are_taken():
    game = Game(rules.RULES, {"players": 3, "seed": 2})
    game.apply({"a": "roll_off", "dice": win_roll_off(3, 1)})
    s = game.state
    takers = []
    while game.phase == "nations":
        seat = game.actors()[0]
        takers.append(seat)
        game.apply(game.legal_actions(seat)[-1])
    assert takers[:12] == [1] * 4 + [2] * 4 + [0] * 4
    assert takers[12:18] == [1, 2, 0, 1, 2, 0]
    assert len(takers) == N_NATIONS and -1 not in s["owner"]
    counts = [alliance_counts(s, p) for p in range(3)]
    assert [sum(c[a] for c in counts) for a in range(4)] == list(ALLIANCE_SIZES)
    worldpowers = [n for n in range(N_NATIONS) if s["troops"][n] == 10]
    assert len(worldpowers) == 3  # one per seat from the first round; later picks get 5 troops
    assert sum(s["troops"]) == 3 * (10 + 15) + (N_NATIONS - 12) * 5


def test_set_up_walker_refuses_overfilling_an_alliance():
    game = Game(rules.RULES, {"players": 2, "seed": 3})
    game.apply({"a": "roll_off", "dice": win_roll_off(2, 0)})
    s = game.state
    while game.phase == "nations" and not all(s["owner"][n] >= 0 for n in OIL):
        seat = game.actors()[0]
        options = [a["n"] for a in game.legal_actions(seat)]
        oil = [n for n in options if n in OIL]
        game.apply({"a": "take", "p": seat, "n": (oil or options)[0]})
    seat = game.actors()[0]
    message = refused(game, {"a": "take", "p": seat, "n": OIL[0]}, "alliance_full")
    assert "all 6 Oil nations are taken" in message


def test_set_up_walker_second_roll_off_two_battleships_per_blockade_last_to_place_attacks_first():
    game = Game(rules.RULES, {"players": 3, "seed": 4})
    game.apply({"a": "roll_off", "dice": win_roll_off(3, 0)})
    while game.phase == "nations":
        seat = game.actors()[0]
        game.apply(game.legal_actions(seat)[0])
    assert game.phase == "fleet_roll_off"
    game.apply({"a": "roll_off", "dice": win_roll_off(3, 2)})
    refused(game, {"a": "fleet", "p": 2, "b": BLOCKADES}, "not_blockade")  # an anchor
    placers = []
    while game.phase == "fleets":
        seat = game.actors()[0]
        placers.append(seat)
        b = game.legal_actions(seat)[0]["b"]
        game.apply({"a": "fleet", "p": seat, "b": b})
        if game.phase == "fleets":
            refused(game, {"a": "fleet", "p": game.actors()[0], "b": b}, "blockade_taken")
    s = game.state
    assert placers == [2, 0, 1] * 4 + [2, 0]
    assert s["ships"][:BLOCKADES] == [2] * BLOCKADES and s["subs"] == [0] * len(s["subs"])
    assert s["attack_order"] == [0, 1, 2] and s["active"] == 0 and game.phase == "buy"


def test_start_money_two_three_four_in_attack_order():
    game = setup(players=4, attacker=2)
    assert game.state["attack_order"] == [2, 3, 0, 1]
    assert game.state["purses"]["savings"] == [4, 5, 2, 3]
    assert game.state["purses"]["chest"] == [0, 0, 0, 0]


def test_check_setup_players_two_to_six_and_a_seed():
    assert rules.check_setup({"players": 2, "seed": 7}) == {"players": 2, "seed": 7, "edition": rules.EDITION}
    for bad in (
        {"players": 1, "seed": 1},
        {"players": 7, "seed": 1},
        {"players": "3", "seed": 1},
        {"players": 3},
        {"players": 3, "seed": 1.5},
        {"players": 3, "seed": 1, "mode": "box"},
        [3, 1],
    ):
        with pytest.raises(Illegal) as info:
            rules.check_setup(bad)
        assert info.value.code == "bad_setup"


def test_a_six_player_set_up_gives_everyone_a_worldpower_and_an_oil_nation():
    game = setup(players=6, attacker=5)
    s = game.state
    for p in range(6):
        counts = alliance_counts(s, p)
        assert counts[3] == 1 and len(nations_of(s, p)) in (6, 7)
    assert s["purses"]["savings"] == [3, 4, 5, 6, 7, 2]
