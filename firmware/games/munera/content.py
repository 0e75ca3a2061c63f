"""The content of Munera Sine Missione (Exagoni Libero), as data in one place.

Everything a table might want to change lives here: the save and AP values
of armour, shields and helmets, the weapons and their abilities, the action
point costs, the attack and appeal modifiers, the ranges, and the gladiator
lines of Appendix B with their printed Save/AP (the content test computes
every one from the kit and compares).
"""

# ---- armour, shields, helmets ---------------------------------------------------

NONE = "none"
LIGHT = "light"
HEAVY = "heavy"
SMALL = "small"
LARGE = "large"
GALERUS = "galerus"  # the Retiarius' arm guard: a small shield for saves, light armour for AP
CAPE = "cape"  # a small shield for saves that can also entangle at one hex
BUCKLER = "buckler"  # the Provocator's other shield: a small shield in every rule (his printed save is the same)

ARMOUR_SAVE = {NONE: 0, LIGHT: 1, HEAVY: 2}
ARMOUR_AP = {NONE: 2, LIGHT: 1, HEAVY: 0}  # "No Armour +2, Light Armour or Galerus +1"
SHIELD_SAVE = {"": 0, SMALL: 1, LARGE: 2, GALERUS: 1, CAPE: 1, BUCKLER: 1}
HELMET_SAVE = 1  # an enclosed helmet
LARGE_SHIELD_AP = -1
LARGE_RIGHT_SAVE = 1  # "A large shield gives +1 Armour Save against attacks from the right side"
CESTUS_SAVE = 1  # "Binding around forearms gives a +1 save"
MAX_SAVE = 5  # "Total save cannot exceed 5"
LOST_TO_EVENTS = (SMALL, LARGE, CAPE, BUCKLER)  # the galerus "is not lost to Special Events"
GROUND_SHIELDS = LOST_TO_EVENTS  # the shields that can lie on the sand (the galerus never falls)
STRIKING_SHIELDS = (SMALL, LARGE, BUCKLER)  # a shield blow: not with a galerus or a cape

# ---- facing ----------------------------------------------------------------------

FRONT = "front"
LEFT = "left"
RIGHT = "right"
REAR = "rear"
FACING_MOD = {FRONT: 0, LEFT: 2, RIGHT: 2, REAR: 3}

# ---- action points ---------------------------------------------------------------

COST = {
    "forward": 1,  # move one hex directly forward
    "step": 2,  # one hex in any other direction, keeping the facing (no helmet)
    "step_helmet": 3,  # the same in a fully-enclosed helmet
    "turn": 1,  # change facing by up to 90 degrees: one hex side (60) on the hex arena
    "stand": 0,
    "attack": 1,
    "unwieldy": 2,
    "draw": 1,  # draw or sheathe a sword or dagger
    "second": 1,  # attack a second time this turn with any weapon
    "cut": 1,  # attempt to cut free of net or lasso
    "pick": 1,  # pick up a weapon or shield
    "pick_helmet": 2,
    "kick": 1,
    "bow": 2,
    "whirl": 3,
    "whirl_unwieldy": 4,
    "feint": 2,
    "grapple": 2,
    "haze": 2,
    "drop": 0,  # "discard their shield at any time"
}
MAX_ATTACKS = 2
TIRED_AP_CAP = 6  # "A gladiator who is tired or exhausted cannot expend more than 6 AP"
FATIGUE_SPEND = 7  # spending 7 or more AP in a turn gives a point of fatigue

AP_TIRED = -1
AP_EXHAUSTED = -2
AP_INJURED = -1
AP_ENTANGLED = -3
AP_DOWN = -2  # or the armour save, whichever is higher
AP_HAZED = -2
AP_REFLEXES = 1
FORCED_APPEAL = -6  # tired, net AP modifier -6 or worse and in an adjacent foe's front: he appeals

# ---- attacks ---------------------------------------------------------------------

