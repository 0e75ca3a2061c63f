"""Ultimatum as the referee engine sees it: its name, set-up, state, flow, views and legal actions.

An action is a plain dict {"a": name, "p": seat, ...}; roll_off belongs to the
referee (no "p"). Every rolling action (roll_off, roll, blitz, fire, laser,
fire_back) takes an optional "dice" field: the table's physical dice.
"""

from games.ultimatum.content import MAX_PLAYERS, MIN_PLAYERS
from games.ultimatum.flow import FLOW  # noqa: F401  (the engine reads it here)
from games.ultimatum.state import new_state as _new_state
from games.ultimatum.views import public_view, seat_view  # noqa: F401  (the engine reads them here)
from referee import engine
from referee.digest import fnv_digest
from referee.engine import lazy_module
from referee.errors import Illegal, bad_setup, setup_keys

NAME = "ultimatum"
# Format 2 carries the digest of digest format 2 (SHA-256 of the sorted JSON: referee.digest); format 1's
# saves carry digest format 1's (fnv_digest).
FORMAT = 2


def variant(s):
    return ""


SETUP_KEYS = ("players", "seed", "game", "rng")  # every key a set-up may have; "game" and "rng" are taken and left out


def check_setup(setup):
    """The set-up: players 2-6 and a whole-number seed. The box's "rng" (the generator a new game
    asks for) is taken and left out: Ultimatum, like Morituri, rolls with referee.rng's xorshift32."""
    if type(setup) is not dict:
        raise Illegal("bad_setup", "a set-up is an object with players and seed")
    setup_keys(setup, SETUP_KEYS, "Ultimatum")
    players = setup.get("players")
    seed = setup.get("seed")
    if type(players) is not int or players < MIN_PLAYERS or players > MAX_PLAYERS:
        bad_setup("players", "players must be %d to %d" % (MIN_PLAYERS, MAX_PLAYERS))
    if type(seed) is not int:
        bad_setup("seed", "seed must be a whole number")
    return {"players": players, "seed": seed}


def new_state(setup):
    return _new_state(setup["players"], setup["seed"])


legal = lazy_module("games.ultimatum.legal")  # imported on first use: the box never asks for legal actions


def digest_for(s, fmt):
    return fnv_digest(s)


def apply(s, action):
    from games.ultimatum import rules

    return engine.apply(rules, s, action)


def game(players, seed, log=None):
    """A new Ultimatum game on the engine."""
    from games.ultimatum import rules

    return engine.Game(rules, {"players": players, "seed": seed}, log)
