"""The cards whose faces only the table sees: reinforcements and Intelligence Reports (edition 2).

A reinforcement card's troops, battleships or submarines are placed at once
where bought ones would go (troops may attack at once, vessels wait for the
seat's next turn); the box takes the number as entered (at most
content.REINFORCEMENT_MAX: the rulebook prints none). An Intelligence Report
(Army, Navy or Air Force) shows an opponent's cards across the table: the box
only counts the card spent. Both are the attacker's, played on his turn.
"""

from games.ultimatum import bank, checks
from games.ultimatum.content import N_NATIONS, N_SEAS, REINFORCEMENT_MAX, REINFORCEMENTS, TROOP
from games.ultimatum.state import edition
from referee.errors import Illegal, int_arg, need


def reinforce_problem(s, p, kind, at):
    """A reinforcement card (edition 2): its troops, battleships or submarines placed at once
    where bought ones would go; the number is the card's, which the box takes as entered."""
    if edition(s) < 2:
        return checks.OLD_RULES
    if kind not in REINFORCEMENTS:
        return ("bad_action", "'kind' is one of troop, ship, sub")
    return checks.place_problem(s, p, kind, at) or checks.card_problem(s, p)


def reinforce(s, action, ev):
    p = action["p"]
    kind = action.get("kind")
    if type(kind) is not str or kind not in REINFORCEMENTS:
        raise Illegal("bad_action", "'kind' is one of troop, ship, sub")
    n = int_arg(action, "n", 1, REINFORCEMENT_MAX)
    at = int_arg(action, "at", 0, (N_NATIONS if kind == TROOP else N_SEAS) - 1)
    need(reinforce_problem(s, p, kind, at))
    s["cards"][p] -= 1
    bank.place(s, p, kind, n, at)
    ev.append({"e": "reinforce", "who": p, "kind": kind, "n": n, "at": at})


def intelligence(s, action, ev):
    p = action["p"]
    need(checks.intelligence_problem(s, p))
    s["cards"][p] -= 1
    ev.append({"e": "intelligence", "who": p})
