"""Munera Sine Missione: one scenario per rule (GAMES.md section 1), through the public API
(Game.apply) with the table's dice fixed in the actions' flat `dice` lists.

A few scenarios set a precondition straight in the state (a gladiator's fatigue, a tally of
the day) where reaching it through play would take dozens of fixed rolls; the rule itself
is always driven through apply."""

from games.munera import rules
from games.munera.arena import quadrant, scatter_dir
from games.munera.state import exhausted, injured, tired
from munera_helpers import act, attack, bout, end, glad, of, refused, start
from referee.engine import Game

# ---- 2. stamina ------------------------------------------------------------------


def test_stamina_is_4_plus_a_d6():
    g = bout("gaul", "samnite", stamina=[1, 6])
    assert (glad(g, 0)["stam"], glad(g, 1)["stam"]) == (5, 10)
    assert glad(g, 0)["start"] == 5


def test_stamina_is_6_plus_a_d6_with_the_stamina_skill():
    g = bout({"profile": "gaul", "skills": ["stamina"]}, "samnite", stamina=[3, 3])
    assert (glad(g, 0)["stam"], glad(g, 1)["stam"]) == (9, 7)


def test_stamina_rolls_refuse_a_wrong_number_of_dice_and_roll_arrows_d6_plus_3():
    g = Game(rules.RULES, {"gladiators": ["sagittarius", "gaul"], "seed": 3})
    refused(g, {"a": "stamina", "dice": [2, 2]}, "bad_dice")  # the bow's arrows are rolled too
    refused(g, {"a": "stamina", "dice": [2, 2, 7]}, "bad_dice")
    g.apply({"a": "stamina", "dice": [2, 2, 4]})
    assert glad(g, 0)["kit"][0] == ["bow", 1, 7] and g.phase == "order"


# ---- 3. order of play ----------------------------------------------------------


def test_order_of_play_is_a_roll_off_with_ties_rolled_again():
    g = Game(rules.RULES, {"gladiators": ["gaul", "gaul", "gaul"], "seed": 1})
    g.apply({"a": "stamina", "dice": [3, 3, 3]})
    refused(g, {"a": "order", "dice": [[4, 4, 2]]}, "bad_dice")  # the tie is not settled
    g.apply({"a": "order", "dice": [[4, 4, 2], [3, 5]]})
    assert g.state["order"] == [1, 0, 2] and g.state["turn"] == 1 and g.phase == "start"


def test_order_of_play_skips_the_beaten():
    g = bout("gaul", "gaetulian", "gaul", at=[[0, 0, 0], [1, 0, 3], [-3, 0, 0]])
    start(g, 3)
    attack(g, 1, dice=[2, 2])  # Double 2, adjacent: the defender is floored and appeals
    assert g.phase == "appeal" and g.state["waiting"] == [1]
    g.apply({"a": "appeal", "p": 1, "dice": [6, 6]})
    assert glad(g, 1)["out"] == "spared" and g.phase == "act"
    end(g)
    assert g.state["turn"] == 2


# ---- 4. the AP roll --------------------------------------------------------------


def ap_of(profile, die, **state):
    g = bout(profile, "gaul")
    glad(g, 0).update(state)
    ev = start(g, die)
    return of(ev, "ap")[0]["ap"], g


def test_ap_roll_no_armour_plus_2_light_plus_1_large_shield_minus_1():
    assert ap_of("gaetulian", 3)[0] == 5
    assert ap_of("secutor", 3)[0] == 4
    assert ap_of("retiarius", 3)[0] == 4  # the galerus counts as light armour
    assert ap_of("samnite", 3)[0] == 3  # light +1, large shield -1
    assert ap_of("gaul", 3)[0] == 4


def test_ap_roll_is_never_below_zero():
    assert ap_of("crupellarius", 1)[0] == 0


def test_ap_roll_tired_minus_1_exhausted_minus_2_injured_minus_1():
    assert ap_of("gaetulian", 3, fat=11)[0] == 4
    assert ap_of("gaetulian", 3, fat=21)[0] == 3
    assert ap_of("gaetulian", 3, stam=5)[0] == 4
    assert ap_of("gaetulian", 3, stam=6)[0] == 5  # 4 of 10 lost: not yet half


def test_ap_roll_entangled_minus_3_hazed_minus_2_reflexes_plus_1():
    assert ap_of("gaetulian", 6, tangle=1, tangle_w="net")[0] == 5
    assert ap_of("gaetulian", 6, hazed=1)[0] == 6
    assert ap_of({"profile": "gaetulian", "skills": ["reflexes"]}, 3)[0] == 6


def test_ap_roll_knocked_down_minus_2_or_the_save_and_he_stands_but_stays_put():
    assert ap_of("gaetulian", 6, down=1)[0] == 6  # save 0: -2
    n, g = ap_of("crupellarius", 6, down=1)
    assert n == 0  # 6 - 1 (heavy, large shield) - 5 (his save)
    n, g = ap_of("gaul", 6, down=1)  # save 2: -2
    assert n == 5 and glad(g, 0)["down"] == 0 and glad(g, 0)["stood"] == 1
    refused(g, {"a": "move", "p": 0, "d": 0}, "stood_up")
    act(g, "turn", by=1)  # he may change facing


# ---- 5. the forced appeal ------------------------------------------------------


def test_forced_appeal_when_tired_at_minus_6_in_an_adjacent_foes_front():
    g = bout("crupellarius", "gaul")
    glad(g, 0).update(fat=21, tangle=1, tangle_w="net")  # -1 kit, -2 exhausted, -3 entangled
    refused(g, {"a": "ap", "p": 0, "dice": [6]}, "bad_dice")  # no AP are rolled: he gives in
    ev = g.apply({"a": "ap", "p": 0})
    assert of(ev, "gives_in") and g.phase == "appeal" and g.state["waiting"] == [0]


