"""The consequences every handler shares: wounds, knock-downs, push-backs, dropped items,
beaten gladiators waiting to appeal, the end of a turn and of the bout.

Handlers call settle(s, ev, then) last: the beaten appeal first (phase "appeal"),
then the bout ends when one gladiator is left, else play goes on in phase `then`
("next": the next gladiator's turn).
"""

from games.munera import arena
from games.munera.content import CESTUS, FATIGUE_SPEND, MORTAL, SKILLS, has
from games.munera.state import NOBODY, free, gladiators, in_arena, injured, is_out, threatened

GONE_W = -9  # an attack made this turn with a weapon since lost (it still counts as an attack)


def beat(s, g, by, why, ev):
    """g is beaten and must appeal to the crowd (once, in the order they fell)."""
    x = s["g"][g]
    if x["out"] or g in s["waiting"]:
        return
    s["waiting"].append(g)
    if by != NOBODY:
        x["by"] = by
    ev.append({"e": "beaten", "g": g, "by": by, "why": why})


def leave(s, g, fate, ev):
    """g leaves the arena: spared, killed or dead; a grapple he was in ends."""
    x = s["g"][g]
    x["out"] = fate
    x["down"] = 0
    if g in s["waiting"]:
        s["waiting"].remove(g)
    if s["grapple"] and g in s["grapple"][:2]:
        s["grapple"] = []
        if s["grip"] != NOBODY:
            s["grip"] = NOBODY
    by = x["by"]
    if by != NOBODY and g not in s["g"][by]["defeated"]:
        s["g"][by]["defeated"].append(g)
    ev.append({"e": fate, "g": g, "by": by})


def wound(s, g, n, by, ev, why="wound"):
    """g loses n stamina: injured at half, beaten at 0, mortally wounded at -3."""
    if n <= 0 or is_out(s, g):
        return
    x = s["g"][g]
    was = injured(s, g)
    x["stam"] -= n
    if by != NOBODY:
        s["g"][by]["dealt"] += n
        x["by"] = by
        if not was and injured(s, g) and g not in s["g"][by]["hurt"]:
            s["g"][by]["hurt"].append(g)
    ev.append({"e": "wound", "g": g, "n": n, "stam": x["stam"], "why": why})
    if s["grapple"] and g in s["grapple"][:2] and by not in s["grapple"][:2]:
        s["grapple"] = []  # "until ... one grappler is wounded by a third party"
        s["grip"] = NOBODY
        ev.append({"e": "grapple_ends", "why": "third_party"})
    if x["stam"] <= MORTAL:
        leave(s, g, "dead", ev)  # mortally wounded: no appeal saves him
    elif x["stam"] <= 0:
        beat(s, g, by, "stamina", ev)


def knock_down(s, g, by, ev):
    """g is knocked down; knocked down again while down and threatened, he is beaten.
    The active gladiator knocked down loses the AP he has left."""
    x = s["g"][g]
    if x["out"]:
        return
    if x["down"]:
        ev.append({"e": "down_again", "g": g})
        if threatened(s, g):
            beat(s, g, by, "down_again", ev)
        return
    x["down"] = 1
    ev.append({"e": "down", "g": g})
    if g == s["turn"] and s["ap"]:
        ev.append({"e": "ap_lost", "g": g, "n": s["ap"]})
        s["ap"] = 0


def push_back(s, a, t, ev):
    """The defender jumps back one hex, away from the attacker; a wall or a gladiator
    behind him knocks him down instead."""
    d = arena.toward(s["g"][a]["pos"], s["g"][t]["pos"])
    dest = arena.step(s["g"][t]["pos"], d)
    if free(s, dest):
        s["g"][t]["pos"] = dest
        ev.append({"e": "pushed", "g": t, "to": list(dest)})
    else:
        ev.append({"e": "pushed", "g": t, "to": None})
        knock_down(s, t, a, ev)


def fatigue(s, g, n, ev, why):
    s["g"][g]["fat"] += n
    ev.append({"e": "fatigue", "g": g, "n": n, "fat": s["g"][g]["fat"], "why": why})


