"""Ultimatum's battles through Game.apply with fixed dice: troops, commandos, navies, bombers,
lasers, and victory."""

from games.ultimatum.content import BLOCKADES
from test_ultimatum_bank import conquer, oil_game
from test_ultimatum_setup import CHINA, FRANCE, GB, USA, USSR, refused, setup, to_war

SHIP, SUB = "ship", "sub"


def duel(players=2):
    """Seat 0 attacks first; given: the U.S.A. (seat 0) 10 troops, Great Britain (seat 1) 5."""
    game = to_war(setup(players=players, wants={0: [USA], 1: [GB]}, first=0, attacker=0))
    s = game.state
    s["troops"][USA] = 10
    s["troops"][GB] = 5
    return game


def test_troop_battle_needs_three_troops_on_the_attacking_nation():
    game = duel()
    s = game.state
    s["troops"][USA] = 2
    message = refused(game, {"a": "attack", "p": 0, "from": USA, "to": GB}, "too_few_troops")
    assert "3 troops or more" in message
    refused(game, {"a": "attack", "p": 0, "from": GB, "to": USA}, "not_yours")
    refused(game, {"a": "attack", "p": 1, "from": GB, "to": USA}, "not_your_turn")


def test_troop_battle_higher_black_die_wins_a_tie_costs_both():
    game = duel()
    s = game.state
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    game.apply({"a": "roll", "p": 0, "dice": [20, 8]})
    assert (s["troops"][USA], s["troops"][GB]) == (10, 4)
    game.apply({"a": "roll", "p": 0, "dice": [4, 28]})
    assert (s["troops"][USA], s["troops"][GB]) == (9, 4)
    game.apply({"a": "roll", "p": 0, "dice": [12, 12]})
    assert (s["troops"][USA], s["troops"][GB]) == (8, 3)
    refused(game, {"a": "roll", "p": 0, "dice": [5, 12]}, "bad_dice")  # no 5 on the black die
    game.apply({"a": "stop", "p": 0})
    assert game.phase == "war" and s["battle"] is None


def test_troop_battle_cannot_go_on_from_a_nation_with_two_troops():
    game = duel()
    s = game.state
    s["troops"][USA] = 3
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    events = game.apply({"a": "roll", "p": 0, "dice": [4, 8]})
    assert s["troops"][USA] == 2 and game.phase == "war"
    assert events[-1]["e"] == "attack_over"


def test_troop_battle_blitz_to_conquest_then_occupy():
    game = duel()
    s = game.state
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    refused(game, {"a": "blitz", "p": 0, "dice": [[28, 4]] * 4}, "bad_dice")  # not enough to end it
    refused(game, {"a": "blitz", "p": 0, "dice": [[28, 4]] * 6}, "bad_dice")  # one too many
    game.apply({"a": "blitz", "p": 0, "dice": [[28, 4], [4, 28], [16, 16], [28, 4], [28, 4], [20, 16]]})
    assert game.phase == "occupy" and s["owner"][GB] == 0 and s["troops"][USA] == 8
    refused(game, {"a": "occupy", "p": 0, "n": 8}, "bad_occupy")  # one stays behind
    refused(game, {"a": "end", "p": 0}, "wrong_phase")
    game.apply({"a": "occupy", "p": 0, "n": 7})
    assert (s["troops"][USA], s["troops"][GB]) == (1, 7) and game.phase == "war"


def test_troop_battle_blitz_stops_when_the_attacker_is_down_to_two():
    game = duel()
    s = game.state
    s["troops"][USA] = 5
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    game.apply({"a": "blitz", "p": 0, "dice": [[4, 8], [28, 8], [12, 12], [8, 20]]})
    assert (s["troops"][USA], s["troops"][GB]) == (2, 3) and s["owner"][GB] == 1 and game.phase == "war"


def test_troop_battle_blitz_from_the_box_generator_ends_as_the_rule_says():
    for seed in range(20):
        game = duel()
        game.state["rng"] = 1000 + seed
        game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
        game.apply({"a": "blitz", "p": 0})
        s = game.state
        assert s["owner"][GB] == 0 or s["troops"][USA] == 2


