"""The board game on the host: `ultimus odds morituri_board`, `ultimus play/demo --game morituri_board`,
the host's table (road and deck), the bots, the narration and bad input."""

from click.testing import CliRunner

from games.morituri_board import rules
from games.morituri_board.randomplay import setup_for
from referee.engine import Game
from ultimus_host.cli import main
from ultimus_host.games.morituri_board.bots import RandomBot as TableRandomBot
from ultimus_host.games.morituri_board.bots import Referee, SensibleBot, strength
from ultimus_host.games.morituri_board.play import HotSeat, line
from ultimus_host.games.morituri_board.table import DECK, Table
from ultimus_host.loop import run_game


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def one_line_error(result, words):
    assert result.exit_code == 1, result.output
    assert result.output.count("\n") == 1 and result.output.startswith("Error: ") and words in result.output


# --- odds -----------------------------------------------------------------------


def test_odds_the_pugio_against_no_armour_hits_13_in_18_and_the_whole_fight_sums_to_one():
    result = run("odds", "morituri_board", "pugio", "pugio")
    assert result.exit_code == 0, result.output
    assert "the attacker hits 72.2% (13/18)" in result.output  # GAMES.md's example
    assert "both at 1 HP: nobody wins                59.4%" in result.output
    bare = run("odds", "morituri_board", ",,", " Gladius , ")  # no card at all is the pugio alone
    assert bare.output.startswith(
        "Morituri (board game): pugio [attack 1, defence 0, encumbrance 0, 2 HP] against gladius ["
    )


def test_odds_roma_beasts_and_refused_mercy():
    roma = run("odds", "morituri_board", "gladius,lorica", "dual_gladius", "--roma", "--hp-a", "3")
    assert roma.exit_code == 0 and "in Roma, to the death" in roma.output and "crowd spares" not in roma.output
    beast = run("odds", "morituri_board", "trident,casses", "beast:3")
    assert "a bestiarius" in beast.output and "attack 3, defence 3, encumbrance 0, 1 HP" in beast.output
    take = run("odds", "morituri_board", "pugio", "lorica")
    refuse = run("odds", "morituri_board", "pugio", "lorica", "--refuse-mercy")
    assert take.output != refuse.output and refuse.exit_code == 0


def test_odds_refuse_bad_loadouts_and_numbers_in_one_line():
    one_line_error(run("odds", "morituri_board", "dual_gladius,parma", "pugio"), "shield is used only")
    one_line_error(run("odds", "morituri_board", "rudis", "pugio"), "'rudis' is not a card")
    one_line_error(run("odds", "morituri_board", "pugio", "beast:5"), "1 to 4")
    one_line_error(run("odds", "morituri_board", "pugio", "pugio", "--hp-a", "0"), "--hp-a must be from 1 to 20")


# --- demo and play ----------------------------------------------------------------


def test_demo_is_narrated_and_the_same_game_for_the_same_seed():
    a = run("demo", "--game", "morituri_board", "--seed", "4", "-p", "3")
    b = run("demo", "--game", "morituri_board", "--seed", "4", "-p", "3")
    assert a.exit_code == 0 and a.output == b.output
    assert "seed 4, 3 players" in a.output and "wins the roll-off" in a.output and "digest" in a.output
    c = run("demo", "--game", "morituri_board", "--seed", "5", "-p", "2", "--alt", "1,2", "-v")
    assert c.exit_code == 0 and "rolls" in c.output


def test_play_with_bots_on_every_seat_runs_a_whole_game():
    result = run(
        "play", "--game", "morituri_board", "-p", "3", "--bot", "1=random,2=sensible,3=sensible", "--seed", "2"
    )
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] in ("seat 1 wins", "seat 2 wins", "seat 3 wins", "nobody wins")


def test_play_hot_seat_a_person_against_a_bot_until_the_end():
    answers = "7\nx\n" + "\n" * 3000  # a bad number, a word, then Enter: the road's space and each default
    result = run("play", "--game", "morituri_board", "-p", "2", "--bot", "2=sensible", "--seed", "9", input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seat 1, your choice [1-" in out and "a number from 1 to" in out and "seat 1 is on space" in out
    assert "space 0" not in out and " Start (nothing)" in out  # the road starts at Start, its spaces from 1
    assert out.strip().splitlines()[-1] in ("seat 1 wins", "seat 2 wins", "nobody wins")


def test_a_persons_drawn_card_is_named_as_the_narration_names_it():
    """'seat 1 draws the lorica' before his choice, as the narration says it (it said 'draws: dual_gladius')."""
    result = run("play", "--game", "morituri_board", "-p", "2", "--bot", "2=sensible", "--seed", "1", input="\n" * 3000)
    drawn = [row for row in result.output.splitlines() if row.startswith("seat 1 draws")]
    assert drawn and all(row.startswith("seat 1 draws the ") for row in drawn), drawn


def test_play_refuses_bad_options_in_one_line():
    one_line_error(run("play", "--game", "morituri_board", "--bot", "5=random", "-p", "2"), "a seat from 1 to 2")
    one_line_error(run("play", "--game", "morituri_board", "--bot", "1=clever", "-p", "2"), "random or sensible")
    one_line_error(run("play", "--game", "morituri_board", "--alt", "3", "-p", "2"), "--alt lists")


# --- table, bots, narration -------------------------------------------------------


def test_the_made_up_deck_has_69_cards_and_the_road_follows_the_pawns():
    assert len(DECK) == 69 and DECK.count("gladius") == 4
    t = Table(2, 1)
    t.follow({"e": "move", "seat": 0, "spaces": 3})
    assert t.pos == [3, 0] and t.space(0) == "1"
    t.follow({"e": "debt", "seat": 0})
    assert t.space(0) == "d"
    first = t.draw()
    assert t.draw() == first  # the same card until its drawer has answered
    t.follow({"e": "other_card", "seat": 0})
    assert len(t.deck) == 68 and t.drawn is None
    t.draw()
    assert len(t.deck) == 67


def test_random_and_sensible_bots_finish_whole_games_through_the_one_loop():
    for seed in range(10):
        setup = setup_for(seed)
        game = Game(rules.RULES, setup)
        table = Table(setup["players"], seed)
        seats = {p: (SensibleBot(table, p) if p % 2 else TableRandomBot(table, p)) for p in range(setup["players"])}
        run_game(game, seats, referee=Referee(), on_event=table.follow, max_actions=20000)
        assert game.phase == "over", seed


def test_the_sensible_bot_values_a_better_kit_more():
    game = Game(rules.RULES, {"players": 2, "seed": 1})
    view = game.public_view()
    assert strength(view, ["", "lorica", "", "gladius", ""], 2) > strength(view, ["", "", "", "", ""], 2)


def test_every_event_of_whole_games_has_a_sentence():
    for seed in range(6):
        told = []
        hot = HotSeat(setup_for(seed), {p: "random" for p in range(6)}, say=told.append, verbose=True)
        hot.run()
        for e_line in told:
            assert " " in e_line, e_line  # never an event's bare name
    assert line({"e": "roll", "who": 0, "dice": [3], "why": "move"}) is None


def test_a_refused_loadout_is_said_once_without_repeating_itself():
    unknown = run("odds", "morituri_board", "rudis", "pugio")
    assert unknown.output.count("the cards are") == 1, unknown.output
    slot = run("odds", "morituri_board", "gladius,sica", "pugio")
    assert slot.output.count("gladius") == 1 and "both take the weapon slot" in slot.output, slot.output
    assert "the cards are" not in slot.output
