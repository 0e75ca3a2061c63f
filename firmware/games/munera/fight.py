"""Attacks: the resolver, the attack modifiers, armour saves by facing, Double Trouble,
nets, lassos and capes, missiles and their scatter, the whirling attack and hazing.

exchange() is the one code path of an attack's dice (every attack of the box, and the
host's odds test samples it): both roll a D6; a double goes to the Double Trouble table;
otherwise the attacker's die + modifiers - the defender's die is the margin: 0 or less
misses (a declared feint rolls the attacker's die once more), more hits and rates that
many wounds, which a save die at or under the save stops.
"""

from games.munera import checks
from games.munera.content import (
    ARBELOS,
    ARBELOS_CUTS,
    BASH,
    CESTUS,
    CONE,
    CONE_SHREDS,
    CROWDING_MOD,
    ENTANGLED_MOD,
    FACING_MOD,
    GREAT,
    HAZE_TARGET,
    HAZE_TARGET_HELMET,
    HAZING_MOD,
    LARGE,
    LOST_TO_EVENTS,
    NET,
    PIERCE,
    SCISSOR,
    SICA,
    SKILL_ATTACK,
    SKILL_DODGE,
    THONGED,
    THROWN,
    TWO_HANDS,
    band,
    has,
)
from games.munera.effects import (
    beat,
    drop,
    droppable,
    fatigue,
    knock_down,
    lose_weapon,
    push_back,
    remove_kit,
    scatter,
    settle,
    wound,
)
from games.munera.feed import Feed
from games.munera.state import dist, edition, free, gladiators, quadrant_of, save, threatens, two_handed
from referee.errors import int_arg, need


def exchange(feed, mod, save_value, adj=0, feint=0, who=(-1, -1), offer=0):
    """One attack's dice: {"a", "d", "double" (its face or 0), "margin", "hit", "saved",
    "wounds", "reroll", "offer"}. adj: the weapon's change to the wounds (cestus -1). A miss
    after a declared feint is rolled again (the odds take the re-roll), or with `offer` the
    dice stop there ("offer": 1) and the attacker chooses: rolled_again or the miss."""
    a = feed.d6(who[0], "attack")
    d = feed.d6(who[1], "defend")
    r = _dice(a, d)
    if a != d and a + mod - d <= 0 and feint:
        if offer:
            r["offer"] = 1
            r["margin"] = a + mod - d
            return r
        return rolled_again(feed, r, mod, save_value, adj, who)
    return _scored(feed, r, mod, save_value, adj, who)


def _dice(a, d):
    return {"a": a, "d": d, "double": 0, "margin": 0, "hit": 0, "saved": 0, "wounds": 0, "reroll": 0, "offer": 0}


def rolled_again(feed, r, mod, save_value, adj, who):
    """The feint's re-roll of the attacker's die that missed; the defender's die stands."""
    r["reroll"] = 1
    r["a"] = feed.d6(who[0], "feint")
    return _scored(feed, r, mod, save_value, adj, who)


def _scored(feed, r, mod, save_value, adj, who):
    """The rest of an exchange once the attacker's and defender's dice are down."""
    a, d = r["a"], r["d"]
    if a == d:
        r["double"] = a
        return r
    margin = a + mod - d
    r["margin"] = margin
    if margin <= 0:
        return r
    r["hit"] = 1
    if save_value > 0:
        die = feed.d6(who[1], "save")
        if die <= save_value:
            r["saved"] = 1
            return r
    wounds = margin + adj
    r["wounds"] = wounds if wounds > 0 else 0
    return r


def attack_mods(s, g, t, name, distance, quad):
    """The attack modifiers, as [[name, value], ...]: facing, entangled defender, crowding,
    the weapon and range, skills, hazing."""
    out = [[quad, FACING_MOD[quad]]]
    if s["g"][t]["tangle"] >= 0:
        out.append(["entangled", ENTANGLED_MOD])
    n = 0
    for o in gladiators(s):
        if o != g and threatens(s, o, t):
            n += 1
    if n:
        out.append(["crowding", n * CROWDING_MOD])
    if name:
        out.append([name, band(name, distance)])
        if has(name, GREAT) and not two_handed(s, g):
            out.append(["one_handed", -1])
    if "attack" in s["g"][g]["skills"]:
        out.append(["skill", SKILL_ATTACK])
    if "dodge" in s["g"][t]["skills"]:
        out.append(["dodge", SKILL_DODGE])
    if s["hazing"] == t:
        out.append(["hazed", HAZING_MOD])
    return out