def test_minefield_costs_the_attacker_five_troops_never_the_last():
    game = duel()
    s = game.state
    s["cards"][1] = 2  # given: seat 1 holds two cards
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    refused(game, {"a": "minefield", "p": 0}, "not_defender")
    game.apply({"a": "minefield", "p": 1})
    assert s["troops"][USA] == 5 and s["cards"][1] == 1 and game.phase == "battle"
    s["troops"][USA] = 4
    game.apply({"a": "minefield", "p": 1})
    assert s["troops"][USA] == 1 and game.phase == "war"  # and the attack is over
    refused(game, {"a": "minefield", "p": 1}, "wrong_phase")


def test_airlift_moves_n_troops_leaving_one_the_defender_only_into_the_nation_attacked():
    game = duel()
    s = game.state
    s["cards"] = [1, 1]
    s["troops"][FRANCE] = 6  # given: France is seat 1's with 6 troops
    s["owner"][FRANCE] = 1
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    refused(game, {"a": "airlift", "p": 1, "from": FRANCE, "to": GB, "n": 6}, "too_few_troops")
    other = [n for n in range(37) if s["owner"][n] == 1 and n not in (GB, FRANCE)][0]
    refused(game, {"a": "airlift", "p": 1, "from": FRANCE, "to": other, "n": 2}, "not_under_attack")
    game.apply({"a": "airlift", "p": 1, "from": FRANCE, "to": GB, "n": 5})
    assert (s["troops"][FRANCE], s["troops"][GB], s["cards"][1]) == (1, 10, 0)
    refused(game, {"a": "airlift", "p": 1, "from": FRANCE, "to": GB, "n": 1}, "no_card")
    mine = [n for n in range(37) if s["owner"][n] == 0 and n != USA][0]
    game.apply({"a": "airlift", "p": 0, "from": mine, "to": USA, "n": s["troops"][mine] - 1})
    assert s["troops"][mine] == 1 and s["troops"][USA] > 10


def test_helicopter_commando_ten_troops_on_any_nation_no_defence_cards_to_the_end():
    game = duel()
    s = game.state
    refused(game, {"a": "commando", "p": 0, "to": GB}, "no_card")
    s["cards"] = [1, 3]
    s["troops"][FRANCE] = 9
    s["owner"][FRANCE] = 1
    game.apply({"a": "commando", "p": 0, "to": GB})
    assert s["cards"][0] == 0 and s["battle"]["troops"] == 10
    refused(game, {"a": "minefield", "p": 1}, "no_minefield")
    refused(game, {"a": "airlift", "p": 1, "from": FRANCE, "to": GB, "n": 3}, "commando_alone")
    refused(game, {"a": "stop", "p": 0}, "fight_on")
    game.apply({"a": "roll", "p": 0, "dice": [28, 4]})
    game.apply({"a": "blitz", "p": 0, "dice": [[4, 28]] * 9 + [[28, 4]] * 4})
    assert s["owner"][GB] == 0 and s["troops"][GB] == 1 and game.phase == "war"


def test_helicopter_commando_wins_a_tie_at_one_against_one():
    game = duel()
    s = game.state
    s["cards"][0] = 1
    s["troops"][GB] = 10
    game.apply({"a": "commando", "p": 0, "to": GB})
    for _ in range(9):
        game.apply({"a": "roll", "p": 0, "dice": [8, 8]})
    assert s["battle"]["troops"] == 1 and s["troops"][GB] == 1
    game.apply({"a": "roll", "p": 0, "dice": [8, 8]})
    assert s["owner"][GB] == 0 and s["troops"][GB] == 1


def test_helicopter_commando_defeated_leaves_the_nation_to_the_defender():
    game = duel()
    s = game.state
    s["cards"][0] = 1
    game.apply({"a": "commando", "p": 0, "to": GB})
    game.apply({"a": "blitz", "p": 0, "dice": [[4, 8]] * 10})
    assert s["owner"][GB] == 1 and s["troops"][GB] == 5 and game.phase == "war"


ANCHOR = BLOCKADES  # anchor 1


