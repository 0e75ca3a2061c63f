"""The flow of the Morituri board game, declared in one table: what can happen when, and who may do it.

start (the roll-off) -> each turn: move -> space -> (draw | fight <-> crowd,
mercy | roma)* -> the next seat's move, or "roma" for a seat waiting there
... -> over. The box (the referee) rolls the start and the combat rounds; the
seat whose turn it is moves and says what the space did; a drawer names his
card; the gladiator at 1 HP faces the crowd.
"""

from games.morituri_board import fight, turn
from games.morituri_board.state import drawer
from referee.flow import REFEREE, Flow, Who


def _active(s):
    return [s["active"]]


def _drawer(s):
    return [drawer(s)]


def _reduced(s):
    return [fight.reduced_seat(s)]


ACTIVE = Who("the seat whose turn it is", _active, "not_your_turn", "it is another seat's turn")
DRAWER = Who("the seat that drew a card", _drawer, "not_drawer", "another seat names the card he drew")
REDUCED = Who("the gladiator at 1 hit point", _reduced, "not_reduced", "only the gladiator at 1 HP faces the crowd")

FLOW = Flow(
    {
        "": {
            "start": {"roll_off": (REFEREE, turn.roll_off)},
            "move": {"move": (ACTIVE, turn.move)},
            "space": {
                "nothing": (ACTIVE, turn.nothing),
                "hp_space": (ACTIVE, turn.hp_space),
                "draw": (ACTIVE, turn.draw),
                "arena": (ACTIVE, turn.arena),
                "roma": (ACTIVE, turn.roma),
                "flux": (ACTIVE, turn.space_flux),
            },
            "draw": {
                "card": (DRAWER, turn.card),
                "flux": (DRAWER, turn.flux),
                "lose": (DRAWER, turn.lose),
                "debt": (DRAWER, turn.debt),
                "other": (DRAWER, turn.other),
            },
            "fight": {"round": (REFEREE, fight.fight_round)},
            "crowd": {"crowd": (REDUCED, fight.crowd)},
            "mercy": {"thumb": (REDUCED, fight.thumb)},
            "roma": {"beast": (ACTIVE, turn.beast), "wait": (ACTIVE, turn.wait)},
        }
    }
)
