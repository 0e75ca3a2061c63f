"""Munera Sine Missione, clause by clause as the rulebook words them (issue 23): each test
names the rulebook's section and says in our words what it checks. Edition 1 (the saves
made before these readings) keeps its own rules; those tests set "edition": 1."""

import json
import os

from games.munera import rules
from games.munera.reach import can_end_adjacent
from munera_helpers import act, attack, bout, end, glad, of, refused, start
from referee import engine
from referee.engine import Game

DATA = os.path.join(os.path.dirname(__file__), "data", "v0.2.0")

# ---- Double Trouble: Double 2 --------------------------------------------------------


def test_double_trouble_double_2_a_dart_floors_a_foe_the_thrower_can_still_walk_up_to():
    """Double Trouble, Double 2: the defender is floored when the attacker can end his turn
    next to him; a Gaetulian's dart from 4 hexes with 3 AP left (three steps) floors him."""
    g = bout("gaetulian", "samnite", at=[[0, 0, 0], [4, 0, 3]])
    start(g, 2)  # 4 AP, 3 left after the dart
    ev = attack(g, 1, dice=[2, 2])
    assert of(ev, "beaten")[0]["why"] == "floored" and g.phase == "appeal"
    assert glad(g, 1)["down"] == 0


def test_double_trouble_double_2_too_far_to_walk_up_is_only_a_knock_down():
    """Double Trouble, Double 2, otherwise: an attacker who cannot end his turn adjacent
    (2 AP left, three steps needed) only knocks the defender down."""
    g = bout("gaetulian", "samnite", at=[[0, 0, 0], [4, 0, 3]])
    start(g, 1)
    ev = attack(g, 1, dice=[2, 2])
    assert not of(ev, "beaten") and glad(g, 1)["down"] == 1 and g.phase == "act"


def test_double_trouble_double_2_from_reach_with_a_long_spear_or_a_net():
    """Double Trouble, Double 2, attacks from reach (Appendix A, Long Spear or Trident; Net):
    a spear or net at two hexes with a step's AP left floors the foe."""
    for profile, w in (("cataphractarius", 0), ("retiarius", 1)):
        g = bout(profile, "samnite", at=[[0, 0, 0], [2, 0, 3]])
        start(g, 3)  # 3 AP (heavy armour 0; the Retiarius' galerus +1: 4), 1 or 2 left after the 2 AP blow
        ev = attack(g, 1, w=w, dice=[2, 2])
        assert of(ev, "beaten")[0]["why"] == "floored", profile


def test_double_trouble_double_2_the_walk_goes_round_gladiators_and_counts_the_tired_cap():
    """Double Trouble, Double 2: the walk up to the defender is priced as the AP table prices
    it (forward 1, sideways 2, turning 1), never through a gladiator, within 6 AP when tired."""
    g = bout("gaetulian", "samnite", "gaul", at=[[0, 0, 0], [3, 0, 3], [1, 0, 0]])
    start(g, 6)  # 8 AP; the Gaul stands in the straight way
    s = g.state
    s["ap"] = 2
    assert not can_end_adjacent(s, 0, 1)  # round the Gaul costs more than 2
    for ap in range(9):  # the search agrees with trying every walk, AP by AP
        s["ap"] = ap
        assert can_end_adjacent(s, 0, 1) == _reachable_by_brute_force(s, 0, 1), ap
    s["ap"] = 8
    assert can_end_adjacent(s, 0, 1)
    glad(g, 0)["fat"] = glad(g, 0)["stam"] + 1  # tired: at most 6 AP a turn
    s["spent"] = 6
    assert not can_end_adjacent(s, 0, 1)


