"""Scenario helpers for Morituri tests: a game from seats' classes, Caesar by fixed dice, a round walked."""

import copy

from games.morituri import rules
from games.morituri.state import seats_left
from referee.engine import Game
from referee.errors import Illegal


def new_game(*figures, seed=1):
    return Game(rules.RULES, {"players": len(figures), "figures": [list(f) for f in figures], "seed": seed})


def make_caesar(game, seat):
    """The initiative with the table's dice: `seat` rolls 6+6, everyone else 1+1."""
    s = game.state
    rolling = [p for p in seats_left(s) if not s["barred"][p]]
    dice = [[[6, 6] if p == seat else [1, 1] for p in rolling]] if len(rolling) > 1 else []
    return game.apply({"a": "initiative", "dice": dice})


def activate_all(game):
    """Caesar calls on every figure he can, in figure order."""
    events = []
    while game.phase == "movement":
        a = game.legal_actions(game.state["caesar"])[0]
        events += game.apply(a)
    return events


def to_melee(game, seat=0):
    make_caesar(game, seat)
    activate_all(game)
    assert game.phase == "melee"


def fight(game, f, t, hit, armour=None, fm=0, tm=0):
    a = {"a": "melee", "p": game.state["caesar"], "f": f, "t": t, "fm": fm, "tm": tm, "dice": hit}
    if armour is not None:
        a["armour"] = armour
    return game.apply(a)


def of(events, kind):
    return [e for e in events if e["e"] == kind]


def refused(game, action, code):
    """The action is refused with `code` and changes nothing."""
    before = copy.deepcopy(game.state)
    digest = game.digest()
    try:
        game.apply(action)
    except Illegal as exc:
        assert exc.code == code, "%s, not %s: %s" % (exc.code, code, exc.message)
        assert game.state == before and game.digest() == digest
        return exc.message
    raise AssertionError("accepted: %r" % (action,))
