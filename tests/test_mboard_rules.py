"""The Morituri board game (Scott Miller): one scenario per referee feature of GAMES.md section 3
(start, turn, loadout, flux, set-up, refusals), through the public API (Game.apply) with the
table's dice fixed in the actions' `dice` fields. Combat, the crowd, rewards, beasts and Roma
are in test_mboard_combat.py."""

import pytest

from games.morituri_board import kit, rules
from games.morituri_board.content import CARD_NAMES, CARDS, default_values
from mboard_helpers import equip, new_game, of, refused, seat, take, to_space
from referee.engine import Game
from referee.errors import Illegal

# ---- 1. start ---------------------------------------------------------------------


def test_start_two_hit_points_the_pugio_no_armour():
    g = Game(rules.RULES, {"players": 3, "seed": 5})
    for p in range(3):
        v = seat(g, p)
        assert (v["hp"], v["attack"], v["attacks"], v["defence"], v["encumbrance"]) == (2, 1, 1, 0, 0)
        assert v["kit"] == ["", "", "", "", ""] and v["where"] == "road"


def test_start_the_roll_off_high_roller_moves_first_ties_roll_again_then_clockwise():
    g = Game(rules.RULES, {"players": 3, "seed": 5})
    ev = g.apply({"a": "roll_off", "dice": [[3, 5, 5], [2, 6]]})  # seats 1 and 2 tie on 5; seat 2 wins the re-roll
    assert g.state["first"] == 2 and g.state["active"] == 2 and len(of(ev, "roll")) == 5
    order = []
    for _ in range(4):
        p = g.state["active"]
        order.append(p)
        g.apply({"a": "move", "p": p, "dice": [2]})
        g.apply({"a": "nothing", "p": p})
    assert order == [2, 0, 1, 2]


def test_start_an_unsettled_roll_off_is_refused():
    g = Game(rules.RULES, {"players": 2, "seed": 5})
    refused(g, {"a": "roll_off", "dice": [[4, 4]]}, "bad_dice")
    refused(g, {"a": "roll_off", "dice": [[7, 1]]}, "bad_dice")


# ---- 2. turn ----------------------------------------------------------------------


def test_turn_the_move_is_1d6_then_the_space_menu():
    g = new_game()
    ev = g.apply({"a": "move", "p": 0, "dice": [5]})
    assert of(ev, "move") == [{"e": "move", "seat": 0, "spaces": 5}] and g.phase == "space"
    names = sorted(set(a["a"] for a in g.legal_actions(0)))
    assert names == ["arena", "draw", "flux", "hp_space", "nothing", "roma"]
    ev = g.apply({"a": "nothing", "p": 0})
    assert g.state["active"] == 1 and g.phase == "move"


def test_turn_the_box_rolls_the_move_the_same_on_replay():
    g, again = new_game(seed=9), new_game(seed=9)
    g.apply({"a": "move", "p": 0})
    again.apply({"a": "move", "p": 0})
    assert 1 <= g.state["moved"] <= 6 and g.digest() == again.digest()


def test_hit_point_space_only_the_first_to_land_gains_it():
    g = new_game()
    to_space(g, 0)
    ev = g.apply({"a": "hp_space", "p": 0, "k": 4})
    assert seat(g, 0)["hp"] == 3 and g.state["hp_spaces"][3] == 0 and of(ev, "hp")
    to_space(g, 1)
    ev = g.apply({"a": "hp_space", "p": 1, "k": 4})
    assert seat(g, 1)["hp"] == 2 and of(ev, "hp_gone") == [{"e": "hp_gone", "seat": 1, "k": 4, "by": 0}]
    to_space(g, 0)
    refused(g, {"a": "hp_space", "p": 0, "k": 7}, "bad_action")


def test_owner_in_debt_ends_the_turn():
    g = new_game(players=3)
    to_space(g, 0)
    g.apply({"a": "draw", "p": 0})
    ev = g.apply({"a": "debt", "p": 0})
    assert of(ev, "debt") == [{"e": "debt", "seat": 0, "reshuffle": 1}] and g.state["active"] == 1 and g.phase == "move"


# ---- 3. loadout -------------------------------------------------------------------


