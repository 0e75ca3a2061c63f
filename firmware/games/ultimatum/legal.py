"""Every legal action of a seat: exactly what apply accepts, from the flow and the rule checks.

The actions of a phase and who may take them come from games.ultimatum.flow
(the table apply checks against); the parameters are listed by the same rule
checks (games.ultimatum.checks) that apply refuses with. Actions are listed in
their canonical spelling, without the optional "dice" (the box rolls).
tests/test_ultimatum_legality.py holds both directions over random games.
"""

from games.ultimatum import checks
from games.ultimatum.bank import MAX_BUY
from games.ultimatum.cards import reinforce_problem
from games.ultimatum.content import (
    BLOCKADES,
    KINDS,
    LASER,
    N_NATIONS,
    N_SEAS,
    REINFORCEMENT_MAX,
    REINFORCEMENTS,
    SHIP,
    SUB,
    TROOP,
)
from games.ultimatum.flow import FLOW
from referee.play import may_act, moves

VESSELS = (SHIP, SUB)

# The phases each phase of FLOW leads to: checked after every handler in the tests (referee.play.check_next);
# kept here, beside the listing a box never loads, so that a box does not hold it.
NEXT = {
    "roll_off": ("nations",),
    "nations": ("fleet_roll_off",),
    "fleet_roll_off": ("fleets",),
    "fleets": ("buy",),
    "buy": ("war",),  # (or the next seat's buy)
    "war": ("battle", "buy"),
    "battle": ("occupy", "war", "over"),
    "occupy": ("war", "over"),
}


def legal_actions(s, seat):
    """Every legal action of a seat (seat -1: the referee)."""
    out = []
    for name in names(s, seat):
        LISTERS[name](s, seat, out)
    return out


def names(s, seat):
    """The names of the actions the flow lets `seat` take now (some may have no legal instance)."""
    phase = s["phase"]
    if phase == FLOW.end:
        return []
    return [name for name, who in moves(FLOW, "", phase) if may_act(s, who, seat)]


def of_name(s, seat, name):
    """The legal actions of one name (random play lists one name at a time)."""
    out = []
    LISTERS[name](s, seat, out)
    return out


def _plain(name):
    def lister(s, seat, out):
        a = {"a": name}
        if seat >= 0:
            a["p"] = seat
        out.append(a)

    return lister


def _checked(name, problem):
    def lister(s, seat, out):
        if problem(s) is None:
            out.append({"a": name, "p": seat})

    return lister


def _take(s, seat, out):
    for n in range(N_NATIONS):
        if checks.take_problem(s, seat, n) is None:
            out.append({"a": "take", "p": seat, "n": n})


def _fleet(s, seat, out):
    for b in range(N_SEAS):
        if checks.fleet_problem(s, b) is None:
            out.append({"a": "fleet", "p": seat, "b": b})


def _buy(s, seat, out):
    for kind in KINDS:
        if kind == LASER:
            places = (-1,)
        elif kind == TROOP:
            places = range(N_NATIONS)
        else:
            places = range(N_SEAS)
        most = -1  # how many of the kind the purse buys: found at the first place that takes one
        for at in places:
            if at >= 0 and checks.place_problem(s, seat, kind, at) is not None:
                continue  # buy_problem's own refusal of the place, asked alone (most places are not yours)
            if checks.buy_problem(s, seat, kind, 1, at) is not None:
                if at >= 0:
                    break  # a place that takes the kind, and one is refused: the money, for every place
                continue
            if most < 0:
                # buy_problem asks where the pieces go (the place alone) and what they cost (their number
                # alone): a place that takes one takes as many as the first such place, and more pieces
                # only ever cost more money and stations: count up to the first refusal, once
                most = 1
                while most < MAX_BUY and checks.buy_problem(s, seat, kind, most + 1, at) is None:
                    most += 1
            for n in range(1, most + 1):
                a = {"a": "buy", "p": seat, "kind": kind, "n": n}
                if at >= 0:
                    a["at"] = at
                out.append(a)


def _reinforce(s, seat, out):
    if checks.card_problem(s, seat) is not None:
        return
    for kind in REINFORCEMENTS:
        for at in range(N_NATIONS if kind == TROOP else N_SEAS):
            if reinforce_problem(s, seat, kind, at) is None:
                for n in range(1, REINFORCEMENT_MAX + 1):
                    out.append({"a": "reinforce", "p": seat, "kind": kind, "n": n, "at": at})


def _intelligence(s, seat, out):
    if checks.intelligence_problem(s, seat) is None:
        out.append({"a": "intelligence", "p": seat})


def _attack(s, seat, out):
    # attack_problem refuses a source (not yours, too few troops) or a target (not an opponent's), each for
    # itself: the targets, tried in full from the first source that may attack, are every such source's
    targets = None
    for src in range(N_NATIONS):
        if s["owner"][src] != seat:
            continue
        if targets is not None:
            if checks.attack_problem(s, seat, src, targets[0]) is None:
                for dst in targets:
                    out.append({"a": "attack", "p": seat, "from": src, "to": dst})
            continue
        found = []
        for dst in range(N_NATIONS):
            problem = checks.attack_problem(s, seat, src, dst)
            if problem is None:
                found.append(dst)
                out.append({"a": "attack", "p": seat, "from": src, "to": dst})
            elif problem[0] == "too_few_troops":
                break  # the troops are src's: every other target is refused for the same reason
        else:
            if not found:
                return  # no opponent's nation: nothing to attack from anywhere
            targets = found


def _commando(s, seat, out):
    if checks.card_problem(s, seat) is not None:
        return  # commando_problem's last check, which reads no target: every one refused
    for dst in range(N_NATIONS):
        if checks.commando_problem(s, seat, dst) is None:
            out.append({"a": "commando", "p": seat, "to": dst})


