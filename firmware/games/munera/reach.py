"""What a gladiator can still reach this turn: the hexes his AP left can walk him to.

The Double 2 of the Double Trouble table floors the defender when the attacker can end his
turn adjacent to him, so the question is asked of the AP he has left after the attack, not of
where he stood when he rolled. The walk prices steps as checks.move_cost does (forward 1,
any other way 2, 3 in an enclosed helmet, a turn of one hex side 1), never through another
gladiator nor past the wall, and a tired gladiator's 6 AP cap counts too.
"""

from games.munera import arena
from games.munera.content import COST, TIRED_AP_CAP
from games.munera.state import NOBODY, at, tired


def budget(s, g):
    """The AP g may still spend this turn (his AP left, within a tired gladiator's cap)."""
    left = s["ap"]
    if tired(s, g) and TIRED_AP_CAP - s["spent"] < left:
        left = TIRED_AP_CAP - s["spent"]
    return left if left > 0 else 0


def can_end_adjacent(s, g, t):
    """g can end his turn on a hex next to t, standing where he is or walking there with the
    AP left (budget). Only the active gladiator walks; anyone else stays where he is."""
    x = s["g"][g]
    goal = s["g"][t]["pos"]
    if arena.distance(x["pos"], goal) == 1:
        return True
    if g != s["turn"] or x["stood"] or x["down"]:
        return False  # he stood up this turn (he may not leave his spot) or lies on the ground
    left = budget(s, g)
    side = COST["step_helmet"] if x["helmet"] else COST["step"]
    # cheapest AP to stand on (q, r) facing f; a small search: a turn's AP are few
    best = {(x["pos"][0], x["pos"][1], x["face"]): 0}
    todo = [(x["pos"][0], x["pos"][1], x["face"], 0)]
    while todo:
        q, r, f, cost = todo.pop()
        if best.get((q, r, f), cost) < cost:
            continue  # reached more cheaply since
        nexts = [(q, r, (f + 1) % 6, cost + COST["turn"]), (q, r, (f - 1) % 6, cost + COST["turn"])]
        for d in range(6):
            dest = arena.step((q, r), d)
            nexts.append((dest[0], dest[1], f, cost + (COST["forward"] if d == f else side)))
        for nq, nr, nf, nc in nexts:
            if nc > left or best.get((nq, nr, nf), nc + 1) <= nc:
                continue
            if (nq, nr) != (q, r):
                if not arena.inside((nq, nr), s["radius"]) or at(s, (nq, nr)) not in (NOBODY, g):
                    continue
                if arena.distance((nq, nr), goal) == 1:
                    return True
            best[(nq, nr, nf)] = nc
            todo.append((nq, nr, nf, nc))
    return False
