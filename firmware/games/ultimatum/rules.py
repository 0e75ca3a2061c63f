"""Ultimatum as the referee engine sees it: its name, set-up, state, flow, views and legal actions.

An action is a plain dict {"a": name, "p": seat, ...}; roll_off belongs to the
referee (no "p"). Every rolling action (roll_off, roll, blitz, fire, laser,
fire_back) takes an optional "dice" field: the table's physical dice.
"""

from games.ultimatum.content import EDITION, EDITIONS, MAX_PLAYERS, MIN_PLAYERS
from games.ultimatum.flow import FLOW
from games.ultimatum.state import new_state as _new_state
from games.ultimatum.views import public_view, seat_view
from referee.digest import digest, fnv_digest
from referee.engine import define
from referee.errors import Illegal, bad_setup, setup_keys

NAME = "ultimatum"
# Format 2 carries the digest of digest format 2 (SHA-256 of the sorted JSON: referee.digest); format 1's
# saves carry digest format 1's (fnv_digest). Format 3's set-up names its "edition", the box's reading of
# the rulebook (2: the navy's limits, a defender's laser, ...: content.EDITION); a saved set-up without
# one (formats 1 and 2) replays as edition 1.
FORMAT = 3
SAVED_DEFAULTS = {"edition": 1}


# every key a set-up may have; "game" and "rng" are taken and left out
SETUP_KEYS = ("players", "seed", "game", "rng", "edition")


def check_setup(setup):
    """The set-up with its defaults: players 2-6, a whole-number seed and the edition (the box's
    reading of the rulebook, content.EDITIONS; a new game's is content.EDITION, and a saved game
    that names none replays with edition 1: SAVED_DEFAULTS). The box's "rng" (the generator a new
    game asks for) is taken and left out: Ultimatum, like Morituri, rolls with referee.rng's xorshift32."""
    if type(setup) is not dict:
        raise Illegal("bad_setup", "a set-up is an object with players and seed")
    setup_keys(setup, SETUP_KEYS, "Ultimatum")
    players = setup.get("players")
    seed = setup.get("seed")
    edition = setup.get("edition", EDITION)
    if type(players) is not int or players < MIN_PLAYERS or players > MAX_PLAYERS:
        bad_setup("players", "players must be %d to %d" % (MIN_PLAYERS, MAX_PLAYERS))
    if type(seed) is not int:
        bad_setup("seed", "seed must be a whole number")
    if type(edition) is not int or edition not in EDITIONS:
        bad_setup("edition", "edition must be one of %s" % ", ".join([str(e) for e in EDITIONS]))
    return {"players": players, "seed": seed, "edition": edition}


def new_state(setup):
    return _new_state(setup["players"], setup["seed"], setup["edition"])


def digest_for(s, fmt):
    """The digest an older format wrote: formats 1 and 2 had no edition in their states (all were
    edition 1); format 1 carries digest format 1's (fnv_digest)."""
    old = {}
    for key in s:
        if key != "edition":
            old[key] = s[key]
    return fnv_digest(old) if fmt == 1 else digest(old)


RULES = define(
    name=NAME,
    format=FORMAT,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    flow=FLOW,
    check_setup=check_setup,
    new_state=new_state,
    public_view=public_view,
    seat_view=seat_view,
    legal="games.ultimatum.legal",
    prechecks="games.ultimatum.prechecks",
    digest_for=digest_for,
    saved_defaults=SAVED_DEFAULTS,
)
