"""An ULTIMUS game on the referee engine: Game(players, seed, mode, battles), replay, restore.

The engine (referee.engine.Game) does the work for every rule set; this
module keeps the ULTIMUS API of docs/core.md, so that callers and saved
games of 0.1.0 keep working.
"""

from games.ultimus import rules
from games.ultimus.content import DEFAULT_BATTLES
from games.ultimus.state import MODE_FULL
from referee import engine
from referee.engine import CountingLog  # noqa: F401  (0.1.0 import path)
from referee.rng import SHA256

TYPE_CHECKING = False  # true only for a type checker: MicroPython has no typing module
if TYPE_CHECKING:
    from typing import Any


def copy_data(x: "Any") -> "Any":
    """A deep copy of plain data (dicts, lists, scalars); tuples stay shared."""
    t = type(x)
    if t is list:
        return [copy_data(v) for v in x]
    if t is dict:
        out = {}
        for k in x:
            out[k] = copy_data(x[k])
        return out
    return x


class Game(engine.Game):
    def __init__(
        self, players, seed, mode=MODE_FULL, battles=DEFAULT_BATTLES, log=None, rng=SHA256, payout=None, content=None
    ):
        """rng: the generator (referee.rng); None gives 0.2.0's xorshift32, as an old set-up does.
        payout: a box game's accounting (games.ultimus.state.PAYOUT_EVERY_COIN); None: what is entered.
        content: a content variant (games.ultimus.content.CONTENT_KINDS); None: the reconstruction."""
        setup = {"players": players, "seed": seed, "mode": mode, "battles": battles}
        if rng is not None:
            setup["rng"] = rng
        if payout is not None:
            setup["payout"] = payout
        if content is not None:
            setup["content"] = content
        super().__init__(rules, setup, log)


def replay(setup, actions):
    """The game that a set-up and an accepted action log produce."""
    return engine.replay(rules, setup, actions)


def restore(data):
    """A game from to_data() of this version or of 0.1.0; refuses a log whose digest does not match."""
    return engine.restore(rules, data)
