"""The bots: always legal, the heuristic one bets and shouts with sense, and both play from the seat's view."""

import json
import os

from games.ultimus.rules import RULES, new_setup
from referee.digest import fnv_digest
from referee.engine import Game
from ultimus_host.games.ultimus.balance import Tally, play_game
from ultimus_host.games.ultimus.bots import HeuristicBot, RandomBot
from ultimus_host.loop import run_game


def test_the_heuristic_bot_ends_with_more_gold_than_the_random_bot():
    heuristic = random = 0
    for seed in range(24):
        game, _ = play_game(4, seed, ["heuristic", "random"])
        gold = game.state["gold"]
        heuristic += gold[0] + gold[2]
        random += gold[1] + gold[3]
    assert heuristic > 1.5 * random


def test_all_heuristic_tables_finish_their_battles():
    tally = Tally()
    for seed in range(6):
        tally.add(*play_game(5, seed, ["heuristic"]))
    assert tally.unfinished == 0 and tally.battles == 6
    assert 5 < tally.length()[0] < 80  # rounds a battle


class Checked:
    """A bot that must pick one of the options it is given, from the view of its own seat."""

    def __init__(self, bot, game, seat):
        self.bot, self.game, self.seat = bot, game, seat
        self.choices = 0

    def choose(self, view, options):
        assert view == self.game.seat_view(self.seat) and options == self.game.legal_actions(self.seat)
        choice = self.bot.choose(view, options)
        assert choice in options
        self.choices += 1
        return choice


def test_bots_only_choose_among_the_legal_actions_they_are_given():
    game = Game(RULES, new_setup(3, 4, battles=2))
    seats = {0: HeuristicBot(1), 1: RandomBot(2), 2: HeuristicBot(3)}
    checked = {p: Checked(seats[p], game, p) for p in seats}
    run_game(game, checked, max_actions=3000)
    assert game.phase == "over" and all(c.choices > 20 for c in checked.values())


def test_the_thumb_follows_the_bots_bets():
    game = Game(RULES, new_setup(2, 1))
    s = game.state
    s["phase"], s["pollice_verso"], s["loudest"] = "action", [[3, 1]], 0
    s["bets"][0] = [[9, 2]]  # Murmillo to die
    bot = HeuristicBot(1)
    options = [{"a": "thumb", "p": 0, "up": 1}, {"a": "thumb", "p": 0, "up": 0}]
    assert bot.choose(game.seat_view(0), options)["up"] == 0
    s["bets"][0] = [[12, 2]]  # Tigris invest: a pardoned Tigris pays
    s["pollice_verso"] = [[0, 1]]
    assert bot.choose(game.seat_view(0), options)["up"] == 1


# Speed-ups of the bots must not change a single choice: these games, played by the bots of the
# commit that wrote tests/data/bots_golden.json, must come out the same, action for action.
# ULTIMUS_WRITE_BOTS_GOLDEN=1 pytest tests/test_bots.py writes the file again (only when a choice
# is meant to change, and say so in the commit).
GOLDEN = os.path.join(os.path.dirname(__file__), "data", "bots_golden.json")
GOLDEN_GAMES = (  # (players, seed, bots, battles)
    (3, 1, "heuristic", 1),
    (3, 7, "heuristic", 1),
    (4, 2, "heuristic", 1),
    (4, 9, "heuristic", 2),
    (6, 3, "heuristic", 1),
    (6, 11, "heuristic", 1),
    (3, 5, "heuristic,random", 1),
    (4, 6, "random,heuristic", 1),
    (6, 8, "heuristic,random", 1),
)


def _golden_key(players, seed, bots, battles):
    return "%dp seed %d %s battles %d" % (players, seed, bots, battles)


def test_the_bots_make_the_same_choices_as_when_the_golden_file_was_written():
    played = {}
    for players, seed, bots, battles in GOLDEN_GAMES:
        game, _ = play_game(players, seed, bots.split(","), battles=battles)
        # the golden file holds digest format 1's (fnv_digest): the games are the ones it was written with
        played[_golden_key(players, seed, bots, battles)] = {"digest": fnv_digest(game.state), "actions": len(game.log)}
    if os.environ.get("ULTIMUS_WRITE_BOTS_GOLDEN"):
        with open(GOLDEN, "w") as f:
            json.dump(played, f, indent=1, sort_keys=True)
            f.write("\n")
    with open(GOLDEN) as f:
        assert played == json.load(f)
