"""`ultimus play --game nummus` and `ultimus demo --game nummus`."""

from games.nummus.rules import RULES

from referee.engine import Game
from ultimus_host import words
from ultimus_host.loop import run_game
from ultimus_host.options import bot_seats


class Person:
    """A seat at the keyboard: its options numbered, one picked."""

    def __init__(self, seat, ask, say):
        self.seat, self.ask, self.say = seat, ask, say

    def choose(self, view, options):
        for i, a in enumerate(options):
            self.say("  %d. %s" % (i + 1, words.action("nummus", view, a)))
        while True:
            text = self.ask("seat %d, which? " % (self.seat + 1)).strip()
            if text.isdigit() and 1 <= int(text) <= len(options):
                return options[int(text) - 1]
            self.say("a number from 1 to %d" % len(options))


def _told(say, game):
    return lambda e: say(words.tell("nummus", e, game.state) or "")


def play(options, ask, say, clear=None):
    from ultimus_host.games.nummus.bots import BOTS

    players = options["players"]
    bots = bot_seats(options["bots"], players, BOTS, "random", "Nummus")
    game = Game(RULES, {"players": players, "seed": options["seed"]})
    seats = {p: BOTS[bots[p]](options["seed"] + p) if p in bots else Person(p, ask, say) for p in range(players)}
    run_game(game, seats, on_event=_told(say, game), max_actions=1000)
    return game


def demo(options, say):
    from ultimus_host.bots import RandomBot

    game = Game(RULES, {"players": 2, "seed": options["seed"]})
    run_game(game, {0: RandomBot(1), 1: RandomBot(2)}, on_event=_told(say, game), max_actions=1000)
    say("%d actions, digest %s" % (len(game.log), game.digest()))
    return game
