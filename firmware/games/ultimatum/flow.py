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
from referee.flow import REFEREE, Flow, Who


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
            "roll_off": {"roll_off": (REFEREE, setup.roll_off)},
            "nations": {"take": (PICKER, setup.take)},
            "fleet_roll_off": {"roll_off": (REFEREE, setup.roll_off)},
            "fleets": {"fleet": (PICKER, setup.fleet)},
            "buy": {
                "buy": (ACTIVE, bank.buy),
                "reinforce": (ACTIVE, cards.reinforce),
                "intelligence": (ACTIVE, cards.intelligence),
                "war": (ACTIVE, turn.to_war),
                "end": (ACTIVE, turn.end_turn),
            },
            "war": {
                "buy": (ACTIVE, bank.buy),
                "reinforce": (ACTIVE, cards.reinforce),
                "intelligence": (ACTIVE, cards.intelligence),
                "attack": (ACTIVE, battles.attack),
                "commando": (ACTIVE, battles.commando),
                "airlift": (ACTIVE, battles.airlift),
                "sail": (ACTIVE, naval.sail),
                "bomber": (ACTIVE, air.bomber),
                "laser": (ACTIVE, air.laser),
                "fire_back": (FIRING_BACK, air.fire_back),
                "end": (ACTIVE, turn.end_turn),
            },
            "battle": {
                "roll": (ACTIVE, air.roll),
                "blitz": (ACTIVE, battles.blitz),
                "stop": (ACTIVE, battles.stop),
                "fire": (ACTIVE, naval.fire),
                "minefield": (DEFENDER, battles.minefield),
                "ocean_mine": (DEFENDER, naval.ocean_mine),
                "anti_aircraft": (DEFENDER, air.anti_aircraft),
                "laser": (SIDES, air.laser),
                "airlift": (SIDES, battles.airlift),
            },
            "occupy": {"occupy": (ACTIVE, battles.occupy)},
        }
    },
    turns={"war": ACTIVE, "battle": ACTIVE},  # a laser fired back, a defender's card: out of turn
)
