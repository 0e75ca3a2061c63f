"""Ultimatum's exact odds, computed (Fractions, Markov chains), never sampled.

- conquest(n, m): the chance that n troops conquer m in a blitz (on to conquest,
  or until the attacker is down to 2); commando=True: a Helicopter Commando
  (on to the end, a tie at 1 against 1 its win);
- naval(ships, subs, def_ships, def_subs, order): the outcome of a naval battle
  fought in a fixed order (the attacker's kind to fire first, the defender's kind
  to attack first);
- bomber_troops / bomber_ships / laser_troops / laser_vessels: the expected damage.

The dice and the rules come from the firmware (games.ultimatum.content,
.battles, .naval, .air), so the odds are those of the box's own resolvers;
tests/test_ultimatum_odds.py checks each figure against 100,000 seeded rolls of them.
"""

from fractions import Fraction

from games.ultimatum import air, battles
from games.ultimatum import naval as navy
from games.ultimatum.content import BLACK, GREEN, RED, SHIP, SUB


def _faces(faces):
    """{face: probability} of one die."""
    out = {}
    for f in faces:
        out[f] = out.get(f, Fraction(0)) + Fraction(1, len(faces))
    return out


def exchange_odds():
    """{(attacker's loss, defender's loss): probability} of one exchange of black dice (not 1 v 1)."""
    out = {}
    die = _faces(BLACK)
    for a, pa in die.items():
        for d, pd in die.items():
            key = battles.losses(a, d, 9, 9, False)
            out[key] = out.get(key, Fraction(0)) + pa * pd
    return out


def conquest(n, m, commando=False):
    """The chance that n attacking troops conquer a nation held by m (a Markov chain)."""
    die = _faces(BLACK)
    memo = {}

    def win(a, d):
        if battles.over(a, d, commando):
            return Fraction(1) if d == 0 else Fraction(0)
        key = (a, d)
        if key not in memo:
            total = Fraction(0)
            for x, px in die.items():
                for y, py in die.items():
                    al, dl = battles.losses(x, y, a, d, commando)
                    total += px * py * win(a - al, d - dl)
            memo[key] = total
        return memo[key]

    # the chain only moves down, so fill it bottom-up to stay clear of deep recursion
    for a in range(0, n + 1):
        for d in range(0, m + 1):
            win(a, d)
    return win(n, m)


def naval(ships, subs, def_ships, def_subs, order=(SUB, SHIP)):
    """{"attacker": P(the attacker takes the place), "both": P(both sides sunk, the place
    vacant), "defender": P(the defender holds)} for a battle fought in `order`."""
    green = _faces(GREEN)
    memo = {}

    def outcome(side):
        key = tuple(side)
        if key in memo:
            return memo[key]
        att = side[0] + side[1]
        dfn = side[2] + side[3]
        if not att or not dfn:
            result = {
                "attacker": Fraction(int(att > 0)),
                "both": Fraction(int(att == 0 and dfn == 0)),
                "defender": Fraction(int(dfn > 0)),
            }
        else:
            w = navy.pick(order[0], side[0], side[1])
            t = navy.pick(order[1], side[2], side[3])
            result = {"attacker": Fraction(0), "both": Fraction(0), "defender": Fraction(0)}
            for face, pf in green.items():
                al, dl = navy.losses(w, t, face)
                nxt = list(side)
                nxt[0 if w == SHIP else 1] -= al
                nxt[2 if t == SHIP else 3] -= dl
                sub = outcome(nxt)
                for k in result:
                    result[k] += pf * sub[k]
        memo[key] = result
        return result

    return outcome([ships, subs, def_ships, def_subs])


def bomber_troops(troops):
    """Expected troops a jet bomber kills on a nation of `troops` (the defender keeps one)."""
    return sum((p * air.troops_lost(f, troops) for f, p in _faces(RED).items()), Fraction(0))


def bomber_ships(ships, subs=0):
    """Expected battleships a jet bomber sinks (half the red die; never a submarine)."""
    return sum((p * air.vessels_lost(f, ships, subs, False)[0] for f, p in _faces(RED).items()), Fraction(0))


def laser_troops(troops):
    """Expected troops a laser kills on a nation of `troops` (the defender keeps one)."""
    return sum((p * air.troops_lost(f, troops) for f, p in _faces(BLACK).items()), Fraction(0))


def laser_vessels(ships, subs):
    """(expected battleships, expected submarines) a laser sinks: half the black die, battleships first."""
    a = Fraction(0)
    b = Fraction(0)
    for f, p in _faces(BLACK).items():
        x, y = air.vessels_lost(f, ships, subs, True)
        a += p * x
        b += p * y
    return a, b


def percent(x):
    return "%.1f%%" % (100 * float(x))