def navy(players=2):
    """A naval game: seat 0's two battleships on anchor 1 (`mine`: battleships reach a blockade
    from an anchor), seat 1's blockade `theirs`; seat 0 at war."""
    game = duel(players)
    s = game.state
    mine = ANCHOR
    s["sea"][mine], s["ships"][mine] = 0, 2
    theirs = s["sea"].index(1)
    return game, s, mine, theirs


def test_naval_battle_green_die_win_lose_draw_battleship_against_battleship():
    game, s, mine, theirs = navy()
    s["ships"][mine] = 5
    game.apply({"a": "sail", "p": 0, "from": mine, "to": theirs, "ships": 3, "subs": 0})
    assert game.phase == "battle" and s["ships"][mine] == 2
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["WIN"]})
    assert s["ships"][theirs] == 1 and s["battle"][SHIP] == 3
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["LOSE"]})
    assert s["ships"][theirs] == 1 and s["battle"][SHIP] == 2
    refused(game, {"a": "stop", "p": 0}, "fight_on")
    refused(game, {"a": "roll", "p": 0}, "naval_fire")
    refused(game, {"a": "fire", "p": 0, "w": SUB, "t": SHIP}, "no_vessel")
    refused(game, {"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["win"]}, "bad_dice")
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["DRAW"]})  # both lose one
    assert s["sea"][theirs] == 0 and s["ships"][theirs] == 1 and game.phase == "war"


def test_naval_battle_battleship_draw_against_a_submarine_sinks_only_the_battleship():
    game, s, mine, theirs = navy()
    s["subs"][theirs] = 1
    game.apply({"a": "sail", "p": 0, "from": mine, "to": theirs, "ships": 2, "subs": 0})
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SUB, "dice": ["DRAW"]})
    assert s["battle"][SHIP] == 1 and s["subs"][theirs] == 1 and s["ships"][theirs] == 2


def test_naval_battle_a_submarines_draw_goes_to_the_attacker():
    game, s, mine, theirs = navy()
    s["subs"][mine] = 1
    game.apply({"a": "sail", "p": 0, "from": mine, "to": theirs, "ships": 0, "subs": 1})
    game.apply({"a": "fire", "p": 0, "w": SUB, "t": SHIP, "dice": ["DRAW"]})
    assert s["ships"][theirs] == 1 and s["battle"][SUB] == 1
    game.apply({"a": "fire", "p": 0, "w": SUB, "t": SHIP, "dice": ["DRAW"]})
    assert s["sea"][theirs] == 0 and s["subs"][theirs] == 1 and s["ships"][theirs] == 0


def test_naval_battle_until_one_side_is_gone_two_cards_per_blockade_conquered():
    game, s, mine, theirs = navy()
    game.apply({"a": "sail", "p": 0, "from": mine, "to": theirs, "ships": 2, "subs": 0})
    assert s["sea"][mine] == -1  # left vacant
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["WIN"]})
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["WIN"]})
    assert s["sea"][theirs] == 0 and s["won"] == [0, 1]
    game.apply({"a": "end", "p": 0})
    assert s["cards"][0] == 2


def test_naval_battle_both_sides_gone_leaves_the_blockade_vacant():
    game, s, mine, theirs = navy()
    s["ships"][theirs] = 1
    game.apply({"a": "sail", "p": 0, "from": mine, "to": theirs, "ships": 1, "subs": 0})
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["DRAW"]})
    assert s["sea"][theirs] == -1 and game.phase == "war"


def test_sailing_onto_a_vacant_blockade_takes_it_without_cards():
    game, s, mine, theirs = navy()
    s["sea"][theirs] = -1
    s["ships"][theirs] = 0
    game.apply({"a": "sail", "p": 0, "from": mine, "to": theirs, "ships": 1, "subs": 0})
    assert s["sea"][theirs] == 0 and game.phase == "war" and s["won"] == [0, 0]
    refused(game, {"a": "sail", "p": 0, "from": mine, "to": theirs, "ships": 2, "subs": 0}, "too_few_vessels")


