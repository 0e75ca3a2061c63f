"""Every rule check of Munera, each written once.

A check returns None when the rulebook allows the thing, or (code, message) when it
does not; handlers refuse with referee.errors.need and games.munera.legal lists only
what passes the same checks. Checks read the state and never change it. Costs are
the printed AP table's (content.COST); the AP ledger refuses overspending, a third
attack and more than 6 AP in a turn for a tired gladiator.
"""

from games.munera import arena
from games.munera.content import (
    CAPE_W,
    CESTUS,
    CONE,
    COST,
    FRONT,
    GALERUS,
    GROUND_SHIELDS,
    IMPROVISED,
    MAX_ATTACKS,
    NET,
    SHEATHE,
    SHIELD_ATTACK,
    STRIKING_SHIELDS,
    THROWN,
    TIRED_AP_CAP,
    UNWIELDY,
    band,
    has,
)
from games.munera.state import backup_of, dist, edition, free, grappling, holding_with, is_out, quadrant_of, tired

IMPROVISED_W = -1  # the "w" of an improvised attack (fists, kicks, head-butts)
SHIELD_W = -2  # the "w" of a blow with the shield
MAX_IMPROVISED = 2


def spend_problem(s, g, cost):
    """The AP ledger: enough AP left, and never past 6 in a turn when tired."""
    if cost > s["ap"]:
        return ("no_ap", "%d AP needed, %d left this turn" % (cost, s["ap"]))
    if tired(s, g) and s["spent"] + cost > TIRED_AP_CAP:
        return ("tired_cap", "a tired gladiator spends at most %d AP a turn (%d spent)" % (TIRED_AP_CAP, s["spent"]))
    return None


def _grappling_problem(s, g):
    if grappling(s, g):
        return ("grappling", "gladiator %d is locked in a grapple" % g)
    return None


def move_cost(s, g, d):
    x = s["g"][g]
    if d == x["face"]:
        return COST["forward"]
    return COST["step_helmet"] if x["helmet"] else COST["step"]


def move_problem(s, g, d):
    x = s["g"][g]
    if x["stood"]:
        return ("stood_up", "he stood up this turn and may not leave his spot")
    problem = _grappling_problem(s, g)
    if problem is not None:
        return problem
    dest = arena.step(x["pos"], d)
    if not arena.inside(dest, s["radius"]):
        return ("wall", "the arena wall is there")
    if not free(s, dest):
        return ("occupied", "a gladiator stands there: nobody passes through another")
    return spend_problem(s, g, move_cost(s, g, d))


def turn_problem(s, g):
    return _grappling_problem(s, g) or spend_problem(s, g, COST["turn"])


def _kit_problem(s, g, k):
    if k < 0 or k >= len(s["g"][g]["kit"]):
        return ("no_weapon", "gladiator %d has no weapon %d" % (g, k))
    return None


def hands_full(x):
    """Two hands: a shield (not the galerus, worn on the arm) takes one, a ready weapon one."""
    n = 1 if x["shield"] not in ("", GALERUS) else 0
    for w in x["kit"]:
        if w[1] and not has(w[0], CONE) and not has(w[0], CESTUS) and not has(w[0], CAPE_W):
            n += 1
    return n >= 2


def draw_problem(s, g, k):
    x = s["g"][g]
    problem = _kit_problem(s, g, k)
    if problem is not None:
        return problem
    w = x["kit"][k]
    if not has(w[0], SHEATHE):
        return ("not_sheathed", "only a sword or dagger is drawn and sheathed")
    if w[1]:
        return ("drawn", "the %s is drawn already" % w[0])
    backup = backup_of(x)
    if backup is not None and w[0] == backup[0]:
        for other in x["kit"]:
            if other[0] == backup[1]:
                return ("backup", "the %s may only be used once the %s is lost" % backup)
    if hands_full(x):
        return ("hands_full", "both hands are full: sheathe or drop something first")
    return _grappling_problem(s, g) or spend_problem(s, g, COST["draw"])