ENTANGLED_MOD = 1
CROWDING_MOD = 1  # each other gladiator with the defender adjacent and in its frontal arc
HAZING_MOD = 2
SKILL_ATTACK = 1
SKILL_DODGE = -1
MORTAL = -3  # stamina -3 or less: mortally wounded

# weapon abilities (bits)
UNWIELDY = 1
PIERCE = 2  # armour penetration: the target's save -1
BASH = 4
TWO_HANDS = 8  # pierces when used two-handed (long spear, trident); a great sword is -1 one-handed
SICA = 16  # the defender's shield counts one less
CESTUS = 32  # one wound less, +1 save while worn, never dropped
NET = 64  # entangles instead of wounding
ARBELOS = 128  # one wound more; a 6 cuts through a net that hits
CONE = 256  # shreds an attacking net on 5-6; always drawn
SCISSOR = 512  # on Double 1 the other fighter loses his weapon on 2+
THROWN = 1024  # leaves the hand at range 2 or more (ammunition or a thrown spear)
SHEATHE = 2048  # drawn and sheathed for 1 AP
THONGED = 4096  # a hasta tied to the wrist: thrown to 2 hexes at most, always comes back
CAPE_W = 8192  # a cape: entangles at one hex; its victim cannot attack; 3-6 frees him
GREAT = 16384  # a two-handed sword, axe or club: -1 when used one-handed

# weapon: (abilities, ((lowest range, highest range, attack modifier), ...), ammunition)
WEAPONS = {
    "sword": (SHEATHE, ((1, 1, 0),), 0),
    "scissor": (SHEATHE | SCISSOR, ((1, 1, 0),), 0),
    "dagger": (SHEATHE, ((1, 1, -1),), 0),
    "sica": (SHEATHE | SICA, ((1, 1, -1),), 0),
    "cestus": (CESTUS, ((1, 1, 0),), 0),
    "arbelos": (ARBELOS, ((1, 1, -1),), 0),
    "cone": (CONE, ((1, 1, -1),), 0),
    "long_spear": (UNWIELDY | TWO_HANDS, ((1, 1, -1), (2, 2, 0)), 0),
    "trident": (UNWIELDY | TWO_HANDS, ((1, 1, -1), (2, 2, 0)), 0),
    "great_sword": (UNWIELDY | PIERCE | BASH | GREAT, ((1, 1, 0),), 0),
    "axe": (UNWIELDY | PIERCE | BASH | GREAT, ((1, 1, 0),), 0),  # "Two-Handed Swords, Axes or Clubs": one rule
    "club": (UNWIELDY | PIERCE | BASH | GREAT, ((1, 1, 0),), 0),
    "net": (UNWIELDY | NET, ((1, 2, -1),), 0),
    "lasso": (UNWIELDY | NET, ((2, 4, -1),), 0),
    "cape": (UNWIELDY | NET | CAPE_W, ((1, 1, -1),), 0),
    "darts": (THROWN, ((2, 4, 0), (5, 5, -1), (6, 6, -2)), 4),
    "hasta": (THROWN, ((1, 1, 0), (2, 2, -1), (3, 4, -2)), 0),
    "hasta_thonged": (THROWN | THONGED, ((1, 1, 0), (2, 2, -1)), 0),
    "bow": (THROWN, ((2, 2, -1), (3, 6, 0), (7, 7, -1), (8, 8, -2)), 0),
    "shield": (0, ((1, 1, -1),), 0),  # any shield is a disadvantaged weapon; a large one bashes
    "improvised": (0, ((1, 1, -2),), 0),  # fists, kicks, head-butts: double disadvantaged, twice a turn
}
SHIELD_ATTACK = "shield"
IMPROVISED = "improvised"
MAX_DARTS = 4
ARROWS_BASE = 3  # "limited to D6+3"

# ---- the crowd -------------------------------------------------------------------

