"""Munera's set-up, views and the order of the first steps."""

import pytest

from games.munera import rules
from referee.engine import Game
from referee.errors import Illegal


def bad(setup):
    with pytest.raises(Illegal) as info:
        rules.check_setup(setup)
    assert info.value.code == "bad_setup"
    return info.value.message


def test_setup_is_checked_with_clear_messages():
    assert "a set-up is an object" in bad([1])
    assert "seed" in bad({"gladiators": ["gaul", "gaul"]})
    assert "2 to 6 profiles" in bad({"gladiators": ["gaul"], "seed": 1})
    assert "2 to 6 profiles" in bad({"gladiators": ["gaul"] * 7, "seed": 1})
    assert "'lion' is not a gladiator" in bad({"gladiators": ["gaul", "lion"], "seed": 1})
    assert "'luck' is not a skill" in bad({"gladiators": [{"profile": "gaul", "skills": ["luck"]}, "gaul"], "seed": 1})
    assert "each skill once" in bad(
        {"gladiators": [{"profile": "gaul", "skills": ["dodge", "dodge"]}, "gaul"], "seed": 1}
    )
    assert "carries a shield already" in bad({"gladiators": [{"profile": "gaul", "cape": 1}, "gaul"], "seed": 1})
    assert "radius" in bad({"gladiators": ["gaul", "gaul"], "seed": 1, "radius": 1})
    assert "one [q, r, facing] per gladiator" in bad({"gladiators": ["gaul", "gaul"], "seed": 1, "at": [[0, 0, 0]]})
    assert "outside the arena" in bad({"gladiators": ["gaul", "gaul"], "seed": 1, "at": [[0, 0, 0], [9, 0, 0]]})
    assert "outside the arena" in bad({"gladiators": ["gaul", "gaul"], "seed": 1, "at": [[0, 0, 0], [1, 0, 6]]})
    assert "one hex" in bad({"gladiators": ["gaul", "gaul"], "seed": 1, "at": [[0, 0, 0], [0, 0, 3]]})


def test_setup_defaults_face_to_face_two_hexes_from_the_centre():
    setup = rules.check_setup({"gladiators": ["murmillo", "retiarius", "gaul"], "seed": 5})
    assert setup["at"] == [[-2, 0, 0], [2, 0, 3], [0, 2, 4]] and setup["radius"] == 5
    assert setup["gladiators"][0] == {
        "profile": "murmillo",
        "skills": [],
        "day_defeated": 0,
        "day_spared": 0,
        "cape": 0,
    }


def test_the_views_show_everything_but_the_generator():
    g = Game(rules.RULES, {"gladiators": ["murmillo", "retiarius"], "seed": 5})
    v = g.public_view()
    assert "rng" not in v and v["phase"] == "stamina" and v["g"][1]["shield"] == "galerus"
    assert v["g"][0]["injured"] == 0 and v["g"][0]["tired"] == 0 and v["g"][0]["stam"] == 0  # before the roll
    assert g.seat_view(1)["seat"] == 1
    g.apply({"a": "stamina"})
    assert g.public_view()["g"][0]["tired"] == 0 and 5 <= g.state["g"][0]["stam"] <= 10


def test_the_box_rolls_the_same_bout_for_the_same_seed():
    a = Game(rules.RULES, {"gladiators": ["murmillo", "retiarius"], "seed": 9})
    b = Game(rules.RULES, {"gladiators": ["murmillo", "retiarius"], "seed": 9})
    for game in (a, b):
        game.apply({"a": "stamina"})
        game.apply({"a": "order"})
        game.apply({"a": "ap", "p": game.state["turn"]})
    assert a.digest() == b.digest() and a.state["ap"] == b.state["ap"]
