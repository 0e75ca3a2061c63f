"""Scenario helpers for Munera tests: a bout from profiles and start hexes, the first turns
rolled with the table's dice, refusals that must change nothing."""

import copy

from games.munera import rules
from referee.engine import Game
from referee.errors import Illegal

# two gladiators face to face: 0 at the centre facing east, 1 on the next hex east facing west
FACE_TO_FACE = [[0, 0, 0], [1, 0, 3]]


def bout(*profiles, at=None, stamina=None, seed=1, **setup):
    """A bout past its stamina and order rolls: gladiator 0 moves first, then 1, 2 ..."""
    n = len(profiles)
    s = {"gladiators": list(profiles), "seed": seed}
    s["at"] = at if at is not None else FACE_TO_FACE[:n] if n == 2 else None
    if s["at"] is None:
        del s["at"]
    s.update(setup)
    game = Game(rules.RULES, s)
    dice = list(stamina) if stamina is not None else [6] * n
    bows = sum(1 for g in game.state["g"] for w in g["kit"] if w[0] == "bow")
    game.apply({"a": "stamina", "dice": dice + [3] * bows})
    game.apply({"a": "order", "dice": [[6 - k for k in range(n)]]})
    return game


def start(game, die, g=None):
    """The turn's AP roll of the active gladiator with a fixed die."""
    return game.apply({"a": "ap", "p": game.state["turn"] if g is None else g, "dice": [die]})


def act(game, name, dice=None, **fields):
    a = {"a": name, "p": game.state["turn"]}
    a.update(fields)
    if dice is not None:
        a["dice"] = dice
    return game.apply(a)


def attack(game, t, w=0, dice=None, whirl=0):
    return act(game, "attack", dice=dice, t=t, w=w, whirl=whirl)


def end(game):
    return act(game, "end")


def of(events, kind):
    return [e for e in events if e["e"] == kind]


def glad(game, g):
    return game.state["g"][g]


def refused(game, action, code):
    """The action is refused with `code` and changes nothing."""
    before = copy.deepcopy(game.state)
    digest = game.digest()
    log = len(game.log)
    try:
        game.apply(action)
    except Illegal as exc:
        assert exc.code == code, "%s, not %s: %s" % (exc.code, code, exc.message)
        assert game.state == before and game.digest() == digest and len(game.log) == log
        assert exc.message
        return exc.message
    raise AssertionError("accepted: %r" % (action,))
