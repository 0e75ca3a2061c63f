"""The turn walker: the steps left of a turn, the next seat clockwise, deaths and the end.

A turn's steps wait in s["todo"] and are taken in order by proceed(): a card
to draw (phase "draw", the drawer answers), a combat against a player or a
beast (phase "fight"), the arrival in Roma (the waiting champion fights the
newcomer to the death; a player alone there may fight the 4/4 beast, phase
"roma"). A step whose gladiator has died or left is dropped. With no step
left the turn passes clockwise, skipping the dead; under alternate rule 2 a
gladiator who died outside Roma sits out his next turn and comes back fresh
(2 HP, no cards) on the one after.

The end: when nobody is left alive (or coming back) nobody wins; when one
gladiator is left he wins if he has won a combat in Roma, or at once without
alternate rule 1; with it he must still reach Roma and win a bestiarius there.
"""

from games.morituri_board import kit
from games.morituri_board.content import BEAST_HP, ROMA_PENNANTS, START_HP
from games.morituri_board.state import (
    BACK,
    BEAST,
    DEAD,
    DRAW,
    DUEL,
    NOBODY,
    REST,
    ROAD,
    ROMA,
    alive,
    champion,
    in_roma,
    on_road,
)


def proceed(s, ev):
    """Take the turn's next step, or pass the turn when none is left."""
    while True:
        if check_end(s, ev):
            return
        todo = s["todo"]
        if not todo:
            next_turn(s, ev)
            return
        step = todo[0]
        kind = step[0]
        if kind == DRAW:
            if alive(s, step[1]):
                s["phase"] = "draw"
                return
            todo.pop(0)
        elif kind == DUEL:
            todo.pop(0)
            a, b = step[1], step[2]
            if on_road(s, a) and on_road(s, b):  # both still there: a death drops the fight
                start_fight(s, a, b, 0, 0, ev)
                return
        elif kind == BEAST:
            todo.pop(0)
            if alive(s, step[1]):
                start_fight(s, step[1], NOBODY, step[2], 1 if step[2] == ROMA_PENNANTS else 0, ev)
                return
        else:  # ARRIVE
            todo.pop(0)
            p = step[1]
            if in_roma(s, p):
                q = champion(s, p)
                if q != NOBODY:
                    start_fight(s, p, q, 0, 1, ev)
                    return
                s["phase"] = "roma"  # alone: the optional beast, or wait
                return


def start_fight(s, a, b, pennants, roma, ev):
    """A combat: a against seat b, or against a beast of `pennants` when b is NOBODY.
    Combat hit points start at the permanent ones; a beast has 1."""
    s["fight"] = {
        "a": a,
        "b": b,
        "pennants": pennants,
        "roma": roma,
        "hp": [s["hp"][a], s["hp"][b] if b != NOBODY else BEAST_HP],
        "round": 0,
        "reduced": NOBODY,  # 0 or 1: the side at 1 HP the crowd judges
        "last": 0,  # 1: the crowd's one more round is next, then the fight ends
    }
    s["phase"] = "fight"
    ev.append({"e": "fight", "a": a, "b": b, "pennants": pennants, "roma": roma})


def kill(s, p, ev):
    """Seat p dies: out for good, or (alternate rule 2, outside Roma) resting till he comes back."""
    outside = not in_roma(s, p)
    s["where"][p] = REST if s["rejoin"] and outside else DEAD
    s["hp"][p] = 0
    s["kit"][p] = kit.empty()
    ev.append({"e": "dies", "seat": p, "back": 1 if s["where"][p] == REST else 0})


def next_turn(s, ev):
    """The next seat clockwise that plays: the dead are skipped, the resting sit out once."""
    n = s["players"]
    p = s["active"]
    for _ in range(3 * n):  # at most two laps: a rest, then the way back
        p = (p + 1) % n
        w = s["where"][p]
        if w == REST:
            s["where"][p] = BACK
            ev.append({"e": "sits_out", "seat": p})
        elif w == BACK:
            s["where"][p] = ROAD
            s["hp"][p] = START_HP
            s["kit"][p] = kit.empty()
            s["roma_won"][p] = 0
            ev.append({"e": "comes_back", "seat": p, "hp": START_HP})
            break
        elif w != DEAD:
            break
    s["active"] = p
    s["turn"] += 1
    s["phase"] = "roma" if s["where"][p] == ROMA else "move"
    ev.append({"e": "turn", "seat": p, "turn": s["turn"], "phase": s["phase"]})


def contenders(s):
    """(alive seats, seats coming back under alternate rule 2)."""
    living = []
    coming = []
    for p in range(s["players"]):
        if alive(s, p):
            living.append(p)
        elif s["where"][p] == REST or s["where"][p] == BACK:
            coming.append(p)
    return living, coming


def check_end(s, ev):
    """Over when nobody is left, or the last gladiator has won (see the module docstring)."""
    if s["phase"] == "over":
        return True
    living, coming = contenders(s)
    if living or coming:
        if coming or len(living) > 1:
            return False
        p = living[0]
        if s["last_alive"] and not s["roma_won"][p]:
            return False
        s["winner"] = p
    else:
        s["winner"] = NOBODY
    s["phase"] = "over"
    s["fight"] = None
    s["todo"] = []
    ev.append({"e": "over", "winner": s["winner"]})
    return True