def _reachable_by_brute_force(s, g, t):
    """Every sequence of at most budget AP of moves and turns, tried one by one (the test's own walk)."""
    from games.munera import arena, checks

    x = s["g"][g]
    goal = s["g"][t]["pos"]

    def walk(pos, face, left):
        if arena.distance(pos, goal) == 1:
            return True
        saved = (list(x["pos"]), x["face"])
        x["pos"], x["face"] = list(pos), face
        try:
            for d in range(6):
                cost = checks.move_cost(s, g, d)
                dest = arena.step(pos, d)
                if cost <= left and checks.free(s, dest) and walk(dest, face, left - cost):
                    return True
            for by in (1, -1):
                if left >= 1 and walk(pos, (face + by) % 6, left - 1):
                    return True
        finally:
            x["pos"], x["face"] = saved
        return False

    return walk(list(x["pos"]), x["face"], s["ap"])


def test_double_trouble_double_2_edition_1_saves_keep_the_adjacent_reading():
    """Double Trouble, Double 2, as edition 1 read it (older saves): only a foe adjacent when
    the dice were rolled is floored; the same dart is a knock-down there."""
    g = bout("gaetulian", "samnite", at=[[0, 0, 0], [4, 0, 3]], edition=1)
    start(g, 6)
    ev = attack(g, 1, dice=[2, 2])
    assert not of(ev, "beaten") and glad(g, 1)["down"] == 1


# ---- Action Points: picking up ---------------------------------------------------------


def _shield_at_his_feet(edition=2):
    """A Gaetulian's improvised blow on a Samnite rolls Double 5: the large shield falls
    toward the attacker (the random-direction 1), onto the Gaetulian's own hex."""
    g = bout("gaetulian", "samnite", edition=edition)
    start(g, 6)  # 8 AP, 7 left after the blow
    attack(g, 1, w=-1, dice=[5, 5, 1])
    assert g.state["ground"] == [["large", 0, 0, 1, 0, 1]]
    return g


def test_action_points_pick_up_a_foes_fallen_shield_for_1_ap():
    """Action Points, pick up weapon or shield in an adjacent hex (1 AP): anyone's, not only
    his own; the Gaetulian takes up the Samnite's large shield."""
    g = _shield_at_his_feet()
    ap = g.state["ap"]
    act(g, "pickup", i=0)
    assert glad(g, 0)["shield"] == "large" and g.state["ap"] == ap - 1 and g.state["ground"] == []


def test_action_points_pick_up_a_foes_weapon_and_helmet_for_their_printed_costs():
    """Action Points: a weapon in reach costs 1 AP and a helmet 2, whoever dropped them."""
    g = bout("gaetulian", "dimachaerus")
    start(g, 6)  # 8 AP
    attack(g, 1, w=-1, dice=[5, 5, 1])  # Double 5: the Diamecheri's helmet falls at the Gaetulian's feet
    attack(g, 1, w=-1, dice=[1, 1, 5, 1, 1])  # Double 1 (5: his, not for good): a sword falls there too
    ground = [item[0] for item in g.state["ground"]]
    assert ground == ["helmet", "sword"]
    ap = g.state["ap"]
    act(g, "pickup", i=1)
    assert ["sword", 1, 0] in glad(g, 0)["kit"] and g.state["ap"] == ap - 1
    act(g, "pickup", i=0)
    assert glad(g, 0)["helmet"] == 1 and g.state["ap"] == ap - 3


def test_action_points_edition_1_saves_recover_only_their_own_things():
    """Action Points, pick up, as edition 1 read it (older saves): another's shield is refused."""
    g = _shield_at_his_feet(edition=1)
    refused(g, {"a": "pickup", "p": 0, "i": 0}, "not_his")


def test_action_points_a_shield_he_discarded_is_never_his_again_but_others_may_take_it():
    """Action Points (discarding a shield): the one who discards his shield may not recover it
    for the rest of the bout; nothing forbids a foe to pick it up."""
    g = bout("samnite", "gaul", at=[[0, 0, 0], [1, 0, 3]])
    start(g, 6)
    act(g, "discard", item="shield")
    refused(g, {"a": "pickup", "p": 0, "i": 0}, "discarded")
    end(g)
    start(g, 6)
    act(g, "discard", item="shield")  # the Gaul's own goes too, so his hand is free
    act(g, "pickup", i=0)
    assert glad(g, 1)["shield"] == "large" and [i[0] for i in g.state["ground"]] == ["large"]


