"""The Morituri board game's combats: one scenario per rule of GAMES.md section 3 features 4-9
(player against player, the casses, the crowd at 1 HP, rewards, the bestiarius, Roma and the
alternate rules), through Game.apply with the table's dice fixed."""

import pytest

from games.morituri_board.combat import bonuses
from games.morituri_board.kit import beast
from mboard_helpers import arena, arrive, equip, fight_round, new_game, of, refused, seat, skip_to, to_space

DEF3 = {"ocrea": [0, 0, 3, 0]}  # a table's own value: greaves of defence 3 and no encumbrance


def duel(values=None, a_cards=(), b_cards=(), players=2, b_gains=0, **options):
    """Seat 0 (with a_cards) lands on an arena where seat 1 (with b_cards, and b_gains more hit
    points from a space) stands."""
    g = new_game(players=players, values=values or {}, **options)
    for c in a_cards:
        equip(g, 0, c)
    for c in b_cards:
        equip(g, 1, c)
    if b_gains:
        to_space(g, 1)
        g.apply({"a": "flux", "p": 1, "n": b_gains})
    arena(g, 0, 2, [1])
    assert g.phase == "fight"
    return g


# ---- 4. player against player -----------------------------------------------------


def test_target_number_is_7_plus_the_opponents_defence_minus_his_own_attack():
    g = duel(DEF3, ["gladius"], ["ocrea"])  # 7 + 3 - 2 = 8 for seat 0; 7 + 0 - 1 = 6 for seat 1
    ev = fight_round(g, [3, 4], [1, 4])
    assert of(ev, "round")[0]["on_b"] == 0 and of(ev, "round")[0]["on_a"] == 0
    ev = fight_round(g, [4, 4], [3, 3])
    r = of(ev, "round")[0]
    assert (r["on_b"], r["on_a"], r["hp"]) == (1, 1, [1, 1])


def test_encumbrance_the_lighter_gets_plus_1_a_round_up_to_the_difference_then_keeps_it():
    assert [bonuses(r, (1, 1, 0, 0, 0, 0), (1, 1, 0, 3, 0, 0)) for r in (1, 2, 3, 4, 9)] == [
        (1, 0),
        (2, 0),
        (3, 0),
        (3, 0),
        (3, 0),
    ]  # the rulebook's example: a difference of 3
    heavy, light = (1, 1, 0, 2, 0, 0), (1, 1, 0, 0, 0, 0)
    assert [bonuses(r, heavy, light) for r in (1, 2, 3)] == [(0, 1), (0, 2), (0, 2)]  # either side may be lighter
    assert bonuses(5, light, light) == (0, 0)
    g = duel(None, [], ["lorica", "gladius", "scutum"])  # seat 1: defence 4, encumbrance 4; seat 0 needs 10
    ev = fight_round(g, [4, 4], [1, 1])  # 8 + 1 misses
    assert of(ev, "round")[0]["on_b"] == 0
    ev = fight_round(g, [4, 4], [1, 1])  # 8 + 2 hits
    assert of(ev, "round")[0]["on_b"] == 1


def test_natural_2_always_misses_and_natural_12_always_hits():
    g = duel({"ocrea": [0, 0, 9, 0], "gladius": [9, 9, 0, 0]}, ["gladius"], ["ocrea"])
    # seat 0 needs 7 + 9 - 9 = 7; seat 1 needs 7 + 0 - 1 = 6
    ev = fight_round(g, [1, 1], [6, 6])
    r = of(ev, "round")[0]
    assert (r["on_b"], r["on_a"]) == (0, 1)
    g = duel({"ocrea": [0, 0, 9, 0]}, [], ["ocrea"])  # seat 0 needs 7 + 9 - 1 = 15
    ev = fight_round(g, [6, 6], [1, 1])
    assert of(ev, "round")[0]["on_b"] == 1


