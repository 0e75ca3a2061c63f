"""Every legal action of a seat: exactly what apply accepts, from the flow and the rule checks.

The actions of the phase and who may take them come from games.morituri.flow
(the table apply checks against); the parameters come from the same rule
checks (games.morituri.checks) apply refuses with. Optional fields are listed
in one spelling: no "dice" (the box rolls), and the melee menus "fm" and "tm"
always written out. tests/test_morituri_legality.py holds both directions.
"""

from games.morituri import checks
from games.morituri.content import MENU
from games.morituri.flow import FLOW
from games.morituri.melee import pairs
from games.morituri.state import figures
from referee.play import Listing

# The phases each phase of FLOW leads to: checked after every handler in the tests (referee.play.check_next);
# kept here, beside the listing a box never loads, so that a box does not hold it.
NEXT = {
    "initiative": ("movement", "melee"),  # melee at once when no figure can be called on
    "movement": ("melee",),
    "melee": ("implore", "initiative", "over"),  # implore, or the next round when nobody fell
    "implore": ("initiative", "over"),
}


def _initiative(s, seat, out):
    out.append({"a": "initiative"})


def _activate(s, seat, out):
    for f in figures(s):
        if checks.activate_problem(s, f) is None:
            out.append({"a": "activate", "p": seat, "f": f})


def _melee(s, seat, out):
    for f, t in pairs(s):
        for fm in range(len(MENU)):
            for tm in range(len(MENU)):
                out.append({"a": "melee", "p": seat, "f": f, "t": t, "fm": fm, "tm": tm})


def _end_melee(s, seat, out):
    out.append({"a": "end_melee", "p": seat})


def _implore(s, seat, out):
    for f in s["waiting"]:
        out.append({"a": "implore", "p": seat, "f": f})


def _waive(s, seat, out):
    for f in s["waiting"]:
        out.append({"a": "waive", "p": seat, "f": f})


def _thumb(s, seat, out):
    out.append({"a": "thumb", "p": seat, "up": 1})
    out.append({"a": "thumb", "p": seat, "up": 0})


LISTERS = {
    "initiative": _initiative,
    "activate": _activate,
    "melee": _melee,
    "end_melee": _end_melee,
    "implore": _implore,
    "waive": _waive,
    "thumb": _thumb,
}


legal_actions = Listing(FLOW, LISTERS).legal_actions  # every legal action of a seat: what apply accepts
