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
from referee.flow import ANY_PHASE, ANY_SEAT, REFEREE, Flow, Who, move

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
# The card's player always has something to do (acts): choose its gladiator, else end the card, or for a
# stupid bet first discard (cardchecks.end_card_problem), so the actors ask none of its pre-checks.
CARD_PLAYER = Who(
    "the seat playing the revealed card", _card_player, "not_your_turn", "another seat plays this card", _no_card, True
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
            "loudest": {"draw_loudest": move(REFEREE, battle.draw_loudest)},
            "betting": {
                "bet": move(ANY_SEAT, battle.place_bet, ("k", "won")),
                "ready": move(ANY_SEAT, battle.bets_ready),
            },
            "entrance": {"place": move(PLACING, battle.place_gladiator, ("g", "f"))},
            "shout": {
                "commit": move(ANY_SEAT, battle.commit, ("shout", "c"), hidden=("shout", "c")),
                "clamo": move(REFEREE, battle.clamo),
            },
            "action": {
                "thumb": move(LOUDEST, battle.thumb, ("up",)),
                "think": move(THINKER, battle.think, ("c",), hidden=("c",)),
                "choose": move(CARD_PLAYER, _cardplay("choose"), ("g", "f")),
                "move": move(CARD_PLAYER, _cardplay("move"), ("i",)),
                "rise": move(CARD_PLAYER, _cardplay("rise"), ("i",)),
                "step": move(CARD_PLAYER, _cardplay("step"), ("d",)),
                "melee": move(CARD_PLAYER, _cardplay("melee"), ("i", "d")),
                "ranged": move(CARD_PLAYER, _cardplay("ranged"), ("i", "g")),
                "net": move(CARD_PLAYER, _cardplay("net"), ("i", "t")),
                "unnet": move(CARD_PLAYER, _cardplay("remove_net"), ("i",)),
                "heal": move(CARD_PLAYER, _cardplay("heal"), ("i",)),
                "bleed": move(CARD_PLAYER, _cardplay("bleed"), ("i",)),
                "draw": move(CARD_PLAYER, _cardplay("draw"), ("i",)),
                "loudest": move(CARD_PLAYER, _cardplay("loudest"), ("i",)),
                "rebet": move(CARD_PLAYER, _cardplay("rebet"), ("src", "k")),
                "discard": move(CARD_PLAYER, _cardplay("discard"), ("c",), hidden=("c",)),
                "end": move(CARD_PLAYER, _cardplay("end_card")),
            },
            "battle_end": {"next": move(REFEREE, battle.next_battle), "finish": move(REFEREE, battle.finish)},
            ANY_PHASE: {
                "give": move(ANY_SEAT, trade.give_gold, ("to", "n")),
                "pass_card": move(ANY_SEAT, trade.give_card, ("to", "c"), hidden=("c",)),
            },
        },
        MODE_BOX: {
            "loudest": {
                "draw_loudest": move(REFEREE, battle.draw_loudest),
                "set_loudest": move(REFEREE, battle.choose_loudest),
            },
            "betting": {"bets_placed": move(REFEREE, battle.bets_placed)},
            "entrance": {"place": move(PLACING, battle.place_gladiator, ("g",))},
            "shout": {
                "commit": move(ANY_SEAT, battle.commit, ("shout", "c"), hidden=("shout", "c")),
                "clamo": move(REFEREE, battle.clamo),
            },
            "action": {
                "thumb": move(LOUDEST, battle.thumb, ("up",)),
                "damage": move(ACTIVE, boxplay.damage, ("g", "n", "pv", "knock")),
                "bleed": move(ACTIVE, boxplay.bleed, ("g", "n")),
                "heal": move(ACTIVE, boxplay.heal, ("g", "n")),
                "knock": move(ACTIVE, boxplay.knock, ("g",)),
                "stand": move(ACTIVE, boxplay.stand, ("g",)),
                "net": move(ACTIVE, boxplay.net, ("g",)),
                "unnet": move(ACTIVE, boxplay.unnet, ("g",)),
                "revive": move(ACTIVE, boxplay.revive, ("g",)),
                "come_back": move(ACTIVE, boxplay.come_back, ("g",)),
                "drunk": move(ACTIVE, boxplay.drunk, ("g",)),
                "loudest": move(ACTIVE, boxplay.loudest),
                "draw": move(ACTIVE, boxplay.draw),
                "done": move(ACTIVE, boxplay.done),
            },
            "battle_end": {
                "payout": move(ANY_SEAT, battle.payout, ("b", "coins")),
                "next": move(REFEREE, battle.next_battle),
                "finish": move(REFEREE, battle.finish),
            },
            ANY_PHASE: {"give": move(ANY_SEAT, trade.give_gold, ("to", "n"))},
        },
    }
)
