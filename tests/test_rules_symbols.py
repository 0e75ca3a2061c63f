"""Playing yelling cards: every symbol of the rulebook on the hex arena."""

from games.ultimus.content import MAX_HEALTH
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
EAST, SOUTHEAST, SOUTHWEST, WEST, NORTHWEST, NORTHEAST = range(6)


def shout(text, positions=None, seat=0, loudest=None, **given):
    """Seat `seat` shouts the card `text` (gladiators at the corners unless placed); everyone else thinks."""
    game = start_battle(3, seed=9)
    c = card_id(text)
    pos = dict(CORNERS)
    pos.update(positions or {})
    arrange(game, loudest=seat if loudest is None else loudest, pos=pos, hands={seat: [c]}, **given)
    shout_round(game, {seat: c})
    return game


def play(text, gladiator, positions, seat=0, **given):
    """... and yells at `gladiator`."""
    game = shout(text, positions, seat, **given)
    game.apply({"a": "choose", "p": seat, "g": gladiator})
    return game


# --- icons, blood splatter and the helmet ----------------------------------


def test_a_card_is_played_on_one_of_the_pictured_gladiators():
    game = shout("murmillo,retiarius: M2 A2 A1")
    legal = sorted(a["g"] for a in game.legal_actions(0) if a["a"] == "choose")
    assert legal == [RETIARIUS, MURMILLO]
    refused(game, {"a": "choose", "p": 0, "g": TIGRIS}, "bad_target")
    game.apply({"a": "choose", "p": 0, "g": RETIARIUS})
    assert game.state["card"]["blood"] == 0


def test_blood_splatter_any_gladiator_when_the_pictured_ones_are_out_blood_symbols_only():
    game = shout("tigris: M3 A2* L", {SAGITTARIUS: field(0, 0), MURMILLO: field(1, 0)}, out={TIGRIS: DEAD})
    legal = sorted(a["g"] for a in game.legal_actions(0) if a["a"] == "choose")
    assert legal == [SAGITTARIUS, RETIARIUS, MURMILLO, BARBARUS, DIMACHAERUS]
    game.apply({"a": "choose", "p": 0, "g": SAGITTARIUS})
    assert game.state["card"]["blood"] == 1
    refused(game, {"a": "move", "p": 0, "i": 0}, "blood_only")
    refused(game, {"a": "loudest", "p": 0, "i": 2}, "blood_only")
    game.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})
    assert game.state["hp"][MURMILLO] == MAX_HEALTH[MURMILLO] - 2


def test_blood_splatter_counts_pardoned_gladiators_as_out_too():
    game = shout("tigris: M3 A2* L", out={TIGRIS: PARDONED})
    assert len([a for a in game.legal_actions(0) if a["a"] == "choose"]) == 5


def test_the_unknown_gladiator_helmet_applies_to_any_gladiator_in_the_arena():
    game = shout("?: M2 H2", out={BARBARUS: DEAD})
    legal = sorted(a["g"] for a in game.legal_actions(0) if a["a"] == "choose")
    assert legal == [TIGRIS, SAGITTARIUS, RETIARIUS, MURMILLO, DIMACHAERUS]


# --- movement ---------------------------------------------------------------


def test_movement_may_use_fewer_points_than_written():
    game = play("tigris: M3 A2k", TIGRIS, {TIGRIS: field(0, 0)})
    game.apply({"a": "move", "p": 0, "i": 0})
    game.apply({"a": "step", "p": 0, "d": EAST})
    game.apply({"a": "end", "p": 0})
    assert game.state["pos"][TIGRIS] == field(1, 0)


