"""The yelling cards: parsed once from content.YELLING_CARD_TEXT into tuples.

A card is (icons, helmet, special, symbols, pollice_verso):
- icons: tuple of gladiator indices pictured on the card (may be empty);
- helmet: True for the unknown gladiator helmet (any gladiator in the arena);
- special: one of the SPECIAL_* codes, 0 for an ordinary card;
- symbols: tuple of (kind, value, pattern, knock_down, blood), each used once;
  pattern (melee only) is a tuple of (place, wounds), place being one of the
  PLACE_* codes relative to the attacker and the chosen direction;
- pollice_verso: True when the card carries the pollice verso symbol.
"""

from referee.compat import const
from ultimus.content import GLADIATOR_KEYS, YELLING_CARD_TEXT

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

_LETTER_KINDS = {
    "M": MOVE,
    "A": MELEE,
    "R": RANGED,
    "U": STAND_UP,
    "N": NET,
    "X": REMOVE_NET,
    "H": HEAL,
    "B": BLEED,
    "Y": DRAW,
    "L": LOUDEST,
}


class CardTextError(ValueError):
    pass


def _digits(text, where):
    if not text or not text.isdigit():
        raise CardTextError("expected a number in %r" % where)
    return int(text)


def parse_symbol(token):
    blood = token.endswith("*")
    if blood:
        token = token[:-1]
    knock = token.endswith("k")
    if knock:
        token = token[:-1]
    if not token or token[0] not in _LETTER_KINDS:
        raise CardTextError("unknown symbol %r" % token)
    kind = _LETTER_KINDS[token[0]]
    body = token[1:]
    if kind == MELEE:
        if ">" in body:
            front, behind = body.split(">")
            pattern = ((PLACE_FRONT, _digits(front, token)), (PLACE_BEHIND, _digits(behind, token)))
        elif "^" in body:
            front, side = body.split("^")
            side = _digits(side, token)
            pattern = ((PLACE_LEFT, side), (PLACE_FRONT, _digits(front, token)), (PLACE_RIGHT, side))
        else:
            pattern = ((PLACE_FRONT, _digits(body, token)),)
        return (kind, pattern[0][1] if len(pattern) != 3 else pattern[1][1], pattern, knock, blood)
    if kind in (MOVE, RANGED, HEAL, BLEED, DRAW):
        value = _digits(body, token)
    elif body:
        raise CardTextError("symbol %r takes no number" % token)
    else:
        value = 0
    if knock and kind != RANGED:
        raise CardTextError("only attacks knock down: %r" % token)
    return (kind, value, None, knock, blood)


def parse_line(line):
    """'2x tigris: M3 A2k' -> (count, card)."""
    head, _, body = line.partition(":")
    count, _, who = head.strip().partition("x ")
    count = _digits(count.strip(), line)
    who = who.strip()
    special = 0
    icons = ()
    helmet = False
    if who.startswith("special "):
        name = who[8:].strip()
        if name not in SPECIAL_NAMES[1:]:
            raise CardTextError("unknown special card %r" % name)
        special = SPECIAL_NAMES.index(name)
    elif who == "?":
        helmet = True
    else:
        found = []
        for key in who.split(","):
            key = key.strip()
            if key not in GLADIATOR_KEYS:
                raise CardTextError("unknown gladiator %r" % key)
            found.append(GLADIATOR_KEYS.index(key))
        icons = tuple(found)
    pv = False
    symbols = []
    for token in body.split():
        if token == "PV":
            pv = True
        else:
            symbols.append(parse_symbol(token))
    return count, (icons, helmet, special, tuple(symbols), pv)


def parse_cards(text):
    cards = []
    for line in text.split("\n"):
        line = line.strip()
        if line and not line.startswith("#"):
            count, card = parse_line(line)
            for _ in range(count):
                cards.append(card)
    return tuple(cards)


CARDS = parse_cards(YELLING_CARD_TEXT)
# (wounds, blood splatter) of each bleeding symbol of each card: cardchecks.bleed_ok reads only these
BLEEDS = tuple(tuple((sym[1], sym[4]) for sym in card[3] if sym[0] == BLEED) for card in CARDS)


def movement_points(card_id):
    """All the movement on a card: what the loudest-spectator draw compares."""
    total = 0
    for sym in CARDS[card_id][3]:
        if sym[0] == MOVE:
            total += sym[1]
    return total
