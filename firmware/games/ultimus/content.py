"""The game content the rulebook text does not list, as editable data.

Everything here is a reconstruction (the printed cards and board are not in
the rulebook text); docs/dev/content.md explains each choice. Edit this file when
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

# --- content variants -----------------------------------------------------
# A set-up's "content" names the numbers a game is played with. Missing: the reconstruction
# above (every game saved before the variants was played with it, and keeps replaying with it).
# "balanced": the same cards with the health and payouts tuned from simulated games
# (docs/balance.md: the method, the figures and each change with its reason).
CONTENT_RECONSTRUCTED = "reconstructed"
CONTENT_BALANCED = "balanced"
CONTENT_KINDS = (CONTENT_RECONSTRUCTED, CONTENT_BALANCED)
BALANCED_MAX_HEALTH = (9, 9, 9, 12, 11, 9)
# the 2nd row of each betting card, in the order of BETTING_CARDS
BALANCED_PAYOUTS = (
    (3, 6, 9),  # win: Tigris
    (3, 6, 9),  # win: Sagittarius
    (3, 6, 9),  # win: Retiarius
    (3, 5, 7),  # win: Murmillo
    (3, 5, 7),  # win: Barbarus
    (4, 7, 10),  # win: Dimachaerus
    (1, 2, 4),  # die: every gladiator (death is the likely end: a single coin only comes back)
    (1, 2, 4),
    (1, 2, 4),
    (1, 2, 4),
    (1, 2, 4),
    (1, 2, 4),
    (3, 5, 8),  # invest: Tigris, Sagittarius, Retiarius, Dimachaerus
    (3, 5, 8),
    (3, 5, 8),
    (3, 5, 8),
)
RECONSTRUCTED_PAYOUTS = tuple(card[2] for card in BETTING_CARDS)


def variant_max_health(content):
    """Each gladiator's highest health in a content variant (None: the reconstruction)."""
    return BALANCED_MAX_HEALTH if content == CONTENT_BALANCED else MAX_HEALTH


def variant_payouts(content):
    """Each betting card's payout row in a content variant (None: the reconstruction)."""
    return BALANCED_PAYOUTS if content == CONTENT_BALANCED else RECONSTRUCTED_PAYOUTS


# --- yelling cards ------------------------------------------------------
# The cards themselves, as readable text, are games/ultimus/cardtext.py (YELLING_CARD_TEXT);
# tools/gen_content.py writes them out as the literal table games/ultimus/cards.py that the core reads.

# Health of a gladiator brought back by the special cards.
# How many yelling cards cardtext.YELLING_CARD_TEXT holds, and how many doors the arena
# has: so that the box, which never plays cards, need not parse the card table
# or build the hex map (tests/test_content.py checks both against them).
YELLING_CARD_COUNT = 80
DOOR_COUNT = 6

PLAYING_DEAD_HEALTH = 1
COMING_BACK_HEALTH = 3
