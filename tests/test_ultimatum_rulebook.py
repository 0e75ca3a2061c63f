"""Ultimatum clause by clause (edition 2, the box's second reading of the rulebook): each test names
the rulebook section it checks and says the clause in our own words, then plays it through
Game.apply with fixed dice. docs/dev/rules-index.md lists them under "Ultimatum"."""

import pytest

from games.ultimatum import rules
from games.ultimatum.content import BLOCKADES, REINFORCEMENT_MAX
from referee import engine
from referee.engine import Game
from referee.errors import Illegal
from test_ultimatum_bank import conquer, oil_game
from test_ultimatum_battles import duel, laser_game
from test_ultimatum_setup import GB, OIL, USA, refused, setup, to_war

SHIP, SUB = "ship", "sub"
ANCHOR = BLOCKADES  # anchor 1; anchor 2 is BLOCKADES + 1


def fleet_game(players=2):
    """Seat 0 at war with blockade `home` (4 battleships, 2 submarines) and anchor 1 (2 battleships);
    seat 1 holds blockade `theirs` (2 battleships); one other blockade is vacant."""
    game = duel(players)
    s = game.state
    home = s["sea"].index(0)
    s["ships"][home], s["subs"][home] = 4, 2
    s["sea"][ANCHOR], s["ships"][ANCHOR] = 0, 2
    theirs = s["sea"].index(1)
    free = [b for b in range(BLOCKADES) if b not in (home, theirs)][0]
    s["sea"][free], s["ships"][free] = -1, 0
    return game, s, home, theirs


def next_turn_of(game, seat):
    """Every seat ends its turn until it is `seat`'s again, then `seat` goes to war."""
    game.apply({"a": "end", "p": game.state["active"]})
    while game.state["active"] != seat:
        game.apply({"a": "end", "p": game.state["active"]})
    return to_war(game)


def a_vacant_blockade(s):
    return [b for b in range(BLOCKADES) if s["sea"][b] < 0]


# --- NAVY: battleship regulations ----------------------------------------------------------------


def test_battleship_regulations_one_move_per_turn_with_each_battleship():
    """Battleship Regulations 3: a battleship makes one move a turn; it moves again next turn."""
    game, s, home, _ = fleet_game()
    game.apply({"a": "sail", "p": 0, "from": home, "to": ANCHOR + 1, "ships": 3, "subs": 0})
    back = {"a": "sail", "p": 0, "from": ANCHOR + 1, "to": home, "ships": 1, "subs": 0}
    message = refused(game, back, "moved_already")
    assert "once a turn" in message and "0 battleships" in message
    game.apply({"a": "sail", "p": 0, "from": home, "to": ANCHOR + 1, "ships": 1, "subs": 0})  # the fourth had not moved
    next_turn_of(game, 0)
    game.apply({"a": "sail", "p": 0, "from": ANCHOR + 1, "to": home, "ships": 4, "subs": 0})
    assert s["ships"][home] == 4 and s["sea"][ANCHOR + 1] == -1


def test_battleship_regulations_blockade_to_anchor_or_anchor_to_blockade_only():
    """Battleship Regulations 4: in one turn a battleship goes from a naval blockade to an anchor or
    from an anchor to a blockade, never blockade to blockade (nor anchor to anchor)."""
    game, s, home, theirs = fleet_game()
    free = a_vacant_blockade(s)[0]
    message = refused(game, {"a": "sail", "p": 0, "from": home, "to": free, "ships": 1, "subs": 0}, "battleship_hop")
    assert "from a blockade to an anchor or back" in message
    attack = {"a": "sail", "p": 0, "from": home, "to": theirs, "ships": 2, "subs": 1}
    refused(game, attack, "battleship_hop")  # attacking too
    refused(game, {"a": "sail", "p": 0, "from": ANCHOR, "to": ANCHOR + 1, "ships": 1, "subs": 0}, "battleship_hop")
    game.apply({"a": "sail", "p": 0, "from": ANCHOR, "to": free, "ships": 1, "subs": 0})
    assert s["sea"][free] == 0


