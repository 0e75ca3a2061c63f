"""Who sees what on the link: a spectator, one seat, or the referee (docs/protocol.md, "Eyes").

ULTIMUS is a bluffing game: whatever leaves the box for a spectator must be
a function of the public view only. A seat also sees its own secrets (its
commitment, its hand, the cards it discards or passes); the referee sees
everything (the full log, to replay the game in lockstep; the seed).

A game's rules (referee.engine.define) say what is secret: HIDDEN_FIELDS ({action:
fields only its seat may read}, from its flow; None for a game that declares no
secret field: it shows other eyes only "a" and "p"), SECRET_SETUP (set-up keys
hidden until the game is over). Events carry their secrets under "hidden".

A seat proves who it is with a token the box derives from the game's seed
(never sent to a spectator): token(setup, "referee") and token(setup, seat).
The link that starts a game gets them all in new_game's reply and becomes
the referee; anyone else gives one with the `auth` request.
"""

import hashlib
from binascii import hexlify

from referee.engine import public_event

SPECTATOR = None
REFEREE = "referee"
SEAT_FIELDS = ("p", "to")  # an action's or event's fields that name the seats it belongs to


def token(setup, who):
    """The secret token of `who` ("referee" or a seat) in a game: 16 hex digits from its seed."""
    text = "ultimus-token:%s:%s:%s" % (who, setup.get("seed"), setup.get("players"))
    return hexlify(hashlib.sha256(text.encode()).digest()[:8]).decode()  # in C: a state reply makes one a seat


def who_has(setup, text):
    """REFEREE, a seat, or SPECTATOR (unknown token) for a token."""
    if type(text) is not str or not text:
        return SPECTATOR
    if text == token(setup, REFEREE):
        return REFEREE
    for seat in range(setup.get("players", 0)):
        if text == token(setup, seat):
            return seat
    return SPECTATOR


def _mine(obj, eye):
    if eye == REFEREE:
        return True
    if type(eye) is not int:
        return False
    for key in SEAT_FIELDS:
        if obj.get(key) == eye:
            return True
    return False


def action_for(rules, action, eye):
    """A logged action as `eye` may read it: without the fields only its seat may know."""
    if _mine(action, eye):
        return action
    table = rules.HIDDEN_FIELDS
    if table is None:
        hidden = None  # a game that declares nothing: only what the action is and who took it
    else:
        hidden = table.get(action.get("a"), ())
        if not hidden:
            return action
    out = {}
    for key in action:
        if (key in ("a", "p")) if hidden is None else (key not in hidden):
            out[key] = action[key]
    return out


def setup_for(rules, setup, eye, over):
    """The set-up as `eye` may read it: the seed only for the referee, or once the game is over."""
    if eye == REFEREE or over:
        return setup
    secret = rules.SECRET_SETUP
    out = {}
    for key in setup:
        if key not in secret:
            out[key] = setup[key]
    return out


def event_for(rules, e, eye, over=False):
    """An event as `eye` may hear it: its hidden part only for its own seat and the referee;
    a set-up inside it (the box's new_game event) without its secret."""
    out = e if _mine(e, eye) else public_event(e)
    if "setup" in out and type(out["setup"]) is dict and rules is not None:
        copy = {}
        for key in out:
            copy[key] = out[key]
        copy["setup"] = setup_for(rules, out["setup"], eye, over)
        out = copy
    return out
