"""Dice: every roll of every game on the box, from the game's generator or from the table.

This module owns how dice are rolled and read, not what a roll means:
- roll / roll_faces: n dice of plain (1..faces) or custom faces (Ultimatum's black,
  red and green dice), either typed in from the table's physical dice (`given`,
  checked and returned without touching the generator) or rolled from the
  state's own seeded generator s["rng"] (so a replay rolls the same dice);
- roll_off / highest / order: everyone rolls, ties are rolled again among the
  tied only (who starts, Caesar's 2D6, Munera's order of play);
- compare_pairs: Risk-style paired dice (Morituri's melee);
- natural / double: the unmodified roll a rule looks at (natural 2 and 12,
  Munera's Double Trouble).

Every roll appends {"e": "roll", "who", "dice", "why"} (plus "table": 1 for
typed-in dice) to the optional events list `ev`, so that a box screen can show
the pips. A die is never read from `random`: the ports disagree on it.
"""

from referee.errors import Illegal, need
from referee.rng import below

NOBODY = -1  # "who" of a roll nobody in particular makes (the referee's own)


def _face_text(faces):
    if type(faces) is int:
        return "from 1 to %d" % faces
    return "one of " + ", ".join([str(f) for f in faces])


def _is_face(value, faces):
    if type(faces) is int:
        return type(value) is int and 1 <= value <= faces
    # bool is not a face even where True == 1; a face is an int or a word
    return (type(value) is int or type(value) is str) and value in faces


def _dice_count(n):
    return "1 die" if n == 1 else "%d dice" % n


def given_problem(given, n, faces):
    """None, or ("bad_dice", why) if `given` is not n dice of these faces.

    faces: an int (dice numbered 1..faces) or a tuple of face values.
    """
    if type(given) is not list and type(given) is not tuple:
        return ("bad_dice", "the dice are a list of %s" % _dice_count(n))
    if len(given) != n:
        return ("bad_dice", "%s rolled here, not %d" % (_dice_count(n), len(given)))
    for value in given:
        if not _is_face(value, faces):
            return ("bad_dice", "%r is not a face of this die: each die shows %s" % (value, _face_text(faces)))
    return None


def _tell(ev, who, dice, why, table):
    if ev is not None:
        e = {"e": "roll", "who": who, "dice": dice, "why": why}
        if table:
            e["table"] = 1
        ev.append(e)


def _draw(x, n, faces):
    """(new generator state, n faces) from generator state x; faces as in given_problem."""
    out = []
    if type(faces) is int:
        for _ in range(n):
            x, r = below(x, faces)
            out.append(r + 1)
    else:
        for _ in range(n):
            x, r = below(x, len(faces))
            out.append(faces[r])
    return x, out


def _check_faces(faces):
    # a programming error, not a table's mistake: no refusal code for it
    if type(faces) is int:
        if faces < 1:
            raise ValueError("a die has at least one face")
    elif len(faces) < 1:
        raise ValueError("a die has at least one face")


def roll(s, n, faces, given=None, ev=None, who=NOBODY, why=""):
    """n dice numbered 1..faces: the table's `given` dice (checked), else rolled from s["rng"]."""
    _check_faces(faces)
    if given is not None:
        need(given_problem(given, n, faces))
        dice = list(given)  # a copy: the action's list must not end up shared with the state
    else:
        s["rng"], dice = _draw(s["rng"], n, faces)
    _tell(ev, who, dice, why, given is not None)
    return dice


def roll_faces(s, n, faces, given=None, ev=None, who=NOBODY, why=""):
    """n custom dice whose faces are the tuple `faces` (a face may repeat: it weighs more)."""
    if type(faces) is int:
        raise ValueError("roll_faces takes the tuple of faces; roll takes a number of faces")
    return roll(s, n, faces, given, ev, who, why)


def natural(dice):
    """The roll as the dice show it, before any modifier (a natural 2 or 12 on 2D6)."""
    total = 0
    for d in dice:
        total += d
    return total


def double(dice):
    """The face of a double (every die the same, at least two dice), else 0: "Double 3" gives 3."""
    if len(dice) < 2:
        return 0
    for d in dice:
        if d != dice[0]:
            return 0
    return dice[0]


# ---- roll-offs: everyone rolls, the tied roll again among themselves ----


def _round_dice(entry, n_dice, faces):
    """One contender's dice of a given round: a list of n_dice faces (a bare int for one die)."""
    if n_dice == 1 and type(entry) is int:
        entry = [entry]
    need(given_problem(entry, n_dice, faces))
    return list(entry)


def _split(group, dice):
    """The group in groups of equal totals, highest total first; seat order kept within a group."""
    totals = [natural(d) for d in dice]
    levels = []
    for t in totals:
        if t not in levels:
            levels.append(t)
    levels.sort(reverse=True)
    out = []
    for level in levels:
        out.append([group[i] for i in range(len(group)) if totals[i] == level])
    return out