def test_loadout_five_slots_and_the_totals_of_defence_and_encumbrance():
    g = new_game()
    equip(g, 0, "secutor_galea", "lorica", "ocrea", "gladius", "parma")
    v = seat(g, 0)
    assert v["kit"] == ["secutor_galea", "lorica", "ocrea", "gladius", "parma"]
    assert (v["attack"], v["defence"], v["encumbrance"]) == (2, 1 + 2 + 1 + 1, 1 + 2 + 0 + 1)


def test_loadout_one_card_per_slot_he_chooses_which_to_keep():
    g = new_game()
    equip(g, 0, "gladius")
    to_space(g, 0)
    g.apply({"a": "draw", "p": 0})
    message = refused(g, {"a": "card", "p": 0, "c": "sica", "keep": 1}, "card_conflict")
    assert "weapon slot" in message and "discard the gladius" in message
    g.apply({"a": "card", "p": 0, "c": "sica", "keep": 0})  # he keeps his gladius
    assert seat(g, 0)["kit"][3] == "gladius"


def test_loadout_a_shield_only_with_one_handed_weapons():
    g = new_game()
    equip(g, 0, "scutum")
    to_space(g, 0)
    g.apply({"a": "draw", "p": 0})
    message = refused(g, {"a": "card", "p": 0, "c": "dual_gladius", "keep": 1, "discard": []}, "card_conflict")
    assert "shield is used only with a one-handed weapon" in message
    g.apply({"a": "card", "p": 0, "c": "dual_gladius", "keep": 1, "discard": ["scutum"]})
    v = seat(g, 0)
    assert v["kit"] == ["", "", "", "dual_gladius", ""] and (v["attack"], v["attacks"], v["defence"]) == (2, 2, 0)


def test_loadout_the_dual_gladius_with_neither_shield_nor_casses():
    g = new_game()
    equip(g, 0, "dual_gladius")
    for off in ("parma", "casses"):
        to_space(g, 0)
        g.apply({"a": "draw", "p": 0})
        refused(g, {"a": "card", "p": 0, "c": off, "keep": 1}, "card_conflict")
        g.apply({"a": "card", "p": 0, "c": off, "keep": 0})
    assert seat(g, 0)["kit"] == ["", "", "", "dual_gladius", ""]


def test_loadout_the_casses_only_with_a_one_handed_weapon_or_the_pugio():
    g = new_game()
    equip(g, 0, "casses")
    v = seat(g, 0)
    assert v["kit"][4] == "casses" and v["attack"] == 1  # with the Pugio; the casses itself does no damage
    equip(g, 0, "gladius")
    assert seat(g, 0)["kit"][3:] == ["gladius", "casses"]
    to_space(g, 0)
    g.apply({"a": "draw", "p": 0})
    refused(g, {"a": "card", "p": 0, "c": "scutum", "keep": 1}, "card_conflict")  # a shield or the casses
    g.apply({"a": "card", "p": 0, "c": "scutum", "keep": 1, "discard": ["casses"]})
    assert seat(g, 0)["kit"][3:] == ["gladius", "scutum"]


@pytest.mark.parametrize("weapon", ["trident", "hasta"])
def test_loadout_trident_and_hasta_are_two_handed_unless_used_with_a_shield_or_the_casses(weapon):
    g = new_game()
    equip(g, 0, weapon)
    assert seat(g, 0)["attack"] == 3  # two-handed
    equip(g, 0, "parma")
    assert seat(g, 0)["attack"] == 2  # one-handed, with the shield
    equip(g, 0, "casses")
    assert seat(g, 0)["kit"][3:] == [weapon, "casses"] and seat(g, 0)["attack"] == 2


def test_loadout_only_clashing_cards_are_discarded_and_only_held_ones():
    g = new_game()
    equip(g, 0, "galea", "gladius")
    to_space(g, 0)
    g.apply({"a": "draw", "p": 0})
    refused(g, {"a": "card", "p": 0, "c": "sica", "keep": 1, "discard": ["gladius", "galea"]}, "no_clash")
    refused(g, {"a": "card", "p": 0, "c": "sica", "keep": 1, "discard": ["hasta"]}, "not_held")
    refused(g, {"a": "card", "p": 0, "c": "sica", "keep": 0, "discard": []}, "bad_action")
    refused(g, {"a": "card", "p": 0, "c": "rudis", "keep": 1}, "unknown_card")
    take(g, 0, "sica")
    assert seat(g, 0)["kit"] == ["galea", "", "", "sica", ""]


