"""The flow of a Munera bout, declared in one table: what can happen when, and who may do it.

stamina -> order (the box rolls both) -> each gladiator's turn in the order of play:
start (his AP roll) -> act (spend AP) ... -> the next one's start. An attack that misses after
a feint waits for his choice (reroll: the feint's re-roll or the miss). A grapple's test
(wrestle) and the winner's choice (grip: throw or release) interrupt a turn, and so
does every appeal to the crowd (appeal: the beaten gladiator rolls), until one is left.
"""

from referee.flow import REFEREE, Flow, Who, move


def _active(s):
    return [s["turn"]]


def _appellant(s):
    return [s["waiting"][0]] if s["waiting"] else []


def _winner(s):
    return [s["grip"]] if s["grip"] >= 0 else []


ACTIVE = Who("the gladiator whose turn it is", _active, "not_your_turn", "it is another gladiator's turn")
APPELLANT = Who("the beaten gladiator", _appellant, "not_appealing", "another gladiator appeals to the crowd")
WINNER = Who("the grapple's winner", _winner, "not_winner", "only the winner of the grapple throws or lets go")


# The handlers are named by their dotted paths, imported on first use; written out whole, not
# built by concatenation: a literal is a constant of the compiled module, a built string one more heap
# object per entry below a game's data on a Pico (the Munera box's largest free block: tests/test_munera_box.py)
FLOW = Flow(
    {
        "": {
            "stamina": {"stamina": move(REFEREE, "games.munera.turn.stamina", ("dice",), atomic=True)},
            "order": {"order": move(REFEREE, "games.munera.turn.order", ("dice",))},
            "start": {"ap": move(ACTIVE, "games.munera.turn.ap", ("dice",), atomic=True)},
            "act": {
                "move": move(ACTIVE, "games.munera.turn.move", ("d",)),
                "turn": move(ACTIVE, "games.munera.turn.turn", ("by",)),
                "draw": move(ACTIVE, "games.munera.turn.draw", ("k",)),
                "sheathe": move(ACTIVE, "games.munera.turn.sheathe", ("k",)),
                "discard": move(ACTIVE, "games.munera.turn.discard", ("item",)),
                "pickup": move(ACTIVE, "games.munera.turn.pickup", ("i",)),
                "kick": move(ACTIVE, "games.munera.turn.kick", ("i",)),
                "cut": move(ACTIVE, "games.munera.turn.cut", ("dice",), atomic=True),
                "feint": move(ACTIVE, "games.munera.turn.feint"),
                "end": move(ACTIVE, "games.munera.turn.end"),
                "attack": move(ACTIVE, "games.munera.fight.attack", ("t", "w", "whirl", "dice"), atomic=True),
                "haze": move(ACTIVE, "games.munera.fight.haze", ("t", "dice"), atomic=True),
                "grapple": move(ACTIVE, "games.munera.grapple.grapple", ("t", "dice"), atomic=True),
            },
            "reroll": {
                "reroll": move(ACTIVE, "games.munera.fight.reroll", ("dice",), atomic=True),
                "keep": move(ACTIVE, "games.munera.fight.keep", ("dice",), atomic=True),
            },
            "wrestle": {"wrestle": move(ACTIVE, "games.munera.grapple.wrestle", ("dice",), atomic=True)},
            "grip": {
                "throw": move(WINNER, "games.munera.grapple.throw", ("dice",), atomic=True),
                "release": move(WINNER, "games.munera.grapple.release"),
            },
            "appeal": {"appeal": move(APPELLANT, "games.munera.appeal.appeal", ("dice",), atomic=True)},
        },
    }
)