def test_attacks_are_simultaneous_and_both_can_die():
    g = new_game(players=2)
    arrive(g, 0)
    g.apply({"a": "wait", "p": 0})
    arrive(g, 1)  # Roma: to the death
    fight_round(g, [6, 6], [6, 6])
    ev = fight_round(g, [6, 6], [6, 6])
    assert [e["seat"] for e in of(ev, "dies")] == [1, 0]
    assert g.phase == "over" and g.state["winner"] == -1  # a game with no winner


def test_the_dual_gladius_attacks_twice_at_value_2():
    g = duel(None, ["dual_gladius"], [])
    refused(g, {"a": "round", "dice": [[6, 6], [1, 1]]}, "bad_dice")
    ev = fight_round(g, [2, 3, 3, 2], [1, 1])  # two attacks of 5, each against 7 + 0 - 2 = 5
    r = of(ev, "round")[0]
    assert r["on_b"] == 2 and of(ev, "dies")[0]["seat"] == 1 and of(ev, "fight_over")[0]["winner"] == 0


# ---- 5. casses --------------------------------------------------------------------


def test_casses_a_higher_roll_halves_the_defence_rounded_down_for_that_round_only():
    g = duel(DEF3, ["casses"], ["ocrea"], b_gains=3)  # seat 0 needs 7 + 3 - 1 = 9, netted 7 + 1 - 1 = 7
    refused(g, {"a": "round", "dice": [[3, 4], [1, 1]], "net": [5]}, "bad_dice")
    ev = fight_round(g, [3, 4], [1, 1], net=[5, 2])
    r = of(ev, "round")[0]
    assert r["netted"] == [0, 1] and r["on_b"] == 1 and r["hp"] == [2, 4]
    ev = fight_round(g, [3, 4], [1, 1], net=[3, 3])  # a tie nets nobody
    assert of(ev, "round")[0]["netted"] == [0, 0] and of(ev, "round")[0]["on_b"] == 0
    ev = fight_round(g, [3, 4], [1, 1], net=[1, 6])  # the last round's net does not carry over
    assert of(ev, "round")[0]["on_b"] == 0
    ev = fight_round(g, [3, 4], [1, 1], net=[6, 1])
    assert of(ev, "round")[0]["hp"] == [2, 3]


def test_casses_the_secutor_galea_adds_1_against_it_and_nobody_rolls_without_a_casses():
    g = duel(None, ["casses"], ["secutor_galea"])
    ev = fight_round(g, [1, 1], [1, 1], net=[4, 3])  # 4 against 3 + 1: a tie
    assert of(ev, "round")[0]["netted"] == [0, 0]
    g = duel(None, ["gladius"], ["secutor_galea"])
    refused(g, {"a": "round", "dice": [[1, 1], [1, 1]], "net": [4, 3]}, "bad_dice")
    ev = g.apply({"a": "round"})
    assert not [e for e in of(ev, "roll") if e["why"] == "casses"]


# ---- 6. crowd at 1 HP -------------------------------------------------------------


def test_crowd_both_at_1_hp_ends_the_fight_with_no_winner():
    g = duel()
    ev = fight_round(g, [6, 6], [6, 6])
    assert of(ev, "fight_over") == [{"e": "fight_over", "winner": -1, "beast": 0}]
    assert [seat(g, p)["hp"] for p in (0, 1)] == [2, 2]  # combat hit points come back
    assert g.state["active"] == 1 and g.phase == "move"


def test_crowd_one_at_1_hp_rolls_1_or_2_and_one_more_round_is_fought():
    g = duel()
    fight_round(g, [6, 6], [1, 1])
    assert g.phase == "crowd" and g.actors() == [1]
    refused(g, {"a": "crowd", "p": 0}, "not_reduced")
    ev = g.apply({"a": "crowd", "p": 1, "dice": [2]})
    assert of(ev, "one_more_round") and g.phase == "fight"
    ev = fight_round(g, [1, 1], [1, 1])  # nothing happens: the fight is over and seat 0 wins
    assert of(ev, "fight_over")[0]["winner"] == 0 and g.phase == "draw"