def test_no_forced_appeal_when_no_foe_has_him_in_front():
    g = bout("crupellarius", "gaul")
    glad(g, 0).update(fat=21, tangle=1, tangle_w="net")
    glad(g, 1)["face"] = 0  # the Gaul turns his back
    ev = start(g, 6)
    assert not of(ev, "gives_in") and g.phase == "act" and g.state["ap"] == 0


# ---- 6. the AP ledger -----------------------------------------------------------


def test_ap_ledger_refuses_overspending():
    g = bout("gaul", "crupellarius")
    start(g, 1)  # 2 AP
    attack(g, 1, dice=[6, 1, 1])  # hit, saved
    assert g.state["ap"] == 1
    message = refused(g, {"a": "attack", "p": 0, "t": 1, "w": -1, "whirl": 0}, "no_ap")  # 1 + 1 for a second
    assert "2 AP needed" in message


def test_ap_ledger_refuses_a_third_attack():
    g = bout("dimachaerus", "crupellarius")
    start(g, 6)  # 7 AP
    attack(g, 1, w=0, dice=[6, 1, 1])
    attack(g, 1, w=1, dice=[6, 1, 1])
    assert g.state["ap"] == 4 and g.state["spent"] == 3  # the second attack cost 1 + 1
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": -1, "whirl": 0}, "third_attack")


def test_attack_one_weapon_in_hand_strikes_twice_two_weapons_each_once():
    g = bout("murmillo", "crupellarius")
    start(g, 6)
    attack(g, 1, w=0, dice=[6, 1, 1])
    attack(g, 1, w=0, dice=[6, 1, 1])  # "attack a second time this turn with any weapon"
    assert len(g.state["attacks"]) == 2
    g = bout("dimachaerus", "crupellarius")
    start(g, 6)
    attack(g, 1, w=0, dice=[6, 1, 1])
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 0}, "weapon_used")
    attack(g, 1, w=1, dice=[6, 1, 1])


def test_ap_ledger_refuses_more_than_6_ap_when_tired():
    g = bout("gaetulian", "gaul")
    glad(g, 0)["fat"] = 11
    start(g, 6)  # 6 + 2 - 1 = 7 AP
    for _ in range(6):
        act(g, "turn", by=1)
    assert g.state["ap"] == 1
    refused(g, {"a": "turn", "p": 0, "by": 1}, "tired_cap")


def test_ap_ledger_7_or_more_ap_spent_gives_a_point_of_fatigue():
    g = bout("gaetulian", "gaul")
    start(g, 6)  # 8 AP
    for _ in range(7):
        act(g, "turn", by=1)
    ev = end(g)
    assert of(ev, "fatigue")[0]["why"] == "spent_7" and glad(g, 0)["fat"] == 1
    start(g, 6, 1)  # the Gaul: 7 AP, spends 6
    for _ in range(6):
        act(g, "turn", by=1)
    assert not of(end(g), "fatigue") and glad(g, 1)["fat"] == 0


def test_ap_ledger_a_gladiator_knocked_down_loses_his_remaining_ap():
    g = bout("gaul", "samnite")
    start(g, 6)
    ev = attack(g, 1, dice=[3, 3])  # Double 3: the attacker is knocked down
    assert of(ev, "ap_lost")[0]["n"] == 6 and g.state["ap"] == 0 and glad(g, 0)["down"] == 1
    refused(g, {"a": "turn", "p": 0, "by": 1}, "no_ap")


# ---- 7. attacks --------------------------------------------------------------------


def mods_of(ev):
    return dict((m[0], m[1]) for m in of(ev, "attack")[0]["mods"])


def test_attack_from_the_side_is_plus_2_and_from_the_rear_plus_3():
    g = bout("gaul", "gaetulian")
    glad(g, 1)["face"] = 1
    start(g, 6)
    assert mods_of(attack(g, 1, dice=[6, 1]))["left"] == 2
    g = bout("gaul", "gaetulian")
    glad(g, 1)["face"] = 0
    start(g, 6)
    assert mods_of(attack(g, 1, dice=[6, 1]))["rear"] == 3


def test_attack_only_into_the_frontal_arc():
    g = bout("gaul", "gaetulian")
    glad(g, 0)["face"] = 1
    start(g, 6)
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 0}, "not_in_front")


def test_attack_entangled_defender_plus_1_and_each_other_threat_plus_1():
    g = bout("gaul", "gaetulian", "gaul", at=[[0, 0, 0], [1, 0, 3], [2, 0, 3]])
    glad(g, 1).update(tangle=2, tangle_w="net")
    start(g, 6)
    mods = mods_of(attack(g, 1, dice=[6, 1]))
    assert mods["entangled"] == 1 and mods["crowding"] == 1


def test_attack_disadvantaged_weapons_and_skills():
    g = bout("retiarius", {"profile": "gaetulian", "skills": ["dodge"]})
    start(g, 6)
    mods = mods_of(attack(g, 1, w=0, dice=[6, 1]))  # a trident at one hex: -1
    assert mods["trident"] == -1 and mods["dodge"] == -1
    g = bout({"profile": "gaul", "skills": ["attack"]}, "gaetulian")
    start(g, 6)
    mods = mods_of(attack(g, 1, w=-1, dice=[6, 1]))
    assert mods["improvised"] == -2 and mods["skill"] == 1


def test_attack_a_miss_pushes_the_defender_back_and_tires_the_attacker():
    g = bout("gaul", "gaetulian")
    start(g, 6)
    ev = attack(g, 1, dice=[2, 3])
    assert of(ev, "pushed")[0]["to"] == [2, 0] and glad(g, 1)["pos"] == [2, 0]
    assert glad(g, 0)["fat"] == 1 and glad(g, 1)["stam"] == 10


def test_attack_a_defender_who_cannot_be_pushed_is_knocked_down():
    g = bout("gaul", "gaetulian", at=[[1, 0, 0], [2, 0, 3]], radius=2)
    start(g, 6)
    ev = attack(g, 1, dice=[3, 3 + 1])
    assert of(ev, "pushed")[0]["to"] is None and glad(g, 1)["down"] == 1 and glad(g, 1)["pos"] == [2, 0]


