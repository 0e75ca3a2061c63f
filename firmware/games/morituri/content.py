"""The content of Morituri Te Salutamus v1.1, as data in one place.

A class is (move in inches, armour save, to-hit dice, a winning die hits on);
everyone starts with 3 hit points. Animals and rhinos move 10" and hit on 3+.
The melee menu is what the table sets for each side of a pair: moved to
contact +1, attacked from the side -1, from the back -2 (and their sums).
"""

HEAVY = "heavy"
LIGHT = "light"
ANIMAL = "animal"
RHINO = "rhino"

MOVE = 0
ARMOUR = 1
DICE = 2
HITS_ON = 3

# class: (move ", armour save, to-hit dice, a winning die hits on)
CLASSES = {
    HEAVY: (5, 4, 2, 4),
    LIGHT: (7, 5, 2, 4),
    ANIMAL: (10, 6, 3, 3),
    RHINO: (10, 3, 1, 3),
}
CLASS_NAMES = (HEAVY, LIGHT, ANIMAL, RHINO)  # a fixed order for menus and listings
BEASTS = (ANIMAL, RHINO)  # never implore the crowd; removed at once at 0 HP

START_HP = 3
STAND_UP_HP = 1  # a spared gladiator stands up with 1 hit point

KILLED_BONUS = 1  # to every die to hit, and to the appeal, once he has killed another
FIRST_APPEAL = 5
LATER_APPEAL = 6

# The melee menu of one side: (name, modifier to every die to hit)
MENU = (
    ("none", 0),
    ("contact", 1),  # is the one who moved to contact
    ("side", -1),  # attacked from the side
    ("back", -2),  # attacked from the back
    ("contact side", 0),
    ("contact back", -1),
)

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_FIGURES = 6  # the box shows one figure per LED ring
DIE = 6


def cls_value(cls, what):
    return CLASSES[cls][what]


def is_beast(cls):
    return cls in BEASTS
