"""The pre-checks of Munera's flow: whether an action has something to act on now (None, or why not).

CHECKS holds them by variant and by the names of games.munera.flow's actions: referee.acting imports
this module when a menu or the actors are first asked, never apply, so that a box that asks for
neither does not hold them (a Munera box's largest free block is within bytes of its bound: even a
fifth slot in each of the flow's entries would cost it). An action without one has something to do
whenever the flow's Who lets the seat act. Each is made of the rule checks the handler refuses
with, tried on the least the action could be or on each of its choices, so that a menu and apply
cannot differ; tests/test_flow.py holds them to the legal listing both ways.
"""

from games.munera import checks

NOTHING = ("nothing_to_do", "there is nothing to do that with now")


def _any(problem, choices):
    """A pre-check: problem(s, g, c) passes for some c of choices(s, g)."""

    def check(s, g):
        found = NOTHING
        for c in choices(s, g):
            found = problem(s, g, c)
            if found is None:
                return None
        return found

    return check


def _directions(s, g):
    return range(6)


def _kit(s, g):
    return range(len(s["g"][g]["kit"]))


def _ground(s, g):
    return range(len(s["ground"]))


def _foes(s, g):
    return range(len(s["g"]))


def _droppable(s, g):
    return checks.DROPPABLE


def _can_attack(s, g):
    found = NOTHING
    for t in range(len(s["g"])):
        for w in list(range(len(s["g"][g]["kit"]))) + [checks.IMPROVISED_W, checks.SHIELD_W]:
            for whirl in (0, 1):
                found = checks.attack_problem(s, g, t, w, whirl)
                if found is None:
                    return None
    return found


# --- the table: {variant: {action: pre-check}}, beside the flow's by its names -------------------

CHECKS = {
    "": {
        "move": _any(checks.move_problem, _directions),
        "turn": checks.turn_problem,
        "draw": _any(checks.draw_problem, _kit),
        "sheathe": _any(checks.sheathe_problem, _kit),
        "discard": _any(checks.drop_problem, _droppable),
        "pickup": _any(checks.pickup_problem, _ground),
        "kick": _any(checks.kick_problem, _ground),
        "cut": checks.cut_problem,
        "feint": checks.feint_problem,
        "attack": _can_attack,
        "haze": _any(checks.haze_problem, _foes),
        "grapple": _any(checks.grapple_problem, _foes),
    },
}
