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


def _h(name):
    """A handler by name, imported on first use."""
    return "games.munera." + name


FLOW = Flow(
    {
        "": {
            "stamina": {"stamina": move(REFEREE, _h("turn.stamina"), ("dice",), atomic=True)},
            "order": {"order": move(REFEREE, _h("turn.order"), ("dice",))},
            "start": {"ap": move(ACTIVE, _h("turn.ap"), ("dice",), atomic=True)},
            "act": {
                "move": move(ACTIVE, _h("turn.move"), ("d",)),
                "turn": move(ACTIVE, _h("turn.turn"), ("by",)),
                "draw": move(ACTIVE, _h("turn.draw"), ("k",)),
                "sheathe": move(ACTIVE, _h("turn.sheathe"), ("k",)),
                "discard": move(ACTIVE, _h("turn.discard"), ("item",)),
                "pickup": move(ACTIVE, _h("turn.pickup"), ("i",)),
                "kick": move(ACTIVE, _h("turn.kick"), ("i",)),
                "cut": move(ACTIVE, _h("turn.cut"), ("dice",), atomic=True),
                "feint": move(ACTIVE, _h("turn.feint")),
                "end": move(ACTIVE, _h("turn.end")),
                "attack": move(ACTIVE, _h("fight.attack"), ("t", "w", "whirl", "dice"), atomic=True),
                "haze": move(ACTIVE, _h("fight.haze"), ("t", "dice"), atomic=True),
                "grapple": move(ACTIVE, _h("grapple.grapple"), ("t", "dice"), atomic=True),
            },
            "reroll": {
                "reroll": move(ACTIVE, _h("fight.reroll"), ("dice",), atomic=True),
                "keep": move(ACTIVE, _h("fight.keep"), ("dice",), atomic=True),
            },
            "wrestle": {"wrestle": move(ACTIVE, _h("grapple.wrestle"), ("dice",), atomic=True)},
            "grip": {
                "throw": move(WINNER, _h("grapple.throw"), ("dice",), atomic=True),
                "release": move(WINNER, _h("grapple.release")),
            },
            "appeal": {"appeal": move(APPELLANT, _h("appeal.appeal"), ("dice",), atomic=True)},
        },
    }
)
