"""Morituri Te Salutamus v1.1: one scenario per referee feature (GAMES.md section 2), through
the public API (Game.apply) with the table's dice fixed in the actions' `dice` fields."""

import pytest

from games.morituri.content import CLASSES, MENU
from games.morituri.state import SPARED, hp, is_lying, is_out
from morituri_helpers import activate_all, fight, make_caesar, new_game, of, refused, to_melee

# ---- 1. classes ------------------------------------------------------------------


def test_classes_move_armour_dice_and_targets_are_data_in_one_place():
    assert CLASSES == {"heavy": (5, 4, 2, 4), "light": (7, 5, 2, 4), "animal": (10, 6, 3, 3), "rhino": (10, 3, 1, 3)}
    g = new_game(["heavy", "light", "animal"], ["rhino"])
    assert [hp(g.state, f) for f in range(4)] == [3, 3, 3, 3]


def test_classes_an_animal_rolls_three_dice_and_hits_on_3():
    g = new_game(["animal"], ["heavy"])
    to_melee(g)
    ev = fight(g, 0, 1, [[3, 3, 3], [2, 1]], [[], [1, 1]])
    assert of(ev, "hits")[0]["on_t"] == 2 and hp(g.state, 1) == 1


def test_classes_a_heavy_needs_4_to_hit():
    g = new_game(["heavy"], ["light"])
    to_melee(g)
    ev = fight(g, 0, 1, [[3, 3], [2, 1]])
    assert of(ev, "hits")[0]["on_t"] == 0 and hp(g.state, 1) == 3


def test_classes_a_rhino_rolls_one_die_and_a_fourth_die_is_refused():
    g = new_game(["rhino"], ["animal"])
    to_melee(g)
    message = refused(g, {"a": "melee", "p": 0, "f": 0, "t": 1, "dice": [[6, 6, 6, 6], [1, 1, 1]]}, "bad_dice")
    assert "1 die" in message
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 1, "dice": [[6], [1, 1]]}, "bad_dice")
    ev = fight(g, 0, 1, [[6], [1, 1, 1]], [[], [6]])
    assert of(ev, "hits")[0]["on_t"] == 1 and hp(g.state, 1) == 3  # 1 pair only; a 6 saves on 6+


# ---- 2. Caesar -------------------------------------------------------------------


def test_caesar_is_the_highest_2d6_and_a_tie_for_highest_rolls_again():
    g = new_game(["heavy"], ["heavy"], ["heavy"])
    ev = g.apply({"a": "initiative", "dice": [[[6, 5], [5, 6], [1, 2]], [[2, 2], [3, 3]]]})
    assert g.state["caesar"] == 1 and of(ev, "caesar")[0]["seat"] == 1
    assert len(of(ev, "roll")) == 5


def test_caesar_a_roll_that_leaves_a_tie_unsettled_is_refused():
    g = new_game(["heavy"], ["heavy"])
    refused(g, {"a": "initiative", "dice": [[[6, 5], [5, 6]]]}, "bad_dice")
    refused(g, {"a": "initiative", "dice": [[[6, 5, 1], [5, 6]]]}, "bad_dice")


def test_caesar_rolled_by_the_box_is_the_same_on_replay():
    g = new_game(["heavy"], ["heavy"], ["light"], seed=7)
    g.apply({"a": "initiative"})
    again = new_game(["heavy"], ["heavy"], ["light"], seed=7)
    again.apply({"a": "initiative"})
    assert g.state["caesar"] == again.state["caesar"] and g.digest() == again.digest()


def test_caesar_a_seat_that_overrode_the_crowd_sits_out_the_next_initiative():
    g = new_game(["heavy"], ["heavy", "heavy"], ["heavy", "heavy"])
    to_melee(g, 0)
    fight(g, 2, 3, [[6, 6], [1, 1]], [[], [1, 1]])
    fight(g, 0, 3, [[6, 6], [1, 1]], [[], [1, 6]])  # figure 3 falls, figure 0 took him to 0
    g.apply({"a": "end_melee", "p": 0})
    g.apply({"a": "implore", "p": 0, "f": 3, "dice": [6]})  # the crowd spares him
    ev = g.apply({"a": "thumb", "p": 0, "up": 0})  # Caesar kills him all the same
    assert of(ev, "override") and g.state["barred"] == [1, 0, 0]
    ev = g.apply({"a": "initiative", "dice": [[[1, 1], [6, 6]]]})  # seats 1 and 2 roll: seat 0 sits out
    assert of(ev, "sits_out") == [{"e": "sits_out", "seat": 0}]
    assert g.state["caesar"] == 2 and g.state["barred"] == [0, 0, 0]


