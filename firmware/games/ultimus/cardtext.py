"""The yelling cards as readable text, and the parser that reads it: the source of games.ultimus.cards.

Edit YELLING_CARD_TEXT when you own the printed cards, then run
`python tools/gen_content.py` to write the literal table games/ultimus/cards.py
that the core reads (tests/test_content.py checks that the two agree). The
core never imports this module at run time: parsing the text took ~12 KB of
a Pico's heap, and the literal table is frozen into flash with the firmware.
"""

from games.ultimus.content import GLADIATOR_KEYS
from games.ultimus.yelling import (
    BLEED,
    DRAW,
    HEAL,
    LOUDEST,
    MELEE,
    MOVE,
    NET,
    PLACE_BEHIND,
    PLACE_FRONT,
    PLACE_LEFT,
    PLACE_RIGHT,
    RANGED,
    REMOVE_NET,
    SPECIAL_NAMES,
    STAND_UP,
)

# One line per kind of card: "COUNT x ICONS: SYMBOLS". ICONS are gladiator
# keys joined by "," or "?" (the unknown gladiator helmet: any gladiator in
# the arena) or "special NAME". SYMBOLS, used in any order, each once:
#   M3      movement, 3 fields
#   A2      close combat: 2 wounds to the neighbouring field in front
#   A3>1    pierce: 3 in front, 1 on the field behind it
#   A2^1    swing: 2 in front, 1 on each field flanking the front
#   R2      ranged attack, 2 wounds, any gladiator in the arena
#   suffix k  the attack knocks down whoever it hits
#   suffix *  blood splatter: usable by any gladiator when the pictured
#             ones are all dead or pardoned
#   U stand up   N net (Retiarius)   X remove the net   H2 heal 2
#   B2 bleeding 2   Y1 draw 1 yelling card   L loudest spectator
#   PV pollice verso (a flag of the whole card)
YELLING_CARD_TEXT = """
2x tigris: M3 A2k
2x tigris: M4 A1
1x tigris: M2 A3k PV
1x tigris: M2 A2^1 PV
1x tigris: M3 U A2
1x tigris: A2k A1 Y1
1x tigris: M2 H2
1x tigris: M3 A2* L
1x tigris: M1 A1k* X
2x sagittarius: R2
1x sagittarius: R2 M1 PV
1x sagittarius: R3 PV
1x sagittarius: R1k M2
1x sagittarius: M3 R1
1x sagittarius: M2 A1 Y1
1x sagittarius: R2* L
1x sagittarius: M2 H2 X
1x sagittarius: M4 U
1x sagittarius: R1 R1*
2x retiarius: M2 A2 N
1x retiarius: M2 A2>1 PV
1x retiarius: A3>2 N PV
1x retiarius: M3 A1 N
1x retiarius: M2 A2>1 Y1
1x retiarius: M1 A2* L
1x retiarius: M2 H2 U
1x retiarius: M3 A1>1k
1x retiarius: R1 N
1x retiarius: M2 A1 A1*
2x murmillo: M2 A3
1x murmillo: M2 A4 PV
1x murmillo: M1 A3^1 PV
1x murmillo: M2 A2 H1
1x murmillo: M2 A2* L
1x murmillo: A3k Y1
1x murmillo: M2 A2 U
1x murmillo: M1 A2 A2 PV
1x murmillo: M3 X
1x murmillo: H3 M1
2x barbarus: M1 A4
1x barbarus: M1 A5k PV
1x barbarus: A3^2 PV
1x barbarus: M2 A3
1x barbarus: M1 A3>2
1x barbarus: M2 A3* L
1x barbarus: M1 U A3
1x barbarus: M2 H2 X
1x barbarus: M3 Y1
1x barbarus: A4k* PV
2x dimachaerus: M4 A1 A1
1x dimachaerus: M3 R1 PV
1x dimachaerus: M3 A2 A1 PV
1x dimachaerus: M5
1x dimachaerus: M2 R2
1x dimachaerus: M3 A1^1 L
1x dimachaerus: M3 A2* Y1
1x dimachaerus: M2 H2 U
1x dimachaerus: R1k M3
1x dimachaerus: M2 A1 X A1*
1x tigris,barbarus: M2 A3 PV
1x murmillo,retiarius: M2 A2 A1
1x sagittarius,dimachaerus: M2 R2
1x tigris,dimachaerus: M4 A1k*
1x barbarus,murmillo: M1 A3* PV
2x ?: B2 Y1
1x ?: B3
1x ?: M2 H2
1x ?: M2 A2 L
1x special stupid_bet:
1x special playing_dead: M2 A2
1x special coming_back: M2
1x special drunk:
"""


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
