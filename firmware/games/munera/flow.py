"""The flow of a Munera bout, declared in one table: what can happen when, and who may do it.

stamina -> order (the box rolls both) -> each gladiator's turn in the order of play:
start (his AP roll) -> act (spend AP) ... -> the next one's start. An attack that misses after
a feint waits for his choice (reroll: the feint's re-roll or the miss). A grapple's test
(wrestle) and the winner's choice (grip: throw or release) interrupt a turn, and so
does every appeal to the crowd (appeal: the beaten gladiator rolls), until one is left.
"""

from referee.flow import REFEREE, Flow, Who


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
            "stamina": {"stamina": (REFEREE, _h("turn.stamina"))},
            "order": {"order": (REFEREE, _h("turn.order"))},
            "start": {"ap": (ACTIVE, _h("turn.ap"))},
            "act": {
                "move": (ACTIVE, _h("turn.move")),
                "turn": (ACTIVE, _h("turn.turn")),
                "draw": (ACTIVE, _h("turn.draw")),
                "sheathe": (ACTIVE, _h("turn.sheathe")),
                "discard": (ACTIVE, _h("turn.discard")),
                "pickup": (ACTIVE, _h("turn.pickup")),
                "kick": (ACTIVE, _h("turn.kick")),
                "cut": (ACTIVE, _h("turn.cut")),
                "feint": (ACTIVE, _h("turn.feint")),
                "end": (ACTIVE, _h("turn.end")),
                "attack": (ACTIVE, _h("fight.attack")),
                "haze": (ACTIVE, _h("fight.haze")),
                "grapple": (ACTIVE, _h("grapple.grapple")),
            },
            "reroll": {"reroll": (ACTIVE, _h("fight.reroll")), "keep": (ACTIVE, _h("fight.keep"))},
            "wrestle": {"wrestle": (ACTIVE, _h("grapple.wrestle"))},
            "grip": {"throw": (WINNER, _h("grapple.throw")), "release": (WINNER, _h("grapple.release"))},
            "appeal": {"appeal": (APPELLANT, _h("appeal.appeal"))},
        },
    }
)

FIELDS = {
    "stamina": ("dice",),
    "order": ("dice",),
    "ap": ("dice",),
    "move": ("d",),
    "turn": ("by",),
    "draw": ("k",),
    "sheathe": ("k",),
    "discard": ("item",),
    "pickup": ("i",),
    "kick": ("i",),
    "cut": ("dice",),
    "feint": (),
    "end": (),
    "attack": ("t", "w", "whirl", "dice"),
    "haze": ("t", "dice"),
    "grapple": ("t", "dice"),
    "reroll": ("dice",),
    "keep": ("dice",),
    "wrestle": ("dice",),
    "throw": ("dice",),
    "release": (),
    "appeal": ("dice",),
}