APPEAL_TARGET = 7
APPEAL_SPARE_NATURAL = (12,)
APPEAL_KILL_NATURAL = (2,)
APPEAL = {
    "injured": 1,
    "both_tired": 1,
    "whirling": 1,  # at least one successful whirling attack and no double on any
    "per_injured_foe": 1,
    "per_defeated_today": 2,
    "popular": 2,
    "no_wounds_dealt": -1,
    "per_other_spared_today": -1,
    "open_face": -1,  # no enclosed helmet
    "whirl_double": -1,
    "sand": -1,
    "hoplomachus": -1,
    "unwounded": -2,
    "spared_before": -2,
}
HAZE_TARGET = 4  # 4+ against an open face
HAZE_TARGET_HELMET = 5
NET_FREE = 5  # cut free of a net or lasso on 5-6
CAPE_FREE = 3
NET_LOST = 6
CONE_SHREDS = 5
ARBELOS_CUTS = 6

SKILLS = ("reflexes", "attack", "dodge", "stamina", "popularity")
STAMINA_BASE = 4
STAMINA_SKILLED = 6

# ---- the gladiators of Appendix B ------------------------------------------------

# line: (class, armour, shield, enclosed helmet, ((weapon, ready), ...),
#        printed (save with shield, save without or None, AP with shield, AP without or None))
# A weapon not ready is sheathed (drawn for 1 AP): the bracketed dagger, the sword beside a spear.
PROFILES = {
    "samnite": ("Samnite", LIGHT, LARGE, 1, (("sword", 1),), (4, 2, 0, 1)),
    "retiarius": ("Retiarius", NONE, GALERUS, 0, (("trident", 1), ("net", 1), ("dagger", 0)), (1, None, 1, None)),
    "murmillo": ("Murmillo", LIGHT, LARGE, 1, (("sword", 1),), (4, 2, 0, 1)),
    "secutor": ("Secutor", LIGHT, SMALL, 1, (("sword", 1),), (3, 2, 1, None)),
    "thracian": ("Thracian", LIGHT, SMALL, 1, (("sica", 1),), (3, 2, 1, None)),
    "gaul": ("Gaul", NONE, LARGE, 0, (("sword", 1),), (2, 0, 1, 2)),
    "hoplomachus": ("Hoplomachus", NONE, LARGE, 1, (("long_spear", 1), ("sword", 0)), (3, 1, 1, 2)),
    "hoplomachus_light": ("Hoplomachus", LIGHT, SMALL, 1, (("long_spear", 1), ("sword", 0)), (3, 2, 1, None)),
    "cataphractarius": ("Cataphractarius", HEAVY, "", 1, (("long_spear", 1), ("sword", 0)), (3, None, 0, None)),
    "crupellarius": ("Crupellarius", HEAVY, LARGE, 1, (("sword", 1),), (5, 3, -1, 0)),
    "crupellarius_small": ("Crupellarius", HEAVY, SMALL, 1, (("sword", 1),), (4, 3, 0, None)),
    "dimachaerus": ("Diamecheri", LIGHT, "", 1, (("sword", 1), ("sword", 1)), (2, None, 1, None)),
    "cestus": ("Cestus", NONE, "", 0, (("cestus", 1), ("cestus", 1)), (1, None, 2, None)),
    "arbelas": ("Arbelas", HEAVY, "", 1, (("sword", 1), ("arbelos", 1)), (3, None, 0, None)),
    # Printed "Light armour", but "Save +4/+3. AP 0" only add up with heavy armour: the numbers win.
    "scissor": ("Scissor", HEAVY, SMALL, 1, (("scissor", 1),), (4, 3, 0, None)),
    "laquearius": ("Laquearius", NONE, "", 0, (("lasso", 1), ("sword", 1)), (0, None, 2, None)),
    "laquearius_spear": ("Laquearius", NONE, GALERUS, 0, (("lasso", 1), ("long_spear", 1)), (1, None, 1, None)),
    "contraretiarius": ("Contra-Retiarius", HEAVY, "", 1, (("sword", 1), ("cone", 1)), (3, None, 0, None)),
    "velite": ("Velite", NONE, SMALL, 0, (("hasta_thonged", 1), ("dagger", 0)), (1, 0, 2, None)),
    "gaetulian": ("Gaetulian", NONE, "", 0, (("darts", 1), ("dagger", 0)), (0, None, 2, None)),
    "provocator": ("Provocator", LIGHT, SMALL, 1, (("long_spear", 1),), (3, 2, 1, None)),
    "sagittarius": ("Sagittarius", NONE, "", 0, (("bow", 1),), (0, None, 2, None)),
}
PROFILE_NAMES = tuple(sorted(PROFILES))
# The printed alternatives of a line, chosen at set-up ("option"): (option, what it replaces,
# by what). The Hoplomachus' "Long Spear/ Throwing Spear": the throwing spear is a loose hasta;
# the Provocator's "Small Shield or Buckler".
OPTIONS = {
    "hoplomachus": (("throwing_spear", "long_spear", "hasta"),),
    "hoplomachus_light": (("throwing_spear", "long_spear", "hasta"),),
    "provocator": (("buckler", SMALL, BUCKLER),),
}
# A two-handed sword, axe or club ("two_handed" at set-up) takes the place of his first weapon:
# no line of Appendix B carries one, and the rulebook leaves a gladiator's arms to the players.
TWO_HANDED = ("great_sword", "axe", "club")
# The box's seat selection: every line, then the lines with their printed alternatives, then a
# Gaul with each two-handed weapon (the wild fighter's sword made a great one): (line, key, value)
# of the set-up entry, a literal tuple so that the box builds an entry only when it is shown.
BOX_EXTRAS = (
    ("hoplomachus", "option", "throwing_spear"),
    ("hoplomachus_light", "option", "throwing_spear"),
    ("provocator", "option", "buckler"),
    ("gaul", "two_handed", "great_sword"),
    ("gaul", "two_handed", "axe"),
    ("gaul", "two_handed", "club"),
)
BOX_LINE_COUNT = len(PROFILE_NAMES) + len(BOX_EXTRAS)


