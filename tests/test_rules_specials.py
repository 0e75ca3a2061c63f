"""The four special cards."""

from games.ultimus.content import COMING_BACK_HEALTH, PLAYING_DEAD_HEALTH
from games.ultimus.hexmap import CENTRE, DOORS, NEIGH
from games.ultimus.state import ARENA, DEAD, PARDONED
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

CORNERS = {
    TIGRIS: field(3, 0),
    SAGITTARIUS: field(0, 3),
    RETIARIUS: field(-3, 3),
    MURMILLO: field(-3, 0),
    BARBARUS: field(0, -3),
    DIMACHAERUS: field(3, -3),
}
STUPID_BET = card_id("special stupid_bet:")
PLAYING_DEAD = card_id("special playing_dead: M2 A2")
COMING_BACK = card_id("special coming_back: M2")
DRUNK = card_id("special drunk:")


def shout_special(c, seat=0, extra_hand=(), **given):
    game = start_battle(3, seed=21)
    arrange(game, loudest=seat, pos=dict(given.pop("pos", CORNERS)), hands={seat: [c] + list(extra_hand)}, **given)
    shout_round(game, {seat: c})
    return game


def test_stupid_bet_moves_one_coin_to_another_betting_card_and_discards_an_extra_card():
    spare = card_id("tigris: M2 H2")
    game = shout_special(STUPID_BET, extra_hand=[spare])
    s = game.state
    s["bets"][0] = [[0, 2], [6, 0], [12, 3]]
    refused(game, {"a": "rebet", "p": 0, "src": 0, "k": 2}, "coin_limit")
    refused(game, {"a": "rebet", "p": 0, "src": 1, "k": 0}, "no_gold")
    refused(game, {"a": "rebet", "p": 0, "src": 0, "k": 0}, "bad_target")
    refused(game, {"a": "end", "p": 0}, "must_discard")
    game.apply({"a": "rebet", "p": 0, "src": 0, "k": 1})
    assert s["bets"][0] == [[0, 1], [6, 1], [12, 3]]
    refused(game, {"a": "rebet", "p": 0, "src": 0, "k": 1}, "symbol_used")
    game.apply({"a": "discard", "p": 0, "c": spare})
    assert spare in s["discard"]
    game.apply({"a": "end", "p": 0})


def test_stupid_bet_takes_a_coin_from_the_reserve_but_never_puts_one_back():
    game = shout_special(STUPID_BET)
    s = game.state
    s["bets"][0] = [[0, 2], [6, 0], [12, 3]]
    s["gold"][0], s["bank"] = 2, s["bank"] - 2
    assert not [a for a in game.legal_actions(0) if a["a"] == "rebet" and a["k"] < 0]
    refused(game, {"a": "rebet", "p": 0, "src": 0, "k": -1}, "bad_action")
    game.apply({"a": "rebet", "p": 0, "src": -1, "k": 1})
    assert s["gold"][0] == 1 and s["bets"][0][1] == [6, 1]
    game.apply({"a": "end", "p": 0})  # no card left to discard


def test_he_was_just_playing_dead_brings_a_dead_gladiator_to_the_centre_with_one_health():
    game = shout_special(PLAYING_DEAD, out={TIGRIS: DEAD, SAGITTARIUS: PARDONED})
    legal = [a for a in game.legal_actions(0) if a["a"] == "choose"]
    assert legal == [{"a": "choose", "p": 0, "g": TIGRIS, "f": CENTRE}]  # not the pardoned one
    refused(game, {"a": "choose", "p": 0, "g": SAGITTARIUS, "f": CENTRE}, "bad_target")
    game.apply(legal[0])
    s = game.state
    assert s["status"][TIGRIS] == ARENA and s["hp"][TIGRIS] == PLAYING_DEAD_HEALTH and s["pos"][TIGRIS] == CENTRE
    game.apply({"a": "move", "p": 0, "i": 0})  # he can directly move and attack
    game.apply({"a": "step", "p": 0, "d": 0})
    assert s["pos"][TIGRIS] == NEIGH[CENTRE][0]