def test_movement_cannot_exceed_the_points_or_leave_the_arena_or_pass_through_gladiators():
    game = play("tigris: M3 A2k", TIGRIS, {TIGRIS: field(1, 0), MURMILLO: field(2, 0)})
    refused(game, {"a": "step", "p": 0, "d": WEST}, "no_movement")  # not yet spent
    game.apply({"a": "move", "p": 0, "i": 0})
    refused(game, {"a": "step", "p": 0, "d": EAST}, "blocked")  # Murmillo stands there
    game.apply({"a": "step", "p": 0, "d": NORTHEAST})
    game.apply({"a": "step", "p": 0, "d": EAST})
    assert game.state["pos"][TIGRIS] == field(3, -1)
    refused(game, {"a": "step", "p": 0, "d": EAST}, "blocked")  # the arena's edge
    game.apply({"a": "step", "p": 0, "d": SOUTHEAST})
    refused(game, {"a": "step", "p": 0, "d": WEST}, "no_movement")


def test_attacks_before_during_and_after_movement():
    game = play(
        "dimachaerus: M4 A1 A1", DIMACHAERUS, {DIMACHAERUS: field(0, 0), MURMILLO: field(-1, 0), BARBARUS: field(2, 0)}
    )
    game.apply({"a": "melee", "p": 0, "i": 1, "d": WEST})  # before moving
    game.apply({"a": "move", "p": 0, "i": 0})
    game.apply({"a": "step", "p": 0, "d": EAST})  # moving from one gladiator to the next
    game.apply({"a": "melee", "p": 0, "i": 2, "d": EAST})
    game.apply({"a": "step", "p": 0, "d": SOUTHEAST})  # and moving on after
    s = game.state
    assert s["hp"][MURMILLO] == MAX_HEALTH[MURMILLO] - 1
    assert s["hp"][BARBARUS] == MAX_HEALTH[BARBARUS] - 1
    refused(game, {"a": "melee", "p": 0, "i": 1, "d": WEST}, "symbol_used")


# --- close combat -----------------------------------------------------------


def test_close_combat_needs_a_gladiator_on_a_neighbouring_field():
    game = play("barbarus: M2 A3", BARBARUS, {BARBARUS: field(0, 0), TIGRIS: field(2, 0)})
    refused(game, {"a": "melee", "p": 0, "i": 1, "d": EAST}, "no_target")
    assert {a["d"] for a in game.legal_actions(0) if a["a"] == "melee"} == set()


def test_pierce_attack_wounds_the_front_field_and_the_one_behind_it():
    game = play(
        "retiarius: M2 A2>1 PV",
        RETIARIUS,
        {RETIARIUS: field(0, 0), TIGRIS: field(1, 0), SAGITTARIUS: field(2, 0), BARBARUS: field(0, 1)},
    )
    game.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})
    hp = game.state["hp"]
    assert hp[TIGRIS] == MAX_HEALTH[TIGRIS] - 2
    assert hp[SAGITTARIUS] == MAX_HEALTH[SAGITTARIUS] - 1
    assert hp[BARBARUS] == MAX_HEALTH[BARBARUS]


def test_swing_attack_wounds_the_front_field_and_both_flanking_fields():
    game = play(
        "murmillo: M1 A3^1 PV",
        MURMILLO,
        {
            MURMILLO: field(0, 0),
            TIGRIS: field(1, 0),
            SAGITTARIUS: field(1, -1),
            BARBARUS: field(0, 1),
            DIMACHAERUS: field(-1, 0),
        },
    )
    game.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})
    hp = game.state["hp"]
    assert hp[TIGRIS] == MAX_HEALTH[TIGRIS] - 3
    assert hp[SAGITTARIUS] == MAX_HEALTH[SAGITTARIUS] - 1
    assert hp[BARBARUS] == MAX_HEALTH[BARBARUS] - 1
    assert hp[DIMACHAERUS] == MAX_HEALTH[DIMACHAERUS]  # behind the attacker


# --- ranged -----------------------------------------------------------------


def test_ranged_attack_hits_any_gladiator_in_the_arena():
    game = play("sagittarius: R2", SAGITTARIUS, {SAGITTARIUS: field(0, 3), BARBARUS: field(0, -3)})
    assert sorted(a["g"] for a in game.legal_actions(0) if a["a"] == "ranged") == [0, 2, 3, 4, 5]
    refused(game, {"a": "ranged", "p": 0, "i": 0, "g": SAGITTARIUS}, "no_target")
    game.apply({"a": "ranged", "p": 0, "i": 0, "g": BARBARUS})
    assert game.state["hp"][BARBARUS] == MAX_HEALTH[BARBARUS] - 2


