"""Setting up the game, battle set-up, betting and the entrance of the gladiators."""

import pytest

from games.ultimus.content import (
    BANK_START,
    BETTING_CARDS,
    BETTING_CARDS_BY_PLAYERS,
    MAX_HEALTH,
    NEW_GOLD_BY_PLAYERS,
    YELLING_CARDS_PER_PLAYER,
)
from games.ultimus.hexmap import DOORS
from games.ultimus.rules import RULES, new_setup
from games.ultimus.yelling import CARDS, movement_points
from referee.engine import Game
from scenario import refused, start_battle


def test_loudest_spectator_is_the_most_movement_and_ties_draw_again():
    tie_seen = False
    for seed in range(60):
        game = Game(RULES, new_setup(4, seed))
        events = game.apply({"a": "draw_loudest"})
        draws = [e for e in events if e["e"] == "loudest_draw"]
        for e in draws:
            assert e["n"] == movement_points(e["c"])
        tries = {}
        for e in draws:
            tries.setdefault(e["try"], []).append(e)
        for k in range(1, len(tries) + 1):
            best = max(e["n"] for e in tries[k])
            top = [e["p"] for e in tries[k] if e["n"] == best]
            if k < len(tries):  # a tie: exactly the tied seats draw again
                assert len(top) > 1
                assert [e["p"] for e in tries[k + 1]] == top
                tie_seen = True
            else:
                assert top == [game.state["loudest"]]
        # the drawn cards went back: each seat then holds exactly the battle's 3 cards
        s = game.state
        assert len(s["deck"]) + sum(len(h) for h in s["hands"]) == len(CARDS)
    assert tie_seen, "no seed in range gave a tie: widen the range"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_battle_set_up_cards_and_gold_by_number_of_players(players):
    game = Game(RULES, new_setup(players, 7))
    game.apply({"a": "draw_loudest"})
    s = game.state
    assert players * BETTING_CARDS_BY_PLAYERS[players] <= len(BETTING_CARDS)
    dealt = []
    for p in range(players):
        assert len(s["hands"][p]) == YELLING_CARDS_PER_PLAYER
        assert len(s["bets"][p]) == BETTING_CARDS_BY_PLAYERS[players]
        assert s["new_gold"][p] == NEW_GOLD_BY_PLAYERS[players]
        dealt += [b for b, coins in s["bets"][p]]
    assert len(set(dealt)) == len(dealt)
    assert s["bank"] == BANK_START - players * NEW_GOLD_BY_PLAYERS[players]
    assert s["phase"] == "betting"


def test_betting_only_on_cards_held_at_most_three_coins_all_new_gold():
    game = Game(RULES, new_setup(6, 3))  # 6 players: 2 betting cards, 3 new gold
    game.apply({"a": "draw_loudest"})
    s = game.state
    refused(game, {"a": "bet", "p": 0, "k": 2, "won": 0}, "bad_action")  # no third betting card
    refused(game, {"a": "ready", "p": 0}, "gold_unbet")
    for _ in range(3):
        game.apply({"a": "bet", "p": 0, "k": 0, "won": 0})
    assert s["new_gold"][0] == 0
    s["new_gold"][0] = 1  # one more coin than the card can take
    refused(game, {"a": "bet", "p": 0, "k": 0, "won": 0}, "coin_limit")
    game.apply({"a": "bet", "p": 0, "k": 1, "won": 0})
    refused(game, {"a": "bet", "p": 0, "k": 1, "won": 0}, "no_gold")
    game.apply({"a": "ready", "p": 0})
    refused(game, {"a": "bet", "p": 0, "k": 1, "won": 1}, "already_ready")


def test_won_gold_may_be_bet_or_kept():
    game = Game(RULES, new_setup(2, 3))
    game.apply({"a": "draw_loudest"})
    s = game.state
    s["gold"][0] = 4
    s["bank"] -= 4
    refused(game, {"a": "ready", "p": 0}, "gold_unbet")
    for k in range(5):
        game.apply({"a": "bet", "p": 0, "k": k, "won": 0})
    game.apply({"a": "bet", "p": 0, "k": 5, "won": 1})
    assert s["gold"][0] == 3
    game.apply({"a": "ready", "p": 0})  # 3 won coins kept in the reserve


def test_the_public_sees_coins_on_each_betting_card_but_not_the_card():
    game = Game(RULES, new_setup(3, 5))
    game.apply({"a": "draw_loudest"})
    game.apply({"a": "bet", "p": 1, "k": 2, "won": 0})
    view = game.public_view()
    assert [b[1] for b in view["bets"][1]] == [0, 0, 1, 0, 0]
    assert all(b[0] == -1 for seat in view["bets"] for b in seat)
    assert game.seat_view(1)["my_bets"] == game.state["bets"][1]


def test_entrance_from_the_loudest_spectator_clockwise_in_front_of_free_doors():
    game = Game(RULES, new_setup(4, 11))
    game.apply({"a": "draw_loudest"})
    s = game.state
    for p in range(4):
        while s["new_gold"][p]:
            game.apply({"a": "bet", "p": p, "k": s["new_gold"][p] % 2, "won": 0})
        game.apply({"a": "ready", "p": p})
    assert s["phase"] == "entrance"
    first = s["loudest"]
    refused(game, {"a": "place", "p": (first + 1) % 4, "g": 0, "f": 0}, "not_your_turn")
    game.apply({"a": "place", "p": first, "g": 4, "f": 2})
    assert s["pos"][4] == DOORS[2]
    second = (first + 1) % 4
    refused(game, {"a": "place", "p": second, "g": 1, "f": 2}, "field_taken")
    refused(game, {"a": "place", "p": second, "g": 4, "f": 3}, "already_placed")
    order = []
    for i, g in enumerate((0, 1, 2, 3, 5)):
        p = (first + 1 + i) % 4
        order.append(p)
        game.apply({"a": "place", "p": p, "g": g, "f": [0, 1, 3, 4, 5][i]})
    assert order == [(first + k) % 4 for k in range(1, 6)]
    assert s["phase"] == "shout"
    assert s["hp"] == list(MAX_HEALTH)


def test_the_loudest_spectator_is_drawn_with_a_seed_the_same_way_twice():
    a, b = start_battle(5, seed=42), start_battle(5, seed=42)
    assert a.digest() == b.digest()
    assert start_battle(5, seed=43).digest() != a.digest()


def test_won_gold_cannot_crowd_out_the_new_gold_that_must_be_bet():
    game = Game(RULES, new_setup(6, 3))  # 2 betting cards (6 places), 3 new gold
    game.apply({"a": "draw_loudest"})
    s = game.state
    s["gold"][0], s["bank"] = 5, s["bank"] - 5
    for _ in range(3):
        game.apply({"a": "bet", "p": 0, "k": 0, "won": 1})
    refused(game, {"a": "bet", "p": 0, "k": 1, "won": 1}, "gold_unbet")
    assert not [a for a in game.legal_actions(0) if a.get("won") == 1]
