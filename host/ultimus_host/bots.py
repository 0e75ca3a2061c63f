"""What every game's bots share: RandomBot, a chooser for ultimus_host.loop.run_game that picks any legal action.

Each game's own bots (the ones that weigh their options) are in its package, ultimus_host.games.<game>.bots.
"""

from referee.rng import Rng


class RandomBot:
    name = "random"

    def __init__(self, seed=0, rng=None):
        """rng: a generator to share (a demo's bots may draw from one, as random play does)."""
        self.rng = rng or Rng(seed)

    def choose(self, view, options):
        return self.rng.choice(options)