def test_no_ranged_attack_from_under_the_net():
    game = play("sagittarius: R2", SAGITTARIUS, {}, net=SAGITTARIUS)
    refused(game, {"a": "ranged", "p": 0, "i": 0, "g": BARBARUS}, "netted")
    assert not [a for a in game.legal_actions(0) if a["a"] == "ranged"]


# --- knock down and stand up ------------------------------------------------


def test_knock_down_fallen_cannot_move_takes_one_extra_wound_per_attack():
    game = play("sagittarius: R1k M2", SAGITTARIUS, {})
    game.apply({"a": "ranged", "p": 0, "i": 0, "g": BARBARUS})
    s = game.state
    assert s["fallen"][BARBARUS] == 1
    assert s["hp"][BARBARUS] == MAX_HEALTH[BARBARUS] - 1  # no extra on the blow that fells him
    game.apply({"a": "end", "p": 0})
    # next seat: Barbarus, fallen, cannot move but can attack
    game2 = play("barbarus: M2 A3", BARBARUS, {BARBARUS: field(0, 0), TIGRIS: field(1, 0)}, fallen=(BARBARUS, TIGRIS))
    refused(game2, {"a": "move", "p": 0, "i": 0}, "fallen")
    refused(game2, {"a": "step", "p": 0, "d": WEST}, "no_movement")
    game2.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})
    assert game2.state["hp"][TIGRIS] == MAX_HEALTH[TIGRIS] - 4  # 3 + 1 for lying on the ground


def test_standing_up_spends_a_whole_movement_symbol_of_one_or_more():
    game = play("tigris: M4 A1", TIGRIS, {TIGRIS: field(0, 0)}, fallen=(TIGRIS,))
    game.apply({"a": "rise", "p": 0, "i": 0})
    s = game.state
    assert s["fallen"][TIGRIS] == 0 and s["card"]["mp"] == 0
    refused(game, {"a": "move", "p": 0, "i": 0}, "symbol_used")


def test_stand_up_symbol_stands_up_and_the_gladiator_can_move_normally():
    game = play("tigris: M3 U A2", TIGRIS, {TIGRIS: field(0, 0)}, fallen=(TIGRIS,))
    refused(game, {"a": "rise", "p": 0, "i": 2}, "wrong_symbol")
    game.apply({"a": "rise", "p": 0, "i": 1})
    game.apply({"a": "move", "p": 0, "i": 0})
    game.apply({"a": "step", "p": 0, "d": EAST})
    assert game.state["pos"][TIGRIS] == field(1, 0)


# --- the net ----------------------------------------------------------------


def test_retiarius_nets_a_gladiator_he_attacked_after_the_attack():
    game = play("retiarius: M2 A2 N", RETIARIUS, {RETIARIUS: field(0, 0), TIGRIS: field(1, 0)})
    refused(game, {"a": "net", "p": 0, "i": 2, "t": TIGRIS}, "no_target")  # not attacked yet
    game.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})
    game.apply({"a": "net", "p": 0, "i": 2, "t": TIGRIS})
    assert game.state["net"] == TIGRIS


def test_net_symbols_are_ignored_while_the_net_is_over_a_living_gladiator():
    game = play("retiarius: M2 A2 N", RETIARIUS, {RETIARIUS: field(0, 0), TIGRIS: field(1, 0)}, net=BARBARUS)
    game.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})
    refused(game, {"a": "net", "p": 0, "i": 2, "t": TIGRIS}, "net_in_use")


def test_only_retiarius_throws_the_net():
    # blood splatter: Retiarius is dead, Tigris plays his card
    game = play("retiarius: M2 A2 N", TIGRIS, {TIGRIS: field(0, 0), SAGITTARIUS: field(1, 0)}, out={RETIARIUS: DEAD})
    refused(game, {"a": "net", "p": 0, "i": 2, "t": SAGITTARIUS}, "blood_only")


