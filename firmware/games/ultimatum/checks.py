"""Every rule check of Ultimatum, each written once.

A check returns None when the rulebook allows the thing, or (code, message)
when it does not. The same function serves apply (the handlers refuse with
referee.errors.need) and legal (which lists only what passes). Checks read the
state and never change it. Arguments are already whole numbers in range
(the handlers' int_arg); names are the game's words.
"""

from games.ultimatum.content import (
    ALLIANCE_OF,
    ALLIANCE_SIZES,
    ALLIANCES,
    BLOCKADES,
    CHEST,
    FIRST_NATIONS,
    LASER,
    LASER_ALLIANCES,
    MIN_ATTACK_TROOPS,
    N_NATIONS,
    NATIONS,
    PRICES,
    SAVINGS,
    SHIP,
    STATIONS,
    SUB,
    TROOP,
    WORLDPOWER,
    sea_name,
)
from games.ultimatum.state import edition, holds_alliance, movable, nations_of, vessels
from referee import ledger

NO_CARD = ("no_card", "you hold no Ultimatum card to play")
OLD_RULES = ("old_rules", "this game keeps edition 1 of the rules: it has no such card")


def _nation(n):
    return NATIONS[n][0]


# --- set-up ---------------------------------------------------------------------------------


def take_problem(s, p, n):
    """A nation in the set-up: a free one; in the first round one per alliance, one Worldpower."""
    if s["owner"][n] >= 0:
        a = ALLIANCE_OF[n]
        taken = 0
        for m in range(N_NATIONS):
            if ALLIANCE_OF[m] == a and s["owner"][m] >= 0:
                taken += 1
        if taken == ALLIANCE_SIZES[a]:
            return ("alliance_full", "all %d %s nations are taken" % (ALLIANCE_SIZES[a], ALLIANCES[a]))
        return ("nation_taken", "%s is taken already: pick a free nation" % _nation(n))
    if s["picks"] >= FIRST_NATIONS * s["players"]:
        return None
    mine = nations_of(s, p)
    used = [ALLIANCE_OF[m] for m in mine]
    a = ALLIANCE_OF[n]
    if a in used:
        return (
            "one_per_alliance",
            "your first four nations are one from each alliance: you hold a %s one" % ALLIANCES[a],
        )
    power = 0
    for m in mine:
        power += WORLDPOWER[m]
    if WORLDPOWER[n]:
        if power:
            return ("one_worldpower", "only one of your first four nations is a Worldpower")
        return None
    if power:
        return None
    # no Worldpower yet: an alliance left for the fourth must still have a free one
    for m in range(N_NATIONS):
        if WORLDPOWER[m] and s["owner"][m] < 0 and ALLIANCE_OF[m] not in used and ALLIANCE_OF[m] != a:
            return None
    return (
        "need_worldpower",
        "one of your first four nations must be a Worldpower: "
        "no alliance left to you after %s still has a free one" % ALLIANCES[a],
    )


def fleet_problem(s, b):
    """Two battleships on a naval blockade nobody holds yet."""
    if b >= BLOCKADES:
        return ("not_blockade", "fleets start on the 14 naval blockades, not on anchors")
    if s["sea"][b] >= 0:
        return ("blockade_taken", "%s holds battleships already: pick a vacant blockade" % sea_name(b))
    return None


# --- the bank ---------------------------------------------------------------------------------


def purse_now(s):
    """Savings at the start of a turn (before the first attack), the war chest after."""
    return SAVINGS if s["phase"] == "buy" else CHEST


def card_problem(s, p):
    return NO_CARD if s["cards"][p] < 1 else None


def place_problem(s, p, kind, at):
    """Where new pieces go (bought or from a reinforcement card): troops on a nation of yours,
    vessels on a naval blockade of yours (a vacant one only when your whole navy is gone)."""
    if kind == TROOP:
        if s["owner"][at] != p:
            return ("not_yours", "troops are placed on a nation you hold")
    elif at >= BLOCKADES:
        return ("not_blockade", "new vessels are placed on a naval blockade, not an anchor")
    elif s["sea"][at] != p and not (s["sea"][at] < 0 and vessels(s, p) == 0):
        return (
            "not_yours",
            "new vessels go on a blockade you hold (on a vacant one only when your whole navy is gone)",
        )
    return None


def buy_problem(s, p, kind, n, at):
    """n pieces of a kind for the purse of the moment, placed where the rules allow."""
    if kind not in PRICES:
        return ("bad_action", "'kind' is one of troop, ship, sub, laser")
    if kind == LASER:
        if not (holds_alliance(s, p, LASER_ALLIANCES[0]) or holds_alliance(s, p, LASER_ALLIANCES[1])):
            return (
                "no_alliance",
                "lasers are sold only to a player holding all of the Western or the Communist alliance",
            )
        placed = 0
        for x in s["lasers"]:
            placed += x
        if placed + n > STATIONS:
            return ("no_station", "the %d laser space stations hold %d lasers already" % (STATIONS, placed))
    else:
        problem = place_problem(s, p, kind, at)
        if problem:
            return problem
    purse = purse_now(s)
    price = PRICES[kind] * n
    if s["purses"][purse][p] < price:
        if purse == SAVINGS:
            where = "savings"
        else:
            where = "war chest (savings are spent only at the start of a turn, before the first attack)"
        return ("no_money", "$%d needed, $%d in your %s" % (price, s["purses"][purse][p], where))
    if kind == LASER and purse == CHEST and "embargo" in s and s["purses"][CHEST][p] - s["embargo"][p] < price:
        return (
            "embargo_money",
            "Oil Embargo money buys no laser: $%d of your $%d war chest" % (s["embargo"][p], s["purses"][CHEST][p]),
        )
    return ledger.pay_problem(s, p, price, purse)