def box_line(i):
    """The seat selection's line i: a profile's name, or a set-up entry with its option."""
    if i < len(PROFILE_NAMES):
        return PROFILE_NAMES[i]
    extra = BOX_EXTRAS[i - len(PROFILE_NAMES)]
    return {"profile": extra[0], extra[1]: extra[2]}


# "The dagger may only be used if the hasta has been lost" (the Velite)
BACKUP = {"velite": ("dagger", "hasta_thonged")}

P_CLASS = 0
P_ARMOUR = 1
P_SHIELD = 2
P_HELMET = 3
P_KIT = 4
P_PRINTED = 5

MIN_GLADIATORS = 2
MAX_GLADIATORS = 6  # one LED ring each
RADIUS = 5  # the default arena: a hexagon of 91 hexes, 11 across
MIN_RADIUS = 2
MAX_RADIUS = 8


def weapon(name):
    return WEAPONS[name]


def has(name, ability):
    return WEAPONS[name][0] & ability != 0


def band(name, distance):
    """The attack modifier of a weapon at a range in hexes, or None when out of its reach."""
    for lo, hi, mod in WEAPONS[name][1]:
        if lo <= distance <= hi:
            return mod
    return None


def kit_save(armour, shield, helmet, cestus=0):
    """The full save (from the front) of a kit, capped at 5."""
    save = ARMOUR_SAVE[armour] + SHIELD_SAVE[shield] + (HELMET_SAVE if helmet else 0) + (CESTUS_SAVE if cestus else 0)
    return save if save < MAX_SAVE else MAX_SAVE


def kit_ap(armour, shield):
    """The AP modifier of a kit: armour (a galerus counts as light armour) and a large shield."""
    ap = ARMOUR_AP[armour]
    if shield == GALERUS and ap > ARMOUR_AP[LIGHT]:
        ap = ARMOUR_AP[LIGHT]
    if shield == LARGE:
        ap += LARGE_SHIELD_AP
    return ap
