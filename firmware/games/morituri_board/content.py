"""The content of the Morituri board game, as data in one place.

The rulebook gives the Pugio (attack 1), 2 starting hit points, the beasts'
pennants and the 7 + defence - attack target; it does not print the 69
Armor/Weapon cards. The values below are this project's proposal
(docs/dev/games/morituri_board.md); a table with the printed cards types its own
in at set-up ("values": {card: [attack one-handed, attack two-handed, defence,
encumbrance]}), so nothing here is final.

A card is (slot, hands, attack one-handed, attack two-handed, defence,
encumbrance). Hands: ONE (a one-handed weapon), TWO (two-handed only: the
Dual Gladius), EITHER (Trident and Hasta: one-handed with a shield or the
casses, two-handed otherwise), "" for armour and the casses.
"""

HELMET = "helmet"
TORSO = "torso"
LEGS = "legs"
WEAPON = "weapon"
OFF = "off"  # the fifth slot: a shield or the casses
SLOTS = (HELMET, TORSO, LEGS, WEAPON, OFF)  # the order of a loadout, of listings and of the box's menu

ONE = "one"
TWO = "two"
EITHER = "either"

SLOT = 0
HANDS = 1
ATTACK_ONE = 2  # the attack value used one-handed
ATTACK_TWO = 3  # ... and two-handed
DEFENCE = 4
ENCUMBRANCE = 5
VALUES = (ATTACK_ONE, ATTACK_TWO, DEFENCE, ENCUMBRANCE)  # what a table may type in for a card

CASSES = "casses"
DUAL_GLADIUS = "dual_gladius"

# card: (slot, hands, attack one-handed, attack two-handed, defence, encumbrance)
CARDS = {
    "gladius": (WEAPON, ONE, 2, 2, 0, 0),
    "sica": (WEAPON, ONE, 2, 2, 0, 0),
    "trident": (WEAPON, EITHER, 2, 3, 0, 0),
    "hasta": (WEAPON, EITHER, 2, 3, 0, 0),
    DUAL_GLADIUS: (WEAPON, TWO, 2, 2, 0, 0),
    CASSES: (OFF, "", 0, 0, 0, 0),
    "galea": (HELMET, "", 0, 0, 1, 1),
    "secutor_galea": (HELMET, "", 0, 0, 1, 1),
    "manica": (TORSO, "", 0, 0, 1, 1),
    "lorica": (TORSO, "", 0, 0, 2, 2),
    "ocrea": (LEGS, "", 0, 0, 1, 0),
    "parma": (OFF, "", 0, 0, 1, 1),
    "scutum": (OFF, "", 0, 0, 2, 2),
}
CARD_NAMES = (
    "gladius",
    "sica",
    "trident",
    "hasta",
    DUAL_GLADIUS,
    CASSES,
    "galea",
    "secutor_galea",
    "manica",
    "lorica",
    "ocrea",
    "parma",
    "scutum",
)  # a fixed order for menus and listings (dict order differs between ports)
SHIELDS = ("parma", "scutum")

# Pairs of card kinds a loadout may not hold together, with the rulebook's reason. A card's kinds:
# its slot ("two cards for one slot" is checked apart), "shield", "casses" and "two_handed" (TWO only).
CLASHES = (
    ("shield", "two_handed", "a shield is used only with a one-handed weapon"),
    ("casses", "two_handed", "the casses is used only with a one-handed weapon or the Pugio"),
)

ATTACKS = {DUAL_GLADIUS: 2}  # attacks a combat round: "two attacks per combat round"
NET_BONUS = {"secutor_galea": 1}  # to its wearer's roll against the casses ("provides a bonus against the Casses")

PUGIO = 1  # every gladiator's dagger: the attack value without a weapon card
# "For purposes of Bandits and Pirates" the casses is a weapon of attack value 1; it is fought
# beside his other weapon (or the Pugio), so the two add up (their texts are lost: a choice).
CASSES_VS_BANDITS = 1
START_HP = 2
TARGET = 7  # to hit: 7 + the opponent's defence - the attacker's own attack value
ALWAYS_MISS = 2  # a natural 2 always misses
ALWAYS_HIT = 12  # a natural 12 always hits
CROWD_BLOOD = 2  # the crowd's D6 at 1 HP: 1-2 one more round, 3-6 mercy
HP_SPACES = 6  # spaces where the first player to land gains 1 hit point
PENNANTS = (1, 2, 3)  # an arena outside Roma
ROMA_PENNANTS = 4  # the Flavian Amphitheater: its beasts are 4/4
BEAST_HP = 1
FLUX = 5  # a generic hit point change (Flux, Bandits, Pirates...) is -5 to +5
MAX_VALUE = 9  # a value typed in for a card is 0-9
DIE = 6

MIN_PLAYERS = 2
MAX_PLAYERS = 6  # one LED ring per player


def card_value(values, card, what):
    """A card's number (ATTACK_ONE ... ENCUMBRANCE) from the game's table of values (the
    defaults with the table's own typed in)."""
    return values[card][what - ATTACK_ONE]


def slot_of(card):
    return CARDS[card][SLOT]


def hands_of(card):
    return CARDS[card][HANDS]


def kinds(card):
    """The kinds of a card the clashes read: its slot, and shield / casses / two_handed."""
    out = [CARDS[card][SLOT]]
    if card in SHIELDS:
        out.append("shield")
    if card == CASSES:
        out.append("casses")
    if CARDS[card][HANDS] == TWO:
        out.append("two_handed")
    return out


def default_values():
    """{card: [attack one-handed, attack two-handed, defence, encumbrance]}: the proposal above."""
    out = {}
    for name in CARD_NAMES:
        c = CARDS[name]
        out[name] = [c[ATTACK_ONE], c[ATTACK_TWO], c[DEFENCE], c[ENCUMBRANCE]]
    return out
