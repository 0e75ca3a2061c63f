"""Every legal action of a seat: exactly what apply accepts, from the flow and the rule checks.

The actions of the phase and who may take them come from games.munera.flow; the
parameters come from the same checks the handlers refuse with. Optional fields are listed
in one spelling: no "dice" (the box rolls) and "whirl" always written out on attacks.
"""

from games.munera import checks
from games.munera.flow import FLOW
from games.munera.state import dist, gladiators
from referee.play import Listing

# The phases each phase of FLOW leads to: checked after every handler in the tests (referee.play.check_next);
# kept here, beside the listing a box never loads, so that a box does not hold it.
# effects.settle ends every action: the beaten appeal first, or the bout is over, or play goes on in
# the phase the action names (the next gladiator's start for "next"); an appeal resumes that phase
NEXT = {
    "stamina": ("order",),
    "order": ("start",),
    "start": ("act", "wrestle", "appeal", "over"),
    "act": ("reroll", "wrestle", "start", "appeal", "over"),
    "reroll": ("act", "start", "appeal", "over"),
    "wrestle": ("grip", "act", "start", "appeal", "over"),
    "grip": ("act", "start", "appeal", "over"),
    "appeal": ("act", "reroll", "wrestle", "grip", "start", "over"),
}


def _plain(name):
    def lister(s, seat, out):
        out.append({"a": name} if seat < 0 else {"a": name, "p": seat})

    return lister


def _move(s, seat, out):
    for d in range(6):
        if checks.move_problem(s, seat, d) is None:
            out.append({"a": "move", "p": seat, "d": d})


def _turn(s, seat, out):
    if checks.turn_problem(s, seat) is None:
        out.append({"a": "turn", "p": seat, "by": 1})
        out.append({"a": "turn", "p": seat, "by": -1})


def _kit(name, check):
    def lister(s, seat, out):
        for k in range(len(s["g"][seat]["kit"])):
            if check(s, seat, k) is None:
                out.append({"a": name, "p": seat, "k": k})

    return lister


def _discard(s, seat, out):
    for item in checks.DROPPABLE:
        if checks.drop_problem(s, seat, item) is None:
            out.append({"a": "discard", "p": seat, "item": item})


def _ground(name, check):
    def lister(s, seat, out):
        for i in range(len(s["ground"])):
            if check(s, seat, i) is None:
                out.append({"a": name, "p": seat, "i": i})

    return lister


def _cut(s, seat, out):
    if checks.cut_problem(s, seat) is None:
        out.append({"a": "cut", "p": seat})


def _feint(s, seat, out):
    if checks.feint_problem(s, seat) is None:
        out.append({"a": "feint", "p": seat})


def _targets(name, check):
    def lister(s, seat, out):
        for t in gladiators(s):
            if check(s, seat, t) is None:
                out.append({"a": name, "p": seat, "t": t})

    return lister


def _target_refused(s, g, t):
    """Whether checks.attack_problem refuses every attack of g on t, whatever the weapon and whirl: its
    first three checks (asked here once a target, for speed; not a function of checks.py, which a box
    holds in its heap: a Munera box's largest free block is within bytes of its bound)."""
    problem = checks._grappling_problem(s, g) or checks._attacker_problem(s, g)
    return (problem or checks._target_problem(s, g, t)) is not None


def _attack(s, seat, out):
    every = list(range(len(s["g"][seat]["kit"]))) + [checks.IMPROVISED_W, checks.SHIELD_W]
    weapons = None  # those attack_problem's fourth check (the weapon's own, which reads no target) lets strike
    for t in gladiators(s):
        if _target_refused(s, seat, t):
            continue  # attack_problem refuses every weapon and whirl for the same reason
        if weapons is None:
            weapons = [w for w in every if checks._weapon_problem(s, seat, w) is None]
        # a whirl is refused off an adjacent foe (out of reach, or not adjacent) whatever the weapon
        whirls = (0, 1) if dist(s, seat, t) == 1 else (0,)
        for w in weapons:
            for whirl in whirls:
                if checks.attack_problem(s, seat, t, w, whirl) is None:
                    out.append({"a": "attack", "p": seat, "t": t, "w": w, "whirl": whirl})


LISTERS = {
    "stamina": _plain("stamina"),
    "order": _plain("order"),
    "ap": _plain("ap"),
    "move": _move,
    "turn": _turn,
    "draw": _kit("draw", checks.draw_problem),
    "sheathe": _kit("sheathe", checks.sheathe_problem),
    "discard": _discard,
    "pickup": _ground("pickup", checks.pickup_problem),
    "kick": _ground("kick", checks.kick_problem),
    "cut": _cut,
    "feint": _feint,
    "end": _plain("end"),
    "attack": _attack,
    "haze": _targets("haze", checks.haze_problem),
    "grapple": _targets("grapple", checks.grapple_problem),
    "reroll": _plain("reroll"),
    "keep": _plain("keep"),
    "wrestle": _plain("wrestle"),
    "throw": _plain("throw"),
    "release": _plain("release"),
    "appeal": _plain("appeal"),
}


legal_actions = Listing(FLOW, LISTERS).legal_actions  # every legal action of a seat: what apply accepts
