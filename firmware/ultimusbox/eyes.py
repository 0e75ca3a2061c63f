"""Who sees what on the link: a spectator, one seat, or the referee (docs/protocol.md, "Eyes").

ULTIMUS is a bluffing game: whatever leaves the box for a spectator must be
a function of the public view only. A seat also sees its own secrets (its
commitment, its hand, the cards it discards or passes); the referee sees
everything (the full log, to replay the game in lockstep; the seed).

A game's rules (referee.engine.define) say what is secret: HIDDEN_FIELDS ({action:
fields only its seat may read}, from its flow; None for a game that declares no
secret field: it shows other eyes only "a" and "p"), SECRET_SETUP (set-up keys
hidden until the game is over). Events carry their secrets under "hidden".

A seat proves who it is with a token the box draws from a real random source
when the game starts (os.urandom: on the Pico the chip's ring oscillator), never
from the seed nor anything a table sees, and keeps beside the game's journal
(ultimusbox.handover.save_tokens): {"referee": T, "seats": [T, ...], "paired": [0/1, ...]}
(paired: a phone took the seat by its station's SHOUT). The link that starts a
game gets them all in new_game's reply and becomes the referee; anyone else
gives one with the `auth` request. A game saved by a firmware that derived its
tokens from the seed (0.2, 0.3) gets fresh ones when it resumes.
"""

from binascii import hexlify

from referee.engine import public_event

SPECTATOR = None
REFEREE = "referee"
SEAT_FIELDS = ("p", "to")  # an action's or event's fields that name the seats it belongs to


_drawn = [0]  # tokens drawn from the entropy source: each one differs, even from a source that repeats (a fake's)


def draw_token(secret, source):
    """16 hex digits from a real random source: the drivers' secret(n) (os.urandom: on the Pico the chip's
    ring oscillator), else, on a port without one (MicroPython's webassembly, in the tests), four 16-bit
    pieces of the drivers' entropy source() (bytes, or 30-bit ints: referee.rng.new_seed's kinds), each draw
    apart from the others. In pieces because a 64-bit number is a big int on MicroPython: its arithmetic
    scattered 3 KB of the heap's largest free block."""
    if secret is not None or source is None:
        if secret is None:
            from os import urandom as secret
        return hexlify(secret(8)).decode()
    _drawn[0] += 1
    out = ""
    for k in range(4):
        got = source()
        piece = (got[0] << 8 | got[1]) if type(got) is not int else got & 0xFFFF
        out += "%04x" % ((piece + (_drawn[0] * 4 + k) * 0x9E37) & 0xFFFF)
    return out


def new_tokens(players, secret, source):
    """A new game's tokens: the referee's and one per seat, none paired yet."""
    return {
        "referee": draw_token(secret, source),
        "seats": [draw_token(secret, source) for _ in range(players)],
        "paired": [0] * players,
    }


def who_has(tokens, text):
    """REFEREE, a seat, or SPECTATOR (unknown token, or no game's tokens) for a token."""
    if tokens is None or type(text) is not str:
        return SPECTATOR
    if text == tokens["referee"]:
        return REFEREE
    seats = tokens["seats"]
    return seats.index(text) if text in seats else SPECTATOR


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