def test_attack_a_hit_wounds_by_its_margin():
    g = bout("gaul", "gaetulian")
    start(g, 6)
    attack(g, 1, dice=[6, 2])  # save 0: no save die
    assert glad(g, 1)["stam"] == 6


# ---- 8. armour saves by facing -----------------------------------------------------


def save_against(attacker, defender_face, w=0, whirl=0, defender="samnite", **at):
    g = bout(attacker, defender)
    glad(g, 1)["face"] = defender_face
    start(g, 6)
    ev = attack(g, 1, w=w, whirl=whirl, dice=[6, 1, 6])
    return of(ev, "strike")[0]["save"]


def test_armour_save_shield_counts_fully_from_front_and_left_large_plus_1_right_none_rear():
    assert save_against("gaul", 3) == 4  # front: light 1 + large 2 + helmet 1
    assert save_against("gaul", 1) == 4  # left
    assert save_against("gaul", 4) == 3  # right: the large shield gives +1
    assert save_against("gaul", 0) == 2  # rear: no shield
    assert save_against("gaul", 4, defender="secutor") == 2  # a small shield gives nothing on the right


def test_armour_save_sica_pierce_whirl_and_cestus():
    assert save_against("thracian", 3) == 3  # the sica takes 1 off the shield
    assert save_against("cataphractarius", 3) == 3  # a two-handed long spear pierces
    assert save_against("hoplomachus", 3) == 4  # his large shield keeps the spear one-handed
    assert save_against("gaul", 3, whirl=1) == 2  # a whirling attack ignores the shield
    assert save_against("gaul", 3, defender="cestus") == 1  # the binding of the cesti


def test_armour_save_at_or_under_the_save_stops_the_wounds_and_0_is_not_rolled():
    g = bout("gaul", "samnite")
    start(g, 6)
    ev = attack(g, 1, dice=[6, 1, 4])
    assert of(ev, "saved") and glad(g, 1)["stam"] == 10
    g = bout("gaul", "gaetulian")
    start(g, 6)
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 0, "dice": [6, 1, 4]}, "bad_dice")


def test_armour_save_bash_knocks_down_a_standing_defender_who_saved():
    g = bout("gaul", "secutor")
    start(g, 6)
    ev = attack(g, 1, w=-2, dice=[6, 1, 1])  # the large shield as a weapon: -1, bash
    assert of(ev, "saved") and glad(g, 1)["down"] == 1


# ---- 9. Double Trouble -------------------------------------------------------------


def test_double_6_the_defender_takes_2d6_wounds_with_no_save():
    g = bout("gaul", "crupellarius")
    start(g, 6)
    attack(g, 1, dice=[6, 6, 3, 4])
    assert glad(g, 1)["stam"] == 3


def test_double_5_the_defender_loses_his_shield_else_his_helmet_else_he_is_knocked_down():
    g = bout("gaul", "samnite")
    start(g, 6)
    attack(g, 1, dice=[5, 5, 4])  # the shield falls "long": one hex beyond him from the attacker
    assert glad(g, 1)["shield"] == "" and g.state["ground"] == [["large", 2, 0, 1, 0, 1]]
    g = bout("gaul", "dimachaerus")
    start(g, 6)
    attack(g, 1, dice=[5, 5, 1])
    assert glad(g, 1)["helmet"] == 0 and g.state["ground"][0][:3] == ["helmet", 0, 0]  # 1: toward the attacker
    g = bout("gaul", "retiarius")  # the galerus is never lost, and he has no helmet
    start(g, 6)
    attack(g, 1, dice=[5, 5])
    assert glad(g, 1)["shield"] == "galerus" and glad(g, 1)["down"] == 1


def test_double_4_the_defender_and_double_3_the_attacker_is_knocked_down():
    g = bout("gaul", "samnite")
    start(g, 6)
    attack(g, 1, dice=[4, 4])
    assert glad(g, 1)["down"] == 1 and glad(g, 0)["down"] == 0
    g = bout("gaul", "samnite")
    start(g, 6)
    attack(g, 1, dice=[3, 3])
    assert glad(g, 0)["down"] == 1 and glad(g, 1)["down"] == 0


def test_double_2_floors_an_adjacent_defender_else_knocks_him_down():
    g = bout("gaul", "samnite")
    start(g, 6)
    ev = attack(g, 1, dice=[2, 2])
    assert of(ev, "beaten")[0]["why"] == "floored" and g.phase == "appeal"
    g = bout("gaetulian", "samnite", at=[[0, 0, 0], [4, 0, 3]])
    start(g, 1)  # 3 AP, 2 left after the dart: three steps are needed to stand by him
    attack(g, 1, dice=[2, 2])
    assert g.phase == "act" and glad(g, 1)["down"] == 1 and glad(g, 0)["kit"][0][2] == 3  # the dart is lost


def test_double_1_a_weapon_breaks_or_is_lost():
    g = bout("gaul", "samnite")
    start(g, 6)
    ev = attack(g, 1, dice=[1, 1, 2, 4])  # 2: the attacker's, and it falls (4: long, behind him)
    assert glad(g, 0)["kit"] == [] and g.state["ground"] == [["sword", -1, 0, 0, 0, 1]]
    assert of(ev, "weapon_lost")[0] == {"e": "weapon_lost", "g": 0, "die": 2, "for_good": 0}
    g = bout("gaul", "samnite")
    start(g, 6)
    attack(g, 1, dice=[1, 1, 6])  # 6: the defender's, lost for good
    assert glad(g, 1)["kit"] == [] and g.state["ground"] == []
    g = bout("gaul", "arbelas")
    start(g, 6)
    attack(g, 1, dice=[1, 1, 5, 2, 3])  # the defender's: a random one of two (the arbelos), falls
    assert [w[0] for w in glad(g, 1)["kit"]] == ["sword"] and g.state["ground"][0][0] == "arbelos"
    g = bout("gaul", "gaetulian")
    glad(g, 1)["kit"] = []
    start(g, 6)
    attack(g, 1, dice=[1, 1, 4])  # no weapon: knocked down
    assert glad(g, 1)["down"] == 1
    g = bout("gaul", "samnite")
    start(g, 6)
    attack(g, 1, w=-1, dice=[1, 1, 1])  # an improvised attack: the attacker is knocked down
    assert glad(g, 0)["down"] == 1 and glad(g, 0)["kit"][0][0] == "sword"