def _rank(s, seats, faces, n_dice, given, winner_only):
    """(ranked seats, rounds); rounds: one [[seat, dice], ...] per round rolled, in rolling order.

    Groups are settled highest first: a tie for first place rolls again before a
    tie lower down. With given rounds nothing is changed until they are all checked.
    """
    if type(faces) is int:
        if faces < 2:
            raise ValueError("a roll-off needs a die with two faces or more")
    elif len(faces) < 2:
        raise ValueError("a roll-off needs a die with two faces or more")
    if given is not None and type(given) is not list and type(given) is not tuple:
        raise Illegal("bad_dice", "the dice of a roll-off are a list of rounds")
    x = s["rng"]
    ranked = []
    rounds = []
    groups = [list(seats)]
    used = 0
    while groups and not (winner_only and ranked):
        group = groups.pop(0)
        if len(group) == 1:
            ranked.append(group[0])
            continue
        if given is not None:
            if used >= len(given):
                raise Illegal(
                    "bad_dice",
                    "seats %s are still tied: roll again and enter that round too" % ", ".join([str(p) for p in group]),
                )
            entries = given[used]
            if (type(entries) is not list and type(entries) is not tuple) or len(entries) != len(group):
                raise Illegal(
                    "bad_dice",
                    "round %d is rolled by %d seats (%s)" % (used + 1, len(group), ", ".join([str(p) for p in group])),
                )
            dice = [_round_dice(entries[i], n_dice, faces) for i in range(len(group))]
        else:
            dice = []
            for _ in group:
                x, one = _draw(x, n_dice, faces)
                dice.append(one)
        used += 1
        rounds.append([[group[i], dice[i]] for i in range(len(group))])
        groups = _split(group, dice) + groups
    if given is not None and used < len(given):
        raise Illegal(
            "bad_dice", "the roll-off was settled after round %d: %d rounds are too many" % (used, len(given))
        )
    s["rng"] = x  # untouched when the dice were given
    return ranked, rounds


def _tell_rounds(ev, rounds, why, table):
    for r in rounds:
        for seat, dice in r:
            _tell(ev, seat, dice, why, table)


def roll_off(s, seats, faces: "int | tuple" = 6, given=None, ev=None, why="roll_off", n_dice=1):
    """(winner, rounds): every seat rolls n_dice, the highest total wins, a tie for highest
    rolls again among the tied. given: the table's rounds, each a list of one entry per
    seat still rolling (its dice, or a bare int for one die); refused unless they settle
    it exactly. rounds: [[seat, dice], ...] per round. faces: int or a tuple of int faces."""
    ranked, rounds = _rank(s, seats, faces, n_dice, given, True)
    _tell_rounds(ev, rounds, why, given is not None)
    if ev is not None:
        ev.append({"e": "roll_off", "winner": ranked[0], "rounds": len(rounds), "why": why})
    return ranked[0], rounds


def highest(s, seats, n_dice, faces, given=None, ev=None, why="highest"):
    """Every seat rolls n_dice; the highest total wins and a tie for highest re-rolls
    (Morituri's Caesar: highest(s, seats, 2, 6)). Same as roll_off with n_dice."""
    return roll_off(s, seats, faces, given, ev, why, n_dice)


def order(s, seats, faces: "int | tuple" = 6, given=None, ev=None, why="order", n_dice=1):
    """(seats from highest to lowest, rounds): a whole order of play, every tie rolled
    again among the tied (Munera: "This order applies throughout the whole game").
    given rounds are taken in rolling order: the first round, then each tied group's
    re-rolls, the higher group first."""
    ranked, rounds = _rank(s, seats, faces, n_dice, given, False)
    _tell_rounds(ev, rounds, why, given is not None)
    if ev is not None:
        ev.append({"e": "order", "seats": list(ranked), "rounds": len(rounds), "why": why})
    return ranked, rounds


# ---- paired dice ----


def compare_pairs(att, dfn, att_mod=0, dfn_mod=0):
    """Risk-style: each side's dice (plus its modifier) high to low, paired while both
    sides have dice: [(att_die, def_die, result)], result +1 attacker higher, -1
    defender higher, 0 a tie (the caller's rule says what a tie means)."""
    a = sorted([d + att_mod for d in att], reverse=True)
    d = sorted([x + dfn_mod for x in dfn], reverse=True)
    out = []
    for i in range(min(len(a), len(d))):
        if a[i] > d[i]:
            result = 1
        elif a[i] < d[i]:
            result = -1
        else:
            result = 0
        out.append((a[i], d[i], result))
    return out