def intelligence_problem(s, p):
    """An Intelligence Report card (edition 2): the box only counts it spent."""
    if edition(s) < 2:
        return OLD_RULES
    return card_problem(s, p)


# --- troops -------------------------------------------------------------------------------------


def attack_problem(s, p, src, dst):
    """A troop attack: from a nation of yours with 3 troops or more, on an opponent's nation.
    (Borders and the blockade numbers for a crossing are on the physical board.)"""
    if s["owner"][src] != p:
        return ("not_yours", "%s is not yours to attack from" % _nation(src))
    if s["owner"][dst] == p or s["owner"][dst] < 0:
        return ("not_opponent", "%s is not an opponent's nation" % _nation(dst))
    if s["troops"][src] < MIN_ATTACK_TROOPS:
        return (
            "too_few_troops",
            "an attack needs %d troops or more on the nation it starts from: "
            "%s has %d" % (MIN_ATTACK_TROOPS, _nation(src), s["troops"][src]),
        )
    return None


def commando_problem(s, p, dst):
    """A Helicopter Commando card: ten troops straight onto any opponent's nation."""
    if s["owner"][dst] == p or s["owner"][dst] < 0:
        return ("not_opponent", "%s is not an opponent's nation" % _nation(dst))
    return card_problem(s, p)


def airlift_problem(s, p, src, dst, n):
    """An Airlift card: n troops from one nation of yours to another, one left behind. The
    defender may only airlift into the nation under attack, the attacker anywhere of his."""
    problem = card_problem(s, p)
    if problem:
        return problem
    if s["owner"][src] != p or s["owner"][dst] != p:
        return ("not_yours", "an airlift moves troops between two nations you hold")
    if src == dst:
        return ("same_nation", "an airlift moves troops to another nation")
    if n < 1 or n > s["troops"][src] - 1:
        return (
            "too_few_troops",
            "at least one troop stays behind: %s can send 1 to %d" % (_nation(src), s["troops"][src] - 1),
        )
    battle = s["battle"]
    if battle is not None and battle["k"] == "commando":
        return (
            "commando_alone",
            "no cards while Helicopter Commando troops fight: they attack alone and no defence card answers them",
        )
    if battle is not None and p == battle["def"]:
        if battle["k"] not in ("troops", "bomber") or battle.get("n", -1) != dst:
            return ("not_under_attack", "the defender airlifts only into his nation under troop or jet bomber attack")
    return None


def minefield_problem(s, p):
    battle = s["battle"]
    if battle["k"] != "troops" or p != battle["def"]:
        return ("no_minefield", "a Minefield is laid by the defender of a troop attack")
    return card_problem(s, p)


def exchange_problem(s):
    """A roll of the battle's dice: troops, a commando and a bomber roll; a sea battle fires."""
    if s["battle"]["k"] == "naval":
        return ("naval_fire", "a naval battle goes on with 'fire' (your vessel, their vessel)")
    return None


def blitz_problem(s):
    if s["battle"]["k"] not in ("troops", "commando"):
        return ("no_blitz", "only troop battles blitz")
    return None


def stop_problem(s):
    k = s["battle"]["k"]
    if k == "commando":
        return ("fight_on", "Helicopter Commando troops attack until successful or defeated")
    if k == "naval":
        return ("fight_on", "a naval battle goes on until one side's vessels are gone")
    if k == "bomber":
        return ("fight_on", "the jet bomber is in the air: roll the red die")
    return None


def occupy_problem(s, n):
    """The victor moves at least one troop in and leaves at least one behind."""
    battle = s["battle"]
    have = s["troops"][battle["from"]]
    if n < 1 or n > have - 1:
        return ("bad_occupy", "move 1 to %d troops into the conquered nation" % (have - 1))
    return None


# --- the navy ---------------------------------------------------------------------------------------