def test_double_1_a_scissor_sword_takes_the_other_fighters_weapon_on_2_plus():
    g = bout("scissor", "samnite")
    start(g, 6)
    attack(g, 1, dice=[1, 1, 2, 1])
    assert glad(g, 1)["kit"] == [] and glad(g, 0)["kit"][0][0] == "scissor"
    g = bout("gaul", "scissor")
    start(g, 6)
    attack(g, 1, dice=[1, 1, 5, 1])  # against a scissor sword the attacker loses his on 2+
    assert glad(g, 0)["kit"] == [] and glad(g, 1)["kit"][0][0] == "scissor"


# ---- 10. wound states ------------------------------------------------------------


def test_wounds_half_lost_is_injured_0_appeals_minus_3_is_mortal():
    g = bout("gaul", "gaetulian")
    start(g, 6)
    attack(g, 1, dice=[6, 1])  # 5 of 10
    assert injured(g.state, 1) and glad(g, 0)["hurt"] == [1]
    g = bout("gaul", "gaetulian")
    start(g, 6)
    attack(g, 1, dice=[6, 6, 5, 5])  # Double 6: 10 wounds, stamina 0
    assert glad(g, 1)["stam"] == 0 and g.phase == "appeal"
    g = bout("gaul", "gaetulian")
    start(g, 6)
    ev = attack(g, 1, dice=[6, 6, 6, 6])  # -2: still an appeal
    assert g.phase == "appeal" and not of(ev, "dead")
    g = bout("gaul", "gaetulian", stamina=[6, 2])
    start(g, 6)
    ev = attack(g, 1, dice=[6, 6, 5, 5])  # stamina 6 - 10 = -4: mortally wounded
    assert of(ev, "dead") and g.phase == "over" and g.state["winner"] == 0


def test_knocked_down_again_while_down_in_an_adjacent_front_appeals():
    g = bout("gaul", "samnite")
    glad(g, 1)["down"] = 1
    start(g, 6)
    ev = attack(g, 1, dice=[4, 4])
    assert of(ev, "beaten")[0]["why"] == "down_again" and g.phase == "appeal"


# ---- 11. fatigue states --------------------------------------------------------------


def test_fatigue_tired_above_stamina_exhausted_above_twice():
    g = bout("gaul", "gaetulian")
    x = glad(g, 0)
    x["fat"] = 10
    assert not tired(g.state, 0)
    x["fat"] = 11
    assert tired(g.state, 0) and not exhausted(g.state, 0)
    x["fat"] = 21
    assert exhausted(g.state, 0) and g.public_view()["g"][0]["tired"] == 2


# ---- 12. appeals to the crowd -----------------------------------------------------


def floored(defender="gaetulian", dice=(6, 5), attacker="gaul", **tallies):
    g = bout(attacker, defender)
    glad(g, 1).update(tallies)
    start(g, 6)
    attack(g, 1, dice=[2, 2])
    ev = g.apply({"a": "appeal", "p": 1, "dice": list(dice)})
    return dict((m[0], m[1]) for m in of(ev, "appeal")[0]["mods"]), glad(g, 1)["out"], g


def test_appeal_an_unwounded_open_faced_gladiator_who_dealt_no_wound():
    mods, out, _ = floored(dice=(5, 5))
    assert mods == {"no_wounds_dealt": -1, "open_face": -1, "unwounded": -2}
    assert out == "killed"  # 10 - 4 = 6: the crowd wants him dispatched
    assert floored(dice=(6, 5))[1] == "spared"  # 11 - 4 = 7


def test_appeal_natural_12_spares_and_natural_2_kills():
    assert floored(dice=(6, 6), day_spared=1, sand=1)[1] == "spared"
    _, out, _ = floored(dice=(1, 1), defender="samnite", day_defeated=3, dealt=4, stam=4)
    assert out == "killed"


def test_appeal_every_printed_modifier():
    mods, _, g = floored(
        defender="hoplomachus",
        dice=(3, 4),
        stam=4,
        fat=9,
        whirl_hit=1,
        hurt=[0],
        day_defeated=1,
        dealt=3,
        sand=1,
        day_spared=1,
        skills=["popularity"],
    )
    assert mods == {
        "injured": 1,
        "whirling": 1,
        "injured_foes": 1,
        "defeated_today": 2,
        "popular": 2,
        "sand": -1,
        "hoplomachus": -1,
        "spared_before": -2,
    }
    mods, _, _ = floored(stam=5, fat=6, whirl_hit=1, whirl_double=1, dealt=1)
    assert mods["whirl_double"] == -1 and "whirling" not in mods and "both_tired" not in mods
    g = bout("gaul", "gaetulian", spared_today=2)
    glad(g, 0)["fat"] = 11  # both tired
    glad(g, 1).update(fat=11, stam=4)
    start(g, 6)
    attack(g, 1, dice=[2, 2])
    ev = g.apply({"a": "appeal", "p": 1, "dice": [3, 3]})
    mods = dict((m[0], m[1]) for m in of(ev, "appeal")[0]["mods"])
    assert mods["both_tired"] == 1 and mods["others_spared"] == -2


def test_appeal_7_or_more_spares_and_the_bout_ends():
    _, out, g = floored(dice=(6, 5), helmet=1, dealt=1, stam=9)
    assert out == "spared" and g.phase == "over" and g.state["winner"] == 0 and g.state["spared_today"] == 1
    refused(g, {"a": "end", "p": 0}, "game_over")


