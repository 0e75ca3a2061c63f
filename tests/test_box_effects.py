"""Effect level: the box's own inputs, without cards or arena positions."""

import pytest

from games.ultimus.content import BANK_START, BET_WIN, BETTING_CARDS, MAX_HEALTH, NEW_GOLD_BY_PLAYERS
from games.ultimus.rules import RULES, new_setup
from games.ultimus.state import ARENA, DEAD, PARDONED
from referee.engine import Game
from referee.errors import Illegal
from scenario import BARBARUS, DIMACHAERUS, MURMILLO, RETIARIUS, SAGITTARIUS, TIGRIS, refused, start_battle


def box_round(players=4, seed=3, shouts=(0,), payout=None):
    game = start_battle(players, seed=seed, mode="box", payout=payout)
    game.state["loudest"] = 0
    for p in range(players):
        game.apply({"a": "commit", "p": p, "shout": 1 if p in shouts else 0})
    return game


def test_box_game_set_up_loudest_named_by_the_table_and_gold_counted():
    game = Game(RULES, new_setup(4, 1, "box"))
    refused(game, {"a": "set_loudest", "p": 4}, "bad_action")
    game.apply({"a": "set_loudest", "p": 2})
    s = game.state
    assert s["loudest"] == 2 and s["gold"] == [NEW_GOLD_BY_PLAYERS[4]] * 4
    refused(game, {"a": "bet", "p": 0, "k": 0, "won": 0}, "wrong_mode")
    game.apply({"a": "bets_placed"})
    game.apply({"a": "place", "p": 2, "g": BARBARUS})
    assert s["pos"][BARBARUS] == -1 and s["status"][BARBARUS] == ARENA


def test_box_shout_commitment_is_secret_and_clamo_locks_it():
    game = start_battle(3, seed=2, mode="box")
    events = game.apply({"a": "commit", "p": 1, "shout": 1})
    assert events[0]["hidden"] == {"shout": 1}
    assert game.public_view()["committed"] == [0, 1, 0] and game.public_view()["shouts"] is None
    game.apply({"a": "clamo"})
    assert game.public_view()["shouts"] == [0, 1, 0]


def test_box_damage_adds_one_for_fallen_and_one_for_netted_per_attack():
    game = box_round()
    game.apply({"a": "knock", "p": 0, "g": TIGRIS})
    game.apply({"a": "net", "p": 0, "g": TIGRIS})
    game.apply({"a": "damage", "p": 0, "g": TIGRIS, "n": 2})
    assert game.state["hp"][TIGRIS] == MAX_HEALTH[TIGRIS] - 4
    refused(game, {"a": "stand", "p": 0, "g": TIGRIS}, "netted")
    refused(game, {"a": "net", "p": 0, "g": MURMILLO}, "net_in_use")
    game.apply({"a": "unnet", "p": 0, "g": TIGRIS})
    game.apply({"a": "stand", "p": 0, "g": TIGRIS})
    refused(game, {"a": "net", "p": 0, "g": RETIARIUS}, "not_retiarius")


def test_box_only_the_active_seat_enters_effects():
    game = box_round()
    refused(game, {"a": "damage", "p": 1, "g": TIGRIS, "n": 2}, "not_your_turn")
    game.apply({"a": "done", "p": 0})
    game.apply({"a": "damage", "p": 1, "g": TIGRIS, "n": 2})


def test_box_health_bounds_bleeding_and_healing_outside_the_arena():
    game = box_round()
    s = game.state
    refused(game, {"a": "bleed", "p": 0, "g": MURMILLO, "n": 1}, "not_injured")
    game.apply({"a": "damage", "p": 0, "g": MURMILLO, "n": 5})
    refused(game, {"a": "bleed", "p": 0, "g": MURMILLO, "n": 6}, "bleeding_kills")
    game.apply({"a": "bleed", "p": 0, "g": MURMILLO, "n": 5})
    assert s["hp"][MURMILLO] == 1
    game.apply({"a": "heal", "p": 0, "g": MURMILLO, "n": 12})
    assert s["hp"][MURMILLO] == MAX_HEALTH[MURMILLO]
    game.apply({"a": "damage", "p": 0, "g": SAGITTARIUS, "n": 12})
    assert s["status"][SAGITTARIUS] == DEAD and s["hp"][SAGITTARIUS] == 0
    refused(game, {"a": "heal", "p": 0, "g": SAGITTARIUS, "n": 2}, "not_in_arena")
    refused(game, {"a": "damage", "p": 0, "g": SAGITTARIUS, "n": 2}, "not_in_arena")


def test_box_pollice_verso_and_extra_cards_at_the_right_seat():
    game = box_round(shouts=(0, 1))
    game.apply({"a": "done", "p": 0})
    events = game.apply({"a": "damage", "p": 1, "g": DIMACHAERUS, "n": 9, "pv": 1})
    assert game.state["pollice_verso"] == [[DIMACHAERUS, 1]]
    refused(game, {"a": "done", "p": 1}, "pollice_verso")
    events = game.apply({"a": "thumb", "p": 0, "up": 1})
    assert game.state["status"][DIMACHAERUS] == PARDONED
    assert [(e["p"], e["why"]) for e in events if e["e"] == "extra_card"] == [(0, "pardon")]
    events = game.apply({"a": "damage", "p": 1, "g": TIGRIS, "n": 12})
    assert [(e["p"], e["why"]) for e in events if e["e"] == "extra_card"] == [(1, "kill")]


