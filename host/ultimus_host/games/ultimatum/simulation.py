"""`ultimus simulate ultimatum`: one seeded game of Ultimatum between bots, as the counters the
fairness sheet wants (the generic side is ultimus_host.simulations).

Seats are the table's places; who attacks first is not the first seat but is rolled off at the
set-up, so each seat is also counted by its place in the attack order (1st attacks first, with
the least start money).
"""

from games.ultimatum import rules
from referee.engine import Game
from ultimus_host.games.ultimatum.bots import BOTS as KINDS
from ultimus_host.games.ultimatum.play import MAX_ACTIONS, play_out

DEFAULT_PLAYERS = 4
BOTS = ("sensible", "random")
GROUPS = ("attack order",)
ROUNDS = None  # Ultimatum has turns, not rounds the state counts


def play(players, seed, bots):
    game = Game(rules.RULES, {"players": players, "seed": seed})
    seats = {p: KINDS[bots[p % len(bots)]](seed * 7 + p) for p in range(players)}
    actions = play_out(game, seats, max_actions=MAX_ACTIONS)
    s = game.state
    over = game.phase == "over"
    order = list(s["attack_order"])
    return {
        "players": players,
        "winners": [s["winner"]] if over and s["winner"] >= 0 else [],
        "finished": int(over),
        "actions": actions,
        "rounds": None,
        "labels": {"attack order": [_place(order.index(p) + 1) if p in order else "-" for p in range(players)]},
    }


def _place(n):
    return "%d%s" % (n, {1: "st", 2: "nd", 3: "rd"}.get(n, "th"))