def sheathe_problem(s, g, k):
    x = s["g"][g]
    problem = _kit_problem(s, g, k)
    if problem is not None:
        return problem
    w = x["kit"][k]
    if not has(w[0], SHEATHE):
        return ("not_sheathed", "only a sword or dagger is drawn and sheathed")
    if not w[1]:
        return ("sheathed", "the %s is sheathed already" % w[0])
    return spend_problem(s, g, COST["draw"])


DROPPABLE = ("shield", "helmet")


def drop_problem(s, g, item):
    """A shield (not the galerus) or a helmet may be discarded at any time of his turn."""
    x = s["g"][g]
    if item == "shield":
        if x["shield"] in ("", GALERUS):
            return ("no_shield", "he has no shield to discard")
        return None
    if item == "helmet":
        if not x["helmet"]:
            return ("no_helmet", "he wears no helmet")
        return None
    return ("bad_item", "a shield or a helmet is discarded, not %r" % (item,))


SHIELDS = GROUND_SHIELDS


def pickup_cost(item):
    return COST["pick_helmet"] if item == "helmet" else COST["pick"]


def pickup_problem(s, g, i):
    x = s["g"][g]
    if i < 0 or i >= len(s["ground"]):
        return ("no_item", "nothing lies there")
    item = s["ground"][i]
    if edition(s) < 2:
        if item[3] != g or not item[5]:
            return ("not_his", "he recovers only his own things, and a discarded one never")
    elif item[3] == g and not item[5] and item[0] in SHIELDS:
        return ("discarded", "he discarded that shield: he may not recover it this bout")
    if arena.distance(x["pos"], (item[1], item[2])) > 1:
        return ("too_far", "an item is picked up from his hex or an adjacent one")
    if item[0] in SHIELDS and x["shield"] not in ("", GALERUS):
        return ("has_shield", "he carries a shield already")
    if item[0] == "arrows" and not [w for w in x["kit"] if w[0] == "bow"]:
        return ("no_bow", "arrows are no use without his bow")
    if item[0] == "helmet" and x["helmet"]:
        return ("has_helmet", "he wears a helmet already")
    return _grappling_problem(s, g) or spend_problem(s, g, pickup_cost(item[0]))


def kick_problem(s, g, i):
    x = s["g"][g]
    if i < 0 or i >= len(s["ground"]):
        return ("no_item", "nothing lies there")
    item = s["ground"][i]
    if arena.distance(x["pos"], (item[1], item[2])) != 1:
        return ("too_far", "only an object in an adjacent hex is kicked")
    return _grappling_problem(s, g) or spend_problem(s, g, COST["kick"])


def cut_problem(s, g):
    if s["g"][g]["tangle"] < 0:
        return ("not_entangled", "he is not entangled")
    if s["cut"]:
        return ("cut_tried", "one attempt to cut free a turn")
    return spend_problem(s, g, COST["cut"])


def feint_problem(s, g):
    if s["feint"]:
        return ("feint_made", "only one feint a turn")
    return _grappling_problem(s, g) or spend_problem(s, g, COST["feint"])


def _target_problem(s, g, t):
    if t < 0 or t >= len(s["g"]) or t == g:
        return ("bad_target", "gladiator %d cannot be a target" % t)
    if is_out(s, t):
        return ("out", "gladiator %d has left the arena" % t)
    if quadrant_of(s, g, t) != FRONT:
        return ("not_in_front", "gladiator %d is not in his frontal arc" % t)
    return None


def _adjacent_problem(s, g, t):
    problem = _target_problem(s, g, t)
    if problem is None and dist(s, g, t) != 1:
        return ("not_adjacent", "gladiator %d is not adjacent" % t)
    return problem


def haze_problem(s, g, t):
    if s["g"][g]["sand"]:
        return ("sand_thrown", "hazing can only be tried once in a bout")
    return (
        _grappling_problem(s, g)
        or _attacker_problem(s, g)
        or _adjacent_problem(s, g, t)
        or spend_problem(s, g, COST["haze"])
    )