def test_netted_gladiator_cannot_move_nor_stand_up_and_takes_an_extra_wound():
    game = play(
        "barbarus: M2 A3", BARBARUS, {BARBARUS: field(0, 0), TIGRIS: field(1, 0)}, net=BARBARUS, fallen=(BARBARUS,)
    )
    refused(game, {"a": "rise", "p": 0, "i": 0}, "netted")
    game.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})  # close combat still allowed
    game2 = play("barbarus: M2 A3", BARBARUS, {BARBARUS: field(0, 0), TIGRIS: field(1, 0)}, net=BARBARUS)
    refused(game2, {"a": "move", "p": 0, "i": 0}, "netted")
    game3 = play(
        "barbarus: M2 A3", BARBARUS, {BARBARUS: field(0, 0), TIGRIS: field(1, 0)}, net=TIGRIS, fallen=(TIGRIS,)
    )
    game3.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})
    assert game3.state["hp"][TIGRIS] == MAX_HEALTH[TIGRIS] - 5  # 3 + fallen + netted


def test_the_net_comes_back_when_the_netted_gladiator_dies():
    game = play("barbarus: M2 A3", BARBARUS, {BARBARUS: field(0, 0), TIGRIS: field(1, 0)}, net=TIGRIS, hp={TIGRIS: 3})
    events = game.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})
    assert game.state["net"] == -1 and any(e["e"] == "net_returned" for e in events)


def test_remove_the_net_and_move_normally_at_once():
    game = play("murmillo: M3 X", MURMILLO, {MURMILLO: field(0, 0)}, net=MURMILLO)
    refused(game, {"a": "move", "p": 0, "i": 0}, "netted")
    game.apply({"a": "unnet", "p": 0, "i": 1})
    game.apply({"a": "move", "p": 0, "i": 0})
    game.apply({"a": "step", "p": 0, "d": EAST})
    assert game.state["net"] == -1 and game.state["pos"][MURMILLO] == field(1, 0)
    game2 = play("murmillo: M3 X", MURMILLO, {}, net=TIGRIS)
    refused(game2, {"a": "unnet", "p": 0, "i": 1}, "not_netted")


# --- health and bleeding ----------------------------------------------------


def test_health_is_regained_never_above_the_maximum():
    game = play("tigris: M2 H2", TIGRIS, {}, hp={TIGRIS: MAX_HEALTH[TIGRIS] - 1})
    game.apply({"a": "heal", "p": 0, "i": 1})
    assert game.state["hp"][TIGRIS] == MAX_HEALTH[TIGRIS]


def test_bleeding_only_on_an_injured_gladiator_and_never_to_death():
    game = shout("?: B3", hp={TIGRIS: 3, SAGITTARIUS: 4, RETIARIUS: 5})
    legal = sorted(a["g"] for a in game.legal_actions(0) if a["a"] == "choose")
    assert legal == [SAGITTARIUS, RETIARIUS]  # Tigris would die; the others are unhurt
    refused(game, {"a": "choose", "p": 0, "g": TIGRIS}, "bad_target")
    refused(game, {"a": "choose", "p": 0, "g": BARBARUS}, "bad_target")
    game.apply({"a": "choose", "p": 0, "g": SAGITTARIUS})
    game.apply({"a": "bleed", "p": 0, "i": 0})
    assert game.state["hp"][SAGITTARIUS] == 1


def test_bleeding_is_no_attack_and_ignores_fallen_and_net():
    game = shout("?: B3", hp={MURMILLO: 8}, fallen=(MURMILLO,), net=MURMILLO)
    game.apply({"a": "choose", "p": 0, "g": MURMILLO})
    game.apply({"a": "bleed", "p": 0, "i": 0})
    assert game.state["hp"][MURMILLO] == 5


# --- yelling card symbol, loudest spectator ---------------------------------