def test_battleship_regulations_bought_battleships_wait_for_the_next_turn():
    """Battleship Regulations 2: bought battleships go on a blockade of yours and cannot move until
    your next turn (those already there can)."""
    game, s, home, _ = fleet_game()
    s["purses"]["chest"][0] = 4
    game.apply({"a": "buy", "p": 0, "kind": SHIP, "n": 2, "at": home})
    refused(game, {"a": "sail", "p": 0, "from": home, "to": ANCHOR, "ships": 5, "subs": 0}, "moved_already")
    game.apply({"a": "sail", "p": 0, "from": home, "to": ANCHOR, "ships": 4, "subs": 0})
    assert s["ships"][home] == 2
    next_turn_of(game, 0)
    game.apply({"a": "sail", "p": 0, "from": home, "to": ANCHOR, "ships": 2, "subs": 0})
    assert s["ships"][home] == 0


def test_battleship_regulations_a_battleship_moved_into_an_attack_has_made_its_move():
    """Battleship Regulations 3 and 6: battleships that sail onto an opponent's blockade fight there;
    having won it they have made their move for the turn."""
    game, s, home, theirs = fleet_game()
    game.apply({"a": "sail", "p": 0, "from": ANCHOR, "to": theirs, "ships": 2, "subs": 0})
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["WIN"]})
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["WIN"]})
    assert s["sea"][theirs] == 0
    refused(game, {"a": "sail", "p": 0, "from": theirs, "to": ANCHOR + 1, "ships": 1, "subs": 0}, "moved_already")


def test_general_questions_battleships_attack_all_at_once_or_one_at_a_time():
    """A General's Questions and Answers: battleships on an anchor may go into an enemy blockade all
    at once or one at a time, and each that goes in fights until it wins or is sunk."""
    game, s, home, theirs = fleet_game()
    s["ships"][ANCHOR] = 4
    game.apply({"a": "sail", "p": 0, "from": ANCHOR, "to": theirs, "ships": 1, "subs": 0})
    refused(game, {"a": "stop", "p": 0}, "fight_on")
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["LOSE"]})
    assert game.phase == "war" and s["sea"][theirs] == 1
    game.apply({"a": "sail", "p": 0, "from": ANCHOR, "to": theirs, "ships": 1, "subs": 0})  # the next one
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["WIN"]})
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["WIN"]})
    assert s["sea"][theirs] == 0 and s["ships"][ANCHOR] == 2
    game.apply({"a": "sail", "p": 0, "from": ANCHOR, "to": theirs, "ships": 2, "subs": 0})  # the last two join it
    assert s["ships"][theirs] == 3


# --- NAVY: submarine regulations -----------------------------------------------------------------


def test_submarine_regulations_a_submarine_goes_anywhere_once_a_turn():
    """Submarine Regulations 3 and 5: unlike battleships a submarine may move to any blockade or
    anchor in one turn, and it makes one move a turn."""
    game, s, home, theirs = fleet_game()
    free = a_vacant_blockade(s)[0]
    game.apply({"a": "sail", "p": 0, "from": home, "to": free, "ships": 0, "subs": 1})  # blockade to blockade
    refused(game, {"a": "sail", "p": 0, "from": free, "to": ANCHOR, "ships": 0, "subs": 1}, "moved_already")
    game.apply({"a": "sail", "p": 0, "from": home, "to": theirs, "ships": 0, "subs": 1})  # and attacks there
    assert game.phase == "battle" and s["battle"][SUB] == 1


def test_submarine_regulations_bought_submarines_wait_for_the_next_turn():
    """Submarine Regulations 2: bought submarines go on a blockade you hold and may not move until
    your next turn."""
    game, s, home, _ = fleet_game()
    s["purses"]["chest"][0] = 5
    game.apply({"a": "buy", "p": 0, "kind": SUB, "n": 1, "at": home})
    game.apply({"a": "sail", "p": 0, "from": home, "to": ANCHOR, "ships": 0, "subs": 2})
    message = refused(game, {"a": "sail", "p": 0, "from": home, "to": ANCHOR, "ships": 0, "subs": 1}, "moved_already")
    assert "a new one from your next turn" in message
    next_turn_of(game, 0)
    game.apply({"a": "sail", "p": 0, "from": home, "to": ANCHOR, "ships": 0, "subs": 1})