# ---- 3. round walker -------------------------------------------------------------


def test_round_walker_initiative_movement_melee_implore_then_the_next_round():
    g = new_game(["heavy", "light"], ["animal"])
    assert g.phase == "initiative"
    refused(g, {"a": "activate", "p": 0, "f": 0}, "wrong_phase")
    make_caesar(g, 1)
    assert g.phase == "movement"
    refused(g, {"a": "activate", "p": 0, "f": 0}, "not_caesar")
    refused(g, {"a": "melee", "p": 1, "f": 0, "t": 2}, "wrong_phase")
    for f in (2, 0):  # Caesar's chosen order
        g.apply({"a": "activate", "p": 1, "f": f})
    refused(g, {"a": "activate", "p": 1, "f": 0}, "already_activated")
    assert g.state["activated"] == [2, 0]
    g.apply({"a": "activate", "p": 1, "f": 1})
    assert g.phase == "melee"
    g.apply({"a": "end_melee", "p": 1})  # nobody fell: nothing to implore
    assert g.phase == "initiative" and g.state["round"] == 2 and g.state["activated"] == []


def test_round_walker_nobody_but_caesar_acts_and_the_box_rolls_the_initiative():
    g = new_game(["heavy"], ["heavy"])
    assert g.legal_actions(0) == [] and g.legal_actions(-1) == [{"a": "initiative"}]
    make_caesar(g, 0)
    assert g.legal_actions(1) == [] and g.actors() == [0]


# ---- 4. melee pairs and modifiers ------------------------------------------------


def test_melee_pairs_are_chosen_by_caesar_once_each_and_not_of_one_seat():
    g = new_game(["heavy", "heavy"], ["light"], ["light"])
    to_melee(g, 2)
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 2}, "not_caesar")
    refused(g, {"a": "melee", "p": 2, "f": 0, "t": 1}, "same_side")
    refused(g, {"a": "melee", "p": 2, "f": 0, "t": 0}, "same_figure")
    fight(g, 0, 2, [[1, 1], [1, 1]])
    refused(g, {"a": "melee", "p": 2, "f": 2, "t": 0}, "pair_fought")
    fight(g, 1, 2, [[1, 1], [1, 1]])  # a figure touching several enemies fights them as separate pairs
    fight(g, 3, 2, [[1, 1], [1, 1]])


def test_melee_modifiers_apply_to_every_die_of_a_side():
    g = new_game(["heavy"], ["heavy"])
    to_melee(g)
    # contact +1 on 3,3 makes 4,4 (two hits); the other side attacked from the back: 5,5 -2 = 3,3
    ev = fight(g, 0, 1, [[3, 3], [5, 5]], [[], [1, 1]], fm=1, tm=3)
    assert of(ev, "melee")[0]["fmod"] == 1 and of(ev, "melee")[0]["tmod"] == -2
    h = of(ev, "hits")[0]
    assert (h["on_t"], h["on_f"]) == (2, 0) and hp(g.state, 1) == 1  # unmodified, 5,5 would have won


def test_melee_modifiers_contact_and_side():
    g = new_game(["heavy"], ["heavy"])
    to_melee(g)
    ev = fight(g, 0, 1, [[3, 3], [4, 4]], [[], [1, 1]], fm=1, tm=2)  # 4,4 against 3,3
    h = of(ev, "hits")[0]
    assert (h["on_t"], h["on_f"]) == (2, 0) and hp(g.state, 1) == 1
    assert MENU[4] == ("contact side", 0) and MENU[5] == ("contact back", -1)


def test_melee_killed_another_adds_1_to_every_die_automatically():
    g = new_game(["heavy", "heavy"], ["animal"], ["heavy"])
    to_melee(g)
    fight(g, 0, 2, [[6, 6], [1, 1, 1]], [[], [1, 1]])
    fight(g, 1, 2, [[6, 1], [1, 1, 1]], [[], [1]])
    assert g.state["kills"][1] == 1 and is_out(g.state, 2)
    ev = fight(g, 1, 3, [[3, 3], [2, 2]], [[], [6, 6]])  # 3+1 = 4 hits twice
    assert of(ev, "melee")[0]["fmod"] == 1 and of(ev, "hits")[0]["on_t"] == 2


def test_melee_menus_outside_the_menu_are_refused():
    g = new_game(["heavy"], ["heavy"])
    to_melee(g)
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 1, "fm": len(MENU)}, "bad_action")
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 1, "tm": -1}, "bad_action")