def test_ocean_mine_on_a_blockade_the_attacker_loses_a_vessel_not_on_an_anchor():
    game, s, mine, theirs = navy()
    s["cards"][1] = 2
    game.apply({"a": "sail", "p": 0, "from": mine, "to": theirs, "ships": 2, "subs": 0})
    refused(game, {"a": "ocean_mine", "p": 1, "w": SUB}, "no_vessel")
    game.apply({"a": "ocean_mine", "p": 1, "w": SHIP})
    assert s["battle"][SHIP] == 1 and s["cards"][1] == 1
    game.apply({"a": "ocean_mine", "p": 1, "w": SHIP})
    assert s["sea"][theirs] == 1 and game.phase == "war"
    anchor = ANCHOR + 1
    s["sea"][anchor], s["ships"][anchor] = 1, 1
    home = s["sea"].index(0)
    game.apply({"a": "sail", "p": 0, "from": home, "to": anchor, "ships": 1, "subs": 0})
    refused(game, {"a": "ocean_mine", "p": 1, "w": SHIP}, "no_mine")


def test_jet_bomber_red_die_in_troops_the_defender_keeps_one():
    game = duel()
    s = game.state
    s["cards"][0] = 2
    s["troops"][GB] = 12
    game.apply({"a": "bomber", "p": 0, "n": GB})
    game.apply({"a": "roll", "p": 0, "dice": [8]})
    assert s["troops"][GB] == 4 and game.phase == "war"
    game.apply({"a": "bomber", "p": 0, "n": GB})
    refused(game, {"a": "roll", "p": 0, "dice": [7]}, "bad_dice")
    game.apply({"a": "roll", "p": 0, "dice": [12]})
    assert s["troops"][GB] == 1 and s["owner"][GB] == 1


def test_jet_bomber_half_the_red_die_in_battleships_never_submarines():
    game, s, mine, theirs = navy()
    s["cards"][0] = 2
    s["ships"][theirs], s["subs"][theirs] = 4, 2
    game.apply({"a": "bomber", "p": 0, "b": theirs})
    game.apply({"a": "roll", "p": 0, "dice": [6]})
    assert (s["ships"][theirs], s["subs"][theirs]) == (1, 2)
    game.apply({"a": "bomber", "p": 0, "b": theirs})
    game.apply({"a": "roll", "p": 0, "dice": [12]})
    assert (s["ships"][theirs], s["subs"][theirs], s["sea"][theirs]) == (0, 2, 1)
    refused(game, {"a": "bomber", "p": 0, "b": theirs}, "no_battleships")


def test_anti_aircraft_missile_cancels_the_jet_bomber():
    game = duel()
    s = game.state
    s["cards"] = [1, 1]
    game.apply({"a": "bomber", "p": 0, "n": GB})
    refused(game, {"a": "anti_aircraft", "p": 0}, "not_defender")
    game.apply({"a": "anti_aircraft", "p": 1})
    assert s["troops"][GB] == 5 and s["cards"] == [0, 0] and game.phase == "war"


def laser_game():
    game = duel(players=3)
    s = game.state
    s["lasers"] = [2, 1, 0]  # given: lasers bought earlier
    return game, s


def test_laser_black_die_in_troops_the_defender_keeps_one():
    game, s = laser_game()
    s["troops"][GB] = 30
    game.apply({"a": "laser", "p": 0, "n": GB, "dice": [28]})
    assert s["troops"][GB] == 2 and s["lasers"][0] == 1
    game.apply({"a": "laser", "p": 0, "n": GB, "dice": [4]})
    assert s["troops"][GB] == 1 and s["lasers"][0] == 0
    refused(game, {"a": "laser", "p": 0, "n": GB}, "no_laser")


def test_laser_half_the_black_die_in_vessels_battleships_first():
    game, s = laser_game()
    theirs = s["sea"].index(1)
    s["ships"][theirs], s["subs"][theirs] = 3, 4
    game.apply({"a": "laser", "p": 0, "b": theirs, "dice": [12]})
    assert (s["ships"][theirs], s["subs"][theirs]) == (0, 1)
    game.apply({"a": "laser", "p": 0, "b": theirs, "dice": [4]})
    assert s["subs"][theirs] == 0 and s["sea"][theirs] == -1


