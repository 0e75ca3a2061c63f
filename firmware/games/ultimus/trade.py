"""Trading and bribes: uncommitted gold and yelling cards pass between players at any time."""

from games.ultimus.checks import give_problem, pass_card_problem
from games.ultimus.content import YELLING_CARD_COUNT
from referee.errors import int_arg, need


def give_gold(s, a, ev):
    p = a["p"]
    to = int_arg(a, "to", 0, s["players"] - 1)
    n = int_arg(a, "n", 1, 999)
    need(give_problem(s, p, to, n))
    s["gold"][p] -= n
    s["gold"][to] += n
    ev.append({"e": "give", "p": p, "to": to, "n": n})


def give_card(s, a, ev):
    p = a["p"]
    to = int_arg(a, "to", 0, s["players"] - 1)
    c = int_arg(a, "c", 0, YELLING_CARD_COUNT - 1)
    need(pass_card_problem(s, p, to, c))
    s["hands"][p].remove(c)
    s["hands"][to].append(c)
    ev.append({"e": "pass_card", "p": p, "to": to, "hidden": {"c": c}})