def test_yelling_card_symbol_draws_an_extra_card():
    game = play("?: B2 Y1", MURMILLO, {}, hp={MURMILLO: 8})
    game.apply({"a": "draw", "p": 0, "i": 1})
    assert len(game.state["hands"][0]) == 1


def test_loudest_spectator_symbol_moves_the_marker_and_leads_the_next_round():
    game = shout("tigris: M3 A2* L", seat=1, loudest=0)
    game.apply({"a": "think", "p": 0, "c": []})
    game.apply({"a": "choose", "p": 1, "g": TIGRIS})
    game.apply({"a": "loudest", "p": 1, "i": 2})
    assert game.state["loudest"] == 1
    assert game.state["order"] == [0, 1, 2]  # this round's order stands
    game.apply({"a": "end", "p": 1})
    game.apply({"a": "think", "p": 2, "c": []})
    shout_round(game, {})
    assert game.state["order"] == [1, 2, 0]


# --- pollice verso ----------------------------------------------------------


def test_pollice_verso_thumbs_up_pardons_and_the_loudest_spectator_draws():
    game = shout("barbarus: A3^2 PV", {BARBARUS: field(0, 0), TIGRIS: field(1, 0)}, seat=2, hp={TIGRIS: 2})
    game.apply({"a": "choose", "p": 2, "g": BARBARUS})
    events = game.apply({"a": "melee", "p": 2, "i": 0, "d": EAST})
    assert any(e["e"] == "pollice_verso" and e["g"] == TIGRIS for e in events)
    assert game.state["pollice_verso"] == [[TIGRIS, 2]]
    refused(game, {"a": "end", "p": 2}, "not_your_turn")
    refused(game, {"a": "thumb", "p": 1, "up": 1}, "not_loudest")
    hand = len(game.state["hands"][2])
    events = game.apply({"a": "thumb", "p": 2, "up": 1})
    assert game.state["status"][TIGRIS] == PARDONED and game.state["hp"][TIGRIS] == 0
    assert [e["p"] for e in events if e["e"] == "extra_card"] == [2]
    assert len(game.state["hands"][2]) == hand + 1


def test_pollice_verso_thumbs_down_kills_and_the_attacking_player_draws():
    game = shout("barbarus: A3^2 PV", {BARBARUS: field(0, 0), TIGRIS: field(1, 0)}, seat=1, loudest=0, hp={TIGRIS: 2})
    game.apply({"a": "think", "p": 0, "c": []})
    game.apply({"a": "choose", "p": 1, "g": BARBARUS})
    game.apply({"a": "melee", "p": 1, "i": 0, "d": EAST})
    events = game.apply({"a": "thumb", "p": 0, "up": 0})
    assert game.state["status"][TIGRIS] == DEAD
    assert [e["p"] for e in events if e["e"] == "extra_card"] == [1]


def test_a_separate_pollice_verso_for_every_gladiator_that_would_die():
    game = play(
        "barbarus: A3^2 PV",
        BARBARUS,
        {BARBARUS: field(0, 0), TIGRIS: field(1, 0), MURMILLO: field(0, 1)},
        hp={TIGRIS: 2, MURMILLO: 2},
    )
    game.apply({"a": "melee", "p": 0, "i": 0, "d": EAST})
    assert [g for g, _ in game.state["pollice_verso"]] == [TIGRIS, MURMILLO]
    game.apply({"a": "thumb", "p": 0, "up": 1})
    game.apply({"a": "thumb", "p": 0, "up": 0})
    assert game.state["status"][TIGRIS] == PARDONED and game.state["status"][MURMILLO] == DEAD


def test_without_pollice_verso_a_gladiator_at_zero_simply_dies():
    game = play("barbarus: M2 A3", BARBARUS, {BARBARUS: field(0, 0), TIGRIS: field(1, 0)}, hp={TIGRIS: 1})
    game.apply({"a": "melee", "p": 0, "i": 1, "d": EAST})
    assert game.state["status"][TIGRIS] == DEAD and not game.state["pollice_verso"]
    assert game.state["status"][BARBARUS] == ARENA
