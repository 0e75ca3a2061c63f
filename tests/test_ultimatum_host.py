"""Ultimatum on the host: `ultimus play/demo --game ultimatum`, the bots (seat views only), the
narration in plain words, and the virtual box."""

import re

from click.testing import CliRunner

from games.ultimatum import rules
from referee.engine import Game
from ultimus_host.cli import main
from ultimus_host.games.ultimatum.bots import RandomBot, SensibleBot
from ultimus_host.games.ultimatum.narrate import action_text, line
from ultimus_host.games.ultimatum.play import HotSeat, play_out, world_text

RAW = re.compile(r"[a-z_]+=|[{}\[\]]")  # an event told by its raw fields


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def one_line_error(result, words):
    assert result.exit_code == 1, result.output
    assert result.output.count("\n") == 1 and result.output.startswith("Error: ") and words in result.output


def test_demo_is_narrated_in_plain_words_and_the_same_game_for_the_same_seed():
    first = run("demo", "--game", "ultimatum", "-p", "3", "-s", "4")
    assert first.exit_code == 0, first.output
    out = first.output
    assert out.startswith("Ultimatum: 3 players, seed 4")
    assert re.search(r"takes (U.S.A. \(Western|U.S.S.R. \(Communist), Worldpower\) with 10 troops", out)
    assert "WINS" in out and re.search(r"\d+ actions, digest [0-9a-f]{8}", out)
    assert not [text for text in out.splitlines() if RAW.search(text)]
    assert run("demo", "--game", "ultimatum", "-p", "3", "-s", "4").output == out


def test_play_with_bots_on_every_seat_runs_a_whole_game():
    result = run("play", "--game", "ultimatum", "-p", "3", "--bot", "1=sensible,2=random,3=sensible", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert re.match(r"seat [123] wins$", result.output.strip().splitlines()[-1])


def test_play_hot_seat_a_person_picks_the_action_then_each_number_until_the_winner():
    asked = []

    def ask(prompt):
        asked.append(prompt)
        return "" if "Enter:" in prompt else "1"  # the first choice; every number at its default (the most)

    said = []
    game = HotSeat(2, 6, {1: "sensible"}, ask=ask, say=said.append).run()
    assert game.phase == "over" and game.state["winner"] == 1  # a person who never attacks loses
    text = "\n".join(said)
    assert "seat 1, what now [1-" in "\n".join(asked) and "seat 1, nation [1-" in "\n".join(asked)
    assert any(p.startswith("seat 1, how many troops (1 to") for p in asked)  # a purchase
    assert "seat 1: take " in text and "seat 1: buy " in text and "seat 2 WINS" in text
    assert "  Western   U.S.A. s" in text  # the world, nations by name with their seat and troops


def test_play_a_person_aims_a_laser_at_a_nation_or_a_sea_place_from_one_list():
    """The targets of a laser (or a bomber) are nations "n" and sea places "b": one list of both (a
    person's pick among them used to end hot-seat play with a KeyError)."""
    from test_ultimatum_battles import duel
    from ultimus_host.games.ultimatum.play import Person

    game = duel()
    game.state["lasers"][0] = 1
    options = [a for a in game.legal_actions(0) if a["a"] == "laser"]
    assert {"n", "b"} <= {k for a in options for k in a}
    said = []
    table = HotSeat(2, 1, {}, ask=lambda prompt: str(len(options)), say=said.append)
    chosen = Person(table, 0).choose(game.seat_view(0), options)
    assert chosen is not None and chosen == options[-1] and "b" in chosen
    assert "blockade" in said[-1] and "seat 1: fire a laser at blockade" in "\n".join(said)


def test_play_answers_a_bad_choice_and_refuses_bad_bots_in_one_line():
    result = run("play", "--game", "ultimatum", "-p", "2", "--bot", "2=sensible", "--seed", "9", input="99\nx\n0\n1\n")
    assert result.output.count("a number from 1 to 37, please") == 3  # 0 too: menus count from 1
    assert "   1) U.S.A. (Western, Worldpower)" in result.output and "  37) Oil 6 (Oil)" in result.output
    one_line_error(run("play", "--game", "ultimatum", "--bot", "3=random", "-p", "2"), "a seat from 1 to 2")
    one_line_error(run("play", "--game", "ultimatum", "--bot", "1=clever", "-p", "2"), "random or sensible")


def test_random_and_sensible_bots_finish_whole_games_seeing_only_their_seat():
    class Watch:
        """A bot that checks what it is shown: its own seat's view, never the generator."""

        def __init__(self, bot, seat):
            self.bot, self.seat = bot, seat

        def choose(self, view, options):
            assert view["seat"] == self.seat and "rng" not in view and options
            return self.bot.choose(view, options)

        def respond(self, view, options):
            assert view["seat"] == self.seat and "rng" not in view
            return self.bot.respond(view, options)

    for players in range(2, 7):
        for seed in range(3):
            game = Game(rules.RULES, {"players": players, "seed": seed})
            seats = {p: Watch(SensibleBot(p) if (p + seed) % 3 else RandomBot(p), p) for p in range(players)}
            play_out(game, seats, max_actions=30000)
            assert game.phase == "over", (players, seed)


def test_every_event_and_action_of_random_games_has_a_plain_line():
    from games.ultimatum.randomplay import play

    for seed in range(4):
        game = play(3, seed, max_actions=1500)
        replayed = Game(rules.RULES, {"players": 3, "seed": seed})
        for action in game.log:
            assert not RAW.search(action_text(action)), action
            for e in replayed.apply(action):
                text = line(e, verbose=True)
                assert text is None or not RAW.search(text), (e, text)
                assert text is not None or e["e"] in ("cards",), e
        assert "seat 1: savings $" in world_text(replayed.public_view())


def test_the_virtual_box_says_what_now_names_the_nations_and_narrates_in_ultimatum_words(tmp_path):
    from ultimus_host.virtualbox import VirtualBox, render_text
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=1)
    try:
        for b in (board.WHEEL_0 + 2, board.SHOUT_0, board.SHOUT_0 + 3, board.CONFIRM, board.CONFIRM):
            vbox.fb.buttons.push(b)
            vbox.box.step()
        text = render_text(vbox).plain
        assert "Western" in text and "USA=- GB=-" in text and "seas 13-23" in text
        assert "take a nation" in text and "wheels [a s d f]: Western, Communist, Peace, Oil" in text
        assert "one of them a Worldpower (10 troops)" in text  # nothing taken yet
        assert "rolled highest (1 round) and chooses nations first" in text
        assert "station 1: savings $0, war chest $0, 0 cards" in text
        for b in (board.WHEEL_0, board.CONFIRM):
            vbox.fb.buttons.push(b)
            vbox.box.step()
        text = render_text(vbox).plain
        assert re.search(r"station [14] takes U.S.A. \(Western, Worldpower\) with 10 troops", text)
        assert re.search(r"USA=[14]:10", text)
        # the first four's hint says what the seat holds and which Worldpower it has
        assert "one of each alliance (you hold Western), one of them a Worldpower (yours: U.S.A.)" in text
    finally:
        vbox.fb.serial.close()