def _airlift(s, seat, out):
    if checks.card_problem(s, seat) is not None:
        return
    mine = [n for n in range(N_NATIONS) if s["owner"][n] == seat]
    for src in mine:
        for dst in mine:
            if checks.airlift_problem(s, seat, src, dst, 1) is not None:
                continue  # every other number is refused for the same reason
            # airlift_problem reads the number only against the troops at src (1 to all but one): every
            # such number passes where 1 does
            for n in range(1, s["troops"][src]):
                out.append({"a": "airlift", "p": seat, "from": src, "to": dst, "n": n})


# The sail listings of the last few seas (issue 34: a war's turns mostly buy and attack, and the sea stays
# as it was): by everything sail_problem reads, the seat and every sea place's holder and vessels, those moved
# this turn and the edition. Each listed action is a copy, for its taker to keep.
_SAILS = {}
_SAILS_KEPT = 64


def _sail(s, seat, out):
    key = (
        seat,
        s["edition"],
        tuple(s["sea"]),
        tuple(s["ships"]),
        tuple(s["subs"]),
        tuple(s["moved_ships"]) if "moved_ships" in s else None,
        tuple(s["moved_subs"]) if "moved_subs" in s else None,
    )
    listed = _SAILS.get(key)
    if listed is None:
        if len(_SAILS) >= _SAILS_KEPT:
            _SAILS.clear()
        listed = _SAILS[key] = []
        _sail_listed(s, seat, listed)
    for a in listed:
        out.append(a.copy())


def _sail_listed(s, seat, out):
    # sail_problem refuses the battleships (too many, moved already, a hop of the wrong kind) and the
    # submarines (too many, moved already) each for itself, beside "no vessel at all": the legal numbers
    # of a move are every pair of a legal number of battleships and one of submarines. Each is counted up
    # to its first refusal (more vessels are refused for the same reason), each with none of the other.
    # Of the target, sail_problem reads only whether it is the source and, for battleships, whether it is
    # a naval blockade (battleship_hop_problem: blockade to anchor or back): the submarines are counted
    # once a source, the battleships once for the blockades and once for the anchors.
    for src in range(N_SEAS):
        if s["sea"][src] != seat:
            continue
        ships_here, subs_here = s["ships"][src], s["subs"][src]
        subs = -1
        ships_by_hop = {}
        for dst in range(N_SEAS):
            if dst == src:
                continue  # same_place, whatever sails
            if subs < 0:
                subs = 0
                while subs < subs_here and checks.sail_problem(s, seat, src, dst, 0, subs + 1) is None:
                    subs += 1
            hop = dst < BLOCKADES
            ships = ships_by_hop.get(hop)
            if ships is None:
                ships = 0
                while ships < ships_here and checks.sail_problem(s, seat, src, dst, ships + 1, 0) is None:
                    ships += 1
                ships_by_hop[hop] = ships
            for n in range(ships + 1):
                for m in range(1 if n == 0 else 0, subs + 1):
                    out.append({"a": "sail", "p": seat, "from": src, "to": dst, "ships": n, "subs": m})


def _targets(name, problem, first=None):
    """first(s, seat): a check of problem's that reads no target (the card, the laser); when it refuses,
    problem refuses every target."""

    def lister(s, seat, out):
        if first is not None and first(s, seat) is not None:
            return
        for n in range(N_NATIONS):
            if problem(s, seat, n, -1) is None:
                out.append({"a": name, "p": seat, "n": n})
        for b in range(N_SEAS):
            if problem(s, seat, -1, b) is None:
                out.append({"a": name, "p": seat, "b": b})

    return lister


def _fire(s, seat, out):
    for w in VESSELS:
        for t in VESSELS:
            if checks.fire_problem(s, w, t) is None:
                out.append({"a": "fire", "p": seat, "w": w, "t": t})


def _ocean_mine(s, seat, out):
    for w in VESSELS:
        if checks.ocean_mine_problem(s, seat, w) is None:
            out.append({"a": "ocean_mine", "p": seat, "w": w})


def _minefield(s, seat, out):
    if checks.minefield_problem(s, seat) is None:
        out.append({"a": "minefield", "p": seat})


def _anti_aircraft(s, seat, out):
    if checks.anti_aircraft_problem(s, seat) is None:
        out.append({"a": "anti_aircraft", "p": seat})


def _occupy(s, seat, out):
    for n in range(1, s["troops"][s["battle"]["from"]]):
        if checks.occupy_problem(s, n) is None:
            out.append({"a": "occupy", "p": seat, "n": n})


LISTERS = {
    "roll_off": _plain("roll_off"),
    "take": _take,
    "fleet": _fleet,
    "buy": _buy,
    "reinforce": _reinforce,
    "intelligence": _intelligence,
    "war": _plain("war"),
    "end": _plain("end"),
    "attack": _attack,
    "commando": _commando,
    "airlift": _airlift,
    "sail": _sail,
    "bomber": _targets("bomber", checks.bomber_problem, checks.card_problem),  # its last check: no card
    "laser": _targets("laser", checks.laser_problem, checks.laser_now_problem),  # its first check
    "fire_back": _targets("fire_back", checks.fire_back_problem),
    "roll": _checked("roll", checks.exchange_problem),
    "blitz": _checked("blitz", checks.blitz_problem),
    "stop": _checked("stop", checks.stop_problem),
    "fire": _fire,
    "minefield": _minefield,
    "ocean_mine": _ocean_mine,
    "anti_aircraft": _anti_aircraft,
    "occupy": _occupy,
}