# --- reinforcement and intelligence cards ---------------------------------------------------------


def test_troop_regulations_reinforcement_troops_are_placed_at_once_and_attack_at_once():
    """Troop Regulations 2: troops from a reinforcement card go at once on a nation of yours and may
    attack at once; the card is spent."""
    game = duel()
    s = game.state
    s["cards"][0] = 1
    s["troops"][USA] = 2
    refused(game, {"a": "reinforce", "p": 0, "kind": "troop", "n": 3, "at": GB}, "not_yours")
    refused(game, {"a": "reinforce", "p": 0, "kind": "laser", "n": 1, "at": USA}, "bad_action")
    refused(game, {"a": "reinforce", "p": 0, "kind": "troop", "n": REINFORCEMENT_MAX + 1, "at": USA}, "bad_action")
    game.apply({"a": "reinforce", "p": 0, "kind": "troop", "n": 3, "at": USA})
    assert s["troops"][USA] == 5 and s["cards"][0] == 0
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    refused(game, {"a": "stop", "p": 1}, "not_your_turn")


def test_battleship_regulations_reinforcement_vessels_wait_for_the_next_turn():
    """Battleship Regulations 2 and Submarine Regulations 2: vessels from a reinforcement card go on
    a blockade you hold and wait for your next turn."""
    game, s, home, _ = fleet_game()
    s["cards"][0] = 2
    refused(game, {"a": "reinforce", "p": 0, "kind": SHIP, "n": 2, "at": ANCHOR}, "not_blockade")
    game.apply({"a": "reinforce", "p": 0, "kind": SHIP, "n": 2, "at": home})
    game.apply({"a": "reinforce", "p": 0, "kind": SUB, "n": 1, "at": home})
    assert (s["ships"][home], s["subs"][home], s["cards"][0]) == (6, 3, 0)
    refused(game, {"a": "sail", "p": 0, "from": home, "to": ANCHOR, "ships": 5, "subs": 0}, "moved_already")
    refused(game, {"a": "sail", "p": 0, "from": home, "to": ANCHOR, "ships": 0, "subs": 3}, "moved_already")
    refused(game, {"a": "reinforce", "p": 0, "kind": SHIP, "n": 1, "at": home}, "no_card")


def test_general_questions_a_lost_navy_comes_back_on_a_vacant_blockade_from_a_card():
    """A General's Questions and Answers: a player whose whole navy is gone gets back to sea by
    placing vessels bought or from the cards on a vacant blockade."""
    game = duel()
    s = game.state
    for b in range(len(s["sea"])):
        if s["sea"][b] == 0:
            s["sea"][b], s["ships"][b] = -1, 0
    free = a_vacant_blockade(s)[0]
    s["cards"][0] = 1
    game.apply({"a": "reinforce", "p": 0, "kind": SHIP, "n": 1, "at": free})
    assert s["sea"][free] == 0 and s["ships"][free] == 1


def test_intelligence_report_cards_are_played_on_the_attackers_turn_and_spent():
    """Army, Navy and Air Force Intelligence Report cards: used on the attacking player's turn to see
    an opponent's cards (across the table); the box counts the card spent."""
    game = duel()
    s = game.state
    s["cards"] = [1, 1]
    refused(game, {"a": "intelligence", "p": 1}, "not_your_turn")
    game.apply({"a": "intelligence", "p": 0})
    assert s["cards"] == [0, 1]
    refused(game, {"a": "intelligence", "p": 0}, "no_card")


# --- lasers -----------------------------------------------------------------------------------------