# ---- 13. nets, lassos and capes --------------------------------------------------


def test_net_entangles_when_the_escape_die_is_at_or_under_the_wounds_rated():
    g = bout("retiarius", "secutor", at=[[0, 0, 0], [2, 0, 3]])
    start(g, 6)
    ev = attack(g, 1, w=1, dice=[6, 2, 3])  # 6 - 1 - 2 = 3 rated; 3 is not above it
    assert of(ev, "entangled") and glad(g, 1)["tangle"] == 0 and glad(g, 1)["stam"] == 10
    g = bout("retiarius", "secutor", at=[[0, 0, 0], [2, 0, 3]])
    start(g, 6)
    ev = attack(g, 1, w=1, dice=[6, 2, 4])
    assert of(ev, "escaped") and glad(g, 1)["tangle"] == -1


def test_net_a_special_event_does_1d6_less_and_entangles():
    g = bout("retiarius", "secutor")
    start(g, 6)
    attack(g, 1, w=1, dice=[6, 6, 4, 5, 3])
    assert glad(g, 1)["stam"] == 4 and glad(g, 1)["tangle"] == 0


def test_net_holding_a_foe_cannot_be_thrown_again_and_keeps_the_trident_one_handed():
    g = bout("retiarius", "secutor")
    glad(g, 1).update(tangle=0, tangle_w="net")
    start(g, 6)
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 1, "whirl": 0}, "net_holding")
    ev = attack(g, 1, w=0, dice=[6, 1, 6])
    assert of(ev, "strike")[0]["save"] == 3  # no armour penetration: the net hand is busy


def test_net_cut_free_on_5_or_6_once_a_turn_and_a_6_loses_the_net():
    g = bout("retiarius", "secutor")
    glad(g, 1).update(tangle=0, tangle_w="net")
    start(g, 1)
    end(g)
    start(g, 6)
    act(g, "cut", dice=[4])
    refused(g, {"a": "cut", "p": 1}, "cut_tried")
    assert glad(g, 1)["tangle"] == 0
    end(g)
    start(g, 1)
    end(g)
    start(g, 6)
    act(g, "cut", dice=[5])
    assert glad(g, 1)["tangle"] == -1 and [w[0] for w in glad(g, 0)["kit"]] == ["trident", "net", "dagger"]
    g = bout("retiarius", "secutor")
    glad(g, 1).update(tangle=0, tangle_w="net")
    start(g, 1)
    end(g)
    start(g, 6)
    act(g, "cut", dice=[6])
    assert glad(g, 1)["tangle"] == -1 and [w[0] for w in glad(g, 0)["kit"]] == ["trident", "dagger"]


def test_lasso_reaches_2_to_4_hexes():
    g = bout("laquearius", "secutor")
    start(g, 6)
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 0}, "out_of_range")
    g = bout("laquearius", "secutor", at=[[0, 0, 0], [4, 0, 3]])
    start(g, 6)
    ev = attack(g, 1, w=0, dice=[6, 1, 1])
    assert mods_of(ev)["lasso"] == -1 and glad(g, 1)["tangle_w"] == "lasso"


def test_cape_entangles_at_one_hex_its_victim_cannot_attack_and_frees_on_3():
    g = bout({"profile": "dimachaerus", "cape": 1}, "gaul")
    assert glad(g, 0)["shield"] == "cape"
    start(g, 6)
    attack(g, 1, w=2, dice=[6, 1, 1])
    assert glad(g, 1)["tangle_w"] == "cape"
    end(g)
    start(g, 6)
    refused(g, {"a": "attack", "p": 1, "t": 0, "w": 0, "whirl": 0}, "caped")
    act(g, "cut", dice=[3])
    assert glad(g, 1)["tangle"] == -1 and [w[0] for w in glad(g, 0)["kit"]][-1] == "cape"


def test_cone_shreds_a_net_on_5_or_6_and_an_arbelos_cuts_through_on_6():
    g = bout("retiarius", "contraretiarius")
    start(g, 6)
    ev = attack(g, 1, w=1, dice=[5])
    assert of(ev, "shredded") and "net" not in [w[0] for w in glad(g, 0)["kit"]]
    g = bout("retiarius", "contraretiarius")
    start(g, 6)
    attack(g, 1, w=1, dice=[4, 6, 2, 1])
    assert glad(g, 1)["tangle"] == 0
    g = bout("retiarius", "arbelas")
    start(g, 6)
    ev = attack(g, 1, w=1, dice=[6, 2, 6])
    assert of(ev, "cut_through") and glad(g, 1)["tangle"] == -1


# ---- 14. ranged weapons ----------------------------------------------------------


def test_ranged_darts_2_to_6_hexes_with_range_modifiers_and_four_of_them():
    for hexes, mod in ((2, 0), (4, 0), (5, -1), (6, -2)):
        g = bout("gaetulian", "samnite", at=[[0, 0, 0], [hexes, 0, 3]], radius=6)
        start(g, 6)
        assert mods_of(attack(g, 1, dice=[6, 1, 6]))["darts"] == mod
        assert glad(g, 0)["kit"][0][2] == 3
    for hexes in (1, 7):
        g = bout("gaetulian", "samnite", at=[[0, 0, 0], [hexes, 0, 3]], radius=7)
        start(g, 6)
        refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 0}, "out_of_range")


def test_ranged_a_dart_that_misses_lands_by_the_target_before_he_jumps_back():
    g = bout("gaetulian", "samnite", at=[[0, 0, 0], [3, 0, 3]])
    start(g, 6)
    ev = attack(g, 1, dice=[1, 6, 1])  # scatter 1: short, toward the thrower
    assert g.state["ground"] == [["darts", 2, 0, 0, 1, 1]] and glad(g, 1)["pos"] == [4, 0]
    assert of(ev, "roll")[-1]["why"] == "scatter"
    act(g, "move", d=0)
    act(g, "pickup", i=0)
    assert glad(g, 0)["kit"][0][2] == 4 and g.state["ground"] == []


