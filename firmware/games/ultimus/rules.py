"""ULTIMUS as the referee engine sees it: its name, set-up, state, flow, views and legal actions.

The engine (referee.engine) takes this module as the game's rules. The flow
table is games.ultimus.flow, the handlers games.ultimus.battle / boxplay / cardplay /
trade, the rule checks games.ultimus.checks, the legal actions games.ultimus.legal.

An action is a plain dict: {"a": name, "p": seat, ...}. Actions without "p"
belong to the referee (the box itself, or whoever runs the game: the
loudest-spectator draw, CLAMO at the end of the countdown, next battle).
"""

from games.ultimus.content import CONTENT_KINDS, CONTENT_RECONSTRUCTED, DEFAULT_BATTLES, MAX_PLAYERS, MIN_PLAYERS
from games.ultimus.flow import FLOW
from games.ultimus.state import MODE_BOX, MODE_FULL, PAYOUT_EVERY_COIN
from games.ultimus.state import new_state as _new_state
from games.ultimus.views import public_view, seat_view
from referee.digest import fnv_digest
from referee.engine import define
from referee.errors import Illegal, bad_setup, setup_keys
from referee.rng import KINDS as RNG_KINDS
from referee.rng import SHA256

NAME = "ultimus"
# Saved games: format 1 was written by 0.1.0 (no "format" field; the pollice
# verso queue was the state key "pending"); format 2 names the game and the version;
# format 3 may name the generator (setup "rng": "sha256"; missing: xorshift32), which
# an older version would silently replay with the wrong one, so it refuses format 3 loudly;
# format 4 may name the content variant (setup "content": "balanced"), for the same reason;
# format 5 carries the digest of digest format 2 (SHA-256 of the sorted JSON: referee.digest), the
# formats before it digest format 1's (fnv_digest).
FORMAT = 5
MAX_SEED = 1 << 256
MAX_BATTLES = 99  # the rulebook lets a table play as many battles as it likes; the box's own entry stops at 9
# every key a set-up may have (check_setup refuses any other); "rng" and "content" name what a newer game plays with
SETUP_KEYS = ("players", "seed", "mode", "battles", "rng", "payout", "content")

# The fields of an action that only its seat (and the referee) may know (a commitment's choice
# and card, the cards a seat discards or passes) are declared with each action in the flow.
# The set-up's secret: the seed gives every shuffle; it is public once the game is over.
SECRET_SETUP = ("seed",)


def variant(s):
    """The FLOW table that applies: the full card game or the box's effect level."""
    return s["mode"]


def check_setup(setup):
    """The set-up with its defaults: players 2-6, a whole-number seed, mode full/box, battles 1-99,
    the generator ("rng": "sha256" or "xorshift32"; missing means xorshift32 and stays missing,
    so that the games of 0.1.0 and 0.2.0 keep their set-up, id and digests), the content
    ("content": games.ultimus.content.CONTENT_KINDS; missing means the reconstruction, as every game saved before)."""
    if type(setup) is not dict:
        raise Illegal("bad_setup", "a set-up is an object with players and seed")
    setup_keys(setup, SETUP_KEYS, "ULTIMUS")
    players = setup.get("players")
    seed = setup.get("seed")
    mode = setup.get("mode", MODE_FULL)
    battles = setup.get("battles", DEFAULT_BATTLES)
    if type(players) is not int or players < MIN_PLAYERS or players > MAX_PLAYERS:
        bad_setup("players", "players must be %d to %d" % (MIN_PLAYERS, MAX_PLAYERS))
    if type(mode) is not str or mode not in (MODE_FULL, MODE_BOX):
        bad_setup("mode", "mode must be 'full' or 'box'")
    if type(battles) is not int or battles < 1 or battles > MAX_BATTLES:
        bad_setup("battles", "battles must be 1 to %d" % MAX_BATTLES)
    if type(seed) is not int or seed <= -MAX_SEED or seed >= MAX_SEED:
        bad_setup("seed", "seed must be a whole number below 2**256")
    out = {"players": players, "seed": seed, "mode": mode, "battles": battles}
    if "rng" in setup:
        if type(setup["rng"]) is not str or setup["rng"] not in RNG_KINDS:
            bad_setup("rng", "rng must be one of %s" % ", ".join(RNG_KINDS))
        out["rng"] = setup["rng"]
    if "payout" in setup:
        if setup["payout"] != PAYOUT_EVERY_COIN or mode != MODE_BOX:
            bad_setup("payout", "payout can only be %r, in a box game" % PAYOUT_EVERY_COIN)
        out["payout"] = setup["payout"]
    if "content" in setup:
        if type(setup["content"]) is not str or setup["content"] not in CONTENT_KINDS:
            bad_setup("content", "content must be one of %s" % ", ".join(CONTENT_KINDS))
        if setup["content"] != CONTENT_RECONSTRUCTED:  # the reconstruction is the set-up without the key
            out["content"] = setup["content"]
    return out


def new_setup(players, seed, mode=MODE_FULL, battles=DEFAULT_BATTLES, rng=SHA256, payout=None, content=None):
    """The set-up of a new game from its options, as check_setup reads it: rng the generator
    (referee.rng; None: 0.2.0's xorshift32, as an old set-up has), payout a box game's accounting
    (games.ultimus.state.PAYOUT_EVERY_COIN; None: what is entered), content a content variant
    (CONTENT_KINDS; None: the reconstruction). Game(RULES, new_setup(...), log) starts it."""
    setup = {"players": players, "seed": seed, "mode": mode, "battles": battles}
    if rng is not None:
        setup["rng"] = rng
    if payout is not None:
        setup["payout"] = payout
    if content is not None:
        setup["content"] = content
    return setup


def new_state(setup):
    return _new_state(
        setup["players"],
        setup["seed"],
        setup["mode"],
        setup["battles"],
        setup.get("rng"),
        setup.get("payout"),
        setup.get("content"),
    )


def digest_for(s, fmt):
    """The digest of a state as an older saved-data format wrote it."""
    if fmt == 1:
        old = {}
        for key in s:
            old["pending" if key == "pollice_verso" else key] = s[key]
        return fnv_digest(old)
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
    legal="games.ultimus.legal",
    prechecks="games.ultimus.prechecks",
    digest_for=digest_for,
    secret_setup=SECRET_SETUP,
    variant=variant,
    trades=True,
)