def test_laser_regulations_the_defender_launches_a_laser_under_a_troop_attack():
    """Laser Regulations 3: a laser may be launched when its owner is under any form of attack; the
    box has it strike the attacker, and an attack whose nation is left with 2 troops is over."""
    game, s = laser_game()
    s["lasers"][1] = 2
    s["troops"][USA] = 10
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    refused(game, {"a": "laser", "p": 2, "n": USA}, "not_in_battle")  # a third seat is not under attack
    third = s["owner"].index(2)
    refused(game, {"a": "laser", "p": 1, "n": third}, "not_opponent")  # at the attacker only
    events = game.apply({"a": "laser", "p": 1, "n": USA, "dice": [4]})
    assert s["troops"][USA] == 6 and s["lasers"][1] == 1 and game.phase == "battle"
    assert [e for e in events if e["e"] == "hit"][0]["why"] == "defender_laser"
    assert s["fire_back"] == [0, 0, 0]  # the attacker answers on his own turn, as he likes
    events = game.apply({"a": "laser", "p": 1, "n": USA, "dice": [4]})
    assert s["troops"][USA] == 2 and game.phase == "war" and events[-1]["e"] == "attack_over"


def test_laser_regulations_the_defender_launches_a_laser_under_a_jet_bomber_or_naval_attack():
    """Laser Regulations 3: any form of attack: a jet bomber's, a naval attack."""
    game, s = laser_game()
    s["lasers"][1] = 2
    s["cards"][0] = 1
    game.apply({"a": "bomber", "p": 0, "n": GB})
    game.apply({"a": "laser", "p": 1, "n": USA, "dice": [8]})
    assert s["troops"][USA] == 2 and game.phase == "battle"
    game.apply({"a": "roll", "p": 0, "dice": [2]})
    theirs = s["sea"].index(1)
    s["sea"][ANCHOR], s["ships"][ANCHOR] = 0, 2
    home = s["sea"].index(0)
    game.apply({"a": "sail", "p": 0, "from": ANCHOR, "to": theirs, "ships": 2, "subs": 0})
    game.apply({"a": "laser", "p": 1, "b": home, "dice": [4]})
    assert s["ships"][home] == 0 and s["sea"][home] == -1 and game.phase == "battle"


def test_laser_regulations_launched_any_time_on_the_attackers_turn_in_his_own_battle_too():
    """Laser Regulations 3: a laser may be launched any time on its owner's turn, so in the middle of
    his own attack too (a sea battle cannot be stopped first); one that empties the place fought over
    wins it, and its victim may fire one back."""
    game, s, home, theirs = fleet_game(players=3)
    s["lasers"][0] = 2
    game.apply({"a": "sail", "p": 0, "from": ANCHOR, "to": theirs, "ships": 2, "subs": 0})
    events = game.apply({"a": "laser", "p": 0, "b": theirs, "dice": [4]})  # half of 4: both battleships
    assert s["sea"][theirs] == 0 and s["ships"][theirs] == 2 and game.phase == "war" and s["won"] == [0, 1]
    assert [e for e in events if e["e"] == "hit"][0]["why"] == "laser" and s["fire_back"][1] == 1
    s["troops"][USA], s["troops"][GB] = 10, 9
    game.apply({"a": "attack", "p": 0, "from": USA, "to": GB})
    game.apply({"a": "laser", "p": 0, "n": GB, "dice": [28]})
    assert s["troops"][GB] == 1 and game.phase == "battle"  # one troop always stays: the attack goes on


def test_laser_regulations_except_helicopter_commando_raids():
    """Laser Regulations 3 (its exception): no laser is launched against a Helicopter Commando raid (nor by
    the commandos' side: they attack alone, without other weapons)."""
    game, s = laser_game()
    s["lasers"][1] = 1
    s["cards"][0] = 1
    game.apply({"a": "commando", "p": 0, "to": GB})
    message = refused(game, {"a": "laser", "p": 1, "n": USA}, "commando_raid")
    assert "Helicopter Commando" in message
    s["lasers"][0] = 1
    refused(game, {"a": "laser", "p": 0, "n": GB}, "commando_raid")