def test_crowd_the_extra_round_may_kill_him():
    g = duel()
    fight_round(g, [6, 6], [1, 1])
    g.apply({"a": "crowd", "p": 1, "dice": [1]})
    ev = fight_round(g, [6, 6], [1, 1])
    assert of(ev, "dies")[0]["seat"] == 1 and seat(g, 0)["hp"] == 3
    assert g.phase == "draw" and g.state["winner"] == -1  # alternate rule 1: seat 0 still owes Roma a bestiarius
    g = duel(last_alive=0)
    fight_round(g, [6, 6], [1, 1])
    g.apply({"a": "crowd", "p": 1, "dice": [1]})
    fight_round(g, [6, 6], [1, 1])
    assert g.phase == "over" and g.state["winner"] == 0


def test_crowd_3_to_6_shows_mercy_and_the_opponent_wins():
    g = duel()
    fight_round(g, [6, 6], [1, 1])
    ev = g.apply({"a": "crowd", "p": 1, "dice": [3]})
    assert of(ev, "mercy") and g.phase == "mercy"
    ev = g.apply({"a": "thumb", "p": 1, "up": 1})
    assert of(ev, "fight_over")[0]["winner"] == 0 and seat(g, 1)["hp"] == 2 and seat(g, 1)["where"] == "road"


def test_crowd_he_may_refuse_mercy_and_fight_that_round_anyway():
    g = duel()
    fight_round(g, [6, 6], [1, 1])
    g.apply({"a": "crowd", "p": 1, "dice": [6]})
    ev = g.apply({"a": "thumb", "p": 1, "up": 0})
    assert of(ev, "refuses_mercy") and g.phase == "fight"
    ev = fight_round(g, [1, 1], [6, 6])  # he takes seat 0 to 1 too: both at 1, nobody wins
    assert of(ev, "fight_over")[0]["winner"] == -1


def test_crowd_in_roma_every_fight_is_to_the_death():
    g = new_game()
    arrive(g, 0)
    g.apply({"a": "wait", "p": 0})
    arrive(g, 1)
    ev = fight_round(g, [6, 6], [1, 1])
    assert g.phase == "fight" and not of(ev, "at_1")
    ev = fight_round(g, [1, 1], [6, 6])
    assert g.phase == "fight" and of(ev, "round")[0]["hp"] == [1, 1]  # both at 1: still no end in Roma
    ev = fight_round(g, [6, 6], [1, 1])
    assert of(ev, "dies")[0]["seat"] == 0 and g.state["winner"] == 1 and g.phase == "over"


# ---- 7. rewards -------------------------------------------------------------------


def test_rewards_the_winner_gains_1_hit_point_and_draws_a_card():
    g = duel()
    fight_round(g, [6, 6], [1, 1])
    g.apply({"a": "crowd", "p": 1, "dice": [4]})
    g.apply({"a": "thumb", "p": 1, "up": 1})
    assert seat(g, 0)["hp"] == 3 and g.phase == "draw" and g.actors() == [0]
    g.apply({"a": "card", "p": 0, "c": "gladius", "keep": 1, "discard": []})
    assert seat(g, 0)["kit"][3] == "gladius" and g.state["active"] == 1


def test_rewards_go_to_the_winner_even_when_it_is_not_his_turn():
    g = duel()
    fight_round(g, [1, 1], [6, 6])  # seat 0 landed; seat 1 wins
    g.apply({"a": "crowd", "p": 0, "dice": [5]})
    g.apply({"a": "thumb", "p": 0, "up": 1})
    assert seat(g, 1)["hp"] == 3 and g.actors() == [1]
    g.apply({"a": "other", "p": 1})
    assert g.state["active"] == 1 and g.phase == "move"


