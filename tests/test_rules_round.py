"""A round: shout or shut up, then taking actions from the loudest spectator clockwise."""

from games.ultimus.state import DEAD
from scenario import (
    BARBARUS,
    DIMACHAERUS,
    MURMILLO,
    RETIARIUS,
    SAGITTARIUS,
    TIGRIS,
    arrange,
    card_id,
    field,
    refused,
    shout_round,
    start_battle,
)

SPREAD = {
    TIGRIS: field(0, 0),
    SAGITTARIUS: field(3, 0),
    RETIARIUS: field(0, 3),
    MURMILLO: field(-3, 3),
    BARBARUS: field(-3, 0),
    DIMACHAERUS: field(0, -3),
}
T_CARD = card_id("tigris: M3 A2k")
S_CARD = card_id("sagittarius: R2")
B_CARD = card_id("barbarus: M2 A3")


def game_with_hands(players=3, loudest=0):
    game = start_battle(players, seed=5)
    hands = {0: [T_CARD, S_CARD, B_CARD]}
    for p in range(1, players):
        hands[p] = list(game.state["hands"][p])
    return arrange(game, loudest=loudest, pos=dict(SPREAD), hands=hands)


def test_shout_choices_stay_secret_until_everyone_committed():
    game = game_with_hands()
    events = game.apply({"a": "commit", "p": 0, "shout": 1, "c": T_CARD})
    view = game.public_view()
    assert view["committed"] == [1, 0, 0]
    assert view["shouts"] is None
    assert "shout_card" not in view and "hands" not in view and "hand" not in view
    assert [e for e in events if e["e"] == "commit"][0]["hidden"] == {"shout": 1, "c": T_CARD}
    assert game.seat_view(0)["my_card"] == T_CARD
    refused(game, {"a": "commit", "p": 0, "shout": 0}, "already_committed")
    game.apply({"a": "commit", "p": 1, "shout": 0})
    events = game.apply({"a": "commit", "p": 2, "shout": 0})
    reveal = [e for e in events if e["e"] == "reveal"][0]
    assert reveal["shouts"] == [1, 0, 0]
    assert game.state["phase"] == "action"


def test_a_shout_needs_a_card_from_the_own_hand():
    game = game_with_hands()
    other = game.state["hands"][1][0]
    refused(game, {"a": "commit", "p": 0, "shout": 1, "c": other}, "not_in_hand")


def test_clamo_locks_choices_and_who_did_not_commit_is_thinking():
    game = game_with_hands()
    game.apply({"a": "commit", "p": 0, "shout": 1, "c": T_CARD})
    game.apply({"a": "clamo"})
    assert game.public_view()["shouts"] == [1, 0, 0]
    refused(game, {"a": "commit", "p": 1, "shout": 1, "c": game.state["hands"][1][0]}, "wrong_phase")


def test_actions_start_with_the_loudest_spectator_and_go_clockwise():
    game = game_with_hands(players=4, loudest=2)
    shout_round(game, {})
    turns = []
    for _ in range(4):
        p = game.state["order"][game.state["turn"]]
        turns.append(p)
        refused(game, {"a": "think", "p": (p + 1) % 4, "c": []}, "not_your_turn")
        game.apply({"a": "think", "p": p, "c": []})
    assert turns == [2, 3, 0, 1]
    assert game.state["round"] == 2 and game.state["phase"] == "shout"


def test_shout_reveals_the_card_is_played_and_a_new_card_drawn():
    game = game_with_hands()
    shout_round(game, {0: T_CARD})
    s = game.state
    assert s["card"]["c"] == T_CARD and game.public_view()["card"]["c"] == T_CARD
    assert len(s["hands"][0]) == 2
    refused(game, {"a": "end", "p": 0}, "must_choose")
    refused(game, {"a": "choose", "p": 0, "g": SAGITTARIUS}, "bad_target")  # not pictured
    game.apply({"a": "choose", "p": 0, "g": TIGRIS})
    events = game.apply({"a": "end", "p": 0})
    assert any(e["e"] == "draw" and e["p"] == 0 and e["n"] == 1 for e in events)
    assert len(s["hands"][0]) == 3 and T_CARD in s["discard"]


def test_think_discards_up_to_two_cards_and_draws_as_many():
    game = game_with_hands()
    shout_round(game, {})
    s = game.state
    refused(game, {"a": "think", "p": 0, "c": [T_CARD, S_CARD, B_CARD]}, "bad_action")
    refused(game, {"a": "think", "p": 0, "c": [T_CARD, T_CARD]}, "not_in_hand")
    game.apply({"a": "think", "p": 0, "c": [T_CARD, S_CARD]})
    assert len(s["hands"][0]) == 3
    assert T_CARD not in s["hands"][0] and S_CARD not in s["hands"][0] and B_CARD in s["hands"][0]
    assert s["discard"][-2:] == [T_CARD, S_CARD]


def test_a_thinking_seat_cannot_play_card_actions_and_a_shouting_seat_cannot_think():
    game = game_with_hands()
    shout_round(game, {0: T_CARD})
    refused(game, {"a": "think", "p": 0, "c": []}, "shouted")


def test_drawing_reshuffles_the_discard_pile_when_the_deck_is_empty():
    game = game_with_hands()
    s = game.state
    s["discard"] = s["deck"][:5]
    s["deck"] = []
    shout_round(game, {})
    game.apply({"a": "think", "p": 0, "c": [T_CARD]})
    assert len(s["hands"][0]) == 3 and len(s["deck"]) == 5


def test_a_player_who_kills_a_gladiator_draws_an_extra_card():
    game = game_with_hands()
    arrange(game, pos={**SPREAD, SAGITTARIUS: field(1, 0)}, hp={SAGITTARIUS: 2})
    shout_round(game, {0: T_CARD})
    game.apply({"a": "choose", "p": 0, "g": TIGRIS})
    events = game.apply({"a": "melee", "p": 0, "i": 1, "d": 0})
    assert game.state["status"][SAGITTARIUS] == DEAD
    assert game.state["pos"][SAGITTARIUS] == -1
    extra = [e for e in events if e["e"] == "extra_card"]
    assert extra and extra[0]["p"] == 0 and extra[0]["why"] == "kill"
    assert len(game.state["hands"][0]) == 3  # 2 left + the extra
