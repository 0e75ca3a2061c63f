"""Troop battles: attacks, Helicopter Commandos, blitzes, Minefields, Airlifts, occupying.

Both sides roll a black die: the higher loses the other a troop, a tie costs
both one (except a commando's tie at 1 against 1, which the commando wins).
'roll' plays one exchange, 'blitz' plays on to conquest or until the attacker
is down to 2 (a commando: to the end). The resolvers (exchange, blitz_run)
are pure over a generator state, so the host's exact odds are checked against
this very code.
"""

from games.ultimatum import bank, checks, turn
from games.ultimatum.content import BLACK, COMMANDO_TROOPS, MANY, MIN_ATTACK_TROOPS, MINEFIELD, N_NATIONS
from referee import dice
from referee.errors import int_arg, need

# --- the resolvers ----------------------------------------------------------------------------


def losses(att_die, def_die, att, dfn, commando):
    """(attacker's loss, defender's loss) of one exchange of black dice."""
    if att_die > def_die:
        return 0, 1
    if att_die < def_die:
        return 1, 0
    if commando and att == 1 and dfn == 1:
        return 0, 1  # "a tie at one against one: the helicopter commando troop wins"
    return 1, 1


def over(att, dfn, commando):
    """Whether a troop battle cannot go on: conquered, or the attacker too weak to continue."""
    if dfn == 0:
        return True
    return att == 0 if commando else att < MIN_ATTACK_TROOPS


def exchange(s, att, dfn, commando, given=None, ev=None, seats=(-1, -1)):
    """One exchange: (attacker's troops, defender's troops) after it; given: [att_die, def_die]."""
    a = dice.roll_faces(s, 1, BLACK, None if given is None else given[:1], ev, seats[0], "attack")[0]
    d = dice.roll_faces(s, 1, BLACK, None if given is None else given[1:], ev, seats[1], "defend")[0]
    al, dl = losses(a, d, att, dfn, commando)
    return att - al, dfn - dl


def blitz_run(s, att, dfn, commando, given=None, ev=None, seats=(-1, -1)):
    """Exchanges until the battle is over: (attacker's troops, defender's troops, exchanges)."""
    n = 0
    while not over(att, dfn, commando):
        pair = None if given is None else given[n]
        att, dfn = exchange(s, att, dfn, commando, pair, ev, seats)
        n += 1
    return att, dfn, n


def _pair_problem(pair):
    return dice.given_problem(pair, 2, BLACK)


def blitz_dice_problem(given, att, dfn, commando):
    """The table's dice for a whole blitz: [[att_die, def_die], ...], exactly as many as it takes."""
    if type(given) is not list and type(given) is not tuple:
        return ("bad_dice", "a blitz's dice are a list of [attacker, defender] pairs")
    n = 0
    while not over(att, dfn, commando):
        if n >= len(given):
            return ("bad_dice", "the battle goes on after %d exchanges: enter the dice of every exchange" % n)
        problem = _pair_problem(given[n])
        if problem:
            return problem
        al, dl = losses(given[n][0], given[n][1], att, dfn, commando)
        att -= al
        dfn -= dl
        n += 1
    if n < len(given):
        return ("bad_dice", "the battle is over after %d exchanges: %d pairs are too many" % (n, len(given)))
    return None


# --- the handlers ------------------------------------------------------------------------------


def attack(s, action, ev):
    p = action["p"]
    src = int_arg(action, "from", 0, N_NATIONS - 1)
    dst = int_arg(action, "to", 0, N_NATIONS - 1)
    need(checks.attack_problem(s, p, src, dst))
    s["battle"] = {"k": "troops", "att": p, "def": s["owner"][dst], "from": src, "n": dst}
    s["phase"] = "battle"
    ev.append({"e": "attack", "who": p, "from": src, "n": dst})


def commando(s, action, ev):
    p = action["p"]
    dst = int_arg(action, "to", 0, N_NATIONS - 1)
    need(checks.commando_problem(s, p, dst))
    s["cards"][p] -= 1
    s["battle"] = {"k": "commando", "att": p, "def": s["owner"][dst], "n": dst, "troops": COMMANDO_TROOPS}
    s["phase"] = "battle"
    ev.append({"e": "commando", "who": p, "n": dst, "troops": COMMANDO_TROOPS})


