"""The yelling cards: the literal table games.ultimus.cards (written from games.ultimus.cardtext), and their codes.

A card is (icons, helmet, special, symbols, pollice_verso):
- icons: tuple of gladiator indices pictured on the card (may be empty);
- helmet: True for the unknown gladiator helmet (any gladiator in the arena);
- special: one of the SPECIAL_* codes, 0 for an ordinary card;
- symbols: tuple of (kind, value, pattern, knock_down, blood), each used once;
  pattern (melee only) is a tuple of (place, wounds), place being one of the
  PLACE_* codes relative to the attacker and the chosen direction;
- pollice_verso: True when the card carries the pollice verso symbol.
"""

from games.ultimus import cards
from referee.compat import const

MOVE = const(0)
MELEE = const(1)
RANGED = const(2)
STAND_UP = const(3)
NET = const(4)
REMOVE_NET = const(5)
HEAL = const(6)
BLEED = const(7)
DRAW = const(8)
LOUDEST = const(9)
SYMBOL_NAMES = ("move", "melee", "ranged", "stand_up", "net", "remove_net", "heal", "bleed", "draw", "loudest")

PLACE_FRONT = const(0)
PLACE_BEHIND = const(1)
PLACE_LEFT = const(2)
PLACE_RIGHT = const(3)

SPECIAL_STUPID_BET = const(1)
SPECIAL_PLAYING_DEAD = const(2)
SPECIAL_COMING_BACK = const(3)
SPECIAL_DRUNK = const(4)
SPECIAL_NAMES = ("", "stupid_bet", "playing_dead", "coming_back", "drunk")

# The literal table, typed loosely: a card may have no symbols, of any kind.
CARDS = cards.CARDS  # type: tuple

# (wounds, blood splatter) of each bleeding symbol of each card: cardchecks.bleed_ok reads only these
BLEEDS = tuple(tuple((sym[1], sym[4]) for sym in card[3] if sym[0] == BLEED) for card in CARDS)


def movement_points(card_id):
    """All the movement on a card: what the loudest-spectator draw compares."""
    total = 0
    for sym in CARDS[card_id][3]:
        if sym[0] == MOVE:
            total += sym[1]
    return total
