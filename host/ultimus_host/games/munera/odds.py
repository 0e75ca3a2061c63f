"""Exact odds of a Munera attack, by enumerating every die (fractions, no sampling).

The printed attack procedure, written out on its own so that it checks the firmware's
resolver (games.munera.fight.exchange) rather than repeating it: both roll a D6 (36
cases); equal dice are a Double (its face goes to the Double Trouble table); otherwise
the attacker's die + modifier - the defender's die is the margin; 0 or less misses (a
declared feint rolls the attacker's die once more: 6 more cases); more hits and rates
that many wounds (plus the weapon's change: cestus -1), stopped by a save die at or under
the save (S in 6).

attack() works the modifier and save out of two gladiators of Appendix B, a quadrant,
a weapon and a range, with the content's tables and the core's save by facing.
"""

from fractions import Fraction

from games.munera.content import (
    CESTUS,
    FACING_MOD,
    GALERUS,
    GREAT,
    NET,
    PIERCE,
    PROFILES,
    SICA,
    TWO_HANDS,
    band,
    has,
)
from games.munera.state import gladiator, save

FACES = range(1, 7)
SIXTH = Fraction(1, 6)


def exchange(mod, save_value, adj=0, feint=0):
    """{"hit", "miss", "saved", "wound", "double", "doubles": {face: P}, "wounds": {n: P},
    "expected": E[wounds from a hit, doubles aside], "reroll"} for one attack."""
    out: dict = {"hit": Fraction(0), "miss": Fraction(0), "saved": Fraction(0), "wound": Fraction(0)}
    out["doubles"] = {k: Fraction(0) for k in FACES}
    out["wounds"] = {}
    out["reroll"] = Fraction(0)
    p_save = Fraction(min(max(save_value, 0), 6), 6)

    def land(a, d, p):
        if a == d:
            out["doubles"][a] += p
            return
        margin = a + mod - d
        if margin <= 0:
            out["miss"] += p
            return
        out["hit"] += p
        out["saved"] += p * p_save
        n = max(0, margin + adj)
        q = p * (1 - p_save)
        out["wounds"][n] = out["wounds"].get(n, Fraction(0)) + q
        if n > 0:
            out["wound"] += q

    for a in FACES:
        for d in FACES:
            p = SIXTH * SIXTH
            if a != d and a + mod - d <= 0 and feint:
                out["reroll"] += p
                for a2 in FACES:
                    land(a2, d, p * SIXTH)
            else:
                land(a, d, p)
    out["double"] = sum(out["doubles"].values(), Fraction(0))
    out["expected"] = sum((n * q for n, q in out["wounds"].items()), Fraction(0))
    return out


def kit_weapon(profile, weapon=None):
    """The weapon he attacks with: the named one, else the first one in his hand."""
    kit = PROFILES[profile][4]
    if weapon is not None:
        return weapon
    for name, ready in kit:
        if ready:
            return name
    return "improvised"


def attack(attacker, defender, quadrant="front", weapon=None, distance=1, whirl=0, feint=0, extra=0):
    """(figures of exchange(), modifier, save, weapon) for a gladiator of Appendix B attacking
    another from a quadrant of the defender; extra: the other modifiers (entangled +1,
    crowding +1 each, hazing +2, skills)."""
    name = kit_weapon(attacker, weapon)
    reach = band(name, distance)
    if reach is None:
        raise ValueError("the %s does not reach %d hexes" % (name, distance))
    a = gladiator({"profile": attacker, "skills": [], "day_defeated": 0, "day_spared": 0}, (0, 0), 0)
    d = gladiator({"profile": defender, "skills": [], "day_defeated": 0, "day_spared": 0}, (1, 0), 3)
    both_hands = a["shield"] in ("", GALERUS)
    mod = FACING_MOD[quadrant] + reach + extra
    if has(name, GREAT) and not both_hands:
        mod -= 1
    pierce = has(name, PIERCE) or (has(name, TWO_HANDS) and both_hands)
    value = 0 if has(name, NET) else save(d, quadrant, has(name, SICA), pierce, whirl)
    x = exchange(mod, value, -1 if has(name, CESTUS) else 0, feint)
    if has(name, NET):
        # a hit rating n wounds entangles unless the escape D6 beats n (Double 6 entangles too)
        x["entangle"] = sum((q * Fraction(min(n, 6), 6) for n, q in x["wounds"].items()), Fraction(0))
        x["entangle"] += x["doubles"][6]
    return x, mod, value, name


def percent(p, places=1):
    return "%.*f%%" % (places, float(p) * 100)
