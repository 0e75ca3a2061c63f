"""Ultimatum events and actions as one line of English each: for `ultimus play`/`demo --game ultimatum`
and the virtual box.

Nations by name ("Great Britain (Western)"), sea places as the board numbers
them ("blockade 3", "anchor 2"), seats as "seat 1" (no box) or "station 3"
(on a box: stations, the box's station of each seat). line(e) reads one
event; action_text(a) says what an action would do.
"""

from games.ultimatum.content import ALLIANCE_OF, ALLIANCES, CHEST, NATIONS, SAVINGS, WORLDPOWER, sea_name
from referee.ledger import BANK
from ultimus_host.narrate import some, station_name, unknown

KIND_WORDS = {"troop": "troop", "ship": "battleship", "sub": "submarine", "laser": "laser"}  # some(n, word)
VESSEL_WORDS = {"ship": "battleship", "sub": "submarine"}
PURSE_WORDS = {SAVINGS: "savings", CHEST: "war chest"}
PAY_WHY = {
    "start": "start money",
    "income": "income",
    "oil_nation": "for an Oil nation",
    "worldpower": "for a Worldpower",
    "alliance": "for a whole alliance",
    "embargo": "oil embargo",
    "debt": "a debt paid back",
}
ROLL_WHY = {
    "attack": "the attacker rolls",
    "defend": "the defender rolls",
    "naval": "the green die",
    "bomber": "the red die",
    "laser": "the laser's black die",
    "fire_back": "the black die, fired back",
    "defender_laser": "the black die of a laser launched under attack",
}
# The box knows no map (docs/play/ultimatum.md): any enemy nation is a target of any nation of 3 troops or
# more, and the table checks that the two border (or share a blockade's number): said at every attack.
FREE_BORDERS = "free borders: the table checks that they border"
QUIET = ("roll",)  # told by the lines around them unless verbose


def nation(n):
    return "%s (%s%s)" % (NATIONS[n][0], ALLIANCES[ALLIANCE_OF[n]], ", Worldpower" if WORLDPOWER[n] else "")


def _where(kind, at):
    """Where new pieces go: a nation for troops, a sea place for vessels, nowhere for lasers."""
    if kind == "troop":
        return " on %s" % NATIONS[at][0]
    if kind != "laser":
        return " on %s" % sea_name(at)
    return ""


def place(e):
    """The nation "n" or sea place "b" an event or action names."""
    if e.get("n", -1) >= 0:
        return nation(e["n"])
    return sea_name(e["b"])


def seat_name(p, stations=None):
    if p == BANK:
        return "the bank"
    if stations and 0 <= p < len(stations):
        return station_name(stations[p])
    return "seat %d" % (p + 1)


def line(e, stations=None, verbose=False):
    """A sentence for one public event (None for one that needs none)."""
    kind = e["e"]
    if kind == "roll" and not verbose and e["why"] not in ("first_nations", "first_fleet"):
        return None
    told = _LINES.get(kind)
    if told is None:
        return unknown(e)

    def who(key="who"):
        return seat_name(e[key], stations)

    return told(e, who)


def _pay(e, who):
    purse = PURSE_WORDS.get(e["purse"], e["purse"])
    if e["to"] == BANK and e["why"] in KIND_WORDS:  # a purchase
        return "  %s pays $%d out of the %s" % (who("from"), e["n"], purse)
    return "  %s pays %s $%d (%s, into the %s)" % (
        who("from"),
        who("to"),
        e["n"],
        PAY_WHY.get(e["why"], e["why"]),
        purse,
    )


HIT_BY = {
    "bomber": "the bomber",
    "laser": "a laser",
    "fire_back": "a laser fired back",
    "defender_laser": "a laser launched under attack",
}


def _hit(e, who):
    by = HIT_BY.get(e["why"], e["why"])
    if "troops" in e:
        return "  %s destroys %d troops on %s" % (by, e["troops"], nation(e["n"]))
    return "  %s sinks %s and %s at %s" % (
        by,
        some(e["ships"], "battleship"),
        some(e["subs"], "submarine"),
        sea_name(e["b"]),
    )


def _blitz(e, who):
    """A blitz's exchanges and what they cost each side (a box of before 0.3 told only the exchanges)."""
    out = "  blitz: %s" % some(e["exchanges"], "exchange")
    if "lost" in e:
        defender = who("def") if "def" in e else "the defender"
        out += "; %s loses %s, %s %s" % (who(), some(e["lost"][0], "troop"), defender, some(e["lost"][1], "troop"))
    return out


