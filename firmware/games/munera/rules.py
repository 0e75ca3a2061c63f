"""Munera Sine Missione as the referee engine sees it: name, set-up, state, flow, views.

The set-up: {"gladiators": one entry per seat (2 to 6) ("players", their number, is optional), each a profile name of
content.PROFILES or {"profile", "skills": [...], "day_defeated": n, "day_spared": 0/1,
"cape": 0/1}; "seed": a whole number; optional "radius" of the hex arena (default 5),
"at": [[q, r, facing], ...] where they start (default: two hexes from the centre, facing
it), "spared_today": how many other gladiators the crowd has spared today}.

Seat k plays gladiator k. An action is {"a": name, "p": seat, ...}; stamina and order are
the referee's (no "p"). Every rolling action takes an optional flat "dice" list.
"""

from games.munera import arena
from games.munera.content import (
    MAX_GLADIATORS,
    MAX_RADIUS,
    MIN_GLADIATORS,
    MIN_RADIUS,
    OPTIONS,
    P_SHIELD,
    PROFILE_NAMES,
    PROFILES,
    RADIUS,
    SKILLS,
    TWO_HANDED,
)
from games.munera.flow import FLOW
from games.munera.state import new_state as _new_state
from games.munera.views import public_view, seat_view
from referee.digest import fnv_digest
from referee.engine import define
from referee.errors import Illegal, setup_keys

NAME = "munera"
# Format 2: the set-up names the edition of the rules ("edition"). Edition 2 reads the rulebook
# more closely (a Double 2 floors by what the attacker can still do, any item is picked up, the
# feint's re-roll is offered, the set-up's optional kit); a save without the key is edition 1
# and replays with the rules it was played with. Format 3 carries the digest of digest format 2
# (SHA-256 of the sorted JSON: referee.digest); formats 1 and 2 carry digest format 1's (fnv_digest).
FORMAT = 3
EDITION = 2
SAVED_DEFAULTS = {"edition": 1}
START_DIRS = (3, 0, 1, 4, 2, 5)  # where the k-th gladiator starts: two hexes out on this side
START_OUT = 2

TYPE_CHECKING = False  # true only for a type checker: MicroPython has no typing module
if TYPE_CHECKING:
    from typing import NoReturn


def _bad(key, message) -> "NoReturn":
    raise Illegal("bad_setup", message, key)


# every key a set-up may have, and a gladiator's entry; "rng" (the box asks every new game for its generator)
# is taken and left out: Munera rolls with referee.rng's xorshift32
SETUP_KEYS = ("players", "seed", "gladiators", "radius", "at", "spared_today", "edition", "rng")
GLADIATOR_KEYS = ("profile", "skills", "day_defeated", "day_spared", "cape", "option", "two_handed")


def _int(entry, key, lo, hi, default, named=None):
    """entry[key] (default if missing) within lo..hi; named: the set-up key a refusal names (the entry's)."""
    value = entry.get(key, default)
    if type(value) is not int or value < lo or value > hi:
        _bad(named or key, "%s must be a whole number from %d to %d" % (key, lo, hi))
    return value


