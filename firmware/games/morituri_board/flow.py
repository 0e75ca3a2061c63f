"""The flow of the Morituri board game, declared in one table: what can happen when, and who may do it.

start (the roll-off) -> each turn: move -> space -> (draw | fight <-> crowd,
mercy | roma)* -> the next seat's move, or "roma" for a seat waiting there
... -> over. The box (the referee) rolls the start and the combat rounds; the
seat whose turn it is moves and says what the space did; a drawer names his
card; the gladiator at 1 HP faces the crowd.
"""

from games.morituri_board import fight, turn
from games.morituri_board.state import drawer
from referee.flow import REFEREE, Flow, Who, move


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
            "start": {"roll_off": move(REFEREE, turn.roll_off, ("dice",))},
            "move": {"move": move(ACTIVE, turn.move, ("dice",))},
            "space": {
                "nothing": move(ACTIVE, turn.nothing),
                "hp_space": move(ACTIVE, turn.hp_space, ("k",)),
                "draw": move(ACTIVE, turn.draw),
                "arena": move(ACTIVE, turn.arena, ("pennants", "vs")),
                "roma": move(ACTIVE, turn.roma),
                "flux": move(ACTIVE, turn.space_flux, ("n",)),
            },
            "draw": {
                "card": move(DRAWER, turn.card, ("c", "keep", "discard")),
                "flux": move(DRAWER, turn.flux, ("n",)),
                "lose": move(DRAWER, turn.lose, ("c",)),
                "debt": move(DRAWER, turn.debt),
                "other": move(DRAWER, turn.other),
            },
            "fight": {"round": move(REFEREE, fight.fight_round, ("dice", "net"))},
            "crowd": {"crowd": move(REDUCED, fight.crowd, ("dice",))},
            "mercy": {"thumb": move(REDUCED, fight.thumb, ("up",))},
            "roma": {"beast": move(ACTIVE, turn.beast), "wait": move(ACTIVE, turn.wait)},
        }
    }
)
