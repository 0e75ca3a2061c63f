"""The trusted apply of a listed action (issue 34: referee.play.trusted and apply_listed): a bot's choice
from the legal list of the same state, applied without the door's checks, makes the same games as apply
for every game of the registry; the box, its link and the host's doors never take it."""

import ast
import os
import sys

import pytest

from referee import play
from referee.errors import Illegal
from referee.rng import Rng
from ultimus_host import registry

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "mpy"))

from box_battle import play as box_play  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _listed_choice(game, rng):
    """A seat the flow lets act (the referee when none), then one of its legal actions, as listed."""
    seats = game.actors()
    options = game.legal_actions(rng.choice(seats) if seats else -1)
    return rng.choice(options) if options else None


@pytest.mark.parametrize("name", registry.names())
def test_a_listed_action_applied_trusted_makes_the_same_game_as_apply(name):
    """Two copies of each example game of the registry, the same listed choices: one through
    game.apply, the other through play.apply_listed; the same events, log and digest at every step."""
    host = registry.get(name)
    for k in range(len(host.examples)):
        checked, _ = host.random_game(k)
        trusted, _ = host.random_game(k)
        rng_checked, rng_trusted = Rng(k + 11), Rng(k + 11)
        steps = 0
        for steps in range(300):
            if checked.phase == checked.rules.FLOW.end:
                break
            a = _listed_choice(checked, rng_checked)
            b = _listed_choice(trusted, rng_trusted)
            assert a == b
            if a is None:
                break
            assert play.apply_listed(trusted, b) == checked.apply(a), (name, k, steps)
            assert trusted.digest() == checked.digest(), (name, k, steps)
        assert trusted.log == checked.log and steps > 5


def test_the_handler_still_refuses_what_its_rule_checks_refuse():
    """Trust skips the door, not the rules: a listed action tried again after it changed the state is
    refused by its handler, and the state is as it was."""
    game, _ = registry.get("ultimus").random_game(0)
    rng = Rng(3)
    while game.phase != "shout":
        play.apply_listed(game, _listed_choice(game, rng))
    commit = game.legal_actions(0)[0]
    play.apply_listed(game, commit)
    before = game.digest()
    with pytest.raises(Illegal) as refused:
        play.apply_listed(game, commit)
    assert refused.value.code == "already_committed" and game.digest() == before


# The code that applies what a person, a phone, the box's buttons or the link send: it must check everything.
DOORS = ("firmware/ultimusbox", "host/ultimus_host/web")
DOOR_FILES = (
    "host/ultimus_host/virtualbox.py",
    "host/ultimus_host/client.py",
    "host/ultimus_host/console.py",
)


def _door_files():
    for folder in DOORS:
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for file in files:
                if file.endswith(".py"):
                    yield os.path.join(base, file)
    for file in DOOR_FILES:
        if os.path.exists(os.path.join(ROOT, file)):
            yield os.path.join(ROOT, file)


def test_no_door_names_the_trusted_apply():
    """The box's firmware, the virtual box, connect's client and `serve` never name play.trusted or
    apply_listed: what they apply comes from outside and goes through apply."""
    found = []
    for path in _door_files():
        with open(path) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            named = getattr(node, "id", None) or getattr(node, "attr", None) or getattr(node, "arg", None)
            if named in ("trusted", "apply_listed"):
                found.append("%s:%d %s" % (os.path.relpath(path, ROOT), node.lineno, named))
    assert not found, found
    assert len(list(_door_files())) > 20  # the scan reads the doors


def test_the_box_and_its_link_never_take_the_trusted_path(monkeypatch):
    """A whole scripted box game, restarts and link included, with the trusted apply made to fail:
    it plays to the end as before (every action through the box's checked apply)."""
    taken = []

    def never(*args):
        taken.append(args)
        raise AssertionError("the box took the trusted apply")

    before = box_play()
    monkeypatch.setattr(play, "trusted", never)
    monkeypatch.setattr(play, "apply_listed", never)
    assert box_play() == before and not taken