def _gladiator(entry, k):
    if type(entry) is str:
        entry = {"profile": entry}
    if type(entry) is not dict:
        _bad("gladiators", "gladiator %d is a profile name or an object with a profile" % k)
    for key in entry:
        if key not in GLADIATOR_KEYS:
            _bad("gladiators", "gladiator %d has no %r; an entry has %s" % (k, key, ", ".join(GLADIATOR_KEYS)))
    prof = entry.get("profile")
    if type(prof) is not str or prof not in PROFILES:
        _bad("gladiators", "%r is not a gladiator: the profiles are %s" % (prof, ", ".join(PROFILE_NAMES)))
    skills = entry.get("skills", [])
    if type(skills) is not list:
        _bad("gladiators", "skills is a list of %s" % ", ".join(SKILLS))
    for sk in skills:
        if type(sk) is not str or sk not in SKILLS:
            _bad("gladiators", "%r is not a skill: the skills are %s" % (sk, ", ".join(SKILLS)))
        if skills.count(sk) > 1:
            _bad("gladiators", "he may only have each skill once")
    cape = _int(entry, "cape", 0, 1, 0, "gladiators")
    if cape and PROFILES[prof][P_SHIELD]:
        _bad("gladiators", "a %s carries a shield already: no cape" % prof)
    out = {
        "profile": prof,
        "skills": list(skills),
        "day_defeated": _int(entry, "day_defeated", 0, 99, 0, "gladiators"),
        "day_spared": _int(entry, "day_spared", 0, 1, 0, "gladiators"),
        "cape": cape,
    }
    option = entry.get("option", "")
    if option:  # only when chosen: the set-ups of older games stay as they were
        names = [o[0] for o in OPTIONS.get(prof, ())]
        if option not in names:
            _bad("gladiators", "%r is not an option of the %s: %s" % (option, prof, ", ".join(names) or "he has none"))
        out["option"] = option
    great = entry.get("two_handed", "")
    if great:
        if great not in TWO_HANDED:
            _bad("gladiators", "two_handed is one of %s, not %r" % (", ".join(TWO_HANDED), great))
        out["two_handed"] = great
    return out


def check_setup(setup):
    """The set-up with its defaults, or bad_setup saying what is wrong."""
    if type(setup) is not dict:
        raise Illegal("bad_setup", "a set-up is an object with gladiators and seed")
    setup_keys(setup, SETUP_KEYS, "Munera Sine Missione")
    if type(setup.get("seed")) is not int:
        _bad("seed", "seed must be a whole number")
    entries = setup.get("gladiators")
    if type(entries) is not list or not MIN_GLADIATORS <= len(entries) <= MAX_GLADIATORS:
        _bad("gladiators", "gladiators is a list of %d to %d profiles" % (MIN_GLADIATORS, MAX_GLADIATORS))
    gs = [_gladiator(entries[k], k) for k in range(len(entries))]
    players = setup.get("players", len(gs))
    if type(players) is not int or players != len(gs):
        _bad("players", "players is the number of gladiators, %d" % len(gs))
    radius = _int(setup, "radius", MIN_RADIUS, MAX_RADIUS, RADIUS)
    at = setup.get("at")
    if at is None:
        at = []
        for k in range(len(gs)):
            pos = arena.step((0, 0), START_DIRS[k], START_OUT)
            at.append([pos[0], pos[1], (START_DIRS[k] + 3) % 6])
    if type(at) is not list or len(at) != len(gs):
        _bad("at", "at is one [q, r, facing] per gladiator")
    seen = []
    for p in at:
        if type(p) is not list or len(p) != 3 or [v for v in p if type(v) is not int]:
            _bad("at", "a start is [q, r, facing], three whole numbers")
        if not arena.inside(p, radius) or not 0 <= p[2] <= 5:
            _bad("at", "start %r is outside the arena (radius %d) or faces no hex side (0-5)" % (p, radius))
        if (p[0], p[1]) in seen:
            _bad("at", "two gladiators cannot start on one hex")
        seen.append((p[0], p[1]))
    return {
        "players": len(gs),
        "edition": _int(setup, "edition", 1, EDITION, EDITION),
        "gladiators": gs,
        "seed": setup["seed"],
        "radius": radius,
        "at": [list(p) for p in at],
        "spared_today": _int(setup, "spared_today", 0, 99, 0),
    }


def new_state(setup):
    return _new_state(setup)


def digest_for(s, fmt):
    """The digest an older format wrote: digest format 1's (fnv_digest); format 1's states had no edition
    (and never an offered re-roll)."""
    if fmt == 1:
        old = {}
        for key in s:
            if key != "edition" and key != "offer":
                old[key] = s[key]
        return fnv_digest(old)
    return fnv_digest(s)


RULES = define(
    name=NAME,
    format=FORMAT,
    players=(MIN_GLADIATORS, MAX_GLADIATORS),
    flow=FLOW,
    check_setup=check_setup,
    new_state=new_state,
    public_view=public_view,
    seat_view=seat_view,
    legal="games.munera.legal",
    prechecks="games.munera.prechecks",
    digest_for=digest_for,
    saved_defaults=SAVED_DEFAULTS,
)
