"""Morituri Te Salutamus v1.1 as the referee engine sees it: name, set-up, state, flow, views.

The set-up: {"players": 2-6, "figures": one list of classes per seat
("heavy", "light", "animal", "rhino"; at most 6 figures in all, one per LED
ring; a seat without figures is refused), "seed": a whole number}.
Without "figures" every seat has one heavy gladiator.

An action is a plain dict {"a": name, "p": seat, ...}; the initiative is the
referee's (no "p"). Every rolling action takes an optional "dice" field with
the table's physical dice.
"""

from games.morituri.content import CLASS_NAMES, CLASSES, HEAVY, MAX_FIGURES, MAX_PLAYERS, MIN_PLAYERS
from games.morituri.flow import FLOW
from games.morituri.state import new_state as _new_state
from games.morituri.views import public_view, seat_view
from referee.digest import fnv_digest
from referee.engine import define
from referee.errors import Illegal, setup_keys

NAME = "morituri"
# Format 2 carries the digest of digest format 2 (SHA-256 of the sorted JSON: referee.digest); format 1's
# saves carry digest format 1's (fnv_digest).
FORMAT = 2


TYPE_CHECKING = False  # true only for a type checker: MicroPython has no typing module
if TYPE_CHECKING:
    from typing import NoReturn


def _bad(key, message) -> "NoReturn":
    raise Illegal("bad_setup", message, key)


# every key a set-up may have; "rng" (the box asks every new game for its generator) is taken and left out:
# Morituri rolls with referee.rng's xorshift32
SETUP_KEYS = ("players", "seed", "figures", "rng")


def check_setup(setup):
    """The set-up with its defaults, or bad_setup saying what is wrong."""
    if type(setup) is not dict:
        raise Illegal("bad_setup", "a set-up is an object with players, figures and seed")
    setup_keys(setup, SETUP_KEYS, "Morituri Te Salutamus")
    players = setup.get("players")
    seed = setup.get("seed")
    if type(players) is not int or players < MIN_PLAYERS or players > MAX_PLAYERS:
        _bad("players", "players must be %d to %d" % (MIN_PLAYERS, MAX_PLAYERS))
    if type(seed) is not int:
        _bad("seed", "seed must be a whole number")
    figures = setup.get("figures")
    if figures is None:
        figures = [[HEAVY] for _ in range(players)]
    if type(figures) is not list or len(figures) != players:
        _bad("figures", "figures is one list of classes per seat (%d lists)" % players)
    total = 0
    out = []
    for seat in range(players):
        mine = figures[seat]
        if type(mine) is not list or not mine:
            _bad("figures", "seat %d needs at least one figure" % seat)
        for c in mine:
            if type(c) is not str or c not in CLASSES:
                _bad("figures", "%r is not a class: the classes are %s" % (c, ", ".join(CLASS_NAMES)))
        total += len(mine)
        out.append(list(mine))
    if total > MAX_FIGURES:
        _bad("figures", "at most %d figures in all (one per ring), not %d" % (MAX_FIGURES, total))
    return {"players": players, "figures": out, "seed": seed}


def new_state(setup):
    return _new_state(setup)


def digest_for(s, fmt):
    """The digest of a state as an older saved-data format wrote it: format 1, digest format 1."""
    if fmt != 1:
        raise Illegal("unknown_format", "Morituri saved games have formats 1 and 2 only")
    return fnv_digest(s)


RULES = define(
    name=NAME,
    format=FORMAT,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    flow=FLOW,
    check_setup=check_setup,
    new_state=new_state,
    public_view=public_view,
    seat_view=seat_view,
    legal="games.morituri.legal",
    prechecks="games.morituri.prechecks",
    digest_for=digest_for,
)
