"""The combat round resolver: one code path for the box, the host's odds and their check.

A side is a kit.side() tuple (or kit.beast()). One round: if a side has the
casses, both roll 1D6 first and a casses roll higher than the other's nets the
other (his defence is halved, rounded down, for that round); then every
attack rolls 2D6 at once: it hits on 7 + the defence it faces - its attack
value or more, the encumbrance bonus added, but a natural 2 always misses and
a natural 12 always hits. Each hit costs 1 combat hit point.

outcome() reads the hit points after a round, the same for the box and the
odds: a death ends the fight; outside Roma (players only) both at 1 ends it
with no winner and one at 1 calls the crowd.
"""

from games.morituri_board.content import ALWAYS_HIT, ALWAYS_MISS, DIE, TARGET
from games.morituri_board.kit import ATTACK, DEF, ENC, N_ATTACKS, NET, NET_PLUS
from referee.dice import given_problem, natural, roll
from referee.errors import need

GO = "go"  # fight on
BOTH_DEAD = "both_dead"
A_DEAD = "a_dead"
B_DEAD = "b_dead"
BOTH_AT_1 = "both_at_1"  # outside Roma: the fight ends, nobody wins
A_AT_1 = "a_at_1"  # outside Roma: the crowd decides about a
B_AT_1 = "b_at_1"


def bonuses(round_no, a, b):
    """(a's bonus, b's bonus) to every attack roll in combat round round_no (1 first): the lower
    encumbrance gets +1 a round, up to the difference, and keeps it after."""
    diff = a[ENC] - b[ENC]
    if diff > 0:
        return 0, min(round_no, diff)
    if diff < 0:
        return min(round_no, -diff), 0
    return 0, 0


def uses_net(a, b):
    return a[NET] or b[NET]


def netted(a, b, net):
    """(a netted, b netted) from the casses roll net = [a's d6, b's d6]; the Secutor Galea adds
    its bonus to its wearer's roll against a casses. A tie nets nobody."""
    ra = net[0] + (a[NET_PLUS] if b[NET] else 0)
    rb = net[1] + (b[NET_PLUS] if a[NET] else 0)
    return (1 if b[NET] and rb > ra else 0), (1 if a[NET] and ra > rb else 0)


def target(attacker, defence):
    return TARGET + defence - attacker[ATTACK]


def hits(attacker, defence, bonus, dice):
    """Hits scored by one side's attacks (two dice each, in order) against a defence."""
    need_roll = target(attacker, defence)
    out = 0
    for i in range(0, len(dice), 2):
        pair = dice[i : i + 2]
        n = natural(pair)
        if n == ALWAYS_HIT or (n != ALWAYS_MISS and n + bonus >= need_roll):
            out += 1
    return out


def dice_problem(a, b, given, net):
    """None, or why the table's dice do not fit this round: dice [[a's], [b's]] (2 per attack),
    net [a's d6, b's d6] only when a side has the casses."""
    if net is not None:
        if not uses_net(a, b):
            return ("bad_dice", "nobody has the casses: there is no net roll")
        problem = given_problem(net, 2, DIE)
        if problem is not None:
            return ("bad_dice", "the casses roll is one die each, the first side's first: " + problem[1])
    if given is None:
        return None
    if type(given) is not list or len(given) != 2:
        return ("bad_dice", "the attack dice are two lists: the first side's, then the second's")
    for i in (0, 1):
        side = (a, b)[i]
        problem = given_problem(given[i], 2 * side[N_ATTACKS], DIE)
        if problem is not None:
            return ("bad_dice", "side %d attacks %d times, 2 dice each: %s" % (i + 1, side[N_ATTACKS], problem[1]))
    return None


def fight_round(s, a, b, round_no, pvp, given=None, net=None, ev=None, who=(-1, -1)):
    """One combat round between sides a and b, rolled from s["rng"] or the table's dice (checked
    first: nothing changes on a refusal). pvp: the encumbrance bonus counts (not against a beast).
    Returns (hits on b, hits on a, a netted, b netted)."""
    need(dice_problem(a, b, given, net))
    scratch = {"rng": s["rng"]}
    mine = []
    net_a = net_b = 0
    if uses_net(a, b):
        first = roll(scratch, 1, DIE, [net[0]] if net else None, mine, who[0], "casses")
        second = roll(scratch, 1, DIE, [net[1]] if net else None, mine, who[1], "casses")
        net_a, net_b = netted(a, b, [first[0], second[0]])
    bonus_a, bonus_b = bonuses(round_no, a, b) if pvp else (0, 0)
    dice_a = roll(scratch, 2 * a[N_ATTACKS], DIE, given[0] if given else None, mine, who[0], "attack")
    dice_b = roll(scratch, 2 * b[N_ATTACKS], DIE, given[1] if given else None, mine, who[1], "attack")
    on_b = hits(a, b[DEF] // 2 if net_b else b[DEF], bonus_a, dice_a)
    on_a = hits(b, a[DEF] // 2 if net_a else a[DEF], bonus_b, dice_b)
    s["rng"] = scratch["rng"]
    if ev is not None:
        ev.extend(mine)
    return on_b, on_a, net_a, net_b


def outcome(hp_a, hp_b, to_the_death):
    """What the combat hit points after a round mean (see the module docstring)."""
    if hp_a <= 0 and hp_b <= 0:
        return BOTH_DEAD
    if hp_a <= 0:
        return A_DEAD
    if hp_b <= 0:
        return B_DEAD
    if to_the_death:
        return GO
    if hp_a == 1 and hp_b == 1:
        return BOTH_AT_1
    if hp_a == 1:
        return A_AT_1
    if hp_b == 1:
        return B_AT_1
    return GO


def last_round(hp_a, hp_b, reduced):
    """The winner after the crowd's one more round (0: a, 1: b, -1: nobody): a death or both at
    1 HP as outcome() says, else the opponent of the reduced side (reduced: 0 a, 1 b)."""
    out = outcome(hp_a, hp_b, False)
    if out == BOTH_DEAD or out == BOTH_AT_1:
        return -1
    if out == A_DEAD:
        return 1
    if out == B_DEAD:
        return 0
    return 1 - reduced