# ---- 5. dice comparison ----------------------------------------------------------


def test_dice_comparison_sorts_high_to_low_and_pairs_like_risk():
    g = new_game(["animal"], ["heavy"])
    to_melee(g)
    # animal 1,6,2 -> 6,2,1; heavy 5,3 -> 5,3: 6 v 5 animal hits (6 >= 3); 2 v 3 heavy wins but 3 < 4
    ev = fight(g, 0, 1, [[1, 6, 2], [3, 5]], [[], [1]])
    h = of(ev, "hits")[0]
    assert (h["on_t"], h["on_f"]) == (1, 0) and hp(g.state, 1) == 2


def test_dice_comparison_a_tied_pair_scores_no_hit():
    g = new_game(["heavy"], ["heavy"])
    to_melee(g)
    ev = fight(g, 0, 1, [[6, 5], [6, 5]])
    h = of(ev, "hits")[0]
    assert (h["on_t"], h["on_f"]) == (0, 0) and of(ev, "roll")[2:] == []


def test_dice_comparison_the_target_is_read_on_the_modified_die():
    g = new_game(["heavy"], ["heavy"])
    to_melee(g)
    ev = fight(g, 0, 1, [[5, 5], [1, 1]], fm=3)  # 5-2 = 3 beats 1 but misses 4+
    assert of(ev, "hits")[0]["on_t"] == 0


# ---- 6. armour -------------------------------------------------------------------


@pytest.mark.parametrize("cls,save", [("heavy", 4), ("light", 5), ("animal", 6), ("rhino", 3)])
def test_armour_check_one_die_per_hit_reaching_the_class_value_saves(cls, save):
    g = new_game(["animal"], [cls])
    to_melee(g)
    n = CLASSES[cls][2]
    hits = min(3, n)
    ev = fight(g, 0, 1, [[6, 6, 6], [1] * n], [[], [save] + [save - 1] * (hits - 1)])
    assert of(ev, "hits")[0]["wounds_t"] == hits - 1 and hp(g.state, 1) == 3 - (hits - 1)


def test_armour_dice_must_be_one_per_hit():
    g = new_game(["heavy"], ["heavy"])
    to_melee(g)
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 1, "dice": [[6, 6], [1, 1]], "armour": [[], [1]]}, "bad_dice")
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 1, "dice": [[6, 6], [1, 1]], "armour": [[1], [1, 1]]}, "bad_dice")


def test_armour_dice_refused_after_rolled_hit_dice_leave_the_generator_untouched():
    g = new_game(["heavy"], ["heavy"])
    to_melee(g)
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 1, "armour": [[7], []]}, "bad_dice")


# ---- 7. at 0 HP ------------------------------------------------------------------


def test_at_zero_hp_an_animal_is_removed_at_once():
    g = new_game(["heavy", "heavy"], ["animal", "heavy"])
    to_melee(g)
    ev = fight(g, 0, 2, [[6, 6], [1, 1, 1]], [[], [1, 1]])
    fight(g, 1, 2, [[6, 6], [1, 1, 1]], [[], [1, 6]])
    assert is_out(g.state, 2) and 2 not in g.state["waiting"]
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 2}, "removed")
    assert ev


def test_at_zero_hp_a_gladiator_lies_down_and_waits_to_implore():
    g = new_game(["heavy", "heavy"], ["light", "heavy"])
    to_melee(g)
    fight(g, 0, 2, [[6, 6], [1, 1]], [[], [1, 1]])
    ev = fight(g, 1, 2, [[6, 6], [1, 1]], [[], [1, 1]])
    assert of(ev, "down") == [{"e": "down", "f": 2}] and is_lying(g.state, 2) and hp(g.state, 2) == 0
    assert g.state["waiting"] == [2]
    g.state["fought"] = []  # were they free to fight again, he is out of commission
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 2}, "lying")


# ---- 8. implore ------------------------------------------------------------------


def _fallen(first_seat=("heavy", "heavy"), second_seat=("heavy", "heavy")):
    """Seat 1's figure 2 falls to seat 0's figure 0 in round 1 (the table's dice)."""
    g = new_game(list(first_seat), list(second_seat))
    to_melee(g)
    fight(g, 0, 2, [[6, 6], [1, 1]], [[], [1, 1]])
    fight(g, 1, 2, [[6, 6], [1, 1]], [[], [1, 6]])
    g.apply({"a": "end_melee", "p": 0})
    assert g.phase == "implore" and g.state["waiting"] == [2]
    return g