def _sides(s, battle):
    """(attacker's troops, defender's troops, commando?) of a troop or commando battle."""
    if battle["k"] == "commando":
        return battle["troops"], s["troops"][battle["n"]], True
    return s["troops"][battle["from"]], s["troops"][battle["n"]], False


def settle(s, battle, att, dfn, ev):
    """Write a troop battle's new numbers and end it if it is over."""
    commando_battle = battle["k"] == "commando"
    if commando_battle:
        battle["troops"] = att
    else:
        s["troops"][battle["from"]] = att
    s["troops"][battle["n"]] = dfn
    if not over(att, dfn, commando_battle):
        return
    p = battle["att"]
    if dfn == 0:
        bank.conquered(s, p, battle["n"], ev)
        if commando_battle:
            s["troops"][battle["n"]] = att  # commandos become regular troops there
            turn.after_conquest(s, ev)
        else:
            s["phase"] = "occupy"
    else:
        ev.append({"e": "attack_over", "who": p, "n": battle["n"]})
        s["battle"] = None
        s["phase"] = "war"


def roll(s, action, ev):
    """One exchange of a troop or commando battle (a bomber's roll is air.roll's)."""
    need(checks.exchange_problem(s))
    battle = s["battle"]
    given = action.get("dice")
    if given is not None:
        need(_pair_problem(given))
    att, dfn, commando_battle = _sides(s, battle)
    att, dfn = exchange(s, att, dfn, commando_battle, given, ev, (battle["att"], battle["def"]))
    settle(s, battle, att, dfn, ev)


def blitz(s, action, ev):
    """Exchanges to conquest or until the attacker is down to 2 (a commando: to the end)."""
    need(checks.blitz_problem(s))
    battle = s["battle"]
    att, dfn, commando_battle = _sides(s, battle)
    given = action.get("dice")
    if given is not None:
        need(blitz_dice_problem(given, att, dfn, commando_battle))
    att0, dfn0 = att, dfn
    att, dfn, n = blitz_run(s, att, dfn, commando_battle, given, ev, (battle["att"], battle["def"]))
    # what the blitz cost each side, for the narrators (the troops left are the state's)
    ev.append(
        {"e": "blitz", "who": battle["att"], "def": battle["def"], "exchanges": n, "lost": [att0 - att, dfn0 - dfn]}
    )
    settle(s, battle, att, dfn, ev)


def stop(s, action, ev):
    """The attacker may stop a troop attack any time."""
    need(checks.stop_problem(s))
    ev.append({"e": "attack_over", "who": s["battle"]["att"], "n": s["battle"]["n"]})
    s["battle"] = None
    s["phase"] = "war"


def occupy(s, action, ev):
    """The victor moves n troops in (at least one) and leaves at least one behind."""
    n = int_arg(action, "n", 1, MANY)
    need(checks.occupy_problem(s, n))
    battle = s["battle"]
    s["troops"][battle["from"]] -= n
    s["troops"][battle["n"]] = n
    ev.append({"e": "occupy", "who": battle["att"], "n": battle["n"], "troops": n})
    turn.after_conquest(s, ev)


def minefield(s, action, ev):
    """The defender's Minefield: the attacker loses five troops, never the last."""
    p = action["p"]
    need(checks.minefield_problem(s, p))
    battle = s["battle"]
    src = battle["from"]
    lost = MINEFIELD if s["troops"][src] > MINEFIELD else s["troops"][src] - 1
    s["cards"][p] -= 1
    ev.append({"e": "minefield", "who": p, "n": src, "lost": lost})
    settle(s, battle, s["troops"][src] - lost, s["troops"][battle["n"]], ev)


def airlift(s, action, ev):
    """An Airlift card: troops from one nation of yours to another (the defender's: into the
    nation under attack); an attack whose nation is left with 2 troops is over."""
    p = action["p"]
    src = int_arg(action, "from", 0, N_NATIONS - 1)
    dst = int_arg(action, "to", 0, N_NATIONS - 1)
    n = int_arg(action, "n", 1, MANY)
    need(checks.airlift_problem(s, p, src, dst, n))
    s["cards"][p] -= 1
    s["troops"][src] -= n
    s["troops"][dst] += n
    ev.append({"e": "airlift", "who": p, "from": src, "to": dst, "n": n})
    battle = s["battle"]
    if battle is not None and battle["k"] == "troops":
        settle(s, battle, s["troops"][battle["from"]], s["troops"][battle["n"]], ev)
