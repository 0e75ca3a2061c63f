"""Trading and bribes: uncommitted gold and yelling cards pass between players at any time."""

from ultimus.battle import seat_arg, need_mode
from ultimus.errors import refuse, int_arg
from ultimus.state import MODE_FULL
from ultimus.yelling import CARDS


def _parties(s, a):
    if s["phase"] == "over":
        refuse("wrong_phase", "the game is over")
    p = seat_arg(s, a)
    to = int_arg(a, "to", 0, s["players"] - 1)
    if to == p:
        refuse("bad_target", "give to another player")
    return p, to


def give_gold(s, a, ev):
    p, to = _parties(s, a)
    n = int_arg(a, "n", 1, 999)
    if n > s["gold"][p]:
        refuse("no_gold", "only gold not committed to bets can be given (%d)" % s["gold"][p])
    s["gold"][p] -= n
    s["gold"][to] += n
    ev.append({"e": "give", "p": p, "to": to, "n": n})


def give_card(s, a, ev):
    p, to = _parties(s, a)
    need_mode(s, MODE_FULL, "the box does not track yelling cards")
    c = int_arg(a, "c", 0, len(CARDS) - 1)
    if c not in s["hands"][p]:
        refuse("not_in_hand", "that yelling card is not in your hand")
    s["hands"][p].remove(c)
    s["hands"][to].append(c)
    ev.append({"e": "pass_card", "p": p, "to": to, "hidden": {"c": c}})