def mod_total(mods):
    n = 0
    for m in mods:
        n += m[1]
    return n


def entangle(s, t, g, name, ev):
    s["g"][t]["tangle"] = g
    s["g"][t]["tangle_w"] = name
    ev.append({"e": "entangled", "g": t, "by": g, "w": name})


def _ready(x, ability):
    for w in x["kit"]:
        if w[1] and has(w[0], ability):
            return True
    return False


def attack(s, action, ev):
    """attack {t, w, whirl?, dice?}: w a kit index, -1 improvised, -2 the shield."""
    g = s["turn"]
    t = int_arg(action, "t", 0, len(s["g"]) - 1)
    w = int_arg(action, "w", checks.SHIELD_W, 15)
    whirl = int_arg(action, "whirl", 0, 1) if "whirl" in action else 0
    need(checks.attack_problem(s, g, t, w, whirl))
    cost = checks.attack_cost(s, g, w, whirl)
    s["ap"] -= cost
    s["spent"] += cost
    s["attacks"].append(w)
    feed = Feed(s, action.get("dice"), ev)
    x = s["g"][g]
    y = s["g"][t]
    name = checks.weapon_name(s, g, w)
    distance = dist(s, g, t)
    quad = quadrant_of(s, t, g)
    mods = attack_mods(s, g, t, name, distance, quad)
    mod = mod_total(mods)
    ev.append({"e": "attack", "g": g, "t": t, "w": name, "from": quad, "mods": mods, "whirl": whirl, "ap": s["ap"]})
    target_at = list(y["pos"])
    whirl_dest = checks.whirl_to(s, g, t)
    missile = ""
    if has(name, THROWN) and distance >= 2:
        missile = "arrows" if name == "bow" else name
        if name == "darts" or name == "bow":
            x["kit"][w][2] -= 1
        elif not has(name, THONGED):
            remove_kit(s, g, w)  # the spear leaves his hand
    net = has(name, NET)
    if net and _ready(y, CONE) and feed.d6(t, "cone") >= CONE_SHREDS:
        remove_kit(s, g, w)
        ev.append({"e": "shredded", "g": g, "t": t, "w": name})
        feed.done()
        settle(s, ev, "act")
        return
    pierce = has(name, PIERCE) or (has(name, TWO_HANDS) and two_handed(s, g))
    save_value = 0 if net else save(y, quad, has(name, SICA), pierce, whirl)
    blow = {
        "t": t,
        "w": w,
        "name": name,
        "whirl": whirl,
        "missile": missile,
        "at": target_at,
        "to": list(whirl_dest),
        "mod": mod,
        "save": save_value,
    }
    offer = edition(s) >= 2
    r = exchange(feed, mod, save_value, _adj(name), s["feint"] == 1, (g, t), offer)
    if r["offer"]:  # the feint's re-roll is his to take or leave (phase "reroll")
        blow["a"], blow["d"] = r["a"], r["d"]
        s["offer"] = blow
        ev.append({"e": "reroll_offer", "g": g, "t": t, "a": r["a"], "d": r["d"], "margin": r["margin"]})
        feed.done()
        settle(s, ev, "reroll")
        return
    _outcome(s, feed, g, blow, r, ev)
    feed.done()
    settle(s, ev, "act")


def _adj(name):
    return -1 if has(name, CESTUS) else 0


def reroll(s, action, ev):
    """reroll {dice?}: he takes the feint's re-roll of the attacker's die that missed."""
    _answer_feint(s, action, ev, True)


def keep(s, action, ev):
    """keep: he lets the miss stand; the feint he declared stays for a later miss this turn."""
    _answer_feint(s, action, ev, False)


def _answer_feint(s, action, ev, again):
    """The attacker's answer to the feint's offer (s["offer"], the blow that missed): the die rolled
    again, or the miss kept; then the blow's outcome, as an attack without a feint ends."""
    g = s["turn"]
    blow = s["offer"]
    feed = Feed(s, action.get("dice"), ev)
    r = _dice(blow["a"], blow["d"])
    if again:
        r = rolled_again(feed, r, blow["mod"], blow["save"], _adj(blow["name"]), (g, blow["t"]))
    else:
        r["margin"] = blow["a"] + blow["mod"] - blow["d"]
        ev.append({"e": "miss_kept", "g": g})
    s["offer"] = None
    _outcome(s, feed, g, blow, r, ev)
    feed.done()
    settle(s, ev, "act")


