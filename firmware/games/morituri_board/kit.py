"""A gladiator's loadout: its five slots, the clashes the box refuses, and its totals.

A kit is a list of five card names in content.SLOTS order ("" for an empty
slot): helmet, torso/arm, legs, weapon, shield or casses. The totals are what
a combat reads, as a side: (attack value, attacks a round, defence,
encumbrance, has the casses, bonus against the casses). A beast is a side too.
"""

from games.morituri_board.content import (
    ATTACK_ONE,
    ATTACK_TWO,
    ATTACKS,
    CASSES,
    CASSES_VS_BANDITS,
    CLASHES,
    DEFENCE,
    EITHER,
    ENCUMBRANCE,
    NET_BONUS,
    OFF,
    ONE,
    PUGIO,
    SLOTS,
    TWO,
    WEAPON,
    card_value,
    hands_of,
    kinds,
    slot_of,
)

ATTACK = 0
N_ATTACKS = 1
DEF = 2
ENC = 3
NET = 4
NET_PLUS = 5


def empty():
    return ["", "", "", "", ""]


def held(kit):
    """The cards of a kit, in slot order."""
    return [c for c in kit if c]


def slot_index(card):
    return SLOTS.index(slot_of(card))


def clash(a, b):
    """None, or why cards a and b cannot be held together (one slot, or a rule of CLASHES)."""
    if slot_of(a) == slot_of(b):
        return "the %s and the %s both take the %s slot" % (a, b, slot_of(a))
    ka, kb = kinds(a), kinds(b)
    for x, y, why in CLASHES:
        if (x in ka and y in kb) or (x in kb and y in ka):
            return why
    return None


def clashing(kit, card):
    """The held cards that clash with `card`, in slot order: what keeping it costs."""
    return [c for c in held(kit) if clash(c, card) is not None]


def weapon_hands(kit):
    """How the weapon is held: ONE or TWO (the Pugio is one-handed)."""
    w = kit[SLOTS.index(WEAPON)]
    if not w:
        return ONE
    hands = hands_of(w)
    if hands == EITHER:  # Trident and Hasta: one-handed only with a shield or the casses
        return ONE if kit[SLOTS.index(OFF)] else TWO
    return hands


def attack(values, kit):
    """The attack value: the weapon's (one- or two-handed), else the Pugio's."""
    w = kit[SLOTS.index(WEAPON)]
    if not w:
        return PUGIO
    return card_value(values, w, ATTACK_ONE if weapon_hands(kit) == ONE else ATTACK_TWO)


def vs_bandits(values, kit):
    """His attack value against Bandits and Pirates: his weapon's (or the Pugio's), and the
    casses counting as a weapon of its own (content.CASSES_VS_BANDITS)."""
    extra = CASSES_VS_BANDITS if kit[SLOTS.index(OFF)] == CASSES else 0
    return attack(values, kit) + extra


def total(values, kit, what):
    out = 0
    for c in held(kit):
        out += card_value(values, c, what)
    return out


def side(values, kit):
    """The kit as a combat reads it: (attack, attacks, defence, encumbrance, casses 0/1, bonus against the casses)."""
    w = kit[SLOTS.index(WEAPON)]
    bonus = 0
    for c in held(kit):
        bonus += NET_BONUS.get(c, 0)
    return (
        attack(values, kit),
        ATTACKS.get(w, 1),
        total(values, kit, DEFENCE),
        total(values, kit, ENCUMBRANCE),
        1 if kit[SLOTS.index(OFF)] == CASSES else 0,
        bonus,
    )


def beast(pennants):
    """A beast: attack and defence are the arena's pennants; encumbrance does not count."""
    return (pennants, 1, pennants, 0, 0, 0)
