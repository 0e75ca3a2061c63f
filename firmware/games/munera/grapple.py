"""The grapple (Appendix C): the grab, the grapple test, the throw and letting go.

The grappler drops his shield and the weapons in his hands (into his hex, to be picked
up again) and rolls a normal attack without the weapon's modifier, doubles rolled again.
A hit starts the grapple: each side rolls D6 + current stamina; a tie carries the grapple
into the next turns, in which the gladiator whose turn it is can use his AP only if he
wins. The winner throws (knocked down, D3 wounds) or lets go (steps back one hex).
"""

from games.munera import arena, checks
from games.munera.content import CESTUS, GALERUS, has
from games.munera.effects import drop, fatigue, knock_down, push_back, remove_kit, settle, wound
from games.munera.feed import Feed
from games.munera.fight import attack_mods, mod_total
from games.munera.state import NOBODY, free, quadrant_of
from referee.errors import int_arg, need

GRAPPLE_W = -3  # the grapple in this turn's record of attacks


def grapple(s, action, ev):
    g = s["turn"]
    t = int_arg(action, "t", 0, len(s["g"]) - 1)
    need(checks.grapple_problem(s, g, t))
    cost = checks.grapple_cost(s)
    s["ap"] -= cost
    s["spent"] += cost
    s["attacks"].append(GRAPPLE_W)
    x = s["g"][g]
    if x["shield"] not in ("", GALERUS):
        drop(s, x["shield"], x["pos"], g, 0, 1, ev, "grapple")
        x["shield"] = ""
    k = len(x["kit"]) - 1
    while k >= 0:
        w = x["kit"][k]
        if w[1] and not has(w[0], CESTUS):
            remove_kit(s, g, k)
            drop(s, w[0], x["pos"], g, w[2], 1, ev, "grapple")
        k -= 1
    feed = Feed(s, action.get("dice"), ev)
    mods = attack_mods(s, g, t, "", 1, quadrant_of(s, t, g))
    mod = mod_total(mods)
    while True:
        a = feed.d6(g, "grapple")
        d = feed.d6(t, "grapple")
        if a != d:
            break  # doubles are rolled again when grappling
    feed.done()
    margin = a + mod - d
    ev.append({"e": "grapple", "g": g, "t": t, "mods": mods, "margin": margin})
    if margin <= 0:
        fatigue(s, g, 1, ev, "missed")
        push_back(s, g, t, ev)
        settle(s, ev, "act")
        return
    s["grapple"] = [g, t, 0]
    settle(s, ev, "wrestle")


def wrestle(s, action, ev):
    """The grapple test: dice [grappler's, grappled's], each + his current stamina."""
    g, t = s["grapple"][0], s["grapple"][1]
    feed = Feed(s, action.get("dice"), ev)
    a = feed.d6(g, "wrestle") + s["g"][g]["stam"]
    b = feed.d6(t, "wrestle") + s["g"][t]["stam"]
    feed.done()
    ev.append({"e": "wrestle", "g": g, "t": t, "scores": [a, b]})
    if a == b:
        s["grapple"][2] += 1
        ev.append({"e": "grapple_tied", "ties": s["grapple"][2]})
        settle(s, ev, "next")  # the gladiator whose turn it is cannot use his AP
        return
    s["grip"] = g if a > b else t
    settle(s, ev, "grip")


def _finish(s, winner, ev):
    s["grapple"] = []
    s["grip"] = NOBODY
    settle(s, ev, "act" if winner == s["turn"] else "next")


def throw(s, action, ev):
    """The winner throws: knocked down and D3 wounds (a D6 halved, rounding up)."""
    winner = s["grip"]
    loser = s["grapple"][1] if s["grapple"][0] == winner else s["grapple"][0]
    feed = Feed(s, action.get("dice"), ev)
    n = (feed.d6(winner, "d3") + 1) // 2
    feed.done()
    ev.append({"e": "thrown", "g": loser, "by": winner, "wounds": n})
    knock_down(s, loser, winner, ev)
    wound(s, loser, n, winner, ev, "thrown")
    _finish(s, winner, ev)


def release(s, action, ev):
    """The winner disengages: he steps back one hex from his foe (where there is room)."""
    winner = s["grip"]
    loser = s["grapple"][1] if s["grapple"][0] == winner else s["grapple"][0]
    x = s["g"][winner]
    dest = arena.step(x["pos"], arena.toward(s["g"][loser]["pos"], x["pos"]))
    if free(s, dest):
        x["pos"] = dest
    ev.append({"e": "disengaged", "g": winner, "at": list(x["pos"])})
    _finish(s, winner, ev)
