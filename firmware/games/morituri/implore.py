"""Implore the crowd: the appeal roll, the crowd's verdict and Caesar's thumb.

A gladiator at 0 HP rolls a D6 when Caesar calls him: 5+ on his first appeal,
6+ on any later one, +1 if he has killed another. The crowd's verdict waits
in s["crowd"] for Caesar's thumb (referee.crowd); a thumb against the crowd
overrides it and bars Caesar's seat from the next initiative. Spared, the
gladiator lies a full round and stands up with 1 HP in the round after;
killed, he is removed. A fallen gladiator "may" implore: called, he may waive
it instead, and dies.
"""

from games.morituri import checks
from games.morituri.content import DIE, FIRST_APPEAL, KILLED_BONUS, LATER_APPEAL
from games.morituri.round import check_end, implore_done
from games.morituri.state import SPARED
from referee import crowd, tracks
from referee.errors import int_arg, need

NO_APPEAL = ("no_appeal", "no appeal waits for Caesar's thumb")
NOT_CAESAR = ("not_caesar", "only Caesar gives the thumb")


def appeal_target(s, f):
    return FIRST_APPEAL if s["appeals"][f] == 0 else LATER_APPEAL


def appeal_modifier(s, f):
    return KILLED_BONUS if s["kills"][f] else 0


def implore(s, action, ev):
    """implore {f, dice?}: Caesar calls a fallen gladiator; he rolls his appeal."""
    f = int_arg(action, "f", 0, len(s["cls"]) - 1)
    need(checks.implore_problem(s, f))
    target = appeal_target(s, f)
    yes, dice, total = crowd.appeal(
        s, s["owner"][f], 1, DIE, appeal_modifier(s, f), target, given=action.get("dice"), ev=ev, why="implore"
    )
    s["appeals"][f] += 1
    s["waiting"].remove(f)
    crowd.ask(s, "crowd", "caesar", "implore", [f, yes], ev)


def waive(s, action, ev):
    """waive {f}: called by Caesar, a fallen gladiator does not implore the crowd (he "may"):
    he is killed, as a failed appeal would have him."""
    f = int_arg(action, "f", 0, len(s["cls"]) - 1)
    need(checks.implore_problem(s, f))
    s["waiting"].remove(f)
    ev.append({"e": "waives", "f": f})
    if not _killed(s, f, ev):
        implore_done(s, ev)


def _killed(s, f, ev):
    """f is killed and removed; True when that ends the game."""
    tracks.lower_flag(s["flags"], f, tracks.LYING)
    tracks.raise_flag(s["flags"], f, tracks.OUT)
    ev.append({"e": "killed", "f": f})
    return check_end(s, ev)


def thumb(s, action, ev):
    """thumb {up}: Caesar's verdict (1 spares, 0 kills); against the crowd it bars his seat."""
    up = int_arg(action, "up", 0, 1)
    q = crowd.answer(s, "crowd", action["p"], up, ev, none=NO_APPEAL, wrong=NOT_CAESAR)
    f, crowd_yes = q["data"]
    final, overridden = crowd.override(crowd_yes, up)
    if overridden:
        s["barred"][s["caesar"]] = 1
        ev.append({"e": "override", "seat": s["caesar"], "f": f})
    if final == crowd.YES:
        tracks.raise_flag(s["flags"], f, SPARED)
        s["up"][f] = s["round"] + 2  # one full round doing nothing, then up when called
        ev.append({"e": "spared", "f": f})
    elif _killed(s, f, ev):
        return
    implore_done(s, ev)
