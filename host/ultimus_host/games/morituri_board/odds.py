"""Exact fight odds of the Morituri board game between two loadouts (fractions, no sampling).

A loadout is read by the firmware's own kit rules (games.morituri_board.kit:
slots, clashes, totals) and every die goes through its own resolver
(games.morituri_board.combat): the casses roll (36 cases), then each attack's
2D6 (36 cases) through combat.hits; a side's hits in a round are binomial over
its attacks, and the two sides are independent once the net is known.

fight() is a Markov chain over (a's combat HP, b's combat HP, round number,
capped where the encumbrance bonus stops growing), with the fight's end read
by combat.outcome and combat.last_round, as on the box: to the death in Roma
and against beasts; outside Roma both at 1 HP is a draw and one at 1 HP
faces the crowd (1-2 one more round, 3-6 mercy, which `mercy` says he takes).
"""

from fractions import Fraction

from games.morituri_board import combat, kit
from games.morituri_board.content import CARD_NAMES, CROWD_BLOOD, DIE, ROMA_PENNANTS, START_HP, default_values
from games.morituri_board.kit import DEF, N_ATTACKS

ARENA = "arena"  # against a player outside Roma: the crowd at 1 HP
ROMA = "roma"  # against a player in Roma: to the death
BEAST = "beast"  # a bestiarius: to the death, no encumbrance bonus
ENDS = ("a_kills", "a_beats", "b_kills", "b_beats", "both_die", "draw")
FACES = range(1, DIE + 1)


class LoadoutError(ValueError):
    """A loadout the rules refuse, with a one-line reason."""


def loadout(text, values=None):
    """A kit from "gladius,lorica,scutum" ("" or "pugio": nothing but the Pugio), clashes refused."""
    mine = kit.empty()
    for name in [c.strip().lower() for c in text.split(",") if c.strip()]:
        if name == "pugio":
            continue
        if name not in CARD_NAMES:
            raise LoadoutError("%r is not a card: the cards are %s" % (name, ", ".join(CARD_NAMES)))
        for held in kit.held(mine):
            why = kit.clash(held, name)
            if why is not None:
                named = held in why and name in why  # "the gladius and the sica both take the weapon slot"
                raise LoadoutError(why if named else "the %s and the %s: %s" % (held, name, why))
        mine[kit.slot_index(name)] = name
    return mine


def side(text, values=None):
    """The combat side of a loadout's text (kit.side), with the proposal's card values by default."""
    return kit.side(values or default_values(), loadout(text))


def attack_odds(attacker, defence, bonus=0):
    """The chance that one attack (2D6) of `attacker` hits a defence, with a bonus to the roll."""
    hits = 0
    for x in FACES:
        for y in FACES:
            hits += combat.hits(attacker, defence, bonus, [x, y])  # one attack: two dice
    return Fraction(hits, DIE * DIE)


def _binomial(n, p):
    out = {}
    for k in range(n + 1):
        ways = 1
        for i in range(k):
            ways = ways * (n - i) // (i + 1)
        out[k] = ways * p**k * (1 - p) ** (n - k)
    return out


def _nets(a, b):
    """{(a netted, b netted): Fraction} of a round's casses roll."""
    if not combat.uses_net(a, b):
        return {(0, 0): Fraction(1)}
    out = {}
    for x in FACES:
        for y in FACES:
            key = combat.netted(a, b, [x, y])
            out[key] = out.get(key, 0) + Fraction(1, DIE * DIE)
    return out


def round_odds(a, b, round_no=1, pvp=True):
    """{(hits on b, hits on a): Fraction} of one combat round (round_no: 1 first, for the bonus)."""
    bonus_a, bonus_b = combat.bonuses(round_no, a, b) if pvp else (0, 0)
    out = {}
    for (net_a, net_b), p in _nets(a, b).items():
        pa = attack_odds(a, b[DEF] // 2 if net_b else b[DEF], bonus_a)
        pb = attack_odds(b, a[DEF] // 2 if net_a else a[DEF], bonus_b)
        for on_b, qa in _binomial(a[N_ATTACKS], pa).items():
            for on_a, qb in _binomial(b[N_ATTACKS], pb).items():
                out[(on_b, on_a)] = out.get((on_b, on_a), 0) + p * qa * qb
    return out


def _end(na, nb, won):
    if won == 0:
        return "a_kills" if nb <= 0 else "a_beats"
    if won == 1:
        return "b_kills" if na <= 0 else "b_beats"
    return "both_die" if na <= 0 and nb <= 0 else "draw"


def fight(a, b, hp_a=START_HP, hp_b=START_HP, kind=ARENA, mercy=True):
    """{end: Fraction for each of ENDS, "rounds": expected rounds}: the whole fight from its first
    round. b is a side (kit.beast(pennants) for a bestiarius, with kind BEAST and hp_b 1)."""
    pvp = kind != BEAST
    death = kind != ARENA
    cap = max(1, abs(a[kit.ENC] - b[kit.ENC])) if pvp else 1
    rounds = {r: round_odds(a, b, r, pvp) for r in range(1, cap + 1)}
    memo = {}
    blood = Fraction(CROWD_BLOOD, DIE)

    def add(total, part, weight):
        for k in part:
            total[k] = total.get(k, 0) + weight * part[k]

    def last(ha, hb, r, reduced):
        """One more round, then the end (combat.last_round)."""
        out = {"rounds": Fraction(1)}
        for (db, da), p in rounds[r].items():
            na, nb = ha - da, hb - db
            add(out, {_end(na, nb, combat.last_round(na, nb, reduced)): 1}, p)
        return out

    def after(na, nb, r):
        """The fight's future from the hit points after round r (not counting it)."""
        nxt = min(r + 1, cap)
        out = combat.outcome(na, nb, death)
        if out == combat.GO:
            return None
        if out == combat.A_AT_1 or out == combat.B_AT_1:
            reduced = 0 if out == combat.A_AT_1 else 1
            more = last(na, nb, nxt, reduced)
            res = {}
            add(res, more, blood if mercy else Fraction(1))
            if mercy:
                res[("b_beats", "a_beats")[reduced]] = res.get(("b_beats", "a_beats")[reduced], 0) + 1 - blood
            return res
        won = {combat.BOTH_DEAD: -1, combat.A_DEAD: 1, combat.B_DEAD: 0, combat.BOTH_AT_1: -1}[out]
        return {_end(na, nb, won): Fraction(1)}

    def solve(ha, hb, r):
        key = (ha, hb, r)
        if key in memo:
            return memo[key]
        total = {"rounds": Fraction(1)}
        stay = Fraction(0)
        for (db, da), p in rounds[r].items():
            na, nb = ha - da, hb - db
            if da == 0 and db == 0 and r == cap:
                stay += p  # the same state again: solved below
                continue
            future = after(na, nb, r)
            if future is None:
                future = solve(na, nb, min(r + 1, cap))
            add(total, future, p)
        out = {k: v / (1 - stay) for k, v in total.items()}
        memo[key] = out
        return out

    result = solve(hp_a, hp_b, 1)
    return {k: result.get(k, Fraction(0)) for k in ENDS + ("rounds",)}


def beast_side(pennants=ROMA_PENNANTS):
    return kit.beast(pennants)


def percent(f, places=1):
    """A Fraction as a percentage string: percent(Fraction(13, 18)) == '72.2%'."""
    return "%.*f%%" % (places, float(f) * 100)