def test_laser_the_defender_fires_back_one_laser_for_each_fired_at_him():
    game, s = laser_game()
    s["lasers"][1] = 3
    refused(game, {"a": "fire_back", "p": 1, "n": USA}, "no_fire_back")
    game.apply({"a": "laser", "p": 0, "n": GB, "dice": [4]})
    refused(game, {"a": "fire_back", "p": 1, "n": s["owner"].index(2)}, "not_opponent")  # at the attacker only
    game.apply({"a": "fire_back", "p": 1, "n": USA, "dice": [8]})
    assert s["troops"][USA] == 2 and s["lasers"][1] == 2
    refused(game, {"a": "fire_back", "p": 1, "n": USA}, "no_fire_back")
    game.apply({"a": "laser", "p": 0, "n": GB, "dice": [4]})
    game.apply({"a": "end", "p": 0})
    refused(game, {"a": "fire_back", "p": 1, "n": USA}, "wrong_phase")  # the right lapsed with the turn
    assert s["fire_back"] == [0, 0, 0]


def test_victory_oil_and_one_other_alliance():
    game = to_war(oil_game(players=3))
    s = game.state
    for n in range(11, 21):  # given: seat 0 holds all of the Communist alliance
        s["owner"][n] = 0
    s["whole"][1] = 0
    s["owner"][36] = 1
    events = conquer(game, USA, 36)
    assert game.phase == "over" and s["winner"] == 0 and events[-1] == {"e": "victory", "who": 0}
    refused(game, {"a": "end", "p": 0}, "game_over")


def test_victory_in_a_two_player_game_needs_oil_and_two_others():
    game = to_war(oil_game(players=2))
    s = game.state
    for n in range(11, 21):
        s["owner"][n] = 0
    s["whole"][1] = 0
    s["troops"][USA] = 30
    conquer(game, USA, 36, move=5)
    assert game.phase == "war" and s["winner"] == -1
    for n in range(21, 30):
        s["owner"][n] = 0
    s["owner"][30], s["troops"][30] = 1, 1
    conquer(game, USA, 30)
    assert game.phase == "over" and s["winner"] == 0


def test_usa_france_and_china_are_worldpowers_of_the_box_map():
    from games.ultimatum.content import NATIONS

    assert [NATIONS[n][0] for n in (USA, GB, FRANCE, 3, USSR, CHINA)] == [
        "U.S.A.",
        "Great Britain",
        "France",
        "Japan",
        "U.S.S.R.",
        "China",
    ]
    assert sum(n[2] for n in NATIONS) == 6 and len(NATIONS) == 37


def test_an_attack_ends_when_the_attacker_airlifts_its_nation_down_to_two():
    game = duel()
    s = game.state
    s["cards"][0] = 1
    mine = [n for n in range(37) if s["owner"][n] == 0 and n != USA][0]
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    refused(game, {"a": "laser", "p": 0, "n": GB}, "no_laser")
    game.apply({"a": "airlift", "p": 0, "from": USA, "to": mine, "n": 8})
    assert s["troops"][USA] == 2 and game.phase == "war" and s["battle"] is None


def test_a_seat_with_nothing_left_is_skipped_unless_it_can_come_back_to_sea():
    game = duel(players=3)
    s = game.state
    for n in range(37):  # given: seat 1 lost every nation and vessel, and holds no card
        if s["owner"][n] == 1:
            s["owner"][n] = 0
    for b in range(23):
        if s["sea"][b] == 1:
            s["sea"][b], s["ships"][b] = 0, 2
    s["purses"]["savings"][1] = 1
    game.apply({"a": "end", "p": 0})
    assert s["active"] == 2
    game.apply({"a": "end", "p": 2})
    assert s["active"] == 0
    # with $2 and a vacant blockade it may buy a battleship there: it plays
    s["sea"][0], s["ships"][0] = -1, 0
    s["purses"]["savings"][1] = 2
    game.apply({"a": "end", "p": 0})
    assert s["active"] == 1
    game.apply({"a": "buy", "p": 1, "kind": "ship", "n": 1, "at": 0})
    assert s["sea"][0] == 1