def test_box_special_cards_playing_dead_coming_back_drunk_and_the_loudest_marker():
    game = box_round()
    s = game.state
    game.apply({"a": "damage", "p": 0, "g": TIGRIS, "n": 12})
    game.apply({"a": "damage", "p": 0, "g": SAGITTARIUS, "n": 12, "pv": 1})
    game.apply({"a": "thumb", "p": 0, "up": 1})
    refused(game, {"a": "revive", "p": 0, "g": SAGITTARIUS}, "bad_target")
    refused(game, {"a": "come_back", "p": 0, "g": TIGRIS}, "bad_target")
    game.apply({"a": "revive", "p": 0, "g": TIGRIS})
    game.apply({"a": "come_back", "p": 0, "g": SAGITTARIUS})
    assert s["hp"][TIGRIS] == 1 and s["hp"][SAGITTARIUS] == 3
    game.apply({"a": "drunk", "p": 0, "g": BARBARUS})
    assert s["drunk"][BARBARUS] == 0
    game.apply({"a": "done", "p": 0})
    game.apply({"a": "loudest", "p": 1})
    assert s["loudest"] == 1


def test_box_battle_end_payouts_entered_by_each_seat():
    game = box_round(players=2)
    s = game.state
    for g in (TIGRIS, SAGITTARIUS, RETIARIUS, MURMILLO):
        game.apply({"a": "damage", "p": 0, "g": g, "n": 12})
    game.apply({"a": "damage", "p": 0, "g": DIMACHAERUS, "n": 12})
    assert s["phase"] == "battle_end" and s["winner"] == BARBARUS
    win = next(b for b in range(16) if BETTING_CARDS[b][:2] == (BARBARUS, BET_WIN))
    lose = next(b for b in range(16) if BETTING_CARDS[b][:2] == (TIGRIS, BET_WIN))
    gold = list(s["gold"])
    game.apply({"a": "payout", "p": 0, "b": win, "coins": 2})
    refused(game, {"a": "payout", "p": 1, "b": win, "coins": 1}, "already_paid")
    game.apply({"a": "payout", "p": 1, "b": lose, "coins": 3})
    assert s["gold"][0] == gold[0] + BETTING_CARDS[win][2][1] - 2
    assert s["gold"][1] == gold[1] - 3
    assert s["bank"] + sum(s["gold"]) == BANK_START


def test_box_refuses_card_level_actions_and_full_game_refuses_box_inputs():
    game = box_round()
    refused(
        game, {"a": "melee", "p": 0, "i": 0, "d": 0}, "wrong_mode"
    )  # 0.1.0 said not_your_turn: the flow now names the real reason
    full = start_battle(3, seed=1)
    full.state["loudest"] = 0
    for p in range(3):
        full.apply({"a": "commit", "p": p, "shout": 0})
    refused(full, {"a": "damage", "p": 0, "g": 0, "n": 1}, "wrong_mode")
    refused(full, {"a": "done", "p": 0}, "wrong_mode")


def test_a_box_game_goes_on_only_when_every_seat_has_entered_the_coins_of_its_new_gold():
    """The rulebook: "you have to bet all the gold coins you receive at the beginning of each battle".
    A payout that enters fewer coins than that is not silently kept gold: the box waits for the rest."""
    game = box_round(players=2, payout="every_coin")
    s = game.state
    new = NEW_GOLD_BY_PLAYERS[2]
    assert s["unsettled"] == [new, new]
    refused(game, {"a": "give", "p": 0, "to": 1, "n": 1}, "no_gold")  # the staked coins are on the cards
    for g in (TIGRIS, SAGITTARIUS, RETIARIUS, MURMILLO, DIMACHAERUS):
        game.apply({"a": "damage", "p": 0, "g": g, "n": 12})
    assert s["phase"] == "battle_end" and s["winner"] == BARBARUS

    def card(g, kind):
        return next(b for b in range(16) if BETTING_CARDS[b][:2] == (g, kind))

    game.apply({"a": "payout", "p": 0, "b": card(BARBARUS, BET_WIN), "coins": 3})
    game.apply({"a": "payout", "p": 0, "b": card(TIGRIS, BET_WIN), "coins": 2})  # lost: 2 coins to the bank
    game.apply({"a": "payout", "p": 1, "b": card(SAGITTARIUS, BET_WIN), "coins": 1})
    assert s["unsettled"] == [0, new - 1]
    refused(game, {"a": "next"}, "coins_unsettled")
    refused(game, {"a": "finish"}, "coins_unsettled")
    assert {"a": "next"} not in game.legal_actions(-1)
    game.apply({"a": "payout", "p": 1, "b": card(MURMILLO, BET_WIN), "coins": 3})
    assert s["unsettled"] == [0, new - 4]
    game.apply({"a": "payout", "p": 1, "b": card(RETIARIUS, BET_WIN), "coins": new - 4})
    assert s["unsettled"] == [0, 0]
    assert {"a": "next"} in game.legal_actions(-1)
    assert s["bank"] + sum(s["gold"]) == BANK_START
    game.apply({"a": "next"})
    assert s["unsettled"] == [new, new]  # the next battle's new gold


def test_a_box_game_of_an_older_version_pays_what_is_entered_as_it_did():
    game = box_round(players=2)  # a set-up without "payout": 0.1.0's and 0.2.0's journals
    for g in (TIGRIS, SAGITTARIUS, RETIARIUS, MURMILLO, DIMACHAERUS):
        game.apply({"a": "damage", "p": 0, "g": g, "n": 12})
    assert "unsettled" not in game.state
    game.apply({"a": "next"})


def test_the_coin_accounting_is_a_box_game_set_up_and_nothing_else():
    with pytest.raises(Illegal) as info:
        Game(RULES, new_setup(3, 1, "full", payout="every_coin"))
    assert info.value.code == "bad_setup"
    with pytest.raises(Illegal):
        Game(RULES, new_setup(3, 1, "box", payout="most"))
