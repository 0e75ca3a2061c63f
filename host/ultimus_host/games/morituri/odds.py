"""Exact odds of Morituri Te Salutamus v1.1 melee, by enumerating every die (fractions, no sampling).

One exchange of a pair: every to-hit die of both sides (at most 3 + 3, so at
most 6^6 cases) goes through the firmware's own resolver
(games.morituri.melee.to_hit); each hit then takes one armour die, whose
binomial odds are exact too. From that:
- exchange(a, b, a_mod, b_mod, b_hp): the chance that figure a hits, wounds
  and kills (takes to 0 from b_hp) figure b in one exchange, both ways round,
  and the chance that nobody hits;
- duel(a, b, ...): a Markov chain over both figures' hit points, exchange
  after exchange (one a round), until one or both are at 0: who wins, and
  the expected number of exchanges.
Modifiers are the sums a side adds to every die (moved to contact +1, side -1,
back -2, killed another +1).
"""

from fractions import Fraction
from itertools import product

from games.morituri.content import ARMOUR, DICE, DIE, START_HP, cls_value
from games.morituri.melee import to_hit

FACES = range(1, DIE + 1)


def hit_odds(a_cls, b_cls, a_mod=0, b_mod=0):
    """{(hits a scores on b, hits b scores on a): Fraction} over every to-hit die."""
    na, nb = cls_value(a_cls, DICE), cls_value(b_cls, DICE)
    counts = {}
    for dice in product(FACES, repeat=na + nb):
        key = to_hit(a_cls, b_cls, dice[:na], dice[na:], a_mod, b_mod)
        counts[key] = counts.get(key, 0) + 1
    total = DIE ** (na + nb)
    return {k: Fraction(v, total) for k, v in counts.items()}


def _binomial(n, p):
    """{k: P(k successes of n)} exactly."""
    out = {}
    for k in range(n + 1):
        ways = 1
        for i in range(k):
            ways = ways * (n - i) // (i + 1)
        out[k] = ways * p**k * (1 - p) ** (n - k)
    return out


def unsaved(cls):
    """The chance that one hit costs a figure of this class 1 HP (its armour die misses the save)."""
    return Fraction(cls_value(cls, ARMOUR) - 1, DIE)


def wound_odds(a_cls, b_cls, a_mod=0, b_mod=0):
    """{(HP b loses, HP a loses): Fraction} in one exchange, armour checks included."""
    out = {}
    pa, pb = unsaved(a_cls), unsaved(b_cls)
    for (on_b, on_a), p in hit_odds(a_cls, b_cls, a_mod, b_mod).items():
        for wb, qb in _binomial(on_b, pb).items():
            for wa, qa in _binomial(on_a, pa).items():
                key = (wb, wa)
                out[key] = out.get(key, 0) + p * qb * qa
    return out


def exchange(a_cls, b_cls, a_mod=0, b_mod=0, b_hp=START_HP, a_hp=START_HP):
    """The exact chances of one exchange, as Fractions:
    hit / wound / kill: a hits b at least once, takes at least 1 HP, takes b to 0 from b_hp;
    hit_back / wound_back / kill_back: the same for b against a (from a_hp);
    no_hit: neither side scores a hit."""
    hits = hit_odds(a_cls, b_cls, a_mod, b_mod)
    wounds = wound_odds(a_cls, b_cls, a_mod, b_mod)
    zero = Fraction(0)
    return {
        "hit": sum((p for (hb, ha), p in hits.items() if hb), zero),
        "wound": sum((p for (wb, wa), p in wounds.items() if wb), zero),
        "kill": sum((p for (wb, wa), p in wounds.items() if wb >= b_hp), zero),
        "hit_back": sum((p for (hb, ha), p in hits.items() if ha), zero),
        "wound_back": sum((p for (wb, wa), p in wounds.items() if wa), zero),
        "kill_back": sum((p for (wb, wa), p in wounds.items() if wa >= a_hp), zero),
        "no_hit": hits.get((0, 0), zero),
    }


def duel(a_cls, b_cls, a_mod=0, b_mod=0, a_hp=START_HP, b_hp=START_HP):
    """A duel fought exchange after exchange with fixed modifiers, as a Markov chain over
    (a's HP, b's HP): {"a": a takes b to 0 and stands, "b": the other way, "both": both fall
    in the same exchange, "exchanges": the expected number of exchanges}, all Fractions.
    (The "killed another" bonus comes only after the duel, so it does not change it.)"""
    wounds = wound_odds(a_cls, b_cls, a_mod, b_mod)
    stay = wounds.get((0, 0), Fraction(0))
    if stay == 1:
        raise ValueError("these two can never wound each other")
    memo = {}

    def solve(ha, hb):
        """(P(a wins), P(b wins), P(both fall), E[exchanges]) from (ha, hb), both above 0."""
        key = (ha, hb)
        if key in memo:
            return memo[key]
        wa = wb = wboth = Fraction(0)
        steps = Fraction(1)
        for (db, da), p in wounds.items():
            if db == 0 and da == 0:
                continue
            na, nb = ha - da, hb - db
            if na <= 0 and nb <= 0:
                wboth += p
            elif nb <= 0:
                wa += p
            elif na <= 0:
                wb += p
            else:
                x, y, z, e = solve(na, nb)
                wa += p * x
                wb += p * y
                wboth += p * z
                steps += p * e
        leave = 1 - stay
        memo[key] = (wa / leave, wb / leave, wboth / leave, steps / leave)
        return memo[key]

    x, y, z, e = solve(a_hp, b_hp)
    return {"a": x, "b": y, "both": z, "exchanges": e}


def percent(f, places=1):
    """A Fraction as a percentage string, rounded: percent(Fraction(1, 3)) == '33.3%'."""
    return "%.*f%%" % (places, float(f) * 100)
