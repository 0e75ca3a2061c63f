"""The engine's contract with a game, held for all five: each action's fields are declared in the
flow entry that names it, and a field it does not declare is refused (bad_field) before anything
changes, in every phase and variant that has the action."""

import pytest

from referee.engine import REFEREE, Game
from referee.errors import Illegal
from ultimusbox import games

SETUPS = {
    "ultimus": {"players": 3, "seed": 5},
    "morituri": {"players": 2, "seed": 5},
    "ultimatum": {"players": 3, "seed": 5},
    "munera": {"gladiators": ["murmillo", "retiarius"], "seed": 5},
    "morituri_board": {"players": 3, "seed": 5},
}
VARIANT_KEY = {"ultimus": "mode"}  # the set-up key that picks the flow's variant, for a game that has variants


def _entries(rules):
    for variant, phases in rules.FLOW.variants.items():
        for phase, moves in phases.items():
            for name, entry in moves.items():
                yield variant, phase, name, entry


@pytest.mark.parametrize("name", games.names())
def test_every_flow_entry_declares_its_fields_as_a_tuple_of_names(name):
    rules = games.rules_of(name)
    seen = 0
    for _variant, _phase, action, entry in _entries(rules):
        who, handler, fields, hidden = entry[:4]
        assert who is REFEREE or hasattr(who, "seats"), action
        assert callable(handler) or type(handler) is str, action
        assert type(fields) is tuple and all(type(f) is str for f in fields), action
        assert "a" not in fields and "p" not in fields, action
        assert type(hidden) is tuple and set(hidden) <= set(fields), action
        seen += 1
    assert seen >= 5


@pytest.mark.parametrize("name", games.names())
def test_a_field_an_action_does_not_declare_is_refused_in_every_phase_that_has_it(name):
    rules = games.rules_of(name)
    tried = 0
    for variant, phase, action, entry in _entries(rules):
        setup = dict(SETUPS[name])
        if name in VARIANT_KEY:
            setup[VARIANT_KEY[name]] = variant
        game = Game(rules, setup)
        if phase != "*":
            game.state["phase"] = phase  # the field is checked before who may act and before the handler
        before = game.digest()
        asked = {"a": action, "junk": 1}
        if entry[0] is not REFEREE:
            asked["p"] = 0
        for field in entry[2]:
            asked[field] = 0
        with pytest.raises(Illegal) as info:
            game.apply(asked)
        assert info.value.code == "bad_field" and info.value.key == "junk", (variant, phase, action, info.value)
        assert "junk" in info.value.message
        assert game.digest() == before and len(game.log) == 0
        tried += 1
    assert tried >= 5


def _toy(atomic):
    """A one-phase game whose only action changes the state, then refuses half-way."""
    from referee.engine import define
    from referee.flow import ANY_SEAT, Flow, move

    def half_then_refuse(s, action, ev):
        s["n"] += 1
        s["log"].append("half")
        raise Illegal("bad_dice", "more dice are needed")

    flow = Flow({"": {"go": {"go": move(ANY_SEAT, half_then_refuse, ("dice",), atomic=atomic)}}})
    return define(
        name="toy",
        format=1,
        flow=flow,
        check_setup=dict,
        new_state=lambda setup: {"players": 2, "phase": "go", "n": 0, "log": []},
        public_view=dict,
        seat_view=lambda s, seat: dict(s),
        legal="games.munera.legal",
        digest_for=lambda s, fmt: "",
    )


def test_an_atomic_entry_has_the_engine_put_the_state_back_after_a_refusal_half_way():
    game = Game(_toy(True), {})
    before = game.digest()
    with pytest.raises(Illegal) as info:
        game.apply({"a": "go", "p": 0, "dice": [1]})
    assert info.value.code == "bad_dice" and game.digest() == before and game.state["log"] == []
    plain = Game(_toy(False), {})  # without the flag a handler must refuse before it changes anything
    with pytest.raises(Illegal):
        plain.apply({"a": "go", "p": 0})
    assert plain.state["n"] == 1


def test_munera_keeps_no_snapshot_code_of_its_own():
    import games.munera.feed as feed

    assert not hasattr(feed, "atomic") and not hasattr(feed, "clone")
    rules = games.rules_of("munera")
    atomic = {name for _v, _p, name, entry in _entries(rules) if entry[5]}
    assert {"attack", "appeal", "wrestle", "stamina", "ap"} <= atomic and "move" not in atomic


@pytest.mark.parametrize("name", games.names())
def test_only_a_game_with_trades_lists_them(name):
    rules = games.rules_of(name)
    game = Game(rules, SETUPS[name])
    assert rules.trades == (name == "ultimus")
    assert hasattr(rules.legal(), "trade_actions") == rules.trades  # no empty stubs
    if not rules.trades:
        assert game.trade_actions(0) == []


@pytest.mark.parametrize("name", games.names())
def test_a_rules_module_defines_its_game_once_and_imports_no_copy_of_itself(name):
    import os

    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "games", name)
    for file in os.listdir(path):
        if file.endswith(".py"):
            with open(os.path.join(path, file)) as f:
                text = f.read()
            assert ("define(" in text) == (file == "rules.py"), file
            if file == "rules.py":  # the engine gets the game from RULES: no wrapper fetches its own module
                assert "import rules" not in text and "games.%s.rules" % name not in text