def test_odds_of_a_troop_battle_exact_and_bad_numbers_in_one_line():
    from ultimus_host.games.ultimatum.odds import conquest

    result = run("odds", "ultimatum", "10", "5")
    assert result.exit_code == 0, result.output
    assert "one exchange: the defender loses a troop 41.7%, the attacker 41.7%, both 16.7%" in result.output
    assert "(%s)" % conquest(10, 5) in result.output and "ten Helicopter Commandos on 5 troops" in result.output
    one_line_error(run("odds", "ultimatum", "2", "5"), "ATTACKERS must be from 3 to 200")
    one_line_error(run("odds", "ultimatum", "9", "lots"), "DEFENDERS must be a whole number")


def test_the_virtual_box_can_power_on_with_a_game_chosen(tmp_path):
    from ultimus_host.virtualbox import VirtualBox, render_text

    for name in ("morituri", "ultimatum"):
        vbox = VirtualBox(str(tmp_path / name), seed=1, game=name)
        try:
            assert vbox.box.shell.chosen == name and vbox.box.shell.screen.NAME == name
            vbox.box.step()
            assert "chosen" in render_text(vbox).plain
        finally:
            vbox.fb.serial.close()
            vbox.storage.close()


def test_the_virtual_box_tells_the_box_s_own_events_in_an_ultimatum_game_too(tmp_path):
    """Who joined, the new game and, after a restart, where the saved game stands: as in every other game."""
    from ultimus_host.virtualbox import VirtualBox
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=1, game="ultimatum")
    try:
        for b in (board.SHOUT_0, board.SHOUT_0 + 3, board.CONFIRM, board.CONFIRM):
            vbox.fb.buttons.push(b)
            vbox.box.step()
        assert "at the table: station 1, station 4" in vbox.log_lines
        assert "a new game of Ultimatum for 2 players" in vbox.log_lines
    finally:
        vbox.fb.serial.close()
        vbox.storage.close()
    again = VirtualBox(str(tmp_path), seed=1)
    try:
        assert again.log_lines[-1].startswith("resumed: "), again.log_lines
    finally:
        again.fb.serial.close()
        again.storage.close()


def test_a_field_left_unpicked_is_refused_in_words(tmp_path):
    """Confirm before a nation is picked: the refusal names what to pick, not the action's field ("the n")."""
    from ultimus_host.virtualbox import VirtualBox
    from ultimusbox import board

    vbox = VirtualBox(str(tmp_path), seed=3, game="ultimatum")
    try:
        for b in (board.SHOUT_0, board.SHOUT_0 + 2, board.CONFIRM, board.CONFIRM, board.CONFIRM):
            vbox.fb.buttons.push(b)
            vbox.box.step()
        assert "refused: take: pick a nation first; nothing changed" in vbox.log_lines, vbox.log_lines
    finally:
        vbox.fb.serial.close()
        vbox.storage.close()


def test_connect_and_the_virtual_box_name_ultimatums_plus_and_minus_by_what_they_do():
    """Ultimatum's + and - step to the next and the previous nation or place: never 'heal +'."""
    from ultimus_host import words
    from ultimusbox import board

    assert words.tell("ultimatum", {"e": "button", "b": board.PLUS}) == "pressed: + (next)"
    assert words.tell("ultimatum", {"e": "button", "b": board.MINUS}) == "pressed: - (previous)"
    assert words.tell("ultimus", {"e": "button", "b": board.PLUS}) == "pressed: heal +"  # ULTIMUS heals with it
