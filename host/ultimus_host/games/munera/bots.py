"""Bots for Munera: choosers for ultimus_host.loop.run_game that see the public view and the
seat's legal actions.

One GladiatorBot with a style:
- brawler: the attack with the best exact expected wounds, whenever one is legal;
- netter: a net, lasso or cape first while the foe is free, then as a brawler;
- flanker: a whirling attack when he can afford one (it ignores the shield and bashes);
- careful: as a brawler, but never spends past 6 AP in a turn (no fatigue for spending).
Without an attack worth making, every bot cuts himself free, draws or picks up a weapon
if his hands are empty, then closes on the nearest foe (forward steps, turns toward him)
and ends his turn. The grapple's winner always throws, a feint's re-roll is always taken;
the box's own rolls are taken as they come.
"""

from games.munera import arena, checks
from games.munera.content import CESTUS, NET, PIERCE, SICA, TIRED_AP_CAP, TWO_HANDS, WEAPONS, has
from games.munera.fight import attack_mods, mod_total
from games.munera.state import holding_with, quadrant_of, save
from referee.rng import Rng
from ultimus_host.games.munera.odds import exchange

_EXPECTED = {}
ENTANGLE_WORTH = 2.0  # an entangled foe (-3 AP, +1 to be hit) is worth about two wounds


def expected(mod, save_value, adj, feint=0):
    """(P(hit), expected wounds) of one attack, exactly (cached)."""
    key = (mod, save_value, adj, feint)
    found = _EXPECTED.get(key)
    if found is None:
        x = exchange(mod, save_value, adj, feint)
        found = _EXPECTED[key] = (float(x["hit"]), float(x["expected"]) + 7.0 / 36)  # Double 6: 2D6 in 36
    return found


def attack_value(view, a):
    """What an attack option is worth to its maker: expected wounds (an entangling net: its
    chance to hit times ENTANGLE_WORTH), per AP spent."""
    g, t, w, whirl = a["p"], a["t"], a["w"], a["whirl"]
    name = checks.weapon_name(view, g, w)
    distance = arena.distance(view["g"][g]["pos"], view["g"][t]["pos"])
    quad = quadrant_of(view, t, g)
    mod = mod_total(attack_mods(view, g, t, name, distance, quad))
    cost = checks.attack_cost(view, g, w, whirl)
    if has(name, NET):
        if view["g"][t]["tangle"] >= 0:
            return 0.0
        return expected(mod, 0, 0)[0] * ENTANGLE_WORTH / cost
    pierce = has(name, PIERCE) or has(name, TWO_HANDS)
    value = save(view["g"][t], quad, has(name, SICA), pierce, whirl)
    return expected(mod, value, -1 if has(name, CESTUS) else 0, view["feint"] == 1)[1] / cost


class GladiatorBot:
    name = "brawler"
    nets_first = False
    whirls = False
    careful = False

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, view, options):
        kind = options[0]["a"]
        if kind == "throw" or kind == "release":
            return [a for a in options if a["a"] == "throw"][0]
        if kind == "reroll" or kind == "keep":  # a miss after his feint: the re-roll can only hit more often
            return [a for a in options if a["a"] == "reroll"][0]
        if kind in ("ap", "appeal", "wrestle") or len(options) == 1:
            return options[0]
        g = view["turn"]
        if self.careful:
            options = [a for a in options if self._within_6(view, g, a)] or [{"a": "end", "p": g}]
        return self._act(view, g, options)

    def _within_6(self, view, g, a):
        cost = _cost(view, g, a)
        return a["a"] == "end" or view["spent"] + cost <= TIRED_AP_CAP

    def _act(self, view, g, options):
        by = {}
        for a in options:
            by.setdefault(a["a"], []).append(a)
        if "cut" in by:
            return by["cut"][0]
        attacks = by.get("attack", [])
        if not self.whirls:
            attacks = [a for a in attacks if not a["whirl"]] or attacks
        if attacks:
            best = max(attacks, key=lambda a: (self._prefer(view, a), -a["w"], a["t"]))
            if self._prefer(view, best) > 0.05:
                return best
        if not _usable(view, g):
            if "draw" in by:
                return by["draw"][0]
            weapons = [a for a in by.get("pickup", []) if view["ground"][a["i"]][0] in WEAPONS]
            if weapons:  # a weapon in reach, his own or another's
                return weapons[0]
        step = self._closing(view, g, by)
        if step is not None:
            return step
        return by.get("end", options)[0]

    def _prefer(self, view, a):
        value = attack_value(view, a)
        name = checks.weapon_name(view, a["p"], a["w"])
        if self.nets_first and has(name, NET) and value > 0:
            value += 10.0
        if self.whirls and a["whirl"]:
            value += 1.0
        return value

    def _closing(self, view, g, by):
        x = view["g"][g]
        foes = [o for o in range(len(view["g"])) if o != g and not view["g"][o]["out"]]
        if not foes:
            return None
        foe = min(foes, key=lambda o: (arena.distance(x["pos"], view["g"][o]["pos"]), o))
        target = view["g"][foe]["pos"]
        now = arena.distance(x["pos"], target)
        want = arena.toward(x["pos"], target)
        usable = _usable(view, g)
        reach = max(_reach(name) for name in usable) if usable else 1
        if now > reach:
            for a in by.get("move", []):
                if a["d"] == x["face"] and arena.distance(arena.step(x["pos"], a["d"]), target) < now:
                    return a
        if x["face"] != want and "turn" in by:
            left = (want - x["face"]) % 6
            return [a for a in by["turn"] if a["by"] == (1 if left <= 3 else -1)][0]
        if now > reach:
            for a in by.get("move", []):
                if arena.distance(arena.step(x["pos"], a["d"]), target) < now:
                    return a
        return None


def _usable(view, g):
    """The weapons in his hands that can strike now (not a net that holds a foe, not an empty bow)."""
    out = []
    for w in view["g"][g]["kit"]:
        if (
            w[1]
            and not (has(w[0], NET) and holding_with(view, g, w[0]))
            and not (w[0] in ("bow", "darts") and w[2] <= 0)
        ):
            out.append(w[0])
    return out


def _reach(name):
    from games.munera.content import WEAPONS

    return max(hi for _, hi, _ in WEAPONS[name][1])


def _cost(view, g, a):
    kind = a["a"]
    if kind == "attack":
        return checks.attack_cost(view, g, a["w"], a["whirl"])
    if kind == "move":
        return checks.move_cost(view, g, a["d"])
    if kind == "grapple":
        return checks.grapple_cost(view)
    if kind == "pickup":
        return checks.pickup_cost(view["ground"][a["i"]][0])
    return {"turn": 1, "draw": 1, "sheathe": 1, "kick": 1, "cut": 1, "feint": 2, "haze": 2}.get(kind, 0)


class NetterBot(GladiatorBot):
    name = "netter"
    nets_first = True


class FlankerBot(GladiatorBot):
    name = "flanker"
    whirls = True


class CarefulBot(GladiatorBot):
    name = "careful"
    careful = True


class BoxReferee:
    """The box's own part: it rolls stamina and the order of play."""

    def choose(self, view, options):
        return options[0]


BOTS = {"brawler": GladiatorBot, "netter": NetterBot, "flanker": FlankerBot, "careful": CarefulBot}
