"""The words of the host: every legal action has a menu line, every public event a sentence."""

from ultimus.game import Game
from ultimus.views import public_event
from ultimus_host.bots import RandomBot
from ultimus_host.loop import run_game
from ultimus_host.narrate import action_text, line
from ultimus_host.play import table_text


class Reader:
    """A random seat that first reads every option of its menu, as a person at `ultimus play` would."""

    def __init__(self, seat, kinds):
        self.bot, self.kinds = RandomBot(seat), kinds

    def choose(self, view, options):
        assert table_text(view)
        for a in options:
            text = action_text(view, a)
            assert text and "=" not in text  # "=" marks the fallback for an action the menu does not know
            self.kinds.add(a["a"])
        return self.bot.choose(view, options)


def test_every_option_and_event_of_whole_games_reads_as_words():
    kinds, events = set(), []
    for seed in range(4):
        game = Game(3, seed, battles=2)
        run_game(game, {p: Reader(p, kinds) for p in range(3)}, on_event=events.append)
    for e in events:
        assert line(public_event(e))
    assert {"bet", "ready", "place", "commit", "think", "choose", "step", "melee", "end", "thumb"} <= kinds
