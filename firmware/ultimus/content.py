"""The game content the rulebook text does not list, as editable data.

Everything here is a reconstruction (the printed cards and board are not in
the rulebook text); docs/content.md explains each choice. Edit this file when
you own the printed cards: the rest of the core reads only these tables.
"""

# --- gladiators ---------------------------------------------------------
# Index order is the order of the icons on the yelling-card legend.
GLADIATOR_KEYS = ("tigris", "sagittarius", "retiarius", "murmillo", "barbarus", "dimachaerus")
GLADIATOR_NAMES = ("Tigris", "Sagittarius", "Retiarius", "Murmillo", "Barbarus", "Dimachaerus")
# Highest number on each health wheel (a wheel of 12 LEDs shows up to 12).
MAX_HEALTH = (9, 8, 9, 11, 12, 7)
# The one gladiator who owns the net.
NET_OWNER = 2  # Retiarius

# --- battle set-up by number of players ---------------------------------
MIN_PLAYERS = 2
MAX_PLAYERS = 6
YELLING_CARDS_PER_PLAYER = 3
# index = number of players; 16 betting cards must cover players * cards
BETTING_CARDS_BY_PLAYERS = (0, 0, 6, 5, 4, 3, 2)
NEW_GOLD_BY_PLAYERS = (0, 0, 5, 5, 4, 4, 3)
MAX_COINS_PER_BETTING_CARD = 3
BANK_START = 70  # the coins in the box; the bank may go into debt (IOUs)
DEFAULT_BATTLES = 3

# --- the arena ----------------------------------------------------------
# A hexagon of radius 3: 37 fields, the six corner fields lie in front of
# the six doors, (0, 0) is the centre field.
ARENA_RADIUS = 3

# --- betting cards ------------------------------------------------------
BET_WIN = 0  # the gladiator is the ultimum gladiator
BET_DIE = 1  # the gladiator ends the battle dead (pardoned is not dead)
BET_INVEST = 2  # the gladiator wins or is pardoned
BET_KIND_NAMES = ("win", "die", "invest")

# (gladiator, kind, total paid back for 1, 2 and 3 coins: the card's 2nd row)
BETTING_CARDS = (
    (0, BET_WIN, (5, 9, 13)),
    (1, BET_WIN, (5, 10, 14)),
    (2, BET_WIN, (5, 9, 13)),
    (3, BET_WIN, (4, 8, 11)),
    (4, BET_WIN, (4, 8, 11)),
    (5, BET_WIN, (6, 11, 16)),
    (0, BET_DIE, (2, 3, 5)),
    (1, BET_DIE, (2, 3, 5)),
    (2, BET_DIE, (2, 3, 5)),
    (3, BET_DIE, (2, 4, 6)),
    (4, BET_DIE, (2, 4, 6)),
    (5, BET_DIE, (2, 3, 4)),
    (0, BET_INVEST, (3, 5, 7)),
    (1, BET_INVEST, (3, 5, 7)),
    (2, BET_INVEST, (3, 5, 7)),
    (5, BET_INVEST, (3, 5, 7)),
)

# --- yelling cards ------------------------------------------------------
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

# Health of a gladiator brought back by the special cards.
# How many yelling cards YELLING_CARD_TEXT holds, and how many doors the arena
# has: so that the box, which never plays cards, need not parse the card table
# or build the hex map (tests/test_content.py checks both against them).
YELLING_CARD_COUNT = 80
DOOR_COUNT = 6

PLAYING_DEAD_HEALTH = 1
COMING_BACK_HEALTH = 3
