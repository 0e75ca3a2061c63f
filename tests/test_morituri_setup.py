"""Morituri's set-up, views, refusals that change nothing, saved games and random whole games."""

import pytest

from games.morituri import randomplay, rules
from morituri_helpers import new_game, refused, to_melee
from referee import engine
from referee.errors import Illegal


def bad(setup):
    with pytest.raises(Illegal) as info:
        rules.check_setup(setup)
    assert info.value.code == "bad_setup"
    return info.value.message


def test_setup_is_checked_with_clear_messages():
    assert "players must be 2 to 6" in bad({"players": 1, "seed": 1})
    assert "players must be 2 to 6" in bad({"players": 7, "seed": 1})
    assert "seed" in bad({"players": 2})
    assert "one list of classes per seat" in bad({"players": 3, "seed": 1, "figures": [["heavy"], ["heavy"]]})
    assert "seat 1 needs at least one figure" in bad({"players": 2, "seed": 1, "figures": [["heavy"], []]})
    assert "'lion' is not a class" in bad({"players": 2, "seed": 1, "figures": [["heavy"], ["lion"]]})
    assert "at most 6 figures" in bad({"players": 2, "seed": 1, "figures": [["heavy"] * 4, ["light"] * 3]})
    assert "a set-up is an object" in bad([2, 1])


def test_setup_defaults_to_one_heavy_gladiator_per_seat():
    assert rules.check_setup({"players": 3, "seed": 5}) == {
        "players": 3,
        "seed": 5,
        "figures": [["heavy"], ["heavy"], ["heavy"]],
    }


def test_views_show_every_figure_and_never_the_generator():
    g = new_game(["heavy", "rhino"], ["animal"], seed=3)
    to_melee(g)
    v = g.public_view()
    assert "rng" not in v and str(g.state["rng"]) not in str(v)
    assert [f["cls"] for f in v["figures"]] == ["heavy", "rhino", "animal"]
    assert v["figures"][2] == {
        "cls": "animal",
        "owner": 1,
        "hp": 3,
        "status": "standing",
        "kills": 0,
        "appeals": 0,
        "up": 0,
    }
    mine = g.seat_view(0)
    assert mine["mine"] == [0, 1] and mine["seat"] == 0 and "rng" not in mine


def test_unknown_and_malformed_actions_are_refused_and_change_nothing():
    g = new_game(["heavy"], ["heavy"])
    refused(g, {"a": "fly"}, "unknown_action")
    refused(g, "junk", "bad_action")
    to_melee(g)
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 9}, "bad_action")
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 1, "dice": [[6, 6]]}, "bad_dice")
    refused(g, {"a": "melee", "p": 0, "f": 0, "t": 1, "dice": [[6, 7], [1, 1]]}, "bad_dice")
    refused(g, {"a": "implore", "p": 0, "f": 1}, "wrong_phase")
    refused(g, {"a": "initiative"}, "wrong_phase")


def test_a_saved_game_restores_digest_for_digest():
    g = randomplay.play(11)
    data = g.to_data()
    assert data["game"] == "morituri"
    again = engine.restore(rules.RULES, data)
    assert again.digest() == g.digest() and again.state == g.state
    data["digest"] = "00000000"
    with pytest.raises(Illegal):
        engine.restore(rules.RULES, data)


@pytest.mark.parametrize("seed", range(60))
def test_random_legal_play_of_whole_games_terminates_with_a_winner_or_nobody(seed):
    g = randomplay.play(seed, max_actions=3000)
    assert g.phase == "over", "seed %d did not end in 3000 actions" % seed
    s = g.state
    left = set(s["owner"][f] for f in range(len(s["cls"])) if not s["flags"][f] & 8)
    assert (s["winner"] == -1 and not left) or left == {s["winner"]}
    replayed = engine.replay(rules.RULES, g.setup, g.log)
    assert replayed.digest() == g.digest()