def drop(s, name, pos, owner, ammo, keep, ev, why="drop"):
    """An item on the ground; keep 0: its owner discarded it for good."""
    s["ground"].append([name, pos[0], pos[1], owner, ammo, keep])
    ev.append({"e": "item", "item": name, "at": [pos[0], pos[1]], "owner": owner, "why": why})


def scatter(s, feed, target, thrower, who, why):
    """The hex a random-direction D6 gives next to `target`; the wall stops an item at target."""
    r = feed.d6(who, why)
    dest = arena.step(target, arena.scatter_dir(target, thrower, r))
    return dest if arena.inside(dest, s["radius"]) else [target[0], target[1]]


def remove_kit(s, g, k):
    """Take kit entry k from g; this turn's record of weapons used keeps pointing right."""
    w = s["g"][g]["kit"].pop(k)
    if g == s["turn"]:
        s["attacks"] = [(a - 1 if a > k else (GONE_W if a == k else a)) for a in s["attacks"]]
    return w


def lose_weapon(s, feed, g, k, other, for_good, ev):
    """Kit entry k of g is lost for good or falls into a random adjacent hex."""
    x = s["g"][g]
    w = remove_kit(s, g, k)
    if for_good:
        ev.append({"e": "broken", "g": g, "item": w[0]})
    else:
        drop(s, w[0], scatter(s, feed, x["pos"], s["g"][other]["pos"], g, "falls"), g, w[2], 1, ev, "falls")


def droppable(x):
    """The kit entries that can fall (cesti cannot be dropped or discarded)."""
    return [k for k in range(len(x["kit"])) if not has(x["kit"][k][0], CESTUS)]


def settle(s, ev, then):
    """After an action: appeals first, then the end of the bout, else phase `then`."""
    if s["waiting"]:
        if s["phase"] != "appeal":
            s["resume"] = then
            s["phase"] = "appeal"
        return
    if end_check(s, ev):
        return
    if then == "wrestle" and not s["grapple"]:
        then = "act"  # the grapple ended meanwhile (a grappler left the arena)
    if then == "grip" and s["grip"] == NOBODY:
        then = "act"
    if then == "next" or is_out(s, s["turn"]):
        next_turn(s, ev)
    else:
        s["phase"] = then


def end_check(s, ev):
    left = in_arena(s)
    if len(left) > 1:
        return False
    s["winner"] = left[0] if left else NOBODY
    s["phase"] = "over"
    for g in gladiators(s):
        _gain(s, g, ev)
    ev.append({"e": "bout_over", "winner": s["winner"]})
    return True


def _gain(s, g, ev):
    """Experience: a skill for defeating a gladiator with at least as many skills."""
    x = s["g"][g]
    if x["out"] == "killed" or x["out"] == "dead":
        return
    for f in x["defeated"]:
        if len(s["g"][f]["skills"]) >= len(x["skills"]) and len(x["skills"]) < len(SKILLS):
            s["gains"].append(g)
            ev.append({"e": "skill_gained", "g": g, "over": f})
            return


def end_turn(s, ev):
    g = s["turn"]
    if g != NOBODY and not is_out(s, g) and s["spent"] >= FATIGUE_SPEND:
        fatigue(s, g, 1, ev, "spent_%d" % s["spent"])
    if g != NOBODY:
        s["g"][g]["stood"] = 0
    s["ap"] = 0
    s["spent"] = 0
    s["attacks"] = []
    s["feint"] = 0
    s["hazing"] = NOBODY
    s["cut"] = 0


def next_turn(s, ev):
    """The next gladiator in the order of play who is still in the arena rolls his AP."""
    end_turn(s, ev)
    order = s["order"]
    i = order.index(s["turn"]) if s["turn"] in order else -1
    for _ in range(len(order)):
        i += 1
        if i >= len(order):
            i = 0
            s["round"] += 1
        if not is_out(s, order[i]):
            break
    s["turn"] = order[i]
    s["phase"] = "start"
    ev.append({"e": "turn", "g": s["turn"], "round": s["round"]})