def test_ranged_a_dart_that_wounds_or_is_deflected_is_lost():
    g = bout("gaetulian", "samnite", at=[[0, 0, 0], [3, 0, 3]])
    start(g, 6)
    attack(g, 1, dice=[6, 1, 1])  # saved
    assert g.state["ground"] == [] and glad(g, 0)["kit"][0][2] == 3


def test_ranged_a_thonged_hasta_reaches_2_hexes_and_comes_back():
    g = bout("velite", "samnite", at=[[0, 0, 0], [2, 0, 3]])
    start(g, 6)
    assert mods_of(attack(g, 1, dice=[1, 6]))["hasta_thonged"] == -1
    assert glad(g, 0)["kit"][0][0] == "hasta_thonged" and g.state["ground"] == []
    g = bout("velite", "samnite", at=[[0, 0, 0], [3, 0, 3]])
    start(g, 6)
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 0}, "out_of_range")
    refused(g, {"a": "draw", "p": 0, "k": 1}, "backup")  # his dagger waits for the hasta to be lost


def test_ranged_a_loose_hasta_that_wounds_is_lost_else_it_lands_by_the_target():
    g = bout("gaul", "samnite", at=[[0, 0, 0], [3, 0, 3]])
    glad(g, 0)["kit"] = [["hasta", 1, 0]]
    start(g, 6)
    assert mods_of(attack(g, 1, dice=[6, 1, 1, 4]))["hasta"] == -2  # saved: it lands long
    assert glad(g, 0)["kit"] == [] and g.state["ground"] == [["hasta", 4, 0, 0, 0, 1]]


def test_ranged_a_bow_shoots_2_to_8_hexes_for_2_ap():
    for hexes, mod in ((2, -1), (3, 0), (6, 0), (7, -1), (8, -2)):
        g = bout("sagittarius", "samnite", at=[[-4, 0, 0], [hexes - 4, 0, 3]])
        start(g, 6)  # 8 AP
        ev = attack(g, 1, dice=[6, 1, 6])
        assert mods_of(ev)["bow"] == mod and g.state["ap"] == 6 and glad(g, 0)["kit"][0][2] == 5


def test_ranged_the_random_direction_roll_points_1_at_the_thrower():
    # target at [3, 0], thrower at [0, 0] to his west: 1 short (west), 4 long (east)
    target, thrower = [3, 0], [0, 0]
    assert [scatter_dir(target, thrower, r) for r in range(1, 7)] == [3, 4, 5, 0, 1, 2]


# ---- 15. special moves -------------------------------------------------------------


def test_whirling_attack_costs_3_lands_120_degrees_round_and_keeps_facing():
    g = bout("gaul", "samnite")
    start(g, 6)  # 7 AP
    ev = attack(g, 1, whirl=1, dice=[6, 1, 2])  # save 2 without the shield: saved
    # from the target's west side (hex "1") clockwise to his north-east side (hex "3")
    assert g.state["ap"] == 4 and of(ev, "whirl")[0]["to"] == [1, 1] and glad(g, 0)["face"] == 0
    assert glad(g, 0)["whirl_hit"] == 1 and glad(g, 1)["stam"] == 10 and glad(g, 1)["down"] == 1  # saved: bash


def test_whirling_attack_only_standing_and_4_ap_with_an_unwieldy_weapon():
    g = bout("gaul", "samnite")
    glad(g, 1)["down"] = 1
    start(g, 6)
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 1}, "not_standing")
    g = bout("gaul", "samnite")
    glad(g, 0)["down"] = 1
    start(g, 6)  # he stands up: he may attack but not leave his spot
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 1}, "stood_up")
    g = bout("cataphractarius", "samnite")
    start(g, 3)
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 1}, "no_ap")
    g = bout("gaetulian", "samnite", at=[[0, 0, 0], [3, 0, 3]])
    start(g, 6)
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 1}, "not_adjacent")


def test_feint_rolls_a_missing_die_again_and_a_second_miss_tires_twice():
    g = bout("gaul", "gaetulian")
    start(g, 6)  # 7 AP
    act(g, "feint")
    refused(g, {"a": "feint", "p": 0}, "feint_made")
    attack(g, 1, dice=[1, 4])  # the 1 misses: he is offered the re-roll
    ev = act(g, "reroll", dice=[6])  # the re-roll 6 hits by 2
    assert glad(g, 1)["stam"] == 8 and of(ev, "roll")[0]["why"] == "feint"
    g = bout("gaul", "gaetulian")
    start(g, 6)
    act(g, "feint")
    attack(g, 1, dice=[1, 4])
    act(g, "reroll", dice=[2])
    assert glad(g, 0)["fat"] == 2


def test_grapple_drops_shield_and_weapon_rerolls_doubles_and_the_test_decides():
    g = bout("gaul", "samnite")
    start(g, 6)  # 7 AP
    ev = act(g, "grapple", t=1, dice=[3, 3, 5, 2])  # the double is rolled again
    assert glad(g, 0)["shield"] == "" and glad(g, 0)["kit"] == []
    assert sorted(i[0] for i in g.state["ground"]) == ["large", "sword"]
    assert of(ev, "grapple")[0]["margin"] == 3 and g.phase == "wrestle" and g.state["ap"] == 5
    act(g, "wrestle", dice=[4, 1])  # 14 against 11
    assert g.phase == "grip" and g.state["grip"] == 0
    ev = g.apply({"a": "throw", "p": 0, "dice": [5]})  # D3: 3 wounds
    assert glad(g, 1)["stam"] == 7 and glad(g, 1)["down"] == 1 and g.phase == "act" and g.state["grapple"] == []


