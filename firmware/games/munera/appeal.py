"""Appeals to the crowd: 2D6 plus the printed modifiers, worked out from the bout's tallies
and the day's (set-up) record. A natural 12 spares, a natural 2 kills, else 7 or more spares.
"""

from games.munera.content import APPEAL, APPEAL_KILL_NATURAL, APPEAL_SPARE_NATURAL, APPEAL_TARGET
from games.munera.effects import leave, settle
from games.munera.state import NOBODY, injured, lost, tired
from referee import crowd


def appeal_mods(s, g):
    """The modifiers of g's appeal now, as [[name, value], ...] (only those that apply)."""
    x = s["g"][g]
    out = []
    if injured(s, g):
        out.append(["injured", APPEAL["injured"]])
    foe = x["by"]
    if foe != NOBODY and tired(s, g) and tired(s, foe):
        out.append(["both_tired", APPEAL["both_tired"]])
    if x["whirl_hit"] and not x["whirl_double"]:
        out.append(["whirling", APPEAL["whirling"]])
    if x["hurt"]:
        out.append(["injured_foes", APPEAL["per_injured_foe"] * len(x["hurt"])])
    defeated = x["day_defeated"] + len(x["defeated"])
    if defeated:
        out.append(["defeated_today", APPEAL["per_defeated_today"] * defeated])
    if "popularity" in x["skills"]:
        out.append(["popular", APPEAL["popular"]])
    if not x["dealt"]:
        out.append(["no_wounds_dealt", APPEAL["no_wounds_dealt"]])
    if s["spared_today"]:
        out.append(["others_spared", APPEAL["per_other_spared_today"] * s["spared_today"]])
    if not x["helmet"]:
        out.append(["open_face", APPEAL["open_face"]])
    if x["whirl_double"]:
        out.append(["whirl_double", APPEAL["whirl_double"]])
    if x["sand"]:
        out.append(["sand", APPEAL["sand"]])
    if x["cls"] == "Hoplomachus":
        out.append(["hoplomachus", APPEAL["hoplomachus"]])
    if lost(s, g) <= 0:
        out.append(["unwounded", APPEAL["unwounded"]])
    if x["day_spared"]:
        out.append(["spared_before", APPEAL["spared_before"]])
    return out


def appeal(s, action, ev):
    """The first beaten gladiator appeals: spared, he leaves the arena alive; else killed."""
    g = s["waiting"][0]
    mods = appeal_mods(s, g)
    n = 0
    for m in mods:
        n += m[1]
    ev.append({"e": "appeal", "g": g, "mods": mods})
    yes, _, _ = crowd.appeal(
        s, g, 2, 6, n, APPEAL_TARGET, APPEAL_SPARE_NATURAL, APPEAL_KILL_NATURAL, action.get("dice"), ev, "appeal"
    )
    if yes:
        leave(s, g, "spared", ev)
        s["spared_today"] += 1
    else:
        leave(s, g, "killed", ev)
    settle(s, ev, s["resume"])
