"""Ultimatum games saved before edition 2 replay with the rules they were played with.

tests/data/v0.2.0/ultimatum-*.json were saved before edition 2, their set-up without "edition":
in format 1 (digest format 1) a random 3-player game whose battleships sail from blockade to
blockade and move twice a turn (refused by edition 2) and a whole game of the sensible bots; in
format 2 (digest format 2) another random game. They restore with their own digest; read as
edition 2 the random one is refused, so the edition is what keeps it.
"""

import glob
import json
import os

import pytest

from games.ultimatum import rules
from games.ultimatum.content import BLOCKADES
from referee import engine
from referee.errors import Illegal

DATA = os.path.join(os.path.dirname(__file__), "data", "v0.2.0")
SAVES = sorted(p for p in glob.glob(os.path.join(DATA, "ultimatum-*-seed*.json")) if not p.endswith(".expected.json"))


def load(path):
    with open(path) as f:
        return json.load(f)


@pytest.mark.parametrize("path", SAVES, ids=os.path.basename)
def test_an_ultimatum_game_saved_before_edition_2_restores_as_edition_1_with_its_own_digest(path):
    data = load(path)
    assert data["format"] in (1, 2) and "edition" not in data["setup"]
    game = engine.restore(rules.RULES, data)  # checks the saved digest
    assert game.state["edition"] == 1 and len(game.log) == len(data["log"])
    assert rules.digest_for(game.state, data["format"]) == data["digest"] != game.digest()
    again = json.loads(json.dumps(game.to_data()))  # saved again: format 2, the edition named
    assert again["format"] == rules.FORMAT == 3 and again["setup"]["edition"] == 1
    assert engine.restore(rules.RULES, again).digest() == game.digest()


def test_the_random_save_breaks_edition_2s_navy_limits_so_edition_1_is_what_replays_it():
    data = load(os.path.join(DATA, "ultimatum-3p-seed1-random.json"))
    hops = [
        a
        for a in data["log"]
        if a["a"] == "sail" and a["ships"] > 0 and (a["from"] < BLOCKADES) == (a["to"] < BLOCKADES)
    ]
    assert hops  # battleships from blockade to blockade
    data["setup"]["edition"] = 2
    with pytest.raises(Illegal) as info:
        engine.restore(rules.RULES, data)
    assert info.value.code == "bad_log" and "battleship" in info.value.message
