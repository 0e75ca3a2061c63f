"""Nothing a user has is lost by an update: games saved by 0.1.0 replay to the same outcome.

tests/data/v0.1.0 holds saved games (to_data of 0.1.0: no format field, the
pollice verso queue under its old state key) and a box journal written by
the 0.1.0 firmware. They must restore with their own digest, and data of an
unknown newer format is refused loudly, never half-read.
"""

import glob
import json
import os

import pytest

from games.ultimus import rules
from games.ultimus.errors import Illegal
from games.ultimus.rules import RULES, new_setup
from referee.engine import Game, restore, saved_format

DATA = os.path.join(os.path.dirname(__file__), "data", "v0.1.0")
SAVES = sorted(p for p in glob.glob(os.path.join(DATA, "*.json")) if not p.endswith(".expected.json"))


def load(path):
    with open(path) as f:
        return json.load(f)


@pytest.mark.parametrize("path", SAVES, ids=os.path.basename)
def test_a_game_saved_by_0_1_0_restores_and_matches_its_own_digest(path):
    data = load(path)
    assert "format" not in data  # written by 0.1.0
    game = restore(RULES, data)  # checks the 0.1.0 digest, so the replayed state is the one saved
    assert len(game.log) == len(data["log"])
    assert rules.digest_for(game.state, 1) == data["digest"]
    assert game.digest() != data["digest"]  # format 2 digests the renamed pollice verso queue


def test_the_saves_include_a_pollice_verso_in_waiting_so_the_renamed_key_is_exercised():
    waiting = [restore(RULES, load(p)) for p in SAVES if "pollice-verso" in p]
    assert len(waiting) == 2 and all(g.state["pollice_verso"] for g in waiting)


def test_a_save_of_this_version_names_its_format_game_and_version_and_restores():
    game = restore(RULES, load(SAVES[0]))
    data = json.loads(json.dumps(game.to_data()))
    assert data["format"] == rules.FORMAT and data["game"] == "ultimus" and data["version"]
    assert restore(RULES, data).digest() == game.digest()


def test_a_tampered_0_1_0_save_is_still_refused():
    data = load(SAVES[0])
    data["log"] = data["log"][:-1]
    with pytest.raises(Illegal) as info:
        restore(RULES, data)
    assert info.value.code == "bad_log"


@pytest.mark.parametrize("fmt,code", [(99, "unknown_format"), ("2", "bad_log"), (0, "bad_log")])
def test_a_save_of_an_unknown_format_is_refused_loudly(fmt, code):
    data = Game(RULES, new_setup(2, 1)).to_data()
    data["format"] = fmt
    with pytest.raises(Illegal) as info:
        restore(RULES, data)
    assert info.value.code == code
    if code == "unknown_format":
        assert "newer version" in info.value.message and "update" in info.value.message


def test_a_save_of_another_game_is_not_taken_for_ultimus():
    data = Game(RULES, new_setup(2, 1)).to_data()
    data["game"] = "ultimatum"
    with pytest.raises(Illegal) as info:
        restore(RULES, data)
    assert "ultimatum" in info.value.message


def test_saved_format_reads_0_1_0_as_format_1():
    assert saved_format({}, rules.RULES) == 1 and saved_format({"format": 2}, rules.RULES) == 2
