"""The pre-checks of Ultimatum's flow: whether an action has something to act on now (None, or why not).

CHECKS holds them by variant and by the names of games.ultimatum.flow's actions: referee.acting imports
this module when a menu or the actors are first asked, never apply, so that a box that asks for
neither does not hold them (a Munera box's largest free block is within bytes of its bound: even a
fifth slot in each of the flow's entries would cost it). An action without one has something to do
whenever the flow's Who lets the seat act. Each is made of the rule checks the handler refuses
with, tried on the least the action could be or on each of its choices, so that a menu and apply
cannot differ; tests/test_flow.py holds them to the legal listing both ways.
"""

from games.ultimatum import cards, checks
from games.ultimatum.content import LASER, N_NATIONS, N_SEAS, REINFORCEMENTS, SHIP, SUB, TROOP

NOTHING = ("nothing_to_do", "there is nothing to do that with now")


def _first(problem, candidates, s, p):
    """None if some candidate passes problem(s, p, *candidate), else the last refusal."""
    found = NOTHING
    for c in candidates:
        found = problem(s, p, *c)
        if found is None:
            return None
    return found


def _at_nations_and_seas(problem):
    """A pre-check: the action may aim at some nation (n) or sea place (b)."""

    def check(s, p):
        found = NOTHING
        for n in range(N_NATIONS):
            found = problem(s, p, n, -1)
            if found is None:
                return None
        for b in range(N_SEAS):
            found = problem(s, p, -1, b)
            if found is None:
                return None
        return found

    return check


def _can_take(s, p):
    return _first(checks.take_problem, [(n,) for n in range(N_NATIONS)], s, p)


def _can_fleet(s, p):
    for b in range(N_SEAS):
        if checks.fleet_problem(s, b) is None:
            return None
    return NOTHING


def _can_buy(s, p):
    """One piece of some kind somewhere (more only ever costs more)."""
    found = checks.buy_problem(s, p, LASER, 1, -1)
    if found is None:
        return None
    for kind in (TROOP, SHIP, SUB):
        for at in range(N_NATIONS if kind == TROOP else N_SEAS):
            found = checks.buy_problem(s, p, kind, 1, at)
            if found is None:
                return None
    return found


def _can_reinforce(s, p):
    found = checks.card_problem(s, p)
    if found is not None:
        return found
    for kind in REINFORCEMENTS:
        for at in range(N_NATIONS if kind == TROOP else N_SEAS):
            found = cards.reinforce_problem(s, p, kind, at)
            if found is None:
                return None
    return found


def _can_attack(s, p):
    """From some nation of his, on an opponent's (whose nation it is does not change where from)."""
    for dst in range(N_NATIONS):
        if s["owner"][dst] >= 0 and s["owner"][dst] != p:
            return _first(checks.attack_problem, [(src, dst) for src in range(N_NATIONS)], s, p)
    return ("not_opponent", "no opponent holds a nation")


def _can_commando(s, p):
    return checks.card_problem(s, p) or _first(checks.commando_problem, [(n,) for n in range(N_NATIONS)], s, p)


def _can_airlift(s, p):
    """One troop from one nation of his to another."""
    found = checks.card_problem(s, p)
    if found is not None:
        return found
    mine = [n for n in range(N_NATIONS) if s["owner"][n] == p]
    return _first(checks.airlift_problem, [(a, b, 1) for a in mine for b in mine if a != b], s, p) if mine else NOTHING


def _can_sail(s, p):
    """One battleship or one submarine from a place of his to another."""
    found = NOTHING
    for src in range(N_SEAS):
        if s["sea"][src] == p:
            for dst in range(N_SEAS):
                found = checks.sail_problem(s, p, src, dst, 1, 0)
                if found is None or checks.sail_problem(s, p, src, dst, 0, 1) is None:
                    return None
    return found


def _can_fire(s, p):
    for w in (SHIP, SUB):
        for t in (SHIP, SUB):
            if checks.fire_problem(s, w, t) is None:
                return None
    return checks.fire_problem(s, SHIP, SHIP)


def _can_mine(s, p):
    found = checks.ocean_mine_problem(s, p, SHIP)
    return found and checks.ocean_mine_problem(s, p, SUB)


def _can_laser(s, p):
    return checks.laser_now_problem(s, p) or _at_nations_and_seas(checks.laser_problem)(s, p)


def _can_occupy(s, p):
    return checks.occupy_problem(s, 1)  # one troop moved in: the least


def _seatless(problem):
    """A pre-check of a rule about the battle alone (problem(s))."""

    def check(s, p):
        return problem(s)

    return check


# --- the table: {variant: {action: pre-check}}, beside the flow's by its names -------------------

CHECKS = {
    "": {
        "take": _can_take,
        "fleet": _can_fleet,
        "buy": _can_buy,
        "reinforce": _can_reinforce,
        "intelligence": checks.intelligence_problem,
        "attack": _can_attack,
        "commando": _can_commando,
        "airlift": _can_airlift,
        "sail": _can_sail,
        "bomber": _at_nations_and_seas(checks.bomber_problem),
        "laser": _can_laser,
        "fire_back": _at_nations_and_seas(checks.fire_back_problem),
        "roll": _seatless(checks.exchange_problem),
        "blitz": _seatless(checks.blitz_problem),
        "stop": _seatless(checks.stop_problem),
        "fire": _can_fire,
        "minefield": checks.minefield_problem,
        "ocean_mine": _can_mine,
        "anti_aircraft": checks.anti_aircraft_problem,
        "occupy": _can_occupy,
    },
}