def test_rewards_several_opponents_are_fought_one_after_another_with_winnings_between():
    g = new_game(players=4)
    arena(g, 0, 1, [3, 1])
    assert of(g.apply({"a": "round", "dice": [[6, 6], [1, 1]]}), "at_1")  # seat 1 first: clockwise from seat 0
    g.apply({"a": "crowd", "p": 1, "dice": [6]})
    g.apply({"a": "thumb", "p": 1, "up": 1})
    g.apply({"a": "card", "p": 0, "c": "trident", "keep": 1, "discard": []})
    ev = g.apply({"a": "round", "dice": [[3, 3], [1, 1]]})  # against seat 3, 6 hits with the trident (7 - 3 = 4)
    assert of(ev, "round")[0]["on_b"] == 1 and g.state["fight"]["b"] == 3
    assert g.state["fight"]["hp"] == [3, 1]  # full combat hit points again, the won one included


# ---- 8. bestiarius ----------------------------------------------------------------


def test_bestiarius_the_beast_has_the_pennants_as_attack_and_defence_and_1_hp():
    assert beast(2) == (2, 1, 2, 0, 0, 0)
    g = new_game()
    equip(g, 0, "lorica")  # encumbrance 2: the beast gets no bonus from it
    arena(g, 0, 2)
    f = g.state["fight"]
    assert (f["b"], f["pennants"], f["hp"]) == (-1, 2, [2, 1])
    ev = fight_round(g, [3, 4], [2, 2])  # 7 < 7 + 2 - 1 = 8; the beast's 4 < 7 + 2 - 2 = 7
    assert of(ev, "round")[0]["on_a"] == 0 and of(ev, "round")[0]["on_b"] == 0
    ev = fight_round(g, [4, 4], [1, 2])
    assert of(ev, "fight_over") == [{"e": "fight_over", "winner": 0, "beast": 0}]
    assert seat(g, 0)["hp"] == 2 and g.phase == "draw"  # a card, no hit point


def test_bestiarius_is_always_to_the_death_and_a_dead_gladiator_is_out():
    g = new_game(players=3)
    arena(g, 0, 3)
    fight_round(g, [1, 1], [6, 6])
    ev = fight_round(g, [1, 1], [6, 6])
    assert of(ev, "fight_over")[0] == {"e": "fight_over", "winner": -1, "beast": 1}
    assert seat(g, 0)["where"] == "dead" and seat(g, 0)["hp"] == 0 and g.state["active"] == 1
    skip_to(g, 2)
    g.apply({"a": "move", "p": 2, "dice": [1]})
    g.apply({"a": "nothing", "p": 2})
    assert g.state["active"] == 1  # the dead are skipped
    to_space(g, 1)
    refused(g, {"a": "arena", "p": 1, "pennants": 1, "vs": [0]}, "not_on_road")


# ---- 9. Roma ----------------------------------------------------------------------


def test_roma_each_arrival_draws_a_card_before_any_combat_then_waits_or_fights_the_4_4_beast():
    g = new_game(players=3)
    to_space(g, 0)
    g.apply({"a": "roma", "p": 0})
    assert g.phase == "draw" and g.actors() == [0]
    g.apply({"a": "card", "p": 0, "c": "scutum", "keep": 1, "discard": []})
    assert g.phase == "roma" and sorted(a["a"] for a in g.legal_actions(0)) == ["beast", "wait"]
    g.apply({"a": "wait", "p": 0})
    skip_to(g, 0)
    assert g.phase == "roma"  # no move while he waits there
    g.apply({"a": "beast", "p": 0})
    f = g.state["fight"]
    assert (f["pennants"], f["roma"], f["hp"]) == (4, 1, [2, 1])
    ev = fight_round(g, [6, 6], [1, 1])
    assert of(ev, "fight_over")[0]["winner"] == 0 and seat(g, 0)["hp"] == 2 and seat(g, 0)["roma_won"] == 1
    g.apply({"a": "other", "p": 0})
    assert g.state["active"] == 1