@pytest.mark.parametrize("die,crowd", [(4, 0), (5, 1), (6, 1)])
def test_implore_first_appeal_spares_on_5(die, crowd):
    g = _fallen()
    ev = g.apply({"a": "implore", "p": 0, "f": 2, "dice": [die]})
    assert of(ev, "verdict")[0]["yes"] == crowd and of(ev, "verdict")[0]["target"] == 5
    assert g.public_view()["crowd"] == [{"f": 2, "crowd": crowd}]


def _spared_and_standing():
    """Figure 2 falls in round 1, is spared, lies through round 2 and stands up in round 3."""
    g = _fallen()
    g.apply({"a": "implore", "p": 0, "f": 2, "dice": [6]})
    g.apply({"a": "thumb", "p": 0, "up": 1})
    make_caesar(g, 1)
    activate_all(g)
    g.apply({"a": "end_melee", "p": 1})
    make_caesar(g, 0)
    activate_all(g)
    assert hp(g.state, 2) == 1
    return g


@pytest.mark.parametrize("die,crowd", [(5, 0), (6, 1)])
def test_implore_a_following_appeal_needs_6(die, crowd):
    g = _spared_and_standing()
    fight(g, 0, 2, [[6, 1], [1, 1]], [[], [1]])
    g.apply({"a": "end_melee", "p": 0})
    ev = g.apply({"a": "implore", "p": 0, "f": 2, "dice": [die]})
    assert of(ev, "verdict")[0]["target"] == 6 and of(ev, "verdict")[0]["yes"] == crowd
    assert g.state["appeals"][2] == 2


def test_implore_plus_one_if_he_killed_another_even_a_spared_one():
    g = new_game(["heavy"], ["light", "heavy"], ["heavy"])
    to_melee(g)
    g.state["hp"]["at"][1] = 1  # a light already wounded twice
    fight(g, 0, 1, [[6, 1], [1, 1]], [[], [1]])
    assert g.state["kills"][0] == 1 and g.state["waiting"] == [1]
    fight(g, 2, 0, [[6, 6], [1, 1]], [[], [1, 1]])
    fight(g, 3, 0, [[6, 1], [1, 1]], [[], [1]])
    g.apply({"a": "end_melee", "p": 0})
    assert g.state["waiting"] == [1, 0]
    ev = g.apply({"a": "implore", "p": 0, "f": 0, "dice": [4]})  # 4 + 1 reaches 5
    assert of(ev, "verdict")[0]["total"] == 5 and of(ev, "verdict")[0]["yes"] == 1
    g.apply({"a": "thumb", "p": 0, "up": 1})
    ev = g.apply({"a": "implore", "p": 0, "f": 1, "dice": [4]})  # no kill: 4 fails
    assert of(ev, "verdict")[0]["total"] == 4 and of(ev, "verdict")[0]["yes"] == 0


def test_implore_caesar_gives_his_thumb_and_the_crowd_stands_without_penalty():
    g = _fallen()
    refused(g, {"a": "thumb", "p": 0, "up": 1}, "no_appeal")
    g.apply({"a": "implore", "p": 0, "f": 2, "dice": [1]})
    refused(g, {"a": "implore", "p": 0, "f": 2}, "thumb_first")
    refused(g, {"a": "thumb", "p": 1, "up": 1}, "not_caesar")
    ev = g.apply({"a": "thumb", "p": 0, "up": 0})
    assert of(ev, "killed") == [{"e": "killed", "f": 2}] and not of(ev, "override")
    assert g.state["barred"] == [0, 0] and is_out(g.state, 2) and g.phase == "initiative"


def test_implore_a_thumb_up_against_the_crowd_spares_and_bars_caesar():
    g = _fallen()
    g.apply({"a": "implore", "p": 0, "f": 2, "dice": [2]})
    ev = g.apply({"a": "thumb", "p": 0, "up": 1})
    assert of(ev, "override") and of(ev, "spared") and g.state["barred"] == [1, 0]


def test_implore_animals_never_implore():
    g = new_game(["heavy"], ["animal", "heavy"])
    to_melee(g)
    fight(g, 0, 1, [[6, 6], [1, 1, 1]], [[], [1, 1]])
    fight(g, 0, 2, [[1, 1], [1, 1]])
    g.apply({"a": "end_melee", "p": 0})
    assert g.phase == "initiative"  # nothing to implore


# ---- 9. spared -------------------------------------------------------------------


