"""The start of a bout and a gladiator's turn: stamina rolls, the order of play, the AP roll
(standing up, the forced appeal), and everything AP buy but attacks: moving, turning,
drawing and sheathing, discarding, picking up, kicking, cutting free, the feint, ending.
"""

from games.munera import arena, checks
from games.munera.content import (
    ARROWS_BASE,
    CAPE_FREE,
    COST,
    FORCED_APPEAL,
    MAX_DARTS,
    NET_FREE,
    NET_LOST,
    SHEATHE,
    STAMINA_BASE,
    STAMINA_SKILLED,
    has,
)
from games.munera.effects import beat, drop, remove_kit, settle
from games.munera.feed import Feed
from games.munera.state import (
    NOBODY,
    ap_mods,
    gladiators,
    grappling,
    is_out,
    threatens,
    tired,
    total,
)
from referee.dice import order as roll_order
from referee.errors import Illegal, int_arg, need


def spend(s, n):
    s["ap"] -= n
    s["spent"] += n


def stamina(s, action, ev):
    """Every gladiator's stamina: 4 + D6 (6 + D6 with the Stamina skill); a bow's arrows: D6 + 3."""
    feed = Feed(s, action.get("dice"), ev)
    for g in gladiators(s):
        x = s["g"][g]
        base = STAMINA_SKILLED if "stamina" in x["skills"] else STAMINA_BASE
        x["stam"] = x["start"] = base + feed.d6(g, "stamina")
    for g in gladiators(s):
        for w in s["g"][g]["kit"]:
            if w[0] == "bow":
                w[2] = ARROWS_BASE + feed.d6(g, "arrows")
    feed.done()
    ev.append({"e": "stamina", "stam": [s["g"][g]["stam"] for g in gladiators(s)]})
    s["phase"] = "order"


def order(s, action, ev):
    """A D6 roll-off once, ties re-rolled: "This order applies throughout the whole game"."""
    ranked, _ = roll_order(s, list(gladiators(s)), 6, action.get("dice"), ev, "order")
    s["order"] = ranked
    s["turn"] = ranked[0]
    s["round"] = 1
    s["phase"] = "start"
    ev.append({"e": "turn", "g": s["turn"], "round": 1})


def ap(s, action, ev):
    """The AP roll: D6 + modifiers, never below 0. A knocked-down gladiator stands up first
    (-2 or his save); a tired one at -6 or worse in an adjacent foe's front appeals instead."""
    g = s["turn"]
    x = s["g"][g]
    feed = Feed(s, action.get("dice"), ev)
    was_down = x["down"]
    if was_down:
        x["down"] = 0
        x["stood"] = 1
        ev.append({"e": "stand", "g": g})
    mods = ap_mods(s, g, was_down)
    net = total(mods)
    x["hazed"] = 0
    if tired(s, g) and net <= FORCED_APPEAL:
        for o in gladiators(s):
            if threatens(s, o, g):
                feed.done()
                ev.append({"e": "gives_in", "g": g, "mods": mods})
                beat(s, g, o, "gives_in", ev)
                settle(s, ev, "next")
                return
    die = feed.d6(g, "ap")
    feed.done()
    n = die + net
    s["ap"] = n if n > 0 else 0
    s["spent"] = 0
    ev.append({"e": "ap", "g": g, "die": die, "mods": mods, "ap": s["ap"]})
    settle(s, ev, "wrestle" if grappling(s, g) else "act")


def move(s, action, ev):
    """One hex: forward 1 AP; any other way, keeping the facing, 2 AP (3 in an enclosed helmet)."""
    g = s["turn"]
    d = int_arg(action, "d", 0, 5)
    need(checks.move_problem(s, g, d))
    spend(s, checks.move_cost(s, g, d))
    x = s["g"][g]
    x["pos"] = arena.step(x["pos"], d)
    ev.append({"e": "move", "g": g, "to": list(x["pos"]), "ap": s["ap"]})
    settle(s, ev, "act")


def turn(s, action, ev):
    """Change facing by one hex side (60 degrees, within "up to 90") for 1 AP."""
    g = s["turn"]
    by = action.get("by")
    if by != 1 and by != -1:
        raise Illegal("bad_action", "'by' is 1 (counter-clockwise) or -1 (clockwise)")
    need(checks.turn_problem(s, g))
    spend(s, COST["turn"])
    x = s["g"][g]
    x["face"] = (x["face"] + by) % 6
    ev.append({"e": "face", "g": g, "face": x["face"], "ap": s["ap"]})
    settle(s, ev, "act")


def _kit_index(s, g, action):
    return int_arg(action, "k", 0, 15)


def draw(s, action, ev):
    g = s["turn"]
    k = _kit_index(s, g, action)
    need(checks.draw_problem(s, g, k))
    spend(s, COST["draw"])
    s["g"][g]["kit"][k][1] = 1
    ev.append({"e": "draw", "g": g, "w": s["g"][g]["kit"][k][0]})
    settle(s, ev, "act")


