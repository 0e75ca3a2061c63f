"""Melee: the paired to-hit dice, the armour checks, wounds, the fall and the kill.

The resolver (to_hit, wounds, exchange) is the one code path for the box, the
host and the odds check: to_hit compares both sides' modified dice high to
low in pairs, like Risk, and the higher die of a pair hits if it reaches its
class's target (a tied pair scores no hit); each hit takes one armour die,
and a die below the class's save costs 1 HP. The handler `fight` runs one
pair chosen by Caesar, with the table's dice if given.
"""

from games.morituri import checks
from games.morituri.content import (
    ARMOUR,
    DICE,
    DIE,
    HITS_ON,
    KILLED_BONUS,
    MENU,
    cls_value,
    is_beast,
)
from games.morituri.round import check_end
from games.morituri.state import figures, hp
from referee import tracks
from referee.dice import compare_pairs, roll
from referee.errors import int_arg, need


def to_hit(a_cls, b_cls, a_dice, b_dice, a_mod=0, b_mod=0):
    """(hits a scores on b, hits b scores on a) from both sides' unmodified dice."""
    a_hits = b_hits = 0
    a_target = cls_value(a_cls, HITS_ON)
    b_target = cls_value(b_cls, HITS_ON)
    for a, b, result in compare_pairs(a_dice, b_dice, a_mod, b_mod):
        if result > 0 and a >= a_target:
            a_hits += 1
        elif result < 0 and b >= b_target:
            b_hits += 1
    return a_hits, b_hits


def wounds(cls, armour_dice):
    """HP lost: one per armour die below the class's save."""
    save = cls_value(cls, ARMOUR)
    return len([d for d in armour_dice if d < save])


def exchange(s, a_cls, b_cls, a_mod=0, b_mod=0, hit_dice=None, armour_dice=None, ev=None, who=(-1, -1)):
    """One exchange rolled from s["rng"] (or the table's dice, checked first):
    (hits on b, hits on a, wounds on b, wounds on a). Nothing changes on a refusal."""
    if hit_dice is not None:
        need(checks.hit_dice_problem(a_cls, b_cls, hit_dice))
    scratch = {"rng": s["rng"]}
    mine = []
    a_dice = roll(scratch, cls_value(a_cls, DICE), DIE, hit_dice[0] if hit_dice else None, mine, who[0], "hit")
    b_dice = roll(scratch, cls_value(b_cls, DICE), DIE, hit_dice[1] if hit_dice else None, mine, who[1], "hit")
    on_b, on_a = to_hit(a_cls, b_cls, a_dice, b_dice, a_mod, b_mod)
    need(checks.armour_dice_problem(armour_dice, on_a, on_b))
    a_saves = roll(scratch, on_a, DIE, armour_dice[0] if armour_dice else None, mine, who[0], "armour") if on_a else ()
    b_saves = roll(scratch, on_b, DIE, armour_dice[1] if armour_dice else None, mine, who[1], "armour") if on_b else ()
    s["rng"] = scratch["rng"]
    if ev is not None:
        ev.extend(mine)
    return on_b, on_a, wounds(b_cls, b_saves), wounds(a_cls, a_saves)


def modifier(s, f, menu):
    """What figure f adds to every die to hit: the table's menu entry, +1 once he has killed."""
    return MENU[menu][1] + (KILLED_BONUS if s["kills"][f] else 0)


def fight(s, action, ev):
    """melee {f, t, fm, tm, dice?, armour?}: Caesar's pair fights one exchange."""
    n = len(s["cls"])
    f = int_arg(action, "f", 0, n - 1)
    t = int_arg(action, "t", 0, n - 1)
    fm = int_arg(action, "fm", 0, len(MENU) - 1) if "fm" in action else 0
    tm = int_arg(action, "tm", 0, len(MENU) - 1) if "tm" in action else 0
    need(checks.pair_problem(s, f, t))
    f_mod = modifier(s, f, fm)
    t_mod = modifier(s, t, tm)
    mine = []
    on_t, on_f, w_t, w_f = exchange(
        s,
        s["cls"][f],
        s["cls"][t],
        f_mod,
        t_mod,
        action.get("dice"),
        action.get("armour"),
        mine,
        (s["owner"][f], s["owner"][t]),
    )
    s["fought"].append([f, t])
    ev.append({"e": "melee", "f": f, "t": t, "fmod": f_mod, "tmod": t_mod})
    ev.extend(mine)
    ev.append({"e": "hits", "f": f, "t": t, "on_t": on_t, "on_f": on_f, "wounds_t": w_t, "wounds_f": w_f})
    _wound(s, t, w_t, f, ev)
    _wound(s, f, w_f, t, ev)
    check_end(s, ev)


def _wound(s, victim, n, by, ev):
    if n == 0:
        return
    before = hp(s, victim)
    tracks.sub(s["hp"], victim, n)
    ev.append({"e": "wound", "f": victim, "n": before - hp(s, victim), "hp": hp(s, victim)})
    if hp(s, victim) == 0 and before > 0:
        s["kills"][by] += 1  # credited to the figure whose hit took him to 0, even if the crowd spares him
        ev.append({"e": "kill", "by": by, "f": victim})
        fall(s, victim, ev)


def fall(s, f, ev):
    """At 0 HP an animal (or rhino) is removed at once; a gladiator lies down to implore."""
    if is_beast(s["cls"][f]):
        tracks.raise_flag(s["flags"], f, tracks.OUT)
        ev.append({"e": "removed", "f": f})
    else:
        tracks.raise_flag(s["flags"], f, tracks.LYING)
        s["waiting"].append(f)
        ev.append({"e": "down", "f": f})


def pairs(s):
    """Every pair Caesar may still choose, as (f, t) in figure order, both ways round."""
    out = []
    for f in figures(s):
        for t in figures(s):
            if checks.pair_problem(s, f, t) is None:
                out.append((f, t))
    return out
