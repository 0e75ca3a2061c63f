"""The flow of Ultimatum, declared in one table: what can happen when, and who may do it.

Phases: roll_off -> nations (4 each, then 1 each until all 37) -> fleet_roll_off
-> fleets (2 battleships per blockade until all 14) -> then turn by turn in
attack order: buy (savings) -> war <-> battle / occupy -> (end: next seat's buy)
... -> over (Oil and one other alliance; two in a 2-player game).

The engine checks phase and actor from this table before any handler runs,
and games.ultimatum.legal lists actions from the same table.
"""

from games.ultimatum import air, bank, battles, cards, naval, setup, turn
from games.ultimatum.state import picker
from referee.flow import REFEREE, Flow, Who, move


def _picker(s):
    return [picker(s)]


def _active(s):
    return [s["active"]]


def _defender(s):
    return [s["battle"]["def"]]


def _sides(s):
    return [s["active"], s["battle"]["def"]]


def _firing_back(s):
    return [p for p in range(s["players"]) if s["fire_back"][p] > 0]


def _no_fire_back(s):
    return ("no_fire_back", "no laser was fired at you this turn that you have not answered")


PICKER = Who("the seat choosing now", _picker, "not_your_turn", "another seat chooses now (clockwise)")
ACTIVE = Who("the seat whose turn it is", _active, "not_your_turn", "it is another seat's turn")
DEFENDER = Who("the defender", _defender, "not_defender", "only the defender plays that card")
SIDES = Who("the attacker or the defender", _sides, "not_in_battle", "only the two sides of the battle act now")
FIRING_BACK = Who("a seat a laser was fired at", _firing_back, "no_fire_back", "", _no_fire_back)

FLOW = Flow(
    {
        "": {
            "roll_off": {"roll_off": move(REFEREE, setup.roll_off, ("dice",))},
            "nations": {"take": move(PICKER, setup.take, ("n",))},
            "fleet_roll_off": {"roll_off": move(REFEREE, setup.roll_off, ("dice",))},
            "fleets": {"fleet": move(PICKER, setup.fleet, ("b",))},
            "buy": {
                "buy": move(ACTIVE, bank.buy, ("kind", "n", "at")),
                "reinforce": move(ACTIVE, cards.reinforce, ("kind", "n", "at")),
                "intelligence": move(ACTIVE, cards.intelligence),
                "war": move(ACTIVE, turn.to_war),
                "end": move(ACTIVE, turn.end_turn),
            },
            "war": {
                "buy": move(ACTIVE, bank.buy, ("kind", "n", "at")),
                "reinforce": move(ACTIVE, cards.reinforce, ("kind", "n", "at")),
                "intelligence": move(ACTIVE, cards.intelligence),
                "attack": move(ACTIVE, battles.attack, ("from", "to")),
                "commando": move(ACTIVE, battles.commando, ("to",)),
                "airlift": move(ACTIVE, battles.airlift, ("from", "to", "n")),
                "sail": move(ACTIVE, naval.sail, ("from", "to", "ships", "subs")),
                "bomber": move(ACTIVE, air.bomber, ("n", "b")),
                "laser": move(ACTIVE, air.laser, ("n", "b", "dice")),
                "fire_back": move(FIRING_BACK, air.fire_back, ("n", "b", "dice")),
                "end": move(ACTIVE, turn.end_turn),
            },
            "battle": {
                "roll": move(ACTIVE, air.roll, ("dice",)),
                "blitz": move(ACTIVE, battles.blitz, ("dice",)),
                "stop": move(ACTIVE, battles.stop),
                "fire": move(ACTIVE, naval.fire, ("w", "t", "dice")),
                "minefield": move(DEFENDER, battles.minefield),
                "ocean_mine": move(DEFENDER, naval.ocean_mine, ("w",)),
                "anti_aircraft": move(DEFENDER, air.anti_aircraft),
                "laser": move(SIDES, air.laser, ("n", "b", "dice")),
                "airlift": move(SIDES, battles.airlift, ("from", "to", "n")),
            },
            "occupy": {"occupy": move(ACTIVE, battles.occupy, ("n",))},
        }
    },
    turns={"war": ACTIVE, "battle": ACTIVE},  # a laser fired back, a defender's card: out of turn
)
