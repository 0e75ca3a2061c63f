"""Given/when/then helpers for scenario tests.

A scenario reaches a battle through the public API (draw, bets, entrance),
then arranges the arena and the hands by editing the plain-data state (the
"given"), and plays the "when" through Game.apply only.
"""

import pytest

from games.ultimus.cardtext import YELLING_CARD_TEXT
from games.ultimus.content import MAX_HEALTH
from games.ultimus.errors import Illegal
from games.ultimus.hexmap import COORDS, DOORS
from games.ultimus.rules import RULES, new_setup
from referee.engine import Game

TIGRIS, SAGITTARIUS, RETIARIUS, MURMILLO, BARBARUS, DIMACHAERUS = range(6)


def card_id(text):
    """The id of the first yelling card printed as `text` (a line of the content, without count)."""
    next_id = 0
    for raw in YELLING_CARD_TEXT.split("\n"):
        raw = raw.strip()
        if not raw:
            continue
        count, _, rest = raw.partition("x ")
        if rest.strip() == text:
            return next_id
        next_id += int(count)
    raise KeyError("no card %r in the content" % text)


def field(q, r):
    return COORDS.index((q, r))


def start_battle(players=3, seed=1, mode="full", battles=3, payout=None, content=None):
    """A game in the shout phase of round 1; gladiator g stands at door g."""
    game = Game(RULES, new_setup(players, seed, mode, battles=battles, payout=payout, content=content))
    game.apply({"a": "draw_loudest"})
    s = game.state
    if mode == "full":
        for p in range(players):
            while s["new_gold"][p]:
                k = next(k for k in range(len(s["bets"][p])) if s["bets"][p][k][1] < 3)
                game.apply({"a": "bet", "p": p, "k": k, "won": 0})
            game.apply({"a": "ready", "p": p})
    else:
        game.apply({"a": "bets_placed"})
    for g in range(6):
        p = (s["loudest"] + g) % players
        action = {"a": "place", "p": p, "g": g}
        if mode == "full":
            action["f"] = g
        game.apply(action)
    assert s["phase"] == "shout"
    return game


def arrange(game, loudest=None, pos=None, hp=None, hands=None, fallen=(), net=-1, out=None):
    """Edit the state into the situation a rule needs. pos: {gladiator: field or None (not in arena)}."""
    s = game.state
    if loudest is not None:
        s["loudest"] = loudest
    if pos is not None:
        for g in range(6):
            s["pos"][g] = -1
        for g, f in pos.items():
            s["pos"][g] = f
    if out:
        for g, status in out.items():
            s["status"][g] = status
            s["pos"][g] = -1
            s["hp"][g] = 0
    if hp:
        for g, value in hp.items():
            s["hp"][g] = value
    if hands is not None:
        for p, cards in hands.items():
            for c in cards:
                for holder in (s["deck"], s["discard"], *s["hands"]):
                    if c in holder:
                        holder.remove(c)
            s["hands"][p] = list(cards)
    for g in fallen:
        s["fallen"][g] = 1
    s["net"] = net
    return game


def shout_round(game, shouts):
    """Everyone commits at once: shouts = {seat: card id} (missing seats think)."""
    s = game.state
    for p in range(s["players"]):
        if p in shouts:
            game.apply({"a": "commit", "p": p, "shout": 1, "c": shouts[p]})
        else:
            game.apply({"a": "commit", "p": p, "shout": 0})
    assert s["phase"] == "action"


def refused(game, action, code):
    """Assert the action is refused with `code` and changes nothing."""
    before = game.digest()
    log = len(game.log)
    with pytest.raises(Illegal) as info:
        game.apply(action)
    assert info.value.code == code, info.value
    assert game.digest() == before
    assert len(game.log) == log
    return info.value


__all__ = [
    "card_id",
    "field",
    "start_battle",
    "arrange",
    "shout_round",
    "refused",
    "MAX_HEALTH",
    "DOORS",
    "TIGRIS",
    "SAGITTARIUS",
    "RETIARIUS",
    "MURMILLO",
    "BARBARUS",
    "DIMACHAERUS",
]
