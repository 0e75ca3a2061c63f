"""The Morituri board game as the referee engine sees it: name, set-up, state, flow, views.

The set-up: {"players": 2-6, "seed": a whole number, "last_alive": 1 or 0
(alternate rule 1: the last gladiator alive must still win a bestiarius in
Roma; on by default, as the rulebook says to use it when one player is left),
"rejoin": 0 or 1 (alternate rule 2: the dead outside Roma come back fresh
after sitting out a turn; off by default: all must agree), "values": {card:
[attack one-handed, attack two-handed, defence, encumbrance], ...} (optional:
the printed cards' values typed in, 0-9 each)}.

An action is a plain dict {"a": name, "p": seat, ...}; the roll-off and the
combat rounds are the referee's (no "p"). Every rolling action takes an
optional "dice" field with the table's physical dice (and "net" for the
casses roll of a round).
"""

from games.morituri_board.content import CARD_NAMES, MAX_PLAYERS, MAX_VALUE, MIN_PLAYERS, VALUES
from games.morituri_board.flow import FLOW
from games.morituri_board.state import new_state as _new_state
from games.morituri_board.views import public_view, seat_view
from referee.digest import fnv_digest
from referee.engine import define
from referee.errors import Illegal, setup_keys

NAME = "morituri_board"
# Format 2 carries the digest of digest format 2 (SHA-256 of the sorted JSON: referee.digest); format 1's
# saves carry digest format 1's (fnv_digest).
FORMAT = 2

# "rng": the generator a box asks for in a new game; taken and left out (the game rolls with
# referee.rng's xorshift32, as Morituri does)
SETUP_KEYS = ("players", "seed", "last_alive", "rejoin", "values", "game", "rng")


TYPE_CHECKING = False  # true only for a type checker: MicroPython has no typing module
if TYPE_CHECKING:
    from typing import NoReturn


def _bad(key, message) -> "NoReturn":
    raise Illegal("bad_setup", message, key)


def _flag(setup, key, default):
    value = setup.get(key, default)
    if type(value) is not int or (value != 0 and value != 1):
        _bad(key, "%s is 1 (on) or 0 (off)" % key)
    return value


def _values(typed):
    """The table's own card values, checked: {card: [4 whole numbers 0-9]}."""
    if typed is None:
        return {}
    if type(typed) is not dict:
        _bad("values", "values is {card: [attack one-handed, attack two-handed, defence, encumbrance]}")
    out = {}
    for name in sorted(typed):
        row = typed[name]
        if name not in CARD_NAMES:
            _bad("values", "%r is not a card: the cards are %s" % (name, ", ".join(CARD_NAMES)))
        if type(row) is not list or len(row) != len(VALUES):
            _bad("values", "the %s's values are 4 numbers: attack one- and two-handed, defence, encumbrance" % name)
        for v in row:
            if type(v) is not int or v < 0 or v > MAX_VALUE:
                _bad("values", "a card's value is a whole number from 0 to %d, not %r (%s)" % (MAX_VALUE, v, name))
        out[name] = list(row)
    return out


def check_setup(setup):
    """The set-up with its defaults, or bad_setup saying what is wrong."""
    if type(setup) is not dict:
        raise Illegal("bad_setup", "a set-up is an object with players and seed")
    setup_keys(setup, SETUP_KEYS, "the Morituri board game")
    players = setup.get("players")
    if type(players) is not int or players < MIN_PLAYERS or players > MAX_PLAYERS:
        _bad("players", "players must be %d to %d" % (MIN_PLAYERS, MAX_PLAYERS))
    if type(setup.get("seed")) is not int:
        _bad("seed", "seed must be a whole number")
    out = {
        "players": players,
        "seed": setup["seed"],
        "last_alive": _flag(setup, "last_alive", 1),
        "rejoin": _flag(setup, "rejoin", 0),
    }
    values = _values(setup.get("values"))
    if values:
        out["values"] = values
    return out


def new_state(setup):
    return _new_state(setup)


def digest_for(s, fmt):
    """The digest of a state as an older saved-data format wrote it: format 1, digest format 1."""
    if fmt != 1:
        raise Illegal("unknown_format", "Morituri board game saved games have formats 1 and 2 only")
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
    legal="games.morituri_board.legal",
    prechecks="games.morituri_board.prechecks",
    digest_for=digest_for,
)