def test_grapple_a_failed_grab_tires_and_pushes_back_and_a_tie_carries_over():
    g = bout("gaul", "samnite")
    start(g, 6)
    act(g, "grapple", t=1, dice=[1, 4])
    assert glad(g, 0)["fat"] == 1 and glad(g, 1)["pos"] == [2, 0]
    g = bout("gaul", "samnite")
    start(g, 6)
    act(g, "grapple", t=1, dice=[5, 2])
    act(g, "wrestle", dice=[3, 3])  # tied: his turn is over
    assert g.state["turn"] == 1 and g.phase == "start" and g.state["grapple"] == [0, 1, 1]
    start(g, 6)
    assert g.phase == "wrestle"
    refused(g, {"a": "end", "p": 1}, "wrong_phase")
    act(g, "wrestle", dice=[1, 4])  # the Samnite wins his own test
    g.apply({"a": "release", "p": 1})
    assert glad(g, 1)["pos"] == [2, 0] and g.phase == "act" and g.state["turn"] == 1


def test_hazing_4_plus_on_an_open_face_once_a_bout_plus_2_and_minus_2_ap():
    g = bout("gaul", "gaetulian")
    start(g, 6)
    act(g, "haze", t=1, dice=[4])
    assert mods_of(attack(g, 1, dice=[2, 1]))["hazed"] == 2
    refused(g, {"a": "haze", "p": 0, "t": 1}, "sand_thrown")
    end(g)
    assert of(start(g, 3), "ap")[0]["ap"] == 3  # 3 + 2 - 2
    g = bout("gaul", "samnite")
    start(g, 6)
    ev = act(g, "haze", t=1, dice=[4])
    assert of(ev, "haze")[0]["ok"] == 0 and glad(g, 1)["hazed"] == 0  # 5+ against an enclosed helmet


# ---- 16. experience ---------------------------------------------------------------


def test_experience_a_skill_for_beating_a_gladiator_with_at_least_as_many_skills():
    _, _, g = floored(dice=(6, 6))
    assert g.state["gains"] == [0]
    g = bout({"profile": "gaul", "skills": ["attack"]}, "gaetulian")
    start(g, 6)
    attack(g, 1, dice=[2, 2])
    g.apply({"a": "appeal", "p": 1, "dice": [6, 6]})
    assert g.phase == "over" and g.state["gains"] == []


# ---- refusals ------------------------------------------------------------------------


def test_illegal_steps_are_refused_with_a_stable_code_and_change_nothing():
    g = bout("gaul", "samnite")
    refused(g, {"a": "move", "p": 0, "d": 0}, "wrong_phase")
    refused(g, {"a": "ap", "p": 1}, "not_your_turn")
    refused(g, {"a": "ap", "p": 0, "dice": [7]}, "bad_dice")
    refused(g, {"a": "fly", "p": 0}, "unknown_action")
    start(g, 6)
    refused(g, {"a": "move", "p": 0, "d": 0}, "occupied")
    refused(g, {"a": "move", "p": 0, "d": 9}, "bad_action")
    refused(g, {"a": "attack", "p": 0, "t": 0, "w": 0, "whirl": 0}, "bad_target")
    refused(g, {"a": "attack", "p": 0, "t": 1, "w": 0, "whirl": 0, "dice": [6]}, "bad_dice")  # half-way
    refused(g, {"a": "draw", "p": 0, "k": 0}, "drawn")
    refused(g, {"a": "discard", "p": 0, "item": "sword"}, "bad_item")
    g = bout("gaul", "samnite", at=[[5, 0, 0], [-5, 0, 0]])
    start(g, 6)
    refused(g, {"a": "move", "p": 0, "d": 0}, "wall")


def test_quadrants_front_1_left_2_right_2_rear_1():
    around = [quadrant([0, 0], 0, p) for p in ([1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1])]
    assert around == ["front", "left", "left", "rear", "right", "right"]


# ---- kit: drawing, discarding, picking up, kicking -----------------------------------


def test_kit_draw_and_sheathe_cost_1_ap_and_need_a_free_hand():
    g = bout("cataphractarius", "gaul", at=[[0, 0, 0], [3, 0, 3]])
    start(g, 6)  # 6 AP
    refused(g, {"a": "draw", "p": 0, "k": 0}, "not_sheathed")  # a long spear is never sheathed
    act(g, "draw", k=1)
    assert glad(g, 0)["kit"][1] == ["sword", 1, 0] and g.state["ap"] == 5
    act(g, "sheathe", k=1)
    assert glad(g, 0)["kit"][1][1] == 0 and g.state["ap"] == 4
    g = bout("retiarius", "gaul")
    start(g, 6)
    refused(g, {"a": "draw", "p": 0, "k": 2}, "hands_full")  # trident and net in his hands


def test_kit_a_discarded_shield_is_never_recovered_a_fallen_one_is():
    g = bout("samnite", "gaul", at=[[0, 0, 0], [3, 0, 3]])
    start(g, 6)
    act(g, "discard", item="shield")
    assert glad(g, 0)["shield"] == "" and g.state["ground"] == [["large", 0, 0, 0, 0, 0]]
    refused(g, {"a": "pickup", "p": 0, "i": 0}, "discarded")
    assert of(start_next(g), "ap")[0]["ap"] == 7  # next turn: 6 + 1 (light armour) without the -1
    g = bout("gaul", "samnite")
    start(g, 6)
    attack(g, 1, dice=[5, 5, 1])  # the Samnite's shield falls on the Gaul's hex
    end(g)
    start(g, 6)
    refused(g, {"a": "pickup", "p": 0, "i": 0}, "not_your_turn")
    act(g, "pickup", i=0)
    assert glad(g, 1)["shield"] == "large" and g.state["ap"] == 6 and g.state["ground"] == []  # 7 without it


def start_next(g):
    end(g)
    start(g, 1)
    end(g)
    return start(g, 6)


