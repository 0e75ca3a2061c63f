"""`ultimus simulate ultimus`: one seeded game of ULTIMUS between bots, as the counters the fairness
sheet wants (the generic side is ultimus_host.simulations; the contract is in its docstring).

The seats are the spectators; the winners are the champions, those with the most gold at the end.
Beside the seats, each battle counts once for every gladiator: did he win it. The content is the
one new games play (the balanced cards, docs/balance.md); one battle a game, as `ultimus balance`.
"""

from games.ultimus.content import CONTENT_BALANCED, GLADIATOR_NAMES
from ultimus_host.games.ultimus.balance import play_game

DEFAULT_PLAYERS = 4
BOTS = ("heuristic", "random")
GROUPS = ("gladiator",)
ROUNDS = "rounds of the battle"


def play(players, seed, bots):
    game, events = play_game(players, seed, list(bots), battles=1, content=CONTENT_BALANCED)
    battles = [e["winner"] for e in events if e["e"] == "battle_end"]
    gladiators = [[GLADIATOR_NAMES[g], 1 if g == won else 0] for won in battles for g in range(len(GLADIATOR_NAMES))]
    return {
        "players": players,
        "winners": list(game.state["champions"]) if game.phase == "over" else [],
        "finished": int(game.phase == "over"),
        "actions": len(game.log),
        "rounds": sum(1 for e in events if e["e"] == "round"),
        "entries": {"gladiator": gladiators},
    }
