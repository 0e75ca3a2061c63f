"""The handlers of a combat: its rounds, the crowd at 1 hit point, mercy, the end and the rewards.

A round is the box's (the referee's) to roll, or the table's dice typed in.
Against a player outside Roma the crowd judges a gladiator left at 1 HP: he
rolls 1D6, 1-2 one more round, 3-6 mercy, which he may refuse to fight that
round anyway; after that round the fight ends. In Roma and against beasts
every fight is to the death. The winner of a combat against a player gains
1 permanent hit point (not in Roma) and draws a card; a beast's slayer draws
a card. Combat hit points lost by a survivor come back after the fight.
"""

from games.morituri_board import combat, walk
from games.morituri_board.content import CROWD_BLOOD, DIE
from games.morituri_board.kit import beast
from games.morituri_board.state import DRAW, NOBODY, side_of
from referee import crowd as verdicts
from referee.errors import int_arg


def sides(s, f):
    """(a's side, b's side) of the fight f."""
    b = beast(f["pennants"]) if f["b"] == NOBODY else side_of(s, f["b"])
    return side_of(s, f["a"]), b


def to_the_death(f):
    return f["roma"] or f["b"] == NOBODY


def fight_round(s, action, ev):
    """round {dice?, net?}: one combat round; then a death, the crowd or the next round."""
    f = s["fight"]
    a, b = sides(s, f)
    on_b, on_a, net_a, net_b = combat.fight_round(
        s, a, b, f["round"] + 1, f["b"] != NOBODY, action.get("dice"), action.get("net"), ev, (f["a"], f["b"])
    )
    f["round"] += 1
    f["hp"][0] -= on_a
    f["hp"][1] -= on_b
    ev.append(
        {
            "e": "round",
            "round": f["round"],
            "a": f["a"],
            "b": f["b"],
            "on_a": on_a,
            "on_b": on_b,
            "netted": [net_a, net_b],
            "hp": list(f["hp"]),
        }
    )
    if f["last"]:
        end(s, combat.last_round(f["hp"][0], f["hp"][1], f["reduced"]), ev)
        return
    out = combat.outcome(f["hp"][0], f["hp"][1], to_the_death(f))
    if out == combat.GO:
        return
    if out == combat.A_AT_1 or out == combat.B_AT_1:
        f["reduced"] = 0 if out == combat.A_AT_1 else 1
        s["phase"] = "crowd"
        ev.append({"e": "at_1", "seat": reduced_seat(s)})
        return
    end(s, {combat.BOTH_DEAD: -1, combat.A_DEAD: 1, combat.B_DEAD: 0, combat.BOTH_AT_1: -1}[out], ev)


def reduced_seat(s):
    f = s["fight"]
    return f["a"] if f["reduced"] == 0 else f["b"]


def crowd(s, action, ev):
    """crowd {dice?}: the gladiator at 1 HP rolls 1D6 for the crowd: 1-2 blood, 3-6 mercy."""
    mercy, _, _ = verdicts.appeal(
        s, reduced_seat(s), 1, DIE, 0, CROWD_BLOOD + 1, given=action.get("dice"), ev=ev, why="crowd"
    )
    if mercy:
        s["phase"] = "mercy"
        ev.append({"e": "mercy", "seat": reduced_seat(s)})
    else:
        _one_more(s, ev)


def thumb(s, action, ev):
    """thumb {up}: 1 takes the crowd's mercy (the opponent wins), 0 refuses it and fights one round."""
    up = int_arg(action, "up", 0, 1)
    f = s["fight"]
    if up:
        ev.append({"e": "spared", "seat": reduced_seat(s)})
        end(s, 1 - f["reduced"], ev)
    else:
        ev.append({"e": "refuses_mercy", "seat": reduced_seat(s)})
        _one_more(s, ev)


def _one_more(s, ev):
    s["fight"]["last"] = 1
    s["phase"] = "fight"
    ev.append({"e": "one_more_round", "seat": reduced_seat(s)})


def end(s, won, ev):
    """The fight is over: won 0 (a), 1 (b) or -1 (nobody). The dead die, the winner is rewarded."""
    f = s["fight"]
    seats = (f["a"], f["b"])
    winner = seats[won] if won >= 0 else NOBODY
    ev.append({"e": "fight_over", "winner": winner, "beast": 1 if f["b"] == NOBODY and won == 1 else 0})
    for i in (0, 1):
        if seats[i] != NOBODY and f["hp"][i] <= 0:
            walk.kill(s, seats[i], ev)
    s["fight"] = None
    if winner != NOBODY:
        if f["roma"]:
            s["roma_won"][winner] = 1
        elif f["b"] != NOBODY:
            s["hp"][winner] += 1  # a Hit Point Card: outside Roma, against a player
            ev.append({"e": "hp", "seat": winner, "n": 1, "hp": s["hp"][winner], "why": "won"})
        s["todo"].insert(0, [DRAW, winner])
    walk.proceed(s, ev)