def test_laser_losses_at_a_place_take_the_vessels_that_moved_this_turn_first():
    """Defending against laser attacks 2 (a laser fired back) on a place where some vessels moved this
    turn: the holder takes off those first (his choice on the table) and keeps the ones that may move."""
    game, s, home, _ = fleet_game(players=3)
    s["lasers"] = [1, 1, 0]
    game.apply({"a": "sail", "p": 0, "from": ANCHOR, "to": home, "ships": 2, "subs": 0})  # 6 there, 2 moved
    game.apply({"a": "laser", "p": 0, "n": GB, "dice": [4]})
    game.apply({"a": "fire_back", "p": 1, "b": home, "dice": [4]})  # 2 battleships lost
    assert s["ships"][home] == 4
    game.apply({"a": "sail", "p": 0, "from": home, "to": ANCHOR + 1, "ships": 4, "subs": 0})


# --- the bank -----------------------------------------------------------------------------------------


def test_oil_alliance_embargo_money_buys_troops_and_vessels_never_a_laser():
    """Oil Alliance Embargo: its money is spent that turn on troops and naval vessels (the conquest
    payments may buy lasers too): the box counts it apart and spends it first."""
    game = to_war(oil_game(players=3))
    s = game.state
    s["purses"]["savings"][1] = 6
    s["purses"]["savings"][2] = 6
    s["troops"][USA] = 20
    conquer(game, USA, OIL[-1], move=1)
    assert s["embargo"][0] == 12 and s["purses"]["chest"][0] == 2 + 12  # the Oil nation, the embargo
    for n in range(11, 21):  # given: seat 0 holds the Communist alliance too, so lasers are sold to it
        s["owner"][n] = 0
    message = refused(game, {"a": "buy", "p": 0, "kind": "laser", "n": 1}, "embargo_money")
    assert "buys no laser" in message and "$12 of your $14" in message
    s["purses"]["chest"][0] += 10  # given: a further $10 of conquest money
    game.apply({"a": "buy", "p": 0, "kind": "troop", "n": 3, "at": USA})  # embargo money first
    assert s["embargo"][0] == 9 and s["purses"]["chest"][0] == 21
    game.apply({"a": "buy", "p": 0, "kind": "laser", "n": 1})
    assert s["lasers"][0] == 1 and s["purses"]["chest"][0] == 11 and s["embargo"][0] == 9
    game.apply({"a": "end", "p": 0})
    assert s["embargo"][0] == 0


# --- editions ----------------------------------------------------------------------------------------


def test_a_new_game_is_refereed_by_the_latest_reading_and_names_it_in_its_set_up():
    game = Game(rules.RULES, {"players": 3, "seed": 1})
    assert game.setup["edition"] == rules.EDITION == 2 and game.state["edition"] == 2
    assert rules.check_setup({"players": 3, "seed": 1}) == {"players": 3, "seed": 1, "edition": 2}
    assert engine.saved_setup(rules.RULES, {"players": 3, "seed": 1})["edition"] == 1  # a save of edition 1
    for bad in (3, "2", 0, True):
        with pytest.raises(Illegal) as info:
            rules.check_setup({"players": 3, "seed": 1, "edition": bad})
        assert info.value.code == "bad_setup" and "edition" in info.value.message


def test_a_game_of_the_first_reading_keeps_its_rules():
    """A game begun under edition 1 (saved before edition 2 existed) sails and fires as it did."""
    game = to_war(setup(players=2, wants={0: [USA], 1: [GB]}, edition=1))
    s = game.state
    assert s["edition"] == 1 and "moved_ships" not in s
    home = s["sea"].index(0)
    theirs = s["sea"].index(1)
    s["lasers"][1] = 1
    game.apply({"a": "sail", "p": 0, "from": home, "to": theirs, "ships": 2, "subs": 0})  # blockade to blockade
    refused(game, {"a": "laser", "p": 1, "n": USA}, "wrong_phase")
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["WIN"]})
    game.apply({"a": "fire", "p": 0, "w": SHIP, "t": SHIP, "dice": ["WIN"]})
    game.apply({"a": "sail", "p": 0, "from": theirs, "to": home, "ships": 2, "subs": 0})  # the same two again
    assert s["sea"][home] == 0 and s["ships"][home] == 2
    s["cards"][0] = 1
    refused(game, {"a": "reinforce", "p": 0, "kind": "troop", "n": 1, "at": USA}, "old_rules")
    refused(game, {"a": "intelligence", "p": 0}, "old_rules")
