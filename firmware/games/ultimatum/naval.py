"""The navy: sailing, naval battles with the green die, Ocean Mines.

Vessels sail from a place of yours to another; onto a vacant place they take
it (no cards), onto an opponent's they must fight until one side is gone.
Each 'fire' names the attacker's vessel (ship or sub) and the defender's
vessel it attacks, and rolls the green die (WIN / LOSE / DRAW as printed: a
battleship's draw against a battleship sinks both, against a submarine only
the battleship; a submarine's draw goes to the attacker). A blockade won in
battle earns two cards. Movement lines between blockades and anchors are on
the physical board, not checked by the box; which vessels may still move this turn
is (checks.sail_problem, edition 2).
"""

from games.ultimatum import checks
from games.ultimatum.content import BLOCKADES, GREEN, LOSE, MANY, N_SEAS, SHIP, SUB, WIN, sea_name
from games.ultimatum.state import mark_moved
from referee import dice
from referee.errors import Illegal, int_arg, need

VESSELS = (SHIP, SUB)


def losses(w, t, face):
    """(attacker loses its w, defender loses its t) as 0/1, for one green die."""
    if face == WIN:
        return 0, 1
    if face == LOSE:
        return 1, 0
    if w == SUB:
        return 0, 1  # "the draw always goes to the attacker"
    return (1, 1) if t == SHIP else (1, 0)


def shot(s, side, w, t, given=None, ev=None, who=-1):
    """One green die: side is [att_ships, att_subs, def_ships, def_subs], changed in place."""
    face = dice.roll_faces(s, 1, GREEN, given, ev, who, "naval")[0]
    al, dl = losses(w, t, face)
    side[0 if w == SHIP else 1] -= al
    side[2 if t == SHIP else 3] -= dl
    return face


def pick(first, ships, subs):
    """The kind an order names first, or the other when none of it is left."""
    if first == SHIP:
        return SHIP if ships else SUB
    return SUB if subs else SHIP


def naval_run(s, side, order=(SUB, SHIP)):
    """A whole naval battle fought in a fixed order (order: the attacker's kind to fire first,
    the defender's kind to attack first); side changes in place; returns the shots fired."""
    n = 0
    while (side[0] or side[1]) and (side[2] or side[3]):
        shot(s, side, pick(order[0], side[0], side[1]), pick(order[1], side[2], side[3]))
        n += 1
    return n


def _kind(action, key):
    value = action.get(key)
    if value not in VESSELS:
        raise Illegal("bad_action", "'%s' is 'ship' or 'sub'" % key)
    return value


def sail(s, action, ev):
    p = action["p"]
    src = int_arg(action, "from", 0, N_SEAS - 1)
    dst = int_arg(action, "to", 0, N_SEAS - 1)
    ships = int_arg(action, "ships", 0, MANY)
    subs = int_arg(action, "subs", 0, MANY)
    need(checks.sail_problem(s, p, src, dst, ships, subs))
    s["ships"][src] -= ships
    s["subs"][src] -= subs
    if s["ships"][src] + s["subs"][src] == 0:
        s["sea"][src] = -1
    holder = s["sea"][dst]
    ev.append({"e": "sail", "who": p, "from": src, "to": dst, "ships": ships, "subs": subs})
    if holder < 0 or holder == p:
        s["sea"][dst] = p
        s["ships"][dst] += ships
        s["subs"][dst] += subs
        mark_moved(s, dst, ships, subs)
        return
    s["battle"] = {"k": "naval", "att": p, "def": holder, "b": dst, SHIP: ships, SUB: subs}
    s["phase"] = "battle"
    ev.append({"e": "naval_battle", "who": p, "b": dst, "def": holder})


def settle(s, ev):
    battle = s["battle"]
    b = battle["b"]
    attacker = battle[SHIP] + battle[SUB]
    defender = s["ships"][b] + s["subs"][b]
    if attacker and defender:
        return
    p = battle["att"]
    if attacker:
        s["sea"][b] = p
        s["ships"][b] = battle[SHIP]
        s["subs"][b] = battle[SUB]
        mark_moved(s, b, battle[SHIP], battle[SUB])  # the place was the defender's: none had moved
        if b < BLOCKADES:
            s["won"][1] += 1
        ev.append({"e": "sea_conquest", "who": p, "b": b, "name": sea_name(b)})
    elif not defender:
        s["sea"][b] = -1
        ev.append({"e": "sea_vacant", "b": b})
    else:
        ev.append({"e": "naval_over", "who": p, "b": b})
    s["battle"] = None
    s["phase"] = "war"


def fire(s, action, ev):
    w = _kind(action, "w")
    t = _kind(action, "t")
    need(checks.fire_problem(s, w, t))
    battle = s["battle"]
    b = battle["b"]
    given = action.get("dice")
    if given is not None:
        need(dice.given_problem(given, 1, GREEN))
    side = [battle[SHIP], battle[SUB], s["ships"][b], s["subs"][b]]
    face = shot(s, side, w, t, given, ev, battle["att"])
    battle[SHIP], battle[SUB], s["ships"][b], s["subs"][b] = side
    ev.append({"e": "shot", "w": w, "t": t, "face": face})
    settle(s, ev)


def ocean_mine(s, action, ev):
    """The defender's Ocean Mine on a blockade: the attacker loses one battleship or submarine."""
    p = action["p"]
    w = _kind(action, "w")
    need(checks.ocean_mine_problem(s, p, w))
    s["cards"][p] -= 1
    s["battle"][w] -= 1
    ev.append({"e": "ocean_mine", "who": p, "lost": w})
    settle(s, ev)
