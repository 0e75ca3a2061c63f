"""The state of a bout and what follows from it: stamina states, fatigue, saves by facing,
the AP roll's modifiers, who is adjacent in whose frontal arc.

s["g"] holds one dict per gladiator (seat k fights gladiator k):
  prof, cls, skills; stam and start (stamina), fat (fatigue); pos [q, r], face;
  down, stood (stood up this turn: may not leave his spot), tangle (who holds him in a net,
  lasso or cape, -1 if free), tangle_w (that weapon); armour, shield, helmet, kit
  ([[weapon, ready, ammunition], ...]); hazed (-2 AP next turn), sand (hazings tried);
  tallies for the crowd: dealt (wounds dealt), hurt (foes he injured), whirl_hit, whirl_double,
  defeated (foes beaten), day_defeated / day_spared (set-up: earlier bouts today), by (his last foe);
  out ("" in the arena, "spared", "killed", "dead").
The turn: order, turn (the active gladiator), round, ap (left), spent, attacks (weapons used),
feint (0 none, 1 declared, 2 used), offer (an attack that missed after a feint, waiting for
his choice: the feint's re-roll or the miss; None), hazing (the foe he hazed this turn, -1), cut (tried this turn).
Also waiting (gladiators to appeal), resume (the phase after the appeals), grapple
([grappler, grappled, ties] or []), grip (the winner who throws or lets go, -1), ground (items:
[name, q, r, owner, ammunition, recoverable]), spared_today, winner, gains (skills earned).
"""

from games.munera import arena
from games.munera.content import (
    AP_DOWN,
    AP_ENTANGLED,
    AP_EXHAUSTED,
    AP_HAZED,
    AP_INJURED,
    AP_REFLEXES,
    AP_TIRED,
    ARMOUR_SAVE,
    BACKUP,
    CAPE,
    CESTUS,
    CESTUS_SAVE,
    FRONT,
    GALERUS,
    HELMET_SAVE,
    LARGE,
    LARGE_RIGHT_SAVE,
    LEFT,
    MAX_SAVE,
    OPTIONS,
    P_ARMOUR,
    P_CLASS,
    P_HELMET,
    P_KIT,
    P_SHIELD,
    PROFILES,
    RIGHT,
    SHIELD_SAVE,
    WEAPONS,
    has,
    kit_ap,
)
from referee.rng import seed_state

NOBODY = -1


def gladiator(entry, pos, face):
    p = PROFILES[entry["profile"]]
    kit = []
    for name, ready in p[P_KIT]:
        kit.append([name, ready, WEAPONS[name][2]])
    shield = p[P_SHIELD]
    for option, old, new in OPTIONS.get(entry["profile"], ()):
        if entry.get("option") == option:  # a printed alternative chosen at set-up
            if shield == old:
                shield = new
            for w in kit:
                if w[0] == old:
                    w[0] = new
                    w[2] = WEAPONS[new][2]
    if entry.get("two_handed"):
        kit[0] = [entry["two_handed"], 1, 0]  # his first weapon made a two-handed sword, axe or club
    if entry.get("cape"):
        shield = CAPE  # the set-up gave him a cape: a small shield that can also entangle
        kit.append(["cape", 1, 0])
    return {
        "prof": entry["profile"],
        "cls": p[P_CLASS],
        "skills": list(entry["skills"]),
        "stam": 0,
        "start": 0,
        "fat": 0,
        "pos": list(pos),
        "face": face,
        "down": 0,
        "stood": 0,
        "tangle": NOBODY,
        "tangle_w": "",
        "armour": p[P_ARMOUR],
        "shield": shield,
        "helmet": p[P_HELMET],
        "kit": kit,
        "hazed": 0,
        "sand": 0,
        "dealt": 0,
        "hurt": [],
        "whirl_hit": 0,
        "whirl_double": 0,
        "defeated": [],
        "day_defeated": entry["day_defeated"],
        "day_spared": entry["day_spared"],
        "by": NOBODY,
        "out": "",
    }


def new_state(setup):
    gs = []
    for i in range(len(setup["gladiators"])):
        at = setup["at"][i]
        gs.append(gladiator(setup["gladiators"][i], (at[0], at[1]), at[2]))
    return {
        "players": len(gs),
        "edition": setup.get("edition", 1),
        "phase": "stamina",
        "radius": setup["radius"],
        "g": gs,
        "order": [],
        "turn": NOBODY,
        "round": 0,
        "ap": 0,
        "spent": 0,
        "attacks": [],
        "feint": 0,
        "offer": None,
        "hazing": NOBODY,
        "cut": 0,
        "waiting": [],
        "resume": "",
        "grapple": [],
        "grip": NOBODY,
        "ground": [],
        "spared_today": setup["spared_today"],
        "winner": NOBODY,
        "gains": [],
        "rng": seed_state(setup["seed"]),
    }


def edition(s):
    """The edition of the rules the bout is played with (rules.EDITION; 1 for older saves)."""
    return s.get("edition", 1)


def glad(s, g):
    return s["g"][g]


def gladiators(s):
    return range(len(s["g"]))