def test_kit_a_helmet_costs_2_ap_to_pick_up_and_an_object_is_kicked_one_hex_on():
    g = bout("gaul", "dimachaerus")
    start(g, 6)
    attack(g, 1, dice=[5, 5, 4])  # the Diamecheri's helmet falls long, at [2, 0]
    end(g)
    start(g, 6)  # 6 + 1 = 7 AP
    act(g, "pickup", i=0)
    assert glad(g, 1)["helmet"] == 1 and g.state["ap"] == 5
    g = bout("gaul", "dimachaerus")
    start(g, 6)
    attack(g, 1, dice=[5, 5, 2])  # it falls at [1, -1]: next to the Gaul
    act(g, "kick", i=0)
    assert g.state["ground"][0][:3] == ["helmet", 2, -2]


# ---- weapons' own rules ------------------------------------------------------------


def test_weapons_cestus_does_one_wound_less_and_the_arbelos_one_more():
    g = bout("cestus", "gaetulian")
    start(g, 6)
    attack(g, 1, dice=[6, 2])  # margin 4, one less
    assert glad(g, 1)["stam"] == 7
    g = bout("arbelas", "gaetulian")
    start(g, 6)
    attack(g, 1, w=1, dice=[6, 2])  # the arbelos: -1, margin 3, one more
    assert glad(g, 1)["stam"] == 6


def test_weapons_cesti_cannot_be_dropped_so_double_1_knocks_him_down():
    g = bout("cestus", "samnite")
    start(g, 6)
    attack(g, 1, dice=[1, 1, 2])
    assert glad(g, 0)["down"] == 1 and [w[0] for w in glad(g, 0)["kit"]] == ["cestus", "cestus"]


def test_grapple_a_wound_by_a_third_party_ends_it():
    g = bout("gaul", "samnite", "gaetulian", at=[[0, 0, 0], [1, 0, 3], [3, 0, 3]])
    start(g, 6)
    act(g, "grapple", t=1, dice=[5, 2])
    act(g, "wrestle", dice=[3, 3])  # tied
    assert g.state["turn"] == 1
    start(g, 6)
    act(g, "wrestle", dice=[3, 3])  # tied again
    assert g.state["turn"] == 2 and g.state["grapple"] == [0, 1, 2]
    start(g, 6)
    ev = attack(g, 1, dice=[6, 1, 6])  # a dart wounds the Samnite
    assert of(ev, "grapple_ends") and g.state["grapple"] == []


# ---- replay, restore, physical dice --------------------------------------------------


def test_a_bout_rolled_by_the_box_replays_and_restores_to_the_same_digest():
    from games.munera import randomplay
    from referee import engine

    game = randomplay.play(11)
    again = engine.replay(rules.RULES, game.setup, game.log)
    assert again.digest() == game.digest() and again.phase == "over"
    data = game.to_data()
    assert engine.restore(rules.RULES, data).digest() == game.digest()
    data["log"] = data["log"][:-1]
    try:
        engine.restore(rules.RULES, data)
    except Exception as exc:
        assert getattr(exc, "code", "") == "bad_log"
    else:
        raise AssertionError("a cut log restored")


def test_the_tables_dice_typed_in_give_the_same_bout_as_the_boxs_dice():
    from games.munera import randomplay
    from referee.play import play_out
    from referee.rng import Rng

    game = Game(rules.RULES, {"gladiators": ["retiarius", "secutor", "gaetulian"], "seed": 12})
    game.apply({"a": "stamina", "dice": [4, 5, 6]})
    game.apply({"a": "order", "dice": [[3, 6, 1]]})
    play_out(game, randomplay.choose_action, Rng(5), 3000)
    assert game.phase == "over"
    typed = Game(rules.RULES, game.setup)
    shadow = Game(rules.RULES, game.setup)
    for action in game.log:
        rolled = [d for e in shadow.apply(action) if e["e"] == "roll" for d in e["dice"]]
        if action["a"] in ("stamina", "order"):
            typed.apply(action)
            continue
        given = dict(action)
        if rolled:
            given["dice"] = rolled
        events = typed.apply(given)
        assert all(e.get("table") for e in events if e["e"] == "roll")
    assert typed.public_view() == game.public_view()


def test_ap_ledger_moving_forward_1_any_other_way_2_or_3_in_an_enclosed_helmet():
    g = bout("gaul", "samnite", at=[[0, 0, 0], [3, -3, 3]])
    start(g, 6)  # 7 AP
    act(g, "move", d=0)
    assert g.state["ap"] == 6 and glad(g, 0)["pos"] == [1, 0] and glad(g, 0)["face"] == 0
    act(g, "move", d=2)  # sideways, keeping his facing
    assert g.state["ap"] == 4 and glad(g, 0)["pos"] == [0, 1] and glad(g, 0)["face"] == 0
    end(g)
    start(g, 6)  # the Samnite: 6 AP, enclosed helmet
    act(g, "move", d=3)  # forward
    assert g.state["ap"] == 5 and glad(g, 1)["pos"] == [2, -3]
    act(g, "move", d=0)  # back, keeping his facing: 3 AP in an enclosed helmet
    assert g.state["ap"] == 2 and glad(g, 1)["pos"] == [3, -3] and glad(g, 1)["face"] == 3
    refused(g, {"a": "move", "p": 1, "d": 1}, "no_ap")


def test_ap_ledger_the_printed_costs_of_bow_unwieldy_and_special_moves():
    from games.munera.content import COST

    assert COST == {
        "forward": 1, "step": 2, "step_helmet": 3, "turn": 1, "stand": 0, "attack": 1, "unwieldy": 2, "draw": 1,
        "second": 1, "cut": 1, "pick": 1, "pick_helmet": 2, "kick": 1, "bow": 2, "whirl": 3, "whirl_unwieldy": 4,
        "feint": 2, "grapple": 2, "haze": 2, "drop": 0,
    }  # fmt: skip
    g = bout("retiarius", "secutor")
    start(g, 6)  # 7 AP
    attack(g, 1, w=0, dice=[6, 1, 6])  # the trident is unwieldy: 2
    assert g.state["ap"] == 5
    attack(g, 1, w=1, dice=[1, 6])  # the net, a second attack: 2 + 1
    assert g.state["ap"] == 2