# each event: e and who(key) naming the seat in e[key] ("who" unless told) -> its line
_LINES = {
    "roll": lambda e, who: (
        "  %s: %s %s" % (who(), ROLL_WHY.get(e["why"], "rolls"), " ".join(str(d) for d in e["dice"]))
    ),
    "roll_off": lambda e, who: (
        "%s rolled highest (%s) and %s"
        % (
            who("winner"),
            some(e["rounds"], "round"),
            "chooses nations first" if e["why"] == "first_nations" else "places battleships first",
        )
    ),
    "take": lambda e, who: "%s takes %s with %d troops" % (who(), nation(e["n"]), e["troops"]),
    "fleet": lambda e, who: "%s puts 2 battleships on %s" % (who(), sea_name(e["b"])),
    "turn": lambda e, who: "--- %s's turn ---" % who(),
    "war": lambda e, who: "%s goes to war" % who(),
    "pay": _pay,
    "debt": lambda e, who: (
        "  %s owes %s $%d more (%s)" % (who("from"), who("to"), e["n"], PAY_WHY.get(e["why"], e["why"]))
    ),
    "expire": lambda e, who: (
        "  %s's unspent %s ($%d) goes back to the bank" % (who(), PURSE_WORDS.get(e["purse"], "money"), e["n"])
    ),
    "buy": lambda e, who: "%s buys %s%s" % (who(), some(e["n"], KIND_WORDS[e["kind"]]), _where(e["kind"], e["at"])),
    "reinforce": lambda e, who: (
        "%s plays a reinforcement card: %s%s" % (who(), some(e["n"], KIND_WORDS[e["kind"]]), _where(e["kind"], e["at"]))
    ),
    "intelligence": lambda e, who: "%s plays an Intelligence Report card" % who(),
    "attack": lambda e, who: (
        "%s attacks %s from %s (%s)" % (who(), nation(e["n"]), NATIONS[e["from"]][0], FREE_BORDERS)
    ),
    "commando": lambda e, who: (
        "%s plays Helicopter Commandos: %d troops drop on %s" % (who(), e["troops"], nation(e["n"]))
    ),
    "blitz": _blitz,
    "attack_over": lambda e, who: "  %s's attack on %s is over" % (who(), nation(e["n"])),
    "conquest": lambda e, who: "%s conquers %s from %s" % (who(), nation(e["n"]), who("from")),
    "alliance": lambda e, who: "%s holds the whole %s alliance!" % (who(), e["name"]),
    "occupy": lambda e, who: "  %s moves %d troops into %s" % (who(), e["troops"], NATIONS[e["n"]][0]),
    "minefield": lambda e, who: "  %s lays a Minefield: %d troops lost on %s" % (who(), e["lost"], NATIONS[e["n"]][0]),
    "airlift": lambda e, who: (
        "%s airlifts %d troops from %s to %s" % (who(), e["n"], NATIONS[e["from"]][0], NATIONS[e["to"]][0])
    ),
    "sail": lambda e, who: (
        "%s sails %s and %s from %s to %s"
        % (who(), some(e["ships"], "battleship"), some(e["subs"], "submarine"), sea_name(e["from"]), sea_name(e["to"]))
    ),
    "naval_battle": lambda e, who: "sea battle at %s: %s against %s" % (sea_name(e["b"]), who(), who("def")),
    "shot": lambda e, who: "  %s fires at a %s: %s" % (VESSEL_WORDS[e["w"]], VESSEL_WORDS[e["t"]], e["face"]),
    "sea_conquest": lambda e, who: "%s takes %s" % (who(), e["name"]),
    "sea_vacant": lambda e, who: "  %s is empty now" % sea_name(e["b"]),
    "naval_over": lambda e, who: "  %s's fleet at %s is gone" % (who(), sea_name(e["b"])),
    "ocean_mine": lambda e, who: "  %s's Ocean Mine sinks a %s" % (who(), VESSEL_WORDS[e["lost"]]),
    "bomber": lambda e, who: "%s sends a Jet Bomber over %s" % (who(), place(e)),
    "anti_aircraft": lambda e, who: "  %s's Anti-Aircraft Missile downs the bomber" % who(),
    "hit": _hit,
    "cards": lambda e, who: "  %s draws %s" % (who(), some(e["n"], "Ultimatum card")) if e["n"] else None,
    "victory": lambda e, who: "%s WINS: the Oil alliance and the world's other powers bow" % who(),
    "refused": lambda e, who: "refused: %s; nothing changed" % e["message"],
}


def action_text(a):
    """What an action does, as a menu line."""
    kind = a["a"]
    told = _ACTIONS.get(kind)
    return told(a) if told is not None else OTHER_ACTIONS.get(kind, str(kind))


# each action with fields -> its menu line
_ACTIONS = {
    "take": lambda a: "take %s" % nation(a["n"]),
    "fleet": lambda a: "put 2 battleships on %s" % sea_name(a["b"]),
    "buy": lambda a: "buy %s%s" % (some(a["n"], KIND_WORDS[a["kind"]]), _where(a["kind"], a.get("at", -1))),
    "reinforce": lambda a: (
        "reinforcement card: %s%s" % (some(a["n"], KIND_WORDS[a["kind"]]), _where(a["kind"], a["at"]))
    ),
    "attack": lambda a: "attack %s from %s (free borders)" % (nation(a["to"]), NATIONS[a["from"]][0]),
    "commando": lambda a: "Helicopter Commandos on %s" % nation(a["to"]),
    "airlift": lambda a: "airlift %d troops from %s to %s" % (a["n"], NATIONS[a["from"]][0], NATIONS[a["to"]][0]),
    "sail": lambda a: (
        "sail %s, %s from %s to %s"
        % (some(a["ships"], "battleship"), some(a["subs"], "submarine"), sea_name(a["from"]), sea_name(a["to"]))
    ),
    "bomber": lambda a: "Jet Bomber on %s" % place(a),
    "laser": lambda a: "fire a laser at %s" % place(a),
    "fire_back": lambda a: "fire a laser back at %s" % place(a),
    "fire": lambda a: "fire: your %s at their %s" % (VESSEL_WORDS[a["w"]], VESSEL_WORDS[a["t"]]),
    "ocean_mine": lambda a: "Ocean Mine: sink their %s" % VESSEL_WORDS[a["w"]],
    "occupy": lambda a: "move %d troops in" % a["n"],
}

# the actions without fields to tell
OTHER_ACTIONS = {
    "roll_off": "roll off",
    "war": "done buying: go to war",
    "end": "end the turn",
    "roll": "roll one exchange",
    "blitz": "blitz: roll on to the end",
    "stop": "stop the attack",
    "minefield": "lay a Minefield",
    "anti_aircraft": "fire an Anti-Aircraft Missile",
    "intelligence": "play an Intelligence Report card (the box counts it spent)",
}
