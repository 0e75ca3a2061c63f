"""The flow of ULTIMUS, declared in one table: what can happen when, and who may do it.

Read FLOW from the top: for each mode (the full card game, or the box's
effect level), each phase of a battle, the actions allowed in it, who may
take them and the handler that runs. The engine (referee.engine.apply)
checks phase, mode and actor from this table before any handler runs, and
games.ultimus.legal lists actions from the same table, so the two cannot differ.

Phases: loudest -> betting -> entrance -> shout -> action (turn by turn,
back to shout each round) -> battle_end -> (next battle: betting) or over.
"""

from games.ultimus import battle, boxplay, trade
from games.ultimus.state import MODE_BOX, MODE_FULL
from referee.flow import ANY_PHASE, ANY_SEAT, REFEREE, Flow, Who

# --- who may act ------------------------------------------------------------------


def _placing(s):
    return [battle.entrance_seat(s)]


def _card_player(s):
    card = s["card"]
    return [] if card is None or s["pollice_verso"] else [card["ctrl"]]


def _no_card(s):
    if s["card"] is None or s["pollice_verso"]:
        return ("not_your_turn", "no yelling card is being played now")
    return None


def _active(s):
    """The seat whose turn it is (battle.active_seat: the flow asks only in the action phase)."""
    return [] if s["pollice_verso"] else [s["order"][s["turn"]]]


def _verso_first(s):
    if s["pollice_verso"]:
        return ("pollice_verso", "the loudest spectator decides first")
    return None


def _loudest_decides(s):
    return [s["loudest"]] if s["pollice_verso"] else []


def _no_verso(s):
    if not s["pollice_verso"]:
        return ("no_pollice_verso", "no gladiator waits for the pollice verso")
    return None


PLACING = Who(
    "the seat placing the next gladiator",
    _placing,
    "not_your_turn",
    "another seat places the next gladiator (clockwise from the loudest spectator)",
)
CARD_PLAYER = Who(
    "the seat playing the revealed card", _card_player, "not_your_turn", "another seat plays this card", _no_card
)
THINKER = Who("the active seat", _active)
ACTIVE = Who("the active seat", _active, "not_your_turn", "another seat is playing", _verso_first)
LOUDEST = Who(
    "the loudest spectator", _loudest_decides, "not_loudest", "only the loudest spectator turns the thumb", _no_verso
)


def _cardplay(name):
    """A card-level handler by name: imported on first use, so the box never loads cardplay."""
    return "games.ultimus.cardplay." + name


# --- the table -----------------------------------------------------------------------

FLOW = Flow(
    {
        MODE_FULL: {
            "loudest": {"draw_loudest": (REFEREE, battle.draw_loudest)},
            "betting": {"bet": (ANY_SEAT, battle.place_bet), "ready": (ANY_SEAT, battle.bets_ready)},
            "entrance": {"place": (PLACING, battle.place_gladiator)},
            "shout": {"commit": (ANY_SEAT, battle.commit), "clamo": (REFEREE, battle.clamo)},
            "action": {
                "thumb": (LOUDEST, battle.thumb),
                "think": (THINKER, battle.think),
                "choose": (CARD_PLAYER, _cardplay("choose")),
                "move": (CARD_PLAYER, _cardplay("move")),
                "rise": (CARD_PLAYER, _cardplay("rise")),
                "step": (CARD_PLAYER, _cardplay("step")),
                "melee": (CARD_PLAYER, _cardplay("melee")),
                "ranged": (CARD_PLAYER, _cardplay("ranged")),
                "net": (CARD_PLAYER, _cardplay("net")),
                "unnet": (CARD_PLAYER, _cardplay("remove_net")),
                "heal": (CARD_PLAYER, _cardplay("heal")),
                "bleed": (CARD_PLAYER, _cardplay("bleed")),
                "draw": (CARD_PLAYER, _cardplay("draw")),
                "loudest": (CARD_PLAYER, _cardplay("loudest")),
                "rebet": (CARD_PLAYER, _cardplay("rebet")),
                "discard": (CARD_PLAYER, _cardplay("discard")),
                "end": (CARD_PLAYER, _cardplay("end_card")),
            },
            "battle_end": {"next": (REFEREE, battle.next_battle), "finish": (REFEREE, battle.finish)},
            ANY_PHASE: {"give": (ANY_SEAT, trade.give_gold), "pass_card": (ANY_SEAT, trade.give_card)},
        },
        MODE_BOX: {
            "loudest": {
                "draw_loudest": (REFEREE, battle.draw_loudest),
                "set_loudest": (REFEREE, battle.choose_loudest),
            },
            "betting": {"bets_placed": (REFEREE, battle.bets_placed)},
            "entrance": {"place": (PLACING, battle.place_gladiator)},
            "shout": {"commit": (ANY_SEAT, battle.commit), "clamo": (REFEREE, battle.clamo)},
            "action": {
                "thumb": (LOUDEST, battle.thumb),
                "damage": (ACTIVE, boxplay.damage),
                "bleed": (ACTIVE, boxplay.bleed),
                "heal": (ACTIVE, boxplay.heal),
                "knock": (ACTIVE, boxplay.knock),
                "stand": (ACTIVE, boxplay.stand),
                "net": (ACTIVE, boxplay.net),
                "unnet": (ACTIVE, boxplay.unnet),
                "revive": (ACTIVE, boxplay.revive),
                "come_back": (ACTIVE, boxplay.come_back),
                "drunk": (ACTIVE, boxplay.drunk),
                "loudest": (ACTIVE, boxplay.loudest),
                "draw": (ACTIVE, boxplay.draw),
                "done": (ACTIVE, boxplay.done),
            },
            "battle_end": {
                "payout": (ANY_SEAT, battle.payout),
                "next": (REFEREE, battle.next_battle),
                "finish": (REFEREE, battle.finish),
            },
            ANY_PHASE: {"give": (ANY_SEAT, trade.give_gold)},
        },
    }
)