def sail_problem(s, p, src, dst, ships, subs):
    """Vessels of one place of yours to another place (to an opponent's: an attack). Edition 2
    holds the navy's limits the box can see: each vessel moves once a turn, a vessel bought or
    taken from a reinforcement card waits for the next turn, and a battleship goes from a naval
    blockade to an anchor or back, never blockade to blockade nor anchor to anchor. Which
    numbered places a vessel may reach (the numbers on the anchors) is on the board."""
    if s["sea"][src] != p:
        return ("not_yours", "%s is not yours" % sea_name(src))
    if src == dst:
        return ("same_place", "vessels sail to another place")
    if ships + subs < 1:
        return ("no_vessels", "sail at least one vessel")
    if ships > s["ships"][src] or subs > s["subs"][src]:
        return (
            "too_few_vessels",
            "%s holds %d battleships and %d submarines" % (sea_name(src), s["ships"][src], s["subs"][src]),
        )
    if edition(s) < 2:
        return None
    if ships:
        problem = battleship_hop_problem(s, src, dst)
        if problem:
            return problem
    free_ships = movable(s, src, SHIP)
    free_subs = movable(s, src, SUB)
    if ships > free_ships or subs > free_subs:
        return (
            "moved_already",
            "each vessel moves once a turn, a new one from your next turn: %d battleships, %d submarines "
            "of %s may move" % (free_ships, free_subs, sea_name(src)),
        )
    return None


def battleship_hop_problem(s, src, dst):
    """Edition 2: in one turn a battleship moves or attacks from a naval blockade to an anchor or
    from an anchor to a blockade, never blockade to blockade nor anchor to anchor."""
    if edition(s) >= 2 and (src < BLOCKADES) == (dst < BLOCKADES):
        return (
            "battleship_hop",
            "a battleship goes from a blockade to an anchor or back in one turn, not %s to %s"
            % (sea_name(src), sea_name(dst)),
        )
    return None


def fire_problem(s, w, t):
    """One shot of a naval battle: the attacker's battleship or submarine at the defender's."""
    battle = s["battle"]
    if battle["k"] != "naval":
        return ("not_naval", "no naval battle is being fought")
    if battle[w] < 1:
        return ("no_vessel", "you have no %s in this battle" % _vessel_word(w))
    if s[t + "s"][battle["b"]] < 1:
        return ("no_vessel", "the defender has no %s here" % _vessel_word(t))
    return None


def _vessel_word(kind):
    return "battleship" if kind == SHIP else "submarine"


def ocean_mine_problem(s, p, w):
    """An Ocean Mine card: the attacker loses a vessel, on a naval blockade only."""
    battle = s["battle"]
    if battle["k"] != "naval" or p != battle["def"]:
        return ("no_mine", "an Ocean Mine is laid by the defender of a naval battle")
    if battle["b"] >= BLOCKADES:
        return ("no_mine", "Ocean Mines defend naval blockades, not anchors")
    if battle[w] < 1:
        return ("no_vessel", "the attacker has no %s here" % _vessel_word(w))
    return card_problem(s, p)


# --- the air force and lasers ------------------------------------------------------------------


def _target_problem(s, p, n, b, victim, why=""):
    """A nation or sea place of an opponent (victim: the seat it must belong to, or -1; why: the
    refusal's words when it does not)."""
    holder = s["owner"][n] if n >= 0 else s["sea"][b]
    if holder < 0 or holder == p:
        return ("not_opponent", "that is not an opponent's")
    if victim >= 0 and holder != victim:
        return ("not_opponent", why)
    return None


def bomber_problem(s, p, n, b):
    """A Jet Bomber card on any opponent's nation, or on his battleships (never submarines)."""
    problem = _target_problem(s, p, n, b, -1)
    if problem:
        return problem
    if b >= 0 and s["ships"][b] < 1:
        return ("no_battleships", "jet bombers cannot attack submarines")
    return card_problem(s, p)


def anti_aircraft_problem(s, p):
    battle = s["battle"]
    if battle["k"] != "bomber" or p != battle["def"]:
        return ("no_bomber", "an Anti-Aircraft Missile answers a jet bomber attack on you")
    return card_problem(s, p)


def laser_now_problem(s, p):
    """Whether seat p may launch a laser now, wherever it aims: one of his on a space station, any
    time on his turn; or, edition 2, under any attack. Never during a Helicopter Commando raid
    (the commandos fight alone, and no defence answers them). The flow lets the attacker and the
    defender fire during a battle."""
    if s["lasers"][p] < 1:
        return ("no_laser", "you have no laser on a space station")
    battle = s["battle"]
    if s["phase"] != "battle":
        return None
    if edition(s) < 2:
        return ("wrong_phase", "this game keeps edition 1 of the rules: no laser during an attack")
    if battle["k"] == "commando":
        return ("commando_raid", "no laser during a Helicopter Commando raid")
    return None


def laser_problem(s, p, n, b):
    """A laser at any opponent's nation, blockade or anchor on your turn (in a battle too, edition 2);
    under attack (edition 2), at the attacker's."""
    problem = laser_now_problem(s, p)
    if problem:
        return problem
    if s["phase"] != "battle" or p == s["battle"]["att"]:
        return _target_problem(s, p, n, b, -1)
    return _target_problem(s, p, n, b, s["battle"]["att"], "a laser fired under attack strikes the attacker's")


def fire_back_problem(s, p, n, b):
    """One laser back at the attacker for each he fired at you this turn."""
    if s["fire_back"][p] < 1:
        return ("no_fire_back", "no laser was fired at you this turn that you have not answered")
    if s["lasers"][p] < 1:
        return ("no_laser", "you have no laser on a space station")
    return _target_problem(s, p, n, b, s["active"], "fire back only at the seat whose turn it is: it fired at you")
