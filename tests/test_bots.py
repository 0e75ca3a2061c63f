"""The bots: always legal, and the heuristic one bets and shouts with sense."""

from ultimus.game import Game
from ultimus.randomplay import play_on
from ultimus_host.balance import play_game, Tally
from ultimus_host.bots import HeuristicBot, RandomBot


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


def test_bots_only_choose_among_the_legal_actions_they_are_given():
    game = Game(3, 4)
    bots = [HeuristicBot(1), RandomBot(2), HeuristicBot(3)]
    for _ in range(400):
        seats = game.actors()
        if not seats:
            options = game.legal_actions(-1)
            game.apply(play_on(options) or options[0])
            if game.phase == "over":
                break
            continue
        options = game.legal_actions(seats[0])
        choice = bots[seats[0]].choose(game, seats[0], options)
        assert choice in options
        game.apply(choice)


def test_the_thumb_follows_the_bots_bets():
    game = Game(2, 1)
    s = game.state
    s["phase"], s["pollice_verso"], s["loudest"] = "action", [[3, 1]], 0
    s["bets"][0] = [[9, 2]]  # Murmillo to die
    bot = HeuristicBot(1)
    options = [{"a": "thumb", "p": 0, "up": 1}, {"a": "thumb", "p": 0, "up": 0}]
    assert bot.choose(game, 0, options)["up"] == 0
    s["bets"][0] = [[12, 2]]  # Tigris invest: a pardoned Tigris pays
    s["pollice_verso"] = [[0, 1]]
    assert bot.choose(game, 0, options)["up"] == 1
