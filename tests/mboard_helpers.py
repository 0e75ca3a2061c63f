"""Scenario helpers for the Morituri board game: a game started by fixed dice, turns walked,
cards drawn and arenas entered through the public API (Game.apply) only."""

import copy

from games.morituri_board import kit, rules
from referee.engine import Game
from referee.errors import Illegal


def new_game(players=2, first=0, seed=1, **options):
    """A game whose roll-off seat `first` wins with a 6 (everyone else rolls 1)."""
    setup = {"players": players, "seed": seed}
    setup.update(options)
    game = Game(rules.RULES, setup)
    game.apply({"a": "roll_off", "dice": [[6 if p == first else 1 for p in range(players)]]})
    return game


def skip_to(game, p):
    """Every other seat's turn does nothing (or waits in Roma) until it is seat p's."""
    s = game.state
    for _ in range(3 * s["players"]):
        if s["active"] == p and s["phase"] in ("move", "roma"):
            return
        q = s["active"]
        if s["phase"] == "roma":
            game.apply({"a": "wait", "p": q})
        else:
            game.apply({"a": "move", "p": q, "dice": [1]})
            game.apply({"a": "nothing", "p": q})
    raise AssertionError("seat %d never came to play" % p)


def to_space(game, p, die=3):
    skip_to(game, p)
    return game.apply({"a": "move", "p": p, "dice": [die]})


def take(game, p, c):
    """Seat p (the drawer now) keeps card c, giving up exactly what clashes with it."""
    return game.apply({"a": "card", "p": p, "c": c, "keep": 1, "discard": kit.clashing(game.state["kit"][p], c)})


def equip(game, p, *cards):
    """Seat p draws and keeps each card on a card space of his own turns."""
    for c in cards:
        to_space(game, p)
        game.apply({"a": "draw", "p": p})
        take(game, p, c)


def arena(game, p, pennants, vs=()):
    to_space(game, p)
    return game.apply({"a": "arena", "p": p, "pennants": pennants, "vs": list(vs)})


def fight_round(game, a, b, net=None):
    action = {"a": "round", "dice": [list(a), list(b)]}
    if net is not None:
        action["net"] = list(net)
    return game.apply(action)


def arrive(game, p, card="other"):
    """Seat p reaches Roma and names the card he draws there ("other": one the box keeps nothing of)."""
    to_space(game, p)
    game.apply({"a": "roma", "p": p})
    if card == "other":
        return game.apply({"a": "other", "p": p})
    return take(game, p, card)


def of(events, kind):
    return [e for e in events if e["e"] == kind]


def refused(game, action, code):
    """The action is refused with `code` and changes nothing; returns the message."""
    before = copy.deepcopy(game.state)
    digest = game.digest()
    log = len(game.log)
    try:
        game.apply(action)
    except Illegal as exc:
        assert exc.code == code, "%s, not %s: %s" % (exc.code, code, exc.message)
        assert game.state == before and game.digest() == digest and len(game.log) == log
        return exc.message
    raise AssertionError("accepted: %r" % (action,))


def seat(game, p):
    return game.public_view()["seats"][p]
