"""The round walker: initiative -> movement -> melee -> implore the crowd -> next round.

initiative: every seat still in the game and not barred rolls 2D6, the highest
is Caesar and a tie for highest rolls again (referee.dice.highest); the bar of
a seat that overrode the crowd is lifted once it has sat one initiative out.
movement: Caesar calls on every figure that can act, once each, in his order;
a spared gladiator whose round of rest is over stands up with 1 HP when called.
melee: Caesar's pairs (games.morituri.melee), until he ends the melee.
implore: games.morituri.implore. The game ends when one seat's figures remain.
"""

from games.morituri import checks
from games.morituri.content import DIE, STAND_UP_HP
from games.morituri.state import NOBODY, SPARED, figures, is_lying, seats_left
from referee import tracks
from referee.dice import highest
from referee.errors import int_arg, need


def initiative(s, action, ev):
    """initiative {dice?}: the table's rounds of 2D6 (one [a, b] per seat rolling, seat order)."""
    left = seats_left(s)
    rolling = [p for p in left if not s["barred"][p]]
    for p in left:
        if s["barred"][p]:
            ev.append({"e": "sits_out", "seat": p})
    caesar, rounds = highest(s, rolling, 2, DIE, action.get("dice"), ev, "caesar")
    for p in range(s["players"]):
        s["barred"][p] = 0
    s["caesar"] = caesar
    ev.append({"e": "caesar", "seat": caesar, "round": s["round"]})
    s["phase"] = "movement"
    _movement_done(s, ev)


def activate(s, action, ev):
    """activate {f}: Caesar calls on a figure; he moves (on the table), or stands up if spared."""
    f = int_arg(action, "f", 0, len(s["cls"]) - 1)
    need(checks.activate_problem(s, f))
    s["activated"].append(f)
    ev.append({"e": "activate", "f": f})
    if is_lying(s, f):  # a spared gladiator after his full round on the ground
        tracks.lower_flag(s["flags"], f, tracks.LYING | SPARED)
        tracks.set_to(s["hp"], f, STAND_UP_HP)
        ev.append({"e": "stand", "f": f, "hp": STAND_UP_HP})
    _movement_done(s, ev)


def _movement_done(s, ev):
    for f in figures(s):
        if checks.activatable(s, f) and f not in s["activated"]:
            return
    s["phase"] = "melee"
    ev.append({"e": "phase", "phase": "melee"})


def end_melee(s, action, ev):
    """end_melee: Caesar has resolved every combat; the fallen implore the crowd."""
    s["phase"] = "implore"
    ev.append({"e": "phase", "phase": "implore"})
    implore_done(s, ev)


def implore_done(s, ev):
    """After the last appeal of the round (or none), the next round's initiative."""
    if s["phase"] != "implore" or s["waiting"] or s["crowd"]:
        return
    s["round"] += 1
    s["caesar"] = NOBODY
    s["activated"] = []
    s["fought"] = []
    s["phase"] = "initiative"
    ev.append({"e": "round", "round": s["round"]})


def check_end(s, ev):
    """Over when the figures left (standing or lying) belong to one seat, or to none."""
    left = seats_left(s)
    if len(left) > 1:
        return False
    s["winner"] = left[0] if left else NOBODY
    s["phase"] = "over"
    s["crowd"] = []
    s["waiting"] = []
    ev.append({"e": "over", "winner": s["winner"]})
    return True