def test_playing_dead_uses_a_free_field_around_an_occupied_centre():
    pos = dict(CORNERS)
    pos[MURMILLO] = CENTRE
    pos[BARBARUS] = NEIGH[CENTRE][0]
    game = shout_special(PLAYING_DEAD, pos=pos, out={TIGRIS: DEAD})
    fields = sorted(a["f"] for a in game.legal_actions(0) if a["a"] == "choose")
    assert fields == sorted(NEIGH[CENTRE][1:])
    refused(game, {"a": "choose", "p": 0, "g": TIGRIS, "f": CENTRE}, "bad_target")


def test_he_is_coming_back_returns_a_pardoned_gladiator_at_a_free_door_with_three_health():
    pos = dict(CORNERS)
    del pos[TIGRIS]
    game = shout_special(COMING_BACK, pos=pos, out={TIGRIS: PARDONED, SAGITTARIUS: DEAD})
    legal = [a for a in game.legal_actions(0) if a["a"] == "choose"]
    assert {a["g"] for a in legal} == {TIGRIS}
    assert sorted(a["f"] for a in legal) == [0, 1]  # the doors in front of which nobody stands
    refused(game, {"a": "choose", "p": 0, "g": TIGRIS, "f": 2}, "bad_target")
    game.apply({"a": "choose", "p": 0, "g": TIGRIS, "f": 1})
    s = game.state
    assert s["status"][TIGRIS] == ARENA and s["hp"][TIGRIS] == COMING_BACK_HEALTH and s["pos"][TIGRIS] == DOORS[1]
    game.apply({"a": "move", "p": 0, "i": 0})


def test_a_special_card_with_nobody_to_bring_back_has_no_effect():
    game = shout_special(COMING_BACK)
    assert game.legal_actions(0) == [{"a": "choose", "p": 0, "g": -1}]
    events = game.apply({"a": "choose", "p": 0, "g": -1})
    assert events[0]["e"] == "no_effect"
    game.apply({"a": "end", "p": 0})


def test_he_is_drunk_the_drunk_seat_plays_the_next_card_yelled_at_him_and_kill_credit_stays():
    game = start_battle(3, seed=21)
    attack = card_id("barbarus: M2 A3")
    arrange(
        game,
        loudest=0,
        pos={**CORNERS, BARBARUS: field(0, 0), TIGRIS: field(1, 0)},
        hands={0: [DRUNK], 1: [attack]},
        hp={TIGRIS: 3},
    )
    shout_round(game, {0: DRUNK, 1: attack})
    game.apply({"a": "choose", "p": 0, "g": BARBARUS})
    assert game.state["drunk"][BARBARUS] == 0
    game.apply({"a": "end", "p": 0})
    events = game.apply({"a": "choose", "p": 1, "g": BARBARUS})
    assert any(e["e"] == "drunk_plays" and e["p"] == 0 for e in events)
    refused(game, {"a": "melee", "p": 1, "i": 1, "d": 0}, "not_your_turn")
    events = game.apply({"a": "melee", "p": 0, "i": 1, "d": 0})
    assert game.state["status"][TIGRIS] == DEAD
    assert [e["p"] for e in events if e["e"] == "extra_card"] == [1]  # the other player's card
    game.apply({"a": "end", "p": 0})
    assert len(game.state["hands"][1]) == 2  # the extra card and the usual draw
    game.apply({"a": "think", "p": 2, "c": []})
    assert game.state["drunk"] == [-1] * 6  # drunk only for the combat round


def test_the_drunk_seat_plays_his_own_gladiator_himself():
    game = start_battle(3, seed=21)
    attack = card_id("barbarus: M2 A3")
    arrange(game, loudest=0, pos=dict(CORNERS), hands={0: [DRUNK, attack]})
    shout_round(game, {0: DRUNK})
    game.apply({"a": "choose", "p": 0, "g": BARBARUS})
    game.apply({"a": "end", "p": 0})
    assert game.state["card"] is None
