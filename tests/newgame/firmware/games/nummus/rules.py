"""Nummus's rules: its flow, set-up, state, views and handlers, in the one define() of the game."""

from referee.engine import define
from referee.errors import Illegal, setup_keys
from referee.flow import REFEREE, Flow, Who, move
from referee.rng import KINDS, SHA256, below, start

NAME = "nummus"
FORMAT = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 4
WIN = 3  # points that win
HEADS, TAILS = 1, 0


def _caller(s):
    return [s["turn"]]


CALLER = Who("the seat whose turn it is", _caller, "not_your_turn", "it is another seat's turn to call")


def call(s, a, ev):
    side = a.get("side")
    if side != HEADS and side != TAILS:
        raise Illegal("bad_action", "a call is side 1 (heads) or 0 (tails)")
    s["called"] = side
    s["phase"] = "toss"
    ev.append({"e": "called", "p": a["p"], "side": side})


def toss(s, a, ev):
    s["rng"], side = below(s["rng"], 2)
    p = s["turn"]
    won = int(side == s["called"])
    s["score"][p] += won
    ev.append({"e": "tossed", "side": side, "p": p, "won": won})
    s["called"] = -1
    if s["score"][p] >= WIN:
        s["winner"] = p
        s["phase"] = "over"
        ev.append({"e": "over", "winner": p})
        return
    s["turn"] = (p + 1) % s["players"]
    s["round"] += 1
    s["phase"] = "call"


FLOW = Flow({"": {"call": {"call": move(CALLER, call, ("side",))}, "toss": {"toss": move(REFEREE, toss)}}})


def check_setup(setup):
    if type(setup) is not dict:
        raise Illegal("bad_setup", "a set-up is an object with players and seed")
    setup_keys(setup, ("players", "seed", "rng"), "Nummus")  # rng: the generator the box names
    players = setup.get("players")
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Illegal("bad_setup", "players must be %d to %d" % (MIN_PLAYERS, MAX_PLAYERS), "players")
    if type(setup.get("seed")) is not int:
        raise Illegal("bad_setup", "seed must be a whole number", "seed")
    if setup.get("rng", SHA256) not in KINDS:
        raise Illegal("bad_setup", "rng is one of %s" % ", ".join(KINDS), "rng")
    return {"players": players, "seed": setup["seed"], "rng": setup.get("rng", SHA256)}


def new_state(setup):
    n = setup["players"]
    return {
        "phase": "call",
        "players": n,
        "rng": start(setup["seed"], setup["rng"]),
        "turn": 0,
        "round": 1,
        "called": -1,
        "score": [0] * n,
        "winner": -1,
    }


def public_view(s):
    return {k: s[k] for k in s if k != "rng"}  # the generator is no one's to see


def seat_view(s, seat):
    return public_view(s)


def digest_for(s, fmt):
    raise Illegal("unknown_format", "Nummus saved games have format 1 only")


RULES = define(
    name=NAME,
    format=FORMAT,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    flow=FLOW,
    check_setup=check_setup,
    new_state=new_state,
    public_view=public_view,
    seat_view=seat_view,
    legal="games.nummus.legal",
    digest_for=digest_for,
)
