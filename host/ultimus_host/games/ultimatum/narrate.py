"""Ultimatum events and actions as one line of English each: for `ultimus play`/`demo --game ultimatum`
and the virtual box.

Nations by name ("Great Britain (Western)"), sea places as the board numbers
them ("blockade 3", "anchor 2"), seats as "seat 1" (no box) or "station 3"
(on a box: stations, the box's station of each seat). line(e) reads one
event; action_text(a) says what an action would do.
"""

from games.ultimatum.content import ALLIANCE_OF, ALLIANCES, CHEST, NATIONS, SAVINGS, WORLDPOWER, sea_name
from referee.ledger import BANK
from ultimus_host.narrate import station_name, unknown

KIND_WORDS = {"troop": "troop(s)", "ship": "battleship(s)", "sub": "submarine(s)", "laser": "laser(s)"}
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

    def who(key="who"):
        return seat_name(e[key], stations)

    if kind == "roll":
        if not verbose and e["why"] not in ("first_nations", "first_fleet"):
            return None
        why = ROLL_WHY.get(e["why"], "rolls")
        return "  %s: %s %s" % (who(), why, " ".join(str(d) for d in e["dice"]))
    if kind == "roll_off":
        what = "chooses nations first" if e["why"] == "first_nations" else "places battleships first"
        return "%s rolled highest (%d round(s)) and %s" % (who("winner"), e["rounds"], what)
    if kind == "take":
        return "%s takes %s with %d troops" % (who(), nation(e["n"]), e["troops"])
    if kind == "fleet":
        return "%s puts 2 battleships on %s" % (who(), sea_name(e["b"]))
    if kind == "turn":
        return "--- %s's turn ---" % who()
    if kind == "war":
        return "%s goes to war" % who()
    if kind == "pay":
        purse = PURSE_WORDS.get(e["purse"], e["purse"])
        if e["to"] == BANK and e["why"] in KIND_WORDS:  # a purchase
            return "  %s pays $%d out of the %s" % (seat_name(e["from"], stations), e["n"], purse)
        return "  %s pays %s $%d (%s, into the %s)" % (
            seat_name(e["from"], stations),
            seat_name(e["to"], stations),
            e["n"],
            PAY_WHY.get(e["why"], e["why"]),
            purse,
        )
    if kind == "debt":
        return "  %s owes %s $%d more (%s)" % (
            seat_name(e["from"], stations),
            seat_name(e["to"], stations),
            e["n"],
            PAY_WHY.get(e["why"], e["why"]),
        )
    if kind == "expire":
        return "  %s's unspent %s ($%d) goes back to the bank" % (who(), PURSE_WORDS.get(e["purse"], "money"), e["n"])
    if kind == "buy":
        return "%s buys %d %s%s" % (who(), e["n"], KIND_WORDS[e["kind"]], _where(e["kind"], e["at"]))
    if kind == "reinforce":
        return "%s plays a reinforcement card: %d %s%s" % (
            who(),
            e["n"],
            KIND_WORDS[e["kind"]],
            _where(e["kind"], e["at"]),
        )
    if kind == "intelligence":
        return "%s plays an Intelligence Report card" % who()
    if kind == "attack":
        return "%s attacks %s from %s" % (who(), nation(e["n"]), NATIONS[e["from"]][0])
    if kind == "commando":
        return "%s plays Helicopter Commandos: %d troops drop on %s" % (who(), e["troops"], nation(e["n"]))
    if kind == "blitz":
        return "  blitz: %d exchange(s)" % e["exchanges"]
    if kind == "attack_over":
        return "  %s's attack on %s is over" % (who(), nation(e["n"]))
    if kind == "conquest":
        return "%s conquers %s from %s" % (who(), nation(e["n"]), seat_name(e["from"], stations))
    if kind == "alliance":
        return "%s holds the whole %s alliance!" % (who(), e["name"])
    if kind == "occupy":
        return "  %s moves %d troops into %s" % (who(), e["troops"], NATIONS[e["n"]][0])
    if kind == "minefield":
        return "  %s lays a Minefield: %d troops lost on %s" % (who(), e["lost"], NATIONS[e["n"]][0])
    if kind == "airlift":
        return "%s airlifts %d troops from %s to %s" % (who(), e["n"], NATIONS[e["from"]][0], NATIONS[e["to"]][0])
    if kind == "sail":
        return "%s sails %d battleship(s) and %d submarine(s) from %s to %s" % (
            who(),
            e["ships"],
            e["subs"],
            sea_name(e["from"]),
            sea_name(e["to"]),
        )
    if kind == "naval_battle":
        return "sea battle at %s: %s against %s" % (sea_name(e["b"]), who(), who("def"))
    if kind == "shot":
        return "  %s fires at a %s: %s" % (VESSEL_WORDS[e["w"]], VESSEL_WORDS[e["t"]], e["face"])
    if kind == "sea_conquest":
        return "%s takes %s" % (who(), e["name"])
    if kind == "sea_vacant":
        return "  %s is empty now" % sea_name(e["b"])
    if kind == "naval_over":
        return "  %s's fleet at %s is gone" % (who(), sea_name(e["b"]))
    if kind == "ocean_mine":
        return "  %s's Ocean Mine sinks a %s" % (who(), VESSEL_WORDS[e["lost"]])
    if kind == "bomber":
        return "%s sends a Jet Bomber over %s" % (who(), place(e))
    if kind == "anti_aircraft":
        return "  %s's Anti-Aircraft Missile downs the bomber" % who()
    if kind == "hit":
        by = {
            "bomber": "the bomber",
            "laser": "a laser",
            "fire_back": "a laser fired back",
            "defender_laser": "a laser launched under attack",
        }.get(e["why"], e["why"])
        if "troops" in e:
            return "  %s destroys %d troops on %s" % (by, e["troops"], nation(e["n"]))
        return "  %s sinks %d battleship(s) and %d submarine(s) at %s" % (by, e["ships"], e["subs"], sea_name(e["b"]))
    if kind == "cards":
        return "  %s draws %d Ultimatum card(s)" % (who(), e["n"]) if e["n"] else None
    if kind == "victory":
        return "%s WINS: the Oil alliance and the world's other powers bow" % who()
    if kind == "refused":
        return "refused: %s; nothing changed" % e["message"]
    return unknown(e)