def _attacker_problem(s, g):
    x = s["g"][g]
    if x["tangle"] >= 0 and x["tangle_w"] == "cape":
        return ("caped", "a gladiator entangled in a cape cannot make any attacks")
    if len(s["attacks"]) >= MAX_ATTACKS:
        return ("third_attack", "a gladiator cannot make more than two attacks in a turn")
    return None


def weapon_name(s, g, w):
    if w == IMPROVISED_W:
        return IMPROVISED
    if w == SHIELD_W:
        return SHIELD_ATTACK
    return s["g"][g]["kit"][w][0]


def _weapon_problem(s, g, w):
    x = s["g"][g]
    if w == IMPROVISED_W:
        if s["attacks"].count(IMPROVISED_W) >= MAX_IMPROVISED:
            return ("weapon_used", "at most two improvised attacks a turn")
        return None
    if w == SHIELD_W:
        if x["shield"] not in STRIKING_SHIELDS:
            return ("no_shield", "only a small or large shield strikes (not a galerus or cape)")
    else:
        problem = _kit_problem(s, g, w)
        if problem is not None:
            return problem
        entry = x["kit"][w]
        if not entry[1]:
            return ("sheathed", "the %s must be drawn first (1 AP)" % entry[0])
        if entry[0] in ("darts", "bow") and entry[2] <= 0:
            return ("no_ammo", "no %s left" % ("arrows" if entry[0] == "bow" else "darts"))
        if has(entry[0], NET) and holding_with(s, g, entry[0]):
            return ("net_holding", "his %s holds a foe" % entry[0])
    if w in s["attacks"] and w != SHIELD_W and len([e for e in x["kit"] if e[1]]) > 1:
        # "more than one drawn or readied weapon: strike with each once per turn"; with one
        # weapon in hand he may "attack a second time this turn with any weapon"
        return ("weapon_used", "with more than one weapon in hand, each strikes once a turn")
    return None


def attack_cost(s, g, w, whirl):
    name = weapon_name(s, g, w)
    if whirl:
        cost = COST["whirl_unwieldy"] if has(name, UNWIELDY) else COST["whirl"]
    elif name == "bow":
        cost = COST["bow"]
    else:
        cost = COST["unwieldy"] if has(name, UNWIELDY) else COST["attack"]
    return cost + (COST["second"] if s["attacks"] else 0)


def whirl_to(s, g, t):
    """Where a whirling attack ends: 120 degrees clockwise round the target."""
    tp = s["g"][t]["pos"]
    k = arena.toward(tp, s["g"][g]["pos"])
    return arena.step(tp, (k + 4) % 6)


def attack_problem(s, g, t, w, whirl):
    # legal._target_refused asks the first three alone, once a target: keep the two in step
    problem = _grappling_problem(s, g) or _attacker_problem(s, g) or _target_problem(s, g, t)
    problem = problem or _weapon_problem(s, g, w)
    if problem is not None:
        return problem
    name = weapon_name(s, g, w)
    d = dist(s, g, t)
    if band(name, d) is None:
        return ("out_of_range", "gladiator %d is %d hexes away: out of the %s's reach" % (t, d, name))
    if whirl:
        if d != 1:
            return ("not_adjacent", "a whirling attack is made on an adjacent foe")
        if has(name, THROWN) or has(name, NET):
            return ("no_whirl", "no whirling attack with a bow, a throwing weapon, a net or a lasso")
        if s["g"][t]["down"] or s["g"][g]["down"]:
            return ("not_standing", "whirling attacks are made by standing attackers on standing foes")
        if s["g"][g]["stood"]:
            return ("stood_up", "he stood up this turn and may not leave his spot")
        if not free(s, whirl_to(s, g, t)):
            return ("no_room", "no room to land the whirling attack")
    return spend_problem(s, g, attack_cost(s, g, w, whirl))


def grapple_cost(s):
    return COST["grapple"] + (COST["second"] if s["attacks"] else 0)


def grapple_problem(s, g, t):
    return (
        _grappling_problem(s, g)
        or _attacker_problem(s, g)
        or _adjacent_problem(s, g, t)
        or _grappling_problem(s, t)
        or spend_problem(s, g, grapple_cost(s))
    )