def test_action_points_a_discarded_helmet_may_be_put_on_again():
    """Action Points (discarding): only the shield is barred for the rest of the bout; a
    helmet taken off may be picked up again for 2 AP."""
    g = bout("samnite", "gaul", at=[[0, 0, 0], [3, 0, 3]])
    start(g, 6)  # 6 AP
    act(g, "discard", item="helmet")
    act(g, "pickup", i=0)
    assert glad(g, 0)["helmet"] == 1 and g.state["ap"] == 4


# ---- Appendix C, Feint ------------------------------------------------------------------


def test_feint_a_miss_after_a_feint_offers_the_re_roll_and_takes_nothing_by_itself():
    """Appendix C, Feint: a die too low to hit after a declared feint may be rolled again: the
    box stops and asks (phase reroll, re-roll or keep), it does not roll by itself."""
    g = bout("gaul", "gaetulian")
    start(g, 6)  # 7 AP
    act(g, "feint")
    ev = attack(g, 1, dice=[1, 4])  # a miss by 3
    assert g.phase == "reroll" and of(ev, "reroll_offer")[0]["margin"] == -3
    assert glad(g, 0)["fat"] == 0 and glad(g, 1)["pos"] == [1, 0]  # nothing of the miss yet
    assert {a["a"] for a in g.legal_actions(0)} == {"reroll", "keep"}
    refused(g, {"a": "end", "p": 0}, "wrong_phase")
    refused(g, {"a": "reroll", "p": 1}, "not_your_turn")
    refused(g, {"a": "reroll", "p": 0, "dice": [6, 6]}, "bad_dice")
    act(g, "reroll", dice=[6])
    assert g.phase == "act" and glad(g, 1)["stam"] == 8 and g.state["feint"] == 2


def test_feint_the_attacker_may_keep_the_miss_one_fatigue_and_the_feint_stays_for_later():
    """Appendix C, Feint: left untaken, the miss is an ordinary miss (one fatigue, push-back)
    and the feint can still serve a later die that turn."""
    g = bout("gaul", "gaetulian", at=[[0, 0, 0], [1, 0, 3]])
    start(g, 6)  # 7 AP
    act(g, "feint")
    attack(g, 1, dice=[1, 4])
    act(g, "keep")
    assert g.phase == "act" and glad(g, 0)["fat"] == 1 and glad(g, 1)["pos"] == [2, 0]
    assert g.state["feint"] == 1 and g.state["offer"] is None


def test_feint_a_re_roll_that_misses_again_costs_two_fatigue_and_edition_1_rolled_by_itself():
    """Appendix C, Feint: a re-roll that misses too tires him twice; edition 1 (older saves)
    took the re-roll without asking."""
    g = bout("gaul", "gaetulian")
    start(g, 6)
    act(g, "feint")
    attack(g, 1, dice=[1, 4])
    act(g, "reroll", dice=[2])
    assert glad(g, 0)["fat"] == 2 and g.state["feint"] == 2
    g = bout("gaul", "gaetulian", edition=1)
    start(g, 6)
    act(g, "feint")
    attack(g, 1, dice=[1, 4, 6])
    assert g.phase == "act" and glad(g, 1)["stam"] == 8


def test_feint_a_dart_kept_as_a_miss_still_lands_by_the_target():
    """Appendix C, Feint with Appendix A, Throwing Darts: the miss he keeps scatters the dart
    by the target (the table's scatter die goes with the choice)."""
    g = bout("gaetulian", "samnite", at=[[0, 0, 0], [3, 0, 3]])
    start(g, 6)
    act(g, "feint")
    attack(g, 1, dice=[1, 6])
    act(g, "keep", dice=[4])
    assert [i[0] for i in g.state["ground"]] == ["darts"] and g.state["ground"][0][1:3] == [4, 0]


# ---- Appendix B: the lines' printed alternatives; Appendix A: two-handed weapons ------------


