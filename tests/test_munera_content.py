"""Munera's content: every gladiator line of Appendix B computes the Save and AP the rulebook
prints beside it, from armour, shield and enclosed helmet (and the cestus' binding)."""

import pytest

from games.munera.content import (
    CESTUS,
    P_ARMOUR,
    P_HELMET,
    P_KIT,
    P_PRINTED,
    P_SHIELD,
    PROFILES,
    WEAPONS,
    has,
    kit_ap,
    kit_save,
)

LINES = sorted(PROFILES)


def test_appendix_b_has_its_22_printed_lines_of_19_classes():
    assert len(PROFILES) == 22
    assert len(set(p[0] for p in PROFILES.values())) == 19


@pytest.mark.parametrize("line", LINES)
def test_profiles_save_and_ap_match_the_printed_line(line):
    p = PROFILES[line]
    cestus = any(has(w, CESTUS) for w, _ in p[P_KIT])
    save_with, save_without, ap_with, ap_without = p[P_PRINTED]
    assert kit_save(p[P_ARMOUR], p[P_SHIELD], p[P_HELMET], cestus) == save_with
    assert kit_ap(p[P_ARMOUR], p[P_SHIELD]) == ap_with
    if save_without is not None:  # "the first is with the shield and the second without"
        assert kit_save(p[P_ARMOUR], "", p[P_HELMET], cestus) == save_without
    if ap_without is not None:
        assert kit_ap(p[P_ARMOUR], "") == ap_without


def test_profiles_every_weapon_is_in_the_weapon_table():
    for p in PROFILES.values():
        for w, ready in p[P_KIT]:
            assert w in WEAPONS and ready in (0, 1)


def test_profiles_the_scissor_follows_its_printed_numbers_not_its_light_armour():
    p = PROFILES["scissor"]
    assert kit_save("light", p[P_SHIELD], 1) == 3 and kit_ap("light", p[P_SHIELD]) == 1  # the text's kit: no match
    assert kit_save(p[P_ARMOUR], p[P_SHIELD], 1) == 4 and kit_ap(p[P_ARMOUR], p[P_SHIELD]) == 0


def test_profiles_total_save_cannot_exceed_5():
    assert kit_save("heavy", "large", 1, 1) == 5
