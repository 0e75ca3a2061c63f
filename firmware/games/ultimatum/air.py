"""The air force and lasers: jet bombers, Anti-Aircraft Missiles, laser fire and fire back.

A jet bomber (card) takes the red die in troops, the defender keeping one, or
half the red die in battleships (never submarines); before the red die is
rolled the defender may answer with an Anti-Aircraft Missile (the bomber is
lost) or an Airlift. A laser (bought, on a space station) fires at once: the
black die in troops (one stays) or half of it in vessels, battleships first;
each laser fired at a seat gives it the right to fire one back at the
attacker during that turn. In edition 2 the attacker may launch one in the
middle of his own battle, and a seat under attack its lasers at the attacker
(never during a Helicopter Commando raid).
"""

from games.ultimatum import battles, checks
from games.ultimatum.content import BLACK, N_NATIONS, N_SEAS, RED
from games.ultimatum.state import lose_vessels
from referee import dice
from referee.errors import Illegal, int_arg, need


def troops_lost(die, troops):
    """A bomber's or laser's die against troops: the defender always keeps one."""
    keep = troops - 1 if troops > 0 else 0
    return die if die < keep else keep


def vessels_lost(die, ships, subs, subs_too):
    """(battleships, submarines) lost to half the die: battleships first; bombers never
    touch submarines."""
    k = die // 2
    a = k if k < ships else ships
    k -= a
    b = 0
    if subs_too:
        b = k if k < subs else subs
    return a, b


def target(action):
    """(nation, sea place) of an action naming exactly one of 'n' and 'b' (the other -1)."""
    if ("n" in action) == ("b" in action):
        raise Illegal("bad_action", "name either a nation 'n' or a sea place 'b'")
    if "n" in action:
        return int_arg(action, "n", 0, N_NATIONS - 1), -1
    return -1, int_arg(action, "b", 0, N_SEAS - 1)


def _hit(s, n, b, die, subs_too, ev, why):
    """The damage of a die at a nation or sea place; a place left empty is vacant."""
    if n >= 0:
        lost = troops_lost(die, s["troops"][n])
        s["troops"][n] -= lost
        ev.append({"e": "hit", "why": why, "n": n, "troops": lost})
        return
    a, c = vessels_lost(die, s["ships"][b], s["subs"][b], subs_too)
    lose_vessels(s, b, a, c)
    ev.append({"e": "hit", "why": why, "b": b, "ships": a, "subs": c})
    if s["ships"][b] + s["subs"][b] == 0:
        s["sea"][b] = -1
        ev.append({"e": "sea_vacant", "b": b})


def bomber(s, action, ev):
    p = action["p"]
    n, b = target(action)
    need(checks.bomber_problem(s, p, n, b))
    s["cards"][p] -= 1
    holder = s["owner"][n] if n >= 0 else s["sea"][b]
    s["battle"] = {"k": "bomber", "att": p, "def": holder, "n": n, "b": b}
    s["phase"] = "battle"
    ev.append({"e": "bomber", "who": p, "n": n, "b": b})


def roll(s, action, ev):
    """The roll of the battle in progress: a jet bomber's red die here, an exchange of troops in battles
    (which imports nothing of this module: the laser settles its troop battles through it)."""
    need(checks.exchange_problem(s))
    if s["battle"]["k"] == "bomber":
        drop(s, action, ev)
    else:
        battles.roll(s, action, ev)


def drop(s, action, ev):
    """The red die of a jet bomber in the air (the 'roll' of a bomber battle)."""
    battle = s["battle"]
    given = action.get("dice")
    if given is not None:
        need(dice.given_problem(given, 1, RED))
    die = dice.roll_faces(s, 1, RED, given, ev, battle["att"], "bomber")[0]
    _hit(s, battle["n"], battle["b"], die, False, ev, "bomber")
    s["battle"] = None
    s["phase"] = "war"


def anti_aircraft(s, action, ev):
    """The defender's Anti-Aircraft Missile: the attacker loses his jet bomber."""
    p = action["p"]
    need(checks.anti_aircraft_problem(s, p))
    s["cards"][p] -= 1
    ev.append({"e": "anti_aircraft", "who": p})
    s["battle"] = None
    s["phase"] = "war"


def _fire(s, p, n, b, given, ev, why):
    if given is not None:
        need(dice.given_problem(given, 1, BLACK))
    s["lasers"][p] -= 1
    die = dice.roll_faces(s, 1, BLACK, given, ev, p, why)[0]
    _hit(s, n, b, die, True, ev, why)


def laser(s, action, ev):
    """A laser any time on the seat's turn, a battle's too (the victim may fire one back), or a
    defender's during an attack (edition 2: at the attacker, whose attack ends if its nation is left
    with 2 troops). A laser that empties the place a sea battle is fought over ends it."""
    p = action["p"]
    n, b = target(action)
    need(checks.laser_problem(s, p, n, b))
    victim = s["owner"][n] if n >= 0 else s["sea"][b]
    battle = s["battle"]
    mine = battle is None or p == battle["att"]
    _fire(s, p, n, b, action.get("dice"), ev, "laser" if mine else "defender_laser")
    if mine:
        s["fire_back"][victim] += 1
    if battle is None:
        return
    if battle["k"] == "troops" and n == battle["from"]:
        battles.settle(s, battle, s["troops"][n], s["troops"][battle["n"]], ev)
    elif battle["k"] == "naval" and b == battle["b"]:
        from games.ultimatum import naval

        naval.settle(s, ev)


def fire_back(s, action, ev):
    p = action["p"]
    n, b = target(action)
    need(checks.fire_back_problem(s, p, n, b))
    _fire(s, p, n, b, action.get("dice"), ev, "fire_back")
    s["fire_back"][p] -= 1