def test_appendix_b_provocator_small_shield_or_buckler_same_printed_save_and_ap():
    """Appendix B, Provocator: small shield or buckler. With the buckler (a small shield in every
    rule) his save is the printed +3/+2 and his AP +1; it can be struck with and lost to a Double 5."""
    from games.munera.state import save

    g = bout({"profile": "provocator", "option": "buckler"}, "gaul")
    x = glad(g, 0)
    assert x["shield"] == "buckler" and save(x) == 3 and g.setup["gladiators"][0]["option"] == "buckler"
    ev = start(g, 3)
    assert of(ev, "ap")[0]["ap"] == 4  # 3 + 1 (light armour)
    end(g)
    start(g, 6)
    attack(g, 0, dice=[5, 5, 1])  # Double 5: the buckler falls toward the Gaul
    assert glad(g, 0)["shield"] == "" and g.state["ground"][0][0] == "buckler"
    assert save(glad(g, 0)) == 2


def test_appendix_b_hoplomachus_throwing_spear_instead_of_the_long_spear():
    """Appendix B, Hoplomachus: "Long Spear/ Throwing Spear". Chosen at set-up, the throwing
    spear (a loose hasta, Appendix A, Short Spear) is thrown up to 4 hexes and leaves his hand."""
    g = bout({"profile": "hoplomachus", "option": "throwing_spear"}, "gaul", at=[[0, 0, 0], [4, 0, 3]])
    assert [w[0] for w in glad(g, 0)["kit"]] == ["hasta", "sword"]
    start(g, 6)
    ev = attack(g, 1, dice=[6, 1, 6])  # a hit by 3 at 4 hexes (-2): the Gaul's save 2 fails on a 6
    assert of(ev, "attack")[0]["mods"][-1] == ["hasta", -2] and glad(g, 1)["stam"] == 7
    assert [w[0] for w in glad(g, 0)["kit"]] == ["sword"]  # a loose spear that wounds is lost


def test_appendix_a_two_handed_weapons_unwieldy_pierce_bash_and_minus_1_one_handed():
    """Appendix A, Two-Handed Swords, Axes or Clubs: 2 AP a blow, the defender's save -1, a
    saved hit knocks him down; held with a shield in the other hand it strikes at -1."""
    g = bout({"profile": "gaul", "two_handed": "axe"}, "samnite")
    assert glad(g, 0)["kit"] == [["axe", 1, 0]]
    start(g, 6)  # 7 AP (no armour +2, large shield -1)
    ev = attack(g, 1, dice=[5, 1, 3])  # a hit by 5 - 1 - 1 (one-handed); his save 4 - 1 holds on the 3
    assert of(ev, "attack")[0]["mods"][-1] == ["one_handed", -1] and g.state["ap"] == 5
    assert of(ev, "strike")[0]["save"] == 3 and glad(g, 1)["down"] == 1  # saved, but bashed down
    g = bout({"profile": "gaul", "two_handed": "club"}, "samnite")
    start(g, 6)
    act(g, "discard", item="shield")  # both hands on the club
    ev = attack(g, 1, dice=[5, 1, 6])
    assert ["one_handed", -1] not in of(ev, "attack")[0]["mods"] and glad(g, 1)["stam"] == 10 - 4


def test_appendix_a_short_spear_a_thrown_hasta_that_wounds_nobody_lands_by_him_even_on_a_double():
    """Appendix A, Short Spear (Hasta): a loose spear that misses or causes no wound lands next
    to the target; a special event without wounds (here a Double 4) is no exception, a Double 6
    (it wounds) loses it, and a Double 1 that breaks the thrower's weapon for good too."""
    for dice, on_the_sand in (([4, 4, 4], True), ([6, 6, 3, 3], False), ([1, 1, 1], False), ([1, 1, 2, 4], True)):
        g = bout({"profile": "hoplomachus", "option": "throwing_spear"}, "gaul", at=[[0, 0, 0], [3, 0, 3]])
        start(g, 6)
        attack(g, 1, dice=dice)
        assert ["hasta" in [i[0] for i in g.state["ground"]]] == [on_the_sand], dice
    g = bout({"profile": "hoplomachus", "option": "throwing_spear"}, "gaul", at=[[0, 0, 0], [3, 0, 3]], edition=1)
    start(g, 6)
    attack(g, 1, dice=[4, 4])  # edition 1 (older saves): lost with the special event
    assert g.state["ground"] == []