def action_text(a):
    """What an action does, as a menu line."""
    kind = a["a"]
    if kind == "take":
        return "take %s" % nation(a["n"])
    if kind == "fleet":
        return "put 2 battleships on %s" % sea_name(a["b"])
    if kind == "buy":
        return "buy %d %s%s" % (a["n"], KIND_WORDS[a["kind"]], _where(a["kind"], a.get("at", -1)))
    if kind == "reinforce":
        return "reinforcement card: %d %s%s" % (a["n"], KIND_WORDS[a["kind"]], _where(a["kind"], a["at"]))
    if kind == "attack":
        return "attack %s from %s" % (nation(a["to"]), NATIONS[a["from"]][0])
    if kind == "commando":
        return "Helicopter Commandos on %s" % nation(a["to"])
    if kind == "airlift":
        return "airlift %d troops from %s to %s" % (a["n"], NATIONS[a["from"]][0], NATIONS[a["to"]][0])
    if kind == "sail":
        return "sail %d battleship(s), %d submarine(s) from %s to %s" % (
            a["ships"],
            a["subs"],
            sea_name(a["from"]),
            sea_name(a["to"]),
        )
    if kind in ("bomber", "laser", "fire_back"):
        what = {"bomber": "Jet Bomber on", "laser": "fire a laser at", "fire_back": "fire a laser back at"}[kind]
        return "%s %s" % (what, place(a))
    if kind == "fire":
        return "fire: your %s at their %s" % (VESSEL_WORDS[a["w"]], VESSEL_WORDS[a["t"]])
    if kind == "ocean_mine":
        return "Ocean Mine: sink their %s" % VESSEL_WORDS[a["w"]]
    if kind == "occupy":
        return "move %d troops in" % a["n"]
    return OTHER_ACTIONS.get(kind, str(kind))


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