def sheathe(s, action, ev):
    g = s["turn"]
    k = _kit_index(s, g, action)
    need(checks.sheathe_problem(s, g, k))
    spend(s, COST["draw"])
    s["g"][g]["kit"][k][1] = 0
    ev.append({"e": "sheathe", "g": g, "w": s["g"][g]["kit"][k][0]})
    settle(s, ev, "act")


def discard(s, action, ev):
    """Discard a shield (never to be recovered) or a helmet, to carry less."""
    g = s["turn"]
    item = action.get("item")
    need(checks.drop_problem(s, g, item))
    x = s["g"][g]
    if item == "shield":
        name = x["shield"]
        x["shield"] = ""
        if name == "cape":
            for k in range(len(x["kit"])):
                if x["kit"][k][0] == "cape":
                    remove_kit(s, g, k)
                    break
    else:
        name = "helmet"
        x["helmet"] = 0
    drop(s, name, x["pos"], g, 0, 0, ev, "discarded")
    settle(s, ev, "act")


def pickup(s, action, ev):
    """Pick up a weapon or shield (1 AP) or a helmet (2 AP) from his hex or an adjacent one:
    anyone's (edition 1: only his own), but never a shield he discarded himself."""
    g = s["turn"]
    i = int_arg(action, "i", 0, 63)
    need(checks.pickup_problem(s, g, i))
    item = s["ground"].pop(i)
    spend(s, checks.pickup_cost(item[0]))
    x = s["g"][g]
    name = item[0]
    if name in ("small", "large", "buckler"):
        x["shield"] = name
    elif name == "cape":
        x["shield"] = "cape"
        x["kit"].append(["cape", 1, 0])
    elif name == "helmet":
        x["helmet"] = 1
    else:
        for w in x["kit"]:
            if (name == "arrows" and w[0] == "bow") or (name == "darts" and w[0] == "darts"):
                w[2] = w[2] + item[4] if name == "arrows" else min(MAX_DARTS, w[2] + item[4])
                break
        else:
            ready = 0 if has(name, SHEATHE) and checks.hands_full(x) else 1
            x["kit"].append([name, ready, item[4]])
    ev.append({"e": "pickup", "g": g, "item": name, "owner": item[3], "ap": s["ap"]})
    settle(s, ev, "act")


def kick(s, action, ev):
    """Kick an object in an adjacent hex into the next hex beyond (the wall stops it)."""
    g = s["turn"]
    i = int_arg(action, "i", 0, 63)
    need(checks.kick_problem(s, g, i))
    spend(s, COST["kick"])
    item = s["ground"][i]
    here = (item[1], item[2])
    dest = arena.step(here, arena.toward(s["g"][g]["pos"], here))
    if arena.inside(dest, s["radius"]):
        item[1] = dest[0]
        item[2] = dest[1]
    ev.append({"e": "kick", "g": g, "item": item[0], "at": [item[1], item[2]]})
    settle(s, ev, "act")


def cut(s, action, ev):
    """Once a turn, 1 AP: free on 5-6 (a cape 3-6); a 6 loses a net or lasso for good,
    otherwise its owner recovers it."""
    g = s["turn"]
    need(checks.cut_problem(s, g))
    spend(s, COST["cut"])
    s["cut"] = 1
    x = s["g"][g]
    feed = Feed(s, action.get("dice"), ev)
    die = feed.d6(g, "cut_free")
    feed.done()
    weapon = x["tangle_w"]
    holder = x["tangle"]
    freed = die >= (CAPE_FREE if weapon == "cape" else NET_FREE)
    ev.append({"e": "cut", "g": g, "die": die, "free": 1 if freed else 0})
    if freed:
        x["tangle"] = NOBODY
        x["tangle_w"] = ""
        if weapon != "cape" and die >= NET_LOST and not is_out(s, holder):
            kit = s["g"][holder]["kit"]
            for k in range(len(kit)):
                if kit[k][0] == weapon:
                    remove_kit(s, holder, k)
                    ev.append({"e": "broken", "g": holder, "item": weapon})
                    break
    settle(s, ev, "act")


def feint(s, action, ev):
    """Declare a feint (2 AP, one a turn): an attack die of his too low to hit this turn may be
    rolled again (he is offered the re-roll; edition 1 took it by itself)."""
    g = s["turn"]
    need(checks.feint_problem(s, g))
    spend(s, COST["feint"])
    s["feint"] = 1
    ev.append({"e": "feint", "g": g, "ap": s["ap"]})
    settle(s, ev, "act")


def end(s, action, ev):
    ev.append({"e": "end_turn", "g": s["turn"], "spent": s["spent"]})
    settle(s, ev, "next")
