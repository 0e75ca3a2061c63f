"""`ultimus simulate morituri_board`: one seeded game of the Morituri board game between bots, as
the counters the fairness sheet wants (the generic side is ultimus_host.simulations).

The road and the deck are the host's made-up table (table.py), the card values the project's
(the rulebook prints none); no alternate rule. The first to move is rolled off by the box, so
each seat is also counted by its place in the turn order (1st moves first, then clockwise).
"""

from games.morituri_board import rules
from referee.engine import Game
from ultimus_host.games.morituri_board.bots import BOTS as KINDS
from ultimus_host.games.morituri_board.bots import Referee
from ultimus_host.games.morituri_board.table import Table
from ultimus_host.loop import run_game

DEFAULT_PLAYERS = 4
BOTS = ("sensible", "random")
GROUPS = ("turn order",)
ROUNDS = "turns"
MAX_ACTIONS = 20000


def play(players, seed, bots):
    game = Game(rules.RULES, {"players": players, "seed": seed, "last_alive": 0, "rejoin": 0})
    table = Table(players, seed)
    seats = {p: KINDS[bots[p % len(bots)]](table, seed * 7 + p) for p in range(players)}
    actions = run_game(game, seats, referee=Referee(), on_event=table.follow, max_actions=MAX_ACTIONS)
    s = game.state
    over = game.phase == "over"
    first = s["first"] if s["first"] is not None and s["first"] >= 0 else 0
    return {
        "players": players,
        "winners": [s["winner"]] if over and s["winner"] >= 0 else [],
        "finished": int(over),
        "actions": actions,
        "rounds": s["turn"],
        "labels": {"turn order": [_place((p - first) % players + 1) for p in range(players)]},
    }


def _place(n):
    return "%d%s" % (n, {1: "st", 2: "nd", 3: "rd"}.get(n, "th"))
