"""Morituri on the host: `ultimus play/demo --game morituri`, `ultimus odds morituri`, the bots, and bad input."""

import re
from fractions import Fraction

from click.testing import CliRunner

from games.morituri import rules
from games.morituri.randomplay import setup_for
from referee.engine import Game
from ultimus_host.bots import RandomBot
from ultimus_host.cli import main
from ultimus_host.games.morituri.bots import InitiativeReferee, SensibleBot
from ultimus_host.games.morituri.narrate import line
from ultimus_host.games.morituri.play import SetupError, parse_figures
from ultimus_host.loop import run_game


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def one_line_error(result, words):
    assert result.exit_code == 1, result.output
    assert result.output.count("\n") == 1 and result.output.startswith("Error: ") and words in result.output


# --- odds -----------------------------------------------------------------------


def test_odds_prints_the_exact_figures_of_one_exchange_and_of_a_duel():
    result = run("odds", "morituri", "heavy", "heavy")
    assert result.exit_code == 0, result.output
    assert "nobody hits: 15.7% (17/108)" in result.output  # GAMES.md's example
    assert "44.6% (289/648)" in result.output and "25.6% (221/864)" in result.output
    assert "wins 49.6%" in result.output and "7.2 exchanges" in result.output


def test_odds_take_the_modifiers_and_hit_points():
    from ultimus_host.games.morituri.odds import exchange

    result = run("odds", "morituri", "Animal", "heavy", "--mod-a", "1", "--mod-d", "-1", "--hp-d", "1")
    assert result.exit_code == 0, result.output
    x = exchange("animal", "heavy", 1, -1, b_hp=1)
    assert "animal (+1, 3 HP) attacks heavy (-1, 1 HP)" in result.output
    assert str(x["kill"]) in result.output and x["kill"] == x["wound"] > Fraction(1, 2)


def test_odds_refuse_unknown_classes_and_bad_numbers_in_one_line():
    one_line_error(run("odds", "morituri", "dragon", "heavy"), "the classes are heavy, light, animal, rhino")
    one_line_error(run("odds", "morituri", "heavy", "ogre"), "DEFENDER 'ogre' is not a class")
    one_line_error(run("odds", "morituri", "heavy", "light", "--mod-a", "3"), "--mod-a must be from -2 to 2")
    one_line_error(run("odds", "morituri", "heavy", "light", "--mod-d", "one"), "a whole number")
    one_line_error(run("odds", "morituri", "heavy", "light", "--hp-d", "0"), "--hp-d must be from 1 to 3")


# --- demo -----------------------------------------------------------------------


def test_demo_is_narrated_and_the_same_game_for_the_same_seed():
    a = run("demo", "--game", "morituri", "--seed", "4")
    b = run("demo", "--game", "morituri", "--seed", "4")
    assert a.exit_code == 0 and a.output == b.output
    assert "is Caesar for round 1" in a.output and "WINS" in a.output or "no winner" in a.output
    game = Game(rules.RULES, setup_for(4))
    seats = " v ".join("seat %d %s" % (p + 1, "+".join(c)) for p, c in enumerate(game.setup["figures"]))
    assert "seed 4, " + seats in (a.output)
    c = run("demo", "--game", "morituri", "--seed", "5", "--figures", "heavy,light/rhino,animal", "-v")
    assert c.exit_code == 0 and "seat 1 heavy+light v seat 2 rhino+animal" in c.output and "rolls" in c.output


def test_demo_refuses_a_bad_set_up_in_one_line():
    one_line_error(run("demo", "--game", "morituri", "--figures", "heavy/dragon"), "'dragon' is not a class")
    one_line_error(run("demo", "--game", "morituri", "--figures", "heavy"), "at least two seats")
    one_line_error(
        run("demo", "--game", "morituri", "--figures", "heavy,heavy,heavy/light,light,light,light"), "at most 6 figures"
    )


# --- play -----------------------------------------------------------------------


def test_play_with_bots_on_every_seat_runs_a_whole_game():
    result = run(
        "play",
        "--game",
        "morituri",
        "--figures",
        "heavy/light/animal",
        "--bot",
        "1=random,2=sensible,3=sensible",
        "--seed",
        "2",
    )
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] in ("seat 1 wins", "seat 2 wins", "seat 3 wins", "nobody wins")


