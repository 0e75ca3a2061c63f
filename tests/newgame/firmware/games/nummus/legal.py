"""Nummus's legal listing (the host's and the tests'; a box never loads it) and where each phase leads."""

from games.nummus.rules import FLOW, HEADS, TAILS

from referee.play import Listing

NEXT = {"call": ("toss",), "toss": ("call", "over")}


def _call(s, seat, out):
    for side in (HEADS, TAILS):
        out.append({"a": "call", "p": seat, "side": side})


def _toss(s, seat, out):
    out.append({"a": "toss"})


LISTERS = {"call": _call, "toss": _toss}
legal_actions = Listing(FLOW, LISTERS).legal_actions