def _broken(ev, at, g):
    """A Double 1 since event `at` broke g's weapon for good."""
    for e in ev[at:]:
        if e["e"] == "weapon_lost" and e["g"] == g and e["for_good"]:
            return True
    return False


def _outcome(s, feed, g, blow, r, ev):
    """What the dice of an attack did: a double's special event, a miss (push-back, fatigue, a
    missile that lands), or a hit (entangled, saved, wounded); a whirling attacker lands."""
    t, w, name, whirl, missile = blow["t"], blow["w"], blow["name"], blow["whirl"], blow["missile"]
    target_at, whirl_dest, save_value = blow["at"], blow["to"], blow["save"]
    x = s["g"][g]
    y = s["g"][t]
    net = has(name, NET)
    if r["reroll"]:
        s["feint"] = 2
    ev.append(
        {
            "e": "strike",
            "g": g,
            "t": t,
            "save": save_value,
            "margin": r["margin"],
            "double": r["double"],
            "hit": r["hit"],
        }
    )
    if r["double"]:
        if whirl:
            x["whirl_double"] += 1
        at = len(ev)
        double_trouble(s, feed, g, t, r["double"], w, name, net, missile != "", ev)  # darts, arrows are lost
        if missile == "hasta" and edition(s) >= 2 and r["double"] != 6 and not _broken(ev, at, g):
            # a loose spear that wounds nobody lands by the target, a special event or not
            drop(s, missile, scatter(s, feed, target_at, x["pos"], g, "scatter"), g, 0, 1, ev, "landed")
    elif not r["hit"]:
        if missile and not has(name, THONGED):  # it lands by the target before he jumps back
            ammo = 0 if missile == "hasta" else 1
            drop(s, missile, scatter(s, feed, target_at, x["pos"], g, "scatter"), g, ammo, 1, ev, "missed")
        fatigue(s, g, 2 if r["reroll"] else 1, ev, "missed")
        push_back(s, g, t, ev)
    else:
        if whirl:
            x["whirl_hit"] += 1
        n = 0
        if net:
            _net_hit(s, feed, g, t, name, r["margin"], ev)
        elif r["saved"]:
            ev.append({"e": "saved", "g": t})
            if (has(name, BASH) or whirl or (name == "shield" and x["shield"] == LARGE)) and not y["down"]:
                knock_down(s, t, g, ev)
        else:
            n = r["wounds"]
            if n and has(name, ARBELOS):
                n += 1
            wound(s, t, n, g, ev)
        if missile == "hasta" and n == 0:  # a loose spear that wounds is lost, else it lands by him
            drop(s, missile, scatter(s, feed, target_at, x["pos"], g, "scatter"), g, 0, 1, ev, "landed")
    if whirl and not x["out"] and not x["down"] and free(s, whirl_dest):
        x["pos"] = list(whirl_dest)
        ev.append({"e": "whirl", "g": g, "to": list(whirl_dest)})


def _net_hit(s, feed, g, t, name, rating, ev):
    """A net, lasso or cape that hits rates `rating` wounds but scores none: the defender
    escapes on a D6 above it, else he is entangled. An arbelos cuts through on a 6."""
    y = s["g"][t]
    if _ready(y, ARBELOS) and feed.d6(t, "arbelos") >= ARBELOS_CUTS:
        ev.append({"e": "cut_through", "g": t, "w": name})
        return
    die = feed.d6(t, "escape")
    if die > rating:
        ev.append({"e": "escaped", "g": t, "die": die, "rating": rating})
    else:
        entangle(s, t, g, name, ev)


