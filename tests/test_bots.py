"""The bots: always legal, the heuristic one bets and shouts with sense, and both play from the seat's view."""

from ultimus.game import Game
from ultimus_host.balance import Tally, play_game
from ultimus_host.bots import HeuristicBot, RandomBot
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
    game = Game(3, 4, battles=2)
    seats = {0: HeuristicBot(1), 1: RandomBot(2), 2: HeuristicBot(3)}
    checked = {p: Checked(seats[p], game, p) for p in seats}
    run_game(game, checked, max_actions=3000)
    assert game.phase == "over" and all(c.choices > 20 for c in checked.values())


def test_the_thumb_follows_the_bots_bets():
    game = Game(2, 1)
    s = game.state
    s["phase"], s["pollice_verso"], s["loudest"] = "action", [[3, 1]], 0
    s["bets"][0] = [[9, 2]]  # Murmillo to die
    bot = HeuristicBot(1)
    options = [{"a": "thumb", "p": 0, "up": 1}, {"a": "thumb", "p": 0, "up": 0}]
    assert bot.choose(game.seat_view(0), options)["up"] == 0
    s["bets"][0] = [[12, 2]]  # Tigris invest: a pardoned Tigris pays
    s["pollice_verso"] = [[0, 1]]
    assert bot.choose(game.seat_view(0), options)["up"] == 1