def test_spared_gladiators_do_nothing_for_one_full_round_then_stand_up_with_1_hp():
    g = _fallen()
    g.apply({"a": "implore", "p": 0, "f": 2, "dice": [6]})
    g.apply({"a": "thumb", "p": 0, "up": 1})
    s = g.state
    assert s["flags"][2] & SPARED and is_lying(s, 2) and hp(s, 2) == 0
    make_caesar(g, 1)  # round 2: he does nothing
    refused(g, {"a": "activate", "p": 1, "f": 2}, "lying")
    activate_all(g)
    assert s["activated"] == [0, 1, 3]
    refused(g, {"a": "melee", "p": 1, "f": 0, "t": 2}, "lying")
    g.apply({"a": "end_melee", "p": 1})
    make_caesar(g, 0)  # round 3: up with 1 HP when Caesar calls him
    ev = g.apply({"a": "activate", "p": 0, "f": 2})
    assert of(ev, "stand") == [{"e": "stand", "f": 2, "hp": 1}] and hp(s, 2) == 1 and not is_lying(s, 2)
    activate_all(g)
    ev = fight(g, 2, 0, [[6, 6], [1, 1]], [[], [6, 6]])  # he fights normally
    assert of(ev, "hits")[0]["on_t"] == 2


# ---- 10. kills -------------------------------------------------------------------


def test_kills_are_credited_to_the_figure_whose_hit_took_the_victim_to_0():
    g = new_game(["heavy", "light"], ["heavy"])
    to_melee(g)
    fight(g, 0, 2, [[6, 6], [1, 1]], [[], [1, 1]])
    ev = fight(g, 1, 2, [[6, 6], [1, 1]], [[], [1, 6]])
    assert of(ev, "kill") == [{"e": "kill", "by": 1, "f": 2}] and g.state["kills"] == [0, 1, 0]


# ---- 11. end ---------------------------------------------------------------------


def test_end_when_only_one_seats_figures_remain():
    g = new_game(["heavy", "rhino"], ["animal"], ["light"])
    to_melee(g)
    fight(g, 0, 2, [[6, 6], [1, 1, 1]], [[], [1, 1]])
    fight(g, 1, 3, [[6], [1, 1]], [[], [1]])
    ev = fight(g, 1, 2, [[6], [1, 1, 1]], [[], [1]])
    assert of(ev, "removed") == [{"e": "removed", "f": 2}] and g.phase == "melee"  # seats 0 and 2 remain
    g.apply({"a": "end_melee", "p": 0})
    make_caesar(g, 2)
    activate_all(g)
    fight(g, 0, 3, [[6, 6], [1, 1]], [[], [1, 1]])
    g.apply({"a": "end_melee", "p": 2})
    ev = g.apply({"a": "implore", "p": 2, "f": 3, "dice": [1]})
    ev = g.apply({"a": "thumb", "p": 2, "up": 0})
    assert of(ev, "over") == [{"e": "over", "winner": 0}] and g.state["winner"] == 0
    refused(g, {"a": "end_melee", "p": 0}, "game_over")
    assert g.legal_actions(0) == [] and g.legal_actions(-1) == []


def test_end_a_lying_gladiator_still_counts_until_the_crowd_and_caesar_decide():
    g = new_game(["heavy", "heavy"], ["light"])
    to_melee(g)
    fight(g, 0, 2, [[6, 6], [1, 1]], [[], [1, 1]])
    fight(g, 1, 2, [[6, 6], [1, 1]], [[], [6, 1]])
    assert g.phase == "melee" and g.state["waiting"] == [2]  # his seat is still in the arena
    g.apply({"a": "end_melee", "p": 0})
    g.apply({"a": "implore", "p": 0, "f": 2, "dice": [6]})
    ev = g.apply({"a": "thumb", "p": 0, "up": 0})
    assert of(ev, "over") == [{"e": "over", "winner": 0}] and g.phase == "over"


def test_end_both_last_figures_fall_at_once_and_nobody_wins():
    g = new_game(["animal"], ["animal"])
    to_melee(g)
    g.state["hp"]["at"] = [1, 1]
    ev = fight(g, 0, 1, [[6, 2, 1], [5, 3, 1]], [[1], [1]])
    assert len(of(ev, "removed")) == 2 and g.state["winner"] == -1 and g.phase == "over"


def test_caesar_with_one_seat_left_to_roll_it_is_caesar_without_a_roll():
    g = _fallen()
    g.apply({"a": "implore", "p": 0, "f": 2, "dice": [1]})
    g.apply({"a": "thumb", "p": 0, "up": 1})  # against the crowd: seat 0 is barred
    ev = g.apply({"a": "initiative"})
    assert g.state["caesar"] == 1 and of(ev, "roll") == [] and of(ev, "sits_out") == [{"e": "sits_out", "seat": 0}]