def test_roma_the_champion_fights_each_new_arrival_to_the_death_and_the_last_one_wins():
    g = new_game(players=3)
    arrive(g, 0)
    g.apply({"a": "wait", "p": 0})
    arrive(g, 1, "gladius")  # his arrival card first, then the fight
    f = g.state["fight"]
    assert (f["a"], f["b"], f["roma"]) == (1, 0, 1)
    fight_round(g, [6, 6], [1, 1])
    ev = fight_round(g, [6, 6], [1, 1])
    assert of(ev, "dies")[0]["seat"] == 0 and seat(g, 1)["hp"] == 2  # in Roma, no hit point for the win
    g.apply({"a": "other", "p": 1})  # the winner's card
    assert g.phase == "move" and g.state["active"] == 2
    arrive(g, 2)
    fight_round(g, [1, 1], [6, 6])
    ev = fight_round(g, [1, 1], [6, 6])
    assert g.phase == "over" and g.state["winner"] == 1 and of(ev, "over")


def test_roma_owner_in_debt_sends_even_a_gladiator_in_roma_to_the_dalmatian_coast():
    g = new_game(players=2)
    to_space(g, 0)
    g.apply({"a": "roma", "p": 0})
    g.apply({"a": "debt", "p": 0})
    assert seat(g, 0)["where"] == "road" and g.state["active"] == 1
    arrive(g, 1)
    assert g.phase == "roma"  # nobody waits there now


def test_alternate_rule_1_the_last_gladiator_alive_must_still_win_a_bestiarius_in_roma():
    g = new_game(players=2)
    arena(g, 0, 1)
    fight_round(g, [1, 1], [6, 6])
    fight_round(g, [1, 1], [6, 6])
    assert seat(g, 0)["where"] == "dead" and g.phase == "move" and g.state["active"] == 1
    arrive(g, 1)
    g.apply({"a": "beast", "p": 1})
    ev = fight_round(g, [6, 6], [1, 1])
    assert g.phase == "over" and g.state["winner"] == 1 and of(ev, "over")


def test_alternate_rule_1_off_the_last_gladiator_alive_wins_at_once():
    g = new_game(players=2, last_alive=0)
    arena(g, 0, 1)
    fight_round(g, [1, 1], [6, 6])
    fight_round(g, [1, 1], [6, 6])
    assert g.phase == "over" and g.state["winner"] == 1


def test_alternate_rule_2_the_dead_outside_roma_sit_out_a_turn_and_come_back_fresh():
    g = new_game(players=2, rejoin=1)
    equip(g, 0, "lorica")
    arena(g, 0, 3)
    fight_round(g, [1, 1], [6, 6])
    ev = fight_round(g, [1, 1], [6, 6])
    assert of(ev, "dies") == [{"e": "dies", "seat": 0, "back": 1}] and g.phase == "move"
    g.apply({"a": "move", "p": 1, "dice": [1]})
    ev = g.apply({"a": "nothing", "p": 1})
    assert of(ev, "sits_out") == [{"e": "sits_out", "seat": 0}] and g.state["active"] == 1
    g.apply({"a": "move", "p": 1, "dice": [1]})
    ev = g.apply({"a": "nothing", "p": 1})
    assert of(ev, "comes_back") and g.state["active"] == 0
    v = seat(g, 0)
    assert (v["hp"], v["kit"], v["where"]) == (2, ["", "", "", "", ""], "road")


def test_alternate_rule_2_the_dead_in_roma_are_out_for_good():
    g = new_game(players=3, rejoin=1)
    arrive(g, 0)
    g.apply({"a": "beast", "p": 0})
    fight_round(g, [1, 1], [6, 6])
    ev = fight_round(g, [1, 1], [6, 6])
    assert of(ev, "dies") == [{"e": "dies", "seat": 0, "back": 0}] and seat(g, 0)["where"] == "dead"