def is_out(s, g):
    return s["g"][g]["out"] != ""


def in_arena(s):
    return [g for g in gladiators(s) if not is_out(s, g)]


# ---- wounds and fatigue ----


def lost(s, g):
    x = s["g"][g]
    return x["start"] - x["stam"]


def injured(s, g):
    """At least half of his original stamina lost."""
    return 2 * lost(s, g) >= s["g"][g]["start"] and lost(s, g) > 0


def tired(s, g):
    """Fatigue greater than current stamina (exhausted is tired too)."""
    x = s["g"][g]
    return x["fat"] > x["stam"]


def exhausted(s, g):
    x = s["g"][g]
    return x["fat"] > 2 * x["stam"]


# ---- saves ----


def wears_cestus(x):
    for w in x["kit"]:
        if has(w[0], CESTUS):
            return 1
    return 0


def shield_part(x, quadrant):
    """What the shield (or galerus, or cape) adds against an attack from a quadrant."""
    shield = x["shield"]
    if quadrant == FRONT or quadrant == LEFT:
        return SHIELD_SAVE[shield]
    if quadrant == RIGHT and shield == LARGE:
        return LARGE_RIGHT_SAVE
    return 0


def save(x, quadrant=FRONT, sica=0, pierce=0, no_shield=0):
    """The armour save against an attack from a quadrant: armour + shield (by facing; a sica
    takes 1 off it, a whirling attack all of it) + enclosed helmet + cestus, armour
    penetration -1, from 0 to 5."""
    part = 0 if no_shield else shield_part(x, quadrant)
    if sica and part > 0:
        part -= 1
    total = ARMOUR_SAVE[x["armour"]] + part + (HELMET_SAVE if x["helmet"] else 0)
    total += CESTUS_SAVE if wears_cestus(x) else 0
    total -= 1 if pierce else 0
    if total > MAX_SAVE:
        return MAX_SAVE
    return total if total > 0 else 0


# ---- action points ----


def ap_mods(s, g, was_down):
    """The AP roll's modifiers now, as [[name, value], ...] (the box shows them)."""
    x = s["g"][g]
    out = [["kit", kit_ap(x["armour"], x["shield"])]]
    if exhausted(s, g):
        out.append(["exhausted", AP_EXHAUSTED])
    elif tired(s, g):
        out.append(["tired", AP_TIRED])
    if injured(s, g):
        out.append(["injured", AP_INJURED])
    if x["tangle"] != NOBODY:
        out.append(["entangled", AP_ENTANGLED])
    if was_down:
        full = save(x)
        out.append(["knocked_down", -full if full > -AP_DOWN else AP_DOWN])
    if x["hazed"]:
        out.append(["hazed", AP_HAZED])
    if "reflexes" in x["skills"]:
        out.append(["reflexes", AP_REFLEXES])
    return out


def total(mods):
    n = 0
    for m in mods:
        n += m[1]
    return n


# ---- where everyone stands ----


def at(s, pos):
    """The gladiator in the arena on a hex, or -1."""
    for g in gladiators(s):
        x = s["g"][g]
        if x["out"] == "" and x["pos"][0] == pos[0] and x["pos"][1] == pos[1]:
            return g
    return NOBODY


def free(s, pos):
    return arena.inside(pos, s["radius"]) and at(s, pos) == NOBODY


def dist(s, a, b):
    return arena.distance(s["g"][a]["pos"], s["g"][b]["pos"])


def quadrant_of(s, g, other):
    """Where gladiator `other` stands around gladiator g."""
    x = s["g"][g]
    return arena.quadrant(x["pos"], x["face"], s["g"][other]["pos"])


def threatens(s, g, t):
    """g has t adjacent and in his frontal arc (g in the arena and on his feet)."""
    if g == t or is_out(s, g) or s["g"][g]["down"]:
        return False
    return dist(s, g, t) == 1 and quadrant_of(s, g, t) == FRONT


def threatened(s, g):
    """g is adjacent to and in the frontal arc of an opponent."""
    for o in gladiators(s):
        if threatens(s, o, g):
            return True
    return False


def grappling(s, g):
    return bool(s["grapple"]) and (s["grapple"][0] == g or s["grapple"][1] == g)


def holding_with(s, g, weapon):
    """g's net, lasso or cape (by name) holds a foe: it cannot be thrown again meanwhile."""
    for o in gladiators(s):
        x = s["g"][o]
        if x["tangle"] == g and x["tangle_w"] == weapon and not x["out"]:
            return True
    return False


def backup_of(x):
    """(weapon, the weapon it waits for) when the profile's backup weapon waits for another."""
    return BACKUP.get(x["prof"])


def holding_net(s, g):
    """g holds a foe in his net or lasso (he cannot use a weapon two-handed meanwhile)."""
    for o in gladiators(s):
        if s["g"][o]["tangle"] == g and not is_out(s, o):
            return True
    return False


def two_handed(s, g):
    """Both hands free for a long spear or trident: no shield (a galerus leaves the hand free)
    and no foe held in his net or lasso."""
    shield = s["g"][g]["shield"]
    return (shield == "" or shield == GALERUS) and not holding_net(s, g)