def test_the_box_offers_every_option_and_two_handed_weapon_after_the_22_lines():
    from games.munera.content import BOX_LINE_COUNT, OPTIONS, PROFILE_NAMES, TWO_HANDED, box_line

    lines = [box_line(i) for i in range(BOX_LINE_COUNT)]
    assert lines[: len(PROFILE_NAMES)] == list(PROFILE_NAMES)
    options = [(p, o[0]) for p in sorted(OPTIONS) for o in OPTIONS[p]]
    assert [(x["profile"], x["option"]) for x in lines if type(x) is dict and "option" in x] == options
    assert [x["two_handed"] for x in lines if type(x) is dict and "two_handed" in x] == list(TWO_HANDED)
    for line in lines:
        rules.check_setup({"gladiators": [line, "gaul"], "seed": 1})


def test_set_up_options_are_checked_with_a_clear_message():
    """The set-up refuses an option the line does not print and a weapon that is not two-handed."""
    import pytest

    from referee.errors import Illegal

    for entry, words in (
        ({"profile": "gaul", "option": "buckler"}, "not an option of the gaul"),
        ({"profile": "gaul", "two_handed": "trident"}, "two_handed is one of"),
    ):
        with pytest.raises(Illegal) as info:
            Game(rules.RULES, {"gladiators": [entry, "gaul"], "seed": 1})
        assert info.value.code == "bad_setup" and words in info.value.message


# ---- saved games ----------------------------------------------------------------------------


def test_a_bout_saved_before_the_editions_replays_with_its_own_rules():
    """A format 1 save (0.2.0, seed 37: a feint's re-roll and a Double 2 thrown from three
    hexes) restores to its own digest: edition 1's rules, not edition 2's."""
    with open(os.path.join(DATA, "munera-3p-seed37.json")) as f:
        data = json.load(f)
    assert data["format"] == 1 and "edition" not in data["setup"]
    game = engine.restore(rules.RULES, data)
    assert game.state["edition"] == 1 and game.setup["edition"] == 1
    assert rules.digest_for(game.state, 1) == data["digest"]
    again = json.loads(json.dumps(game.to_data()))
    assert again["format"] == rules.FORMAT and engine.restore(rules.RULES, again).digest() == game.digest()
    fresh = dict(data)
    fresh["setup"] = dict(data["setup"], edition=rules.EDITION)
    try:
        engine.restore(rules.RULES, fresh)
    except Exception as exc:  # edition 2 reads the same log otherwise: it cannot match
        assert getattr(exc, "code", "") == "bad_log"
    else:
        raise AssertionError("the log replayed under edition 2 to the same digest")


def test_a_new_bout_plays_the_newest_edition():
    assert Game(rules.RULES, {"gladiators": ["gaul", "samnite"], "seed": 1}).state["edition"] == rules.EDITION


def test_a_box_journal_written_before_the_editions_resumes_with_its_own_rules():
    """The box's journal of the same bout (its set-up has no edition) resumes after a power
    cut with edition 1's rules: every record is accepted and the digest is the save's."""
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))
    from box_battle import new_box
    from ultimus_host.fakes import FakeStorage
    from ultimusbox.journal import FORMAT, Journal

    with open(os.path.join(DATA, "munera-3p-seed37.json")) as f:
        data = json.load(f)
    storage = FakeStorage()
    journal = Journal(storage)
    journal.start(
        {"format": FORMAT, "game": "munera", "version": "0.2.0", "setup": data["setup"], "box": {"stations": [0, 1, 2]}}
    )
    for action in data["log"]:
        journal.append(action)
    box = new_box(storage)[1]
    game = box.shell.game
    assert game is not None and game.state["edition"] == 1 and len(list(box.shell.journal)) == len(data["log"])
    assert rules.digest_for(game.state, 1) == data["digest"]