@pytest.mark.parametrize("die,phase", [(1, "fight"), (2, "fight"), (3, "mercy"), (6, "mercy")])
def test_crowd_the_die_1_2_blood_3_6_mercy(die, phase):
    g = duel()
    fight_round(g, [6, 6], [1, 1])
    g.apply({"a": "crowd", "p": 1, "dice": [die]})
    assert g.phase == phase


def test_casses_on_both_sides_the_higher_roll_nets_the_other():
    g = duel(DEF3, ["casses"], ["casses", "ocrea"], b_gains=3)
    ev = fight_round(g, [1, 1], [1, 1], net=[2, 5])
    assert of(ev, "round")[0]["netted"] == [1, 0]
    ev = fight_round(g, [1, 1], [1, 1], net=[4, 4])
    assert of(ev, "round")[0]["netted"] == [0, 0]


def test_crowd_a_gladiator_who_came_in_with_1_hp_faces_the_crowd_after_the_first_round():
    g = new_game()
    to_space(g, 1)
    g.apply({"a": "flux", "p": 1, "n": -1})  # seat 1 down to 1 HP for good
    arena(g, 0, 1, [1])
    ev = fight_round(g, [1, 1], [1, 1])  # nobody is hit
    assert of(ev, "at_1") == [{"e": "at_1", "seat": 1}] and g.phase == "crowd"


def test_alternate_rule_2_a_gladiator_away_cannot_be_fought():
    g = new_game(players=3, rejoin=1)
    arena(g, 0, 3)
    fight_round(g, [1, 1], [6, 6])
    fight_round(g, [1, 1], [6, 6])
    assert seat(g, 0)["where"] == "rest"
    to_space(g, 1)
    refused(g, {"a": "arena", "p": 1, "pennants": 1, "vs": [0]}, "not_on_road")


def test_owner_in_debt_won_in_a_fight_ends_the_movers_turn_and_his_next_fight():
    g = new_game(players=3)
    arena(g, 0, 2, [1, 2])
    fight_round(g, [6, 6], [1, 1])
    g.apply({"a": "crowd", "p": 1, "dice": [5]})
    g.apply({"a": "thumb", "p": 1, "up": 1})
    ev = g.apply({"a": "debt", "p": 0})  # his reward card sends him away: no fight against seat 2
    assert of(ev, "debt") and not of(ev, "fight") and g.state["active"] == 1 and g.phase == "move"


def test_owner_in_debt_drawn_by_the_other_side_moves_only_him():
    g = new_game(players=3)
    arena(g, 0, 2, [1, 2])
    fight_round(g, [1, 1], [6, 6])
    g.apply({"a": "crowd", "p": 0, "dice": [5]})
    g.apply({"a": "thumb", "p": 0, "up": 1})
    ev = g.apply({"a": "debt", "p": 1})  # seat 1 won and drew it; seat 0 still fights seat 2
    assert of(ev, "fight") == [{"e": "fight", "a": 0, "b": 2, "pennants": 0, "roma": 0}]
    assert seat(g, 1)["hp"] == 3 and seat(g, 1)["where"] == "road"


def test_roma_a_champion_whose_reward_is_owner_in_debt_leaves_roma_empty():
    g = new_game(players=3)
    arrive(g, 0)
    g.apply({"a": "wait", "p": 0})
    arrive(g, 1)
    fight_round(g, [1, 1], [6, 6])
    fight_round(g, [1, 1], [6, 6])  # the champion (seat 0) kills the newcomer
    assert g.actors() == [0]
    g.apply({"a": "debt", "p": 0})
    assert seat(g, 0)["where"] == "road" and seat(g, 1)["where"] == "dead" and g.state["active"] == 2
    arrive(g, 2)
    assert g.phase == "roma"  # nobody waits for him
