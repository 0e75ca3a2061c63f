"""Every legal action of a seat: exactly what apply accepts, from the flow and the rule checks.

The actions of the phase and who may take them come from flow.FLOW (the table
apply checks against); the parameters come from the rule checks apply refuses
with. Optional fields are listed in one spelling: no "dice" or "net" (the box
rolls), "vs" in the order the fights are fought (clockwise from the mover),
a kept card with its "discard" list (exactly the clashing cards, slot order),
a discarded card without one. tests/test_mboard_legality.py holds both directions.
"""

from games.morituri_board import checks, kit
from games.morituri_board.content import CARD_NAMES, FLUX, HP_SPACES, PENNANTS
from games.morituri_board.flow import FLOW
from games.morituri_board.state import drawer, on_road
from referee.play import Listing

# The phases each phase of FLOW leads to: checked after every handler in the tests (referee.play.check_next);
# kept here, beside the listing a box never loads, so that a box does not hold it.
# walk.proceed goes on after a space, a card or a fight: a card to name, a fight, the next seat's
# move (or its wait in Roma); walk.check_end ends the game wherever a gladiator dies
NEXT = {
    "start": ("move",),
    "move": ("space",),
    "space": ("draw", "fight", "move", "roma", "over"),
    "draw": ("fight", "move", "roma", "over"),
    "fight": ("crowd", "draw", "move", "roma", "over"),
    "crowd": ("mercy", "fight", "draw", "move", "roma", "over"),
    "mercy": ("fight", "draw", "move", "roma", "over"),
    "roma": ("fight", "move"),
}


def _plain(name):
    def lister(s, seat, out):
        a = {"a": name}
        if seat >= 0:
            a["p"] = seat
        out.append(a)

    return lister


def _hp_space(s, seat, out):
    for k in range(1, HP_SPACES + 1):
        out.append({"a": "hp_space", "p": seat, "k": k})


def subsets(items):
    """Every subset of items, each in the items' order (the empty one first)."""
    out = [[]]
    for x in items:
        out += [sub + [x] for sub in out]
    return out


def _arena(s, seat, out):
    n = s["players"]
    others = [(seat + i) % n for i in range(1, n) if on_road(s, (seat + i) % n)]  # clockwise from him
    for pennants in PENNANTS:
        for vs in subsets(others):
            out.append({"a": "arena", "p": seat, "pennants": pennants, "vs": vs})


def _flux(s, seat, out):
    for n in range(-FLUX, FLUX + 1):
        if checks.flux_problem(n) is None:
            out.append({"a": "flux", "p": seat, "n": n})


def _card(s, seat, out):
    p = drawer(s)
    for c in CARD_NAMES:
        out.append({"a": "card", "p": seat, "c": c, "keep": 1, "discard": kit.clashing(s["kit"][p], c)})
        out.append({"a": "card", "p": seat, "c": c, "keep": 0})


def _lose(s, seat, out):
    for c in kit.held(s["kit"][drawer(s)]):
        out.append({"a": "lose", "p": seat, "c": c})


def _thumb(s, seat, out):
    out.append({"a": "thumb", "p": seat, "up": 1})
    out.append({"a": "thumb", "p": seat, "up": 0})


LISTERS = {
    "roll_off": _plain("roll_off"),
    "move": _plain("move"),
    "nothing": _plain("nothing"),
    "hp_space": _hp_space,
    "draw": _plain("draw"),
    "arena": _arena,
    "roma": _plain("roma"),
    "flux": _flux,
    "card": _card,
    "lose": _lose,
    "debt": _plain("debt"),
    "other": _plain("other"),
    "round": _plain("round"),
    "crowd": _plain("crowd"),
    "thumb": _thumb,
    "beast": _plain("beast"),
    "wait": _plain("wait"),
}


legal_actions = Listing(FLOW, LISTERS).legal_actions  # every legal action of a seat: what apply accepts