def test_play_hot_seat_takes_caesars_choices_typed_in_until_the_winner():
    # a person (seat 1, heavy) against a sensible bot (seat 2, light): the first choice, and the menus'
    # default on Enter; in the melee the person always fights the first pair with "moved to contact" (2)
    answers = []
    for _ in range(400):
        answers += ["1", "2", ""]
    result = run(
        "play",
        "--game",
        "morituri",
        "--figures",
        "heavy/light",
        "--bot",
        "2=sensible",
        "--seed",
        "9",
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seat 1 (Caesar), your choice [1-2]" in out or "seat 1 (Caesar), melee" in out
    assert (
        "how does heavy 1 fight" in out
        and "he moved to contact (+1 to every die)" in out
        and "(+1 to every die)" in out
    )
    assert out.strip().splitlines()[-1] in ("seat 1 wins", "seat 2 wins", "nobody wins")


def test_play_answers_a_bad_choice_and_refuses_bad_options_in_one_line():
    result = run(
        "play",
        "--game",
        "morituri",
        "--figures",
        "heavy/light",
        "--bot",
        "2=sensible",
        "--seed",
        "9",
        input="7\nx\n0\n" + "1\n" * 2000,
    )
    assert "a number from 1 to" in result.output
    one_line_error(run("play", "--game", "morituri", "--figures", "heavy/troll"), "'troll' is not a class")
    one_line_error(run("play", "--game", "morituri", "--bot", "5=random", "-p", "2"), "a seat from 1 to 2")
    one_line_error(run("play", "--game", "morituri", "--bot", "1=clever", "-p", "2"), "random or sensible")


def test_parse_figures():
    assert parse_figures("") is None
    assert parse_figures(" Heavy, light /animal") == [["heavy", "light"], ["animal"]]
    for bad in ("heavy/", "heavy//light", "heavy/ogre"):
        try:
            parse_figures(bad)
        except SetupError:
            continue
        raise AssertionError(bad)


# --- bots through the one loop ---------------------------------------------------


def test_random_and_sensible_bots_finish_whole_games_through_the_one_loop():
    for seed in range(12):
        game = Game(rules.RULES, setup_for(seed))
        players = game.state["players"]
        seats = {p: (SensibleBot(p) if p % 2 else RandomBot(p)) for p in range(players)}
        run_game(game, seats, referee=InitiativeReferee(), max_actions=5000)
        assert game.phase == "over", seed


def test_the_sensible_bot_spares_its_own_and_follows_the_crowd_otherwise():
    bot = SensibleBot(1)
    view = {"seat": 1, "figures": [{"owner": 0}, {"owner": 1}], "crowd": [{"f": 1, "crowd": 0}]}
    thumbs = [{"a": "thumb", "p": 1, "up": 1}, {"a": "thumb", "p": 1, "up": 0}]
    assert bot.choose(view, thumbs)["up"] == 1
    view["crowd"] = [{"f": 0, "crowd": 0}]
    assert bot.choose(view, thumbs)["up"] == 0


def test_every_event_of_random_games_has_a_line():
    for seed in range(6):
        game = Game(rules.RULES, setup_for(seed))
        cls = game.state["cls"]
        told = []

        def tell(e, told=told, cls=cls):
            told.append(line(e, cls))

        run_game(game, {p: RandomBot(p) for p in range(len(cls))}, referee=InitiativeReferee(), on_event=tell)
        raw = [t for t in told if t and re.search(r"[a-z]=", t)]  # an event told by its raw fields (key=value)
        assert told and not raw, (seed, raw)


def test_the_virtual_box_names_each_figure_says_what_now_and_narrates_in_morituri_words(tmp_path):
    from ultimus_host.virtualbox import VirtualBox, render_text
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=1)
    try:
        for b in (board.WHEEL_0 + 1, board.SHOUT_0, board.SHOUT_0 + 3, board.MODE, board.MODE, board.CONFIRM):
            vbox.fb.buttons.push(b)
            vbox.box.step()
        text = render_text(vbox).plain
        assert "heavy 1" in text and "animal 2" in text and "station 4  3 HP" in text
        assert "initiative: confirm [Enter] and the box rolls 2D6" in text
        for b in (board.CONFIRM, board.CONFIRM, board.WHEEL_0, board.WHEEL_0 + 1):
            vbox.fb.buttons.push(b)
            vbox.box.step()
        text = render_text(vbox).plain
        assert "station 1 is Caesar for round 1" in text or "station 4 is Caesar for round 1" in text
        assert "Caesar calls on heavy 1: he moves" in text
        assert "heavy 1 [a] (none) v animal 2 [s] (none)" in text and "confirm [Enter] rolls" in text
    finally:
        vbox.fb.serial.close()


def test_the_virtual_box_names_the_stations_that_joined_as_people_count_them(tmp_path):
    """Stations 1 and 3 join, mode makes station 3's figures light: the log says station 3 (not 2, nor seat 2)."""
    from ultimus_host.virtualbox import VirtualBox
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=1, game="morituri")
    try:
        for b in (board.SHOUT_0, board.SHOUT_0 + 2, board.MODE, board.CONFIRM):
            vbox.fb.buttons.push(b)
            vbox.box.step()
        assert "station 3 brings light figures" in vbox.log_lines
        assert "a new game: station 1 heavy v station 3 light" in vbox.log_lines
    finally:
        vbox.fb.serial.close()
        vbox.storage.close()


def test_the_box_s_own_events_are_told_in_words_in_a_morituri_game_too(tmp_path):
    """A Morituri game set aside at power-on (thumbs down held): the box's words, not a dump of the event."""
    from ultimus_host.virtualbox import VirtualBox
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=1, game="morituri")
    try:
        for b in (board.SHOUT_0, board.SHOUT_0 + 2, board.CONFIRM):
            vbox.fb.buttons.push(b)
            vbox.box.step()
        assert vbox.box.shell.game is not None
    finally:
        vbox.fb.serial.close()
        vbox.storage.close()
    again = VirtualBox(str(tmp_path), seed=1, fresh=True)
    try:
        told = [text for text in again.log_lines if "NOT resumed" in text]
        assert told and told[0].startswith("saved game NOT resumed: `ultimus sim --new` asked"), again.log_lines
    finally:
        again.fb.serial.close()
        again.storage.close()
