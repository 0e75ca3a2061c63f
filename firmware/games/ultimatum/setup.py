"""The set-up walker: who starts, the world choosing sides, the fleets, the start money.

roll_off (the referee: every seat rolls the black die, ties roll again), then
take: nations in turn clockwise from the winner (the first round four each, one
from each alliance, one a Worldpower with 10 troops; then one each until all 37
are taken); a second roll-off; fleet: two battleships on a vacant blockade each,
clockwise, until the 14 are taken. The last to place attacks first; start money
$2, $3, $4... in attack order.
"""

from games.ultimatum import checks
from games.ultimatum.content import (
    BLACK,
    BLOCKADES,
    FIRST_NATIONS,
    FIRST_TROOPS,
    FLEET,
    N_NATIONS,
    N_SEAS,
    SAVINGS,
    START_MONEY,
    WORLDPOWER,
    WORLDPOWER_TROOPS,
)
from games.ultimatum.state import picker
from referee import dice, ledger
from referee.errors import int_arg, need
from referee.turns import clockwise


def roll_off(s, action, ev):
    """Everyone rolls the black die; the highest starts the nations (or the fleets)."""
    seats = list(range(s["players"]))
    why = "first_nations" if s["phase"] == "roll_off" else "first_fleet"
    winner, _ = dice.roll_off(s, seats, BLACK, action.get("dice"), ev, why)
    s["order"] = clockwise(winner, s["players"])
    s["picks"] = 0
    s["phase"] = "nations" if s["phase"] == "roll_off" else "fleets"


def take(s, action, ev):
    p = action["p"]
    n = int_arg(action, "n", 0, N_NATIONS - 1)
    need(checks.take_problem(s, p, n))
    first = s["picks"] < FIRST_NATIONS * s["players"]
    troops = WORLDPOWER_TROOPS if first and WORLDPOWER[n] else FIRST_TROOPS
    s["owner"][n] = p
    s["troops"][n] = troops
    s["picks"] += 1
    ev.append({"e": "take", "who": p, "n": n, "troops": troops})
    if s["picks"] == N_NATIONS:
        s["phase"] = "fleet_roll_off"
        s["order"] = []
        s["picks"] = 0


def fleet(s, action, ev):
    p = action["p"]
    b = int_arg(action, "b", 0, N_SEAS - 1)
    need(checks.fleet_problem(s, b))
    s["sea"][b] = p
    s["ships"][b] = FLEET
    s["picks"] += 1
    ev.append({"e": "fleet", "who": p, "b": b})
    if s["picks"] == BLOCKADES:
        start_war(s, p, ev)


def start_war(s, last, ev):
    """The last to place battleships attacks first; start money in attack order."""
    order = clockwise(last, s["players"])
    s["attack_order"] = order
    s["order"] = []
    s["picks"] = 0
    for i in range(len(order)):
        ledger.income(s, order[i], START_MONEY + i, SAVINGS, ev, "start")
    s["turn"] = 0
    s["active"] = order[0]
    s["phase"] = "buy"
    ev.append({"e": "turn", "who": order[0]})


PICKER = picker  # who may take or place: the flow names it