def test_loadout_the_thief_takes_a_card_he_holds():
    g = new_game()
    equip(g, 0, "lorica")
    to_space(g, 0)
    g.apply({"a": "draw", "p": 0})
    refused(g, {"a": "lose", "p": 0, "c": "galea"}, "not_held")
    assert {"a": "lose", "p": 0, "c": "lorica"} in g.legal_actions(0)
    g.apply({"a": "lose", "p": 0, "c": "lorica"})
    assert seat(g, 0)["kit"] == kit.empty()


def test_loadout_card_values_are_data_and_the_table_may_type_in_its_own():
    assert CARDS["lorica"][4:] == (2, 2) and CARDS["trident"][2:4] == (2, 3) and len(CARD_NAMES) == len(CARDS)
    g = new_game(values={"lorica": [0, 0, 3, 1], "gladius": [3, 3, 0, 0]})
    assert g.state["values"]["lorica"] == [0, 0, 3, 1] and g.state["values"]["galea"] == default_values()["galea"]
    equip(g, 0, "lorica", "gladius")
    v = seat(g, 0)
    assert (v["attack"], v["defence"], v["encumbrance"]) == (3, 3, 1)


# ---- 10. flux ---------------------------------------------------------------------


def test_flux_cards_can_never_bring_hit_points_to_zero():
    g = new_game()
    to_space(g, 0)
    g.apply({"a": "draw", "p": 0})
    ev = g.apply({"a": "flux", "p": 0, "n": -5})
    assert seat(g, 0)["hp"] == 1 and of(ev, "hp")[0]["n"] == -1
    to_space(g, 0)
    g.apply({"a": "flux", "p": 0, "n": 3})  # a space's change (Bandits, Pirates, a gift) is permanent too
    assert seat(g, 0)["hp"] == 4
    to_space(g, 0)
    refused(g, {"a": "flux", "p": 0, "n": 0}, "bad_action")
    refused(g, {"a": "flux", "p": 0, "n": 6}, "bad_action")


# ---- set-up and refusals ----------------------------------------------------------


@pytest.mark.parametrize(
    "setup,words",
    [
        ({"players": 1, "seed": 1}, "players must be 2 to 6"),
        ({"players": 2}, "seed"),
        ({"players": 2, "seed": 1, "rejoin": 2}, "rejoin is 1"),
        ({"players": 2, "seed": 1, "values": {"rudis": [1, 1, 1, 1]}}, "not a card"),
        ({"players": 2, "seed": 1, "values": {"galea": [1, 1, 1]}}, "4 numbers"),
        ({"players": 2, "seed": 1, "values": {"galea": [0, 0, 10, 0]}}, "0 to 9"),
        ({"players": 2, "seed": 1, "board": 1}, "no set-up option"),
    ],
)
def test_setup_is_checked_with_clear_messages(setup, words):
    with pytest.raises(Illegal) as info:
        Game(rules.RULES, setup)
    assert info.value.code == "bad_setup" and words in info.value.message


def test_setup_defaults_alternate_rule_1_on_and_rule_2_off():
    g = Game(rules.RULES, {"players": 2, "seed": 1})
    assert g.setup == {"players": 2, "seed": 1, "last_alive": 1, "rejoin": 0}


def test_an_illegal_step_is_refused_with_a_stable_code_and_changes_nothing():
    g = new_game(players=3)
    refused(g, {"a": "nothing", "p": 0}, "wrong_phase")
    refused(g, {"a": "move", "p": 1}, "not_your_turn")
    refused(g, {"a": "move", "p": 0, "dice": [7]}, "bad_dice")
    refused(g, {"a": "fly", "p": 0}, "unknown_action")
    refused(g, {"a": "round"}, "wrong_phase")
    g.apply({"a": "move", "p": 0, "dice": [2]})
    refused(g, {"a": "arena", "p": 0, "pennants": 4, "vs": []}, "bad_action")
    refused(g, {"a": "arena", "p": 0, "pennants": 2, "vs": [0]}, "same_seat")
    refused(g, {"a": "arena", "p": 0, "pennants": 2, "vs": [1, 1]}, "bad_action")
    g.apply({"a": "draw", "p": 0})
    refused(g, {"a": "other", "p": 1}, "not_drawer")
    refused(g, {"a": "card", "p": 0, "c": "galea", "keep": "yes"}, "bad_action")
    g.apply({"a": "other", "p": 0})
    assert g.state["active"] == 1 and g.phase == "move"