def double_trouble(s, feed, g, t, face, w, name, net, thrown, ev):
    """Both dice the same: the printed special event of that double."""
    x = s["g"][g]
    y = s["g"][t]
    ev.append({"e": "double", "face": face, "g": g, "t": t})
    if face == 6:
        dice = feed.roll(2, 6, t, "double_6")
        n = dice[0] + dice[1]
        if net:
            n -= feed.d6(t, "net_less")  # 1D6 less, but entangled all the same
            entangle(s, t, g, name, ev)
        wound(s, t, n if n > 0 else 0, g, ev, "double_6")
    elif face == 5:
        if y["shield"] in LOST_TO_EVENTS:
            item = y["shield"]
            y["shield"] = ""
            if item == "cape":
                for k in range(len(y["kit"])):
                    if y["kit"][k][0] == "cape":
                        remove_kit(s, t, k)
                        break
            drop(s, item, scatter(s, feed, y["pos"], x["pos"], t, "falls"), t, 0, 1, ev, "double_5")
        elif y["helmet"]:
            y["helmet"] = 0
            drop(s, "helmet", scatter(s, feed, y["pos"], x["pos"], t, "falls"), t, 0, 1, ev, "double_5")
        else:
            knock_down(s, t, g, ev)
    elif face == 4:
        knock_down(s, t, g, ev)
    elif face == 3:
        knock_down(s, g, t, ev)
    elif face == 2:
        if floors(s, g, t):
            beat(s, t, g, "floored", ev)  # the attacker can end his turn adjacent: the fight is over
        else:
            knock_down(s, t, g, ev)
    else:
        _double_one(s, feed, g, t, w, name, thrown, ev)


def floors(s, g, t):
    """A Double 2 floors the defender when the attacker can end his turn adjacent to him: by
    the AP he has left (edition 2), or, in edition 1's saves, only when they stood adjacent."""
    if edition(s) < 2 or dist(s, g, t) == 1:
        return dist(s, g, t) == 1
    from games.munera.reach import can_end_adjacent  # loaded on the box only when a Double 2 asks

    return can_end_adjacent(s, g, t)


def _double_one(s, feed, g, t, w, name, thrown, ev):
    """A weapon breaks or is lost: a D6 says whose (1-3 the attacker's, 4-6 the defender's;
    a scissor sword makes it 2+ for the other fighter) and a 1 or 6 loses it for good."""
    x = s["g"][g]
    y = s["g"][t]
    die = feed.d6(-1, "double_1")
    if has(name, SCISSOR):
        loser = t if die >= 2 else g
    elif _ready(y, SCISSOR):
        loser = g if die >= 2 else t
    else:
        loser = g if die <= 3 else t
    for_good = die == 1 or die == 6
    ev.append({"e": "weapon_lost", "g": loser, "die": die, "for_good": 1 if for_good else 0})
    if loser == t:
        ks = droppable(y)
        if not ks:
            knock_down(s, t, g, ev)
            return
        k = ks[0] if len(ks) == 1 else ks[feed.roll(1, len(ks), t, "which_weapon")[0] - 1]
        if y["kit"][k][0] == "cape":
            y["shield"] = ""
        lose_weapon(s, feed, t, k, g, for_good, ev)
        return
    if thrown:
        return  # the weapon he used has left his hand and is lost with the special event
    if w == checks.SHIELD_W:
        item = x["shield"]
        x["shield"] = ""
        if for_good:
            ev.append({"e": "broken", "g": g, "item": item})
        else:
            drop(s, item, scatter(s, feed, x["pos"], y["pos"], g, "falls"), g, 0, 1, ev, "double_1")
    elif w < 0 or has(name, CESTUS):
        knock_down(s, g, t, ev)  # an improvised attack (cesti cannot be dropped either)
    else:
        lose_weapon(s, feed, g, w, t, for_good, ev)


def haze(s, action, ev):
    """Throw sand (2 AP, once a bout): 4+ (5+ on an enclosed helmet) and his further attacks
    this turn get +2 on that foe, who rolls his next AP at -2."""
    g = s["turn"]
    t = int_arg(action, "t", 0, len(s["g"]) - 1)
    need(checks.haze_problem(s, g, t))
    s["ap"] -= 2
    s["spent"] += 2
    s["g"][g]["sand"] += 1
    feed = Feed(s, action.get("dice"), ev)
    die = feed.d6(g, "haze")
    feed.done()
    ok = die >= (HAZE_TARGET_HELMET if s["g"][t]["helmet"] else HAZE_TARGET)
    if ok:
        s["hazing"] = t
        s["g"][t]["hazed"] = 1
    ev.append({"e": "haze", "g": g, "t": t, "die": die, "ok": 1 if ok else 0})
    settle(s, ev, "act")
