"""ULTIMUS as the referee engine sees it: its name, set-up, state, flow, views and legal actions.

The engine (referee.engine) takes this module as the game's rules. The flow
table is ultimus.flow, the handlers ultimus.battle / boxplay / cardplay /
trade, the rule checks ultimus.checks, the legal actions ultimus.legal.

An action is a plain dict: {"a": name, "p": seat, ...}. Actions without "p"
belong to the referee (the box itself, or whoever runs the game: the
loudest-spectator draw, CLAMO at the end of the countdown, next battle).
"""

from referee import engine
from referee.digest import digest
from referee.errors import Illegal
from ultimus.content import DEFAULT_BATTLES, MIN_PLAYERS, MAX_PLAYERS
from ultimus.flow import FLOW  # noqa: F401  (the engine reads it here)
from ultimus.state import new_state as _new_state, MODE_FULL, MODE_BOX
from ultimus.views import public_view, seat_view  # noqa: F401  (the engine reads them here)

NAME = "ultimus"
# Saved games: format 1 was written by 0.1.0 (no "format" field; the pollice
# verso queue was the state key "pending"); format 2 names the game and the version.
FORMAT = 2


def variant(s):
    """The FLOW table that applies: the full card game or the box's effect level."""
    return s["mode"]


def check_setup(setup):
    """The set-up with its defaults: players 2-6, a whole-number seed, mode full/box, battles 1-99."""
    if type(setup) is not dict:
        raise Illegal("bad_setup", "a set-up is an object with players and seed")
    players = setup.get("players")
    seed = setup.get("seed")
    mode = setup.get("mode", MODE_FULL)
    battles = setup.get("battles", DEFAULT_BATTLES)
    if type(players) is not int or players < MIN_PLAYERS or players > MAX_PLAYERS:
        raise Illegal("bad_setup", "players must be %d to %d" % (MIN_PLAYERS, MAX_PLAYERS))
    if mode not in (MODE_FULL, MODE_BOX):
        raise Illegal("bad_setup", "mode must be 'full' or 'box'")
    if type(battles) is not int or battles < 1 or battles > 99:
        raise Illegal("bad_setup", "battles must be 1 to 99")
    if type(seed) is not int:
        raise Illegal("bad_setup", "seed must be a whole number")
    return {"players": players, "seed": seed, "mode": mode, "battles": battles}


def new_state(setup):
    return _new_state(setup["players"], setup["seed"], setup["mode"], setup["battles"])


_LEGAL = []


def legal():
    """ultimus.legal, imported on first use (the box never asks for legal actions)."""
    if not _LEGAL:
        from ultimus import legal as module

        _LEGAL.append(module)
    return _LEGAL[0]


def digest_for(s, fmt):
    """The digest of a state as an older saved-data format wrote it."""
    if fmt == 1:
        old = {}
        for key in s:
            old["pending" if key == "pollice_verso" else key] = s[key]
        return digest(old)
    return digest(s)


def apply(s, action):
    """Validate and apply one action; returns its events or raises Illegal (state untouched)."""
    from ultimus import rules

    return engine.apply(rules, s, action)
