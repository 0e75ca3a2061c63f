"""The engine's contract with a game, held for every game of the registry: each action's fields are
declared in the flow entry that names it, and a field it does not declare is refused (bad_field) before
anything changes, in every phase and variant that has the action; its RULES, its box screen and its
host's bots have what referee/contract.pyi says the engine, the shell and the game loop ask of them."""

import ast
import importlib
import inspect
import os

import pytest

from referee.engine import REFEREE, Game
from referee.errors import Illegal
from ultimus_host import registry
from ultimusbox import board, games


def example_of(name, variant):
    """A new game of the first of a game's example set-ups whose state plays the flow's `variant`."""
    host = registry.get(name)
    for setup in host.examples:
        game = Game(host.rules, setup)
        if host.rules.variant(game.state) == variant:
            return game
    raise AssertionError("%s: no example set-up plays variant %r (HostGame(examples=...))" % (name, variant))


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
    assert seen, "%s: its flow declares no action" % name


@pytest.mark.parametrize("name", games.names())
def test_a_field_an_action_does_not_declare_is_refused_in_every_phase_that_has_it(name):
    rules = games.rules_of(name)
    tried = 0
    for variant, phase, action, entry in _entries(rules):
        game = example_of(name, variant)
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
    assert tried, "%s: its flow declares no action" % name


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
    game = Game(rules, registry.get(name).examples[0])
    assert hasattr(rules.legal(), "trade_actions") == rules.trades  # no empty stubs
    if not rules.trades:
        assert game.trade_actions(0) == []


@pytest.mark.parametrize("name", games.names())
def test_a_rules_module_defines_its_game_once_and_imports_no_copy_of_itself(name):
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "games", name)
    for file in os.listdir(path):
        if file.endswith(".py"):
            with open(os.path.join(path, file)) as f:
                text = f.read()
            assert ("define(" in text) == (file == "rules.py"), file
            if file == "rules.py":  # the engine gets the game from RULES: no wrapper fetches its own module
                assert "import rules" not in text and "games.%s.rules" % name not in text


# --- what referee/contract.pyi says, held at run time for every game of the registry --------------------

CONTRACT = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "referee", "contract.pyi"
)


def protocol(name):
    """{member: number of positional parameters besides self, or None for an attribute} of a Protocol of
    referee/contract.pyi (a property counts as an attribute)."""
    with open(CONTRACT) as f:
        tree = ast.parse(f.read())
    (cls,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name]
    out = {}
    for node in cls.body:
        if isinstance(node, ast.AnnAssign):
            out[node.target.id] = None
        elif isinstance(node, ast.FunctionDef):
            prop = any(getattr(d, "id", None) == "property" for d in node.decorator_list)
            out[node.name] = None if prop else len(node.args.args) - 1
    return out


def _arity(function):
    params = inspect.signature(function).parameters.values()
    return len([p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)])


def _holds(obj, members, where, instance_attributes=()):
    """What obj lacks of a Protocol's members, or takes with another number of positional parameters."""
    wrong = []
    for member, arity in members.items():
        if member in instance_attributes:
            continue
        if not hasattr(obj, member):
            wrong.append("%s has no %s" % (where, member))
        elif arity is not None:
            bound = getattr(obj, member)
            got = _arity(bound) - (0 if inspect.ismethod(bound) or not inspect.isclass(obj) else 1)
            if got != arity:
                wrong.append("%s.%s takes %d arguments, not %d" % (where, member, got, arity))
    return wrong


@pytest.mark.parametrize("name", games.names())
def test_a_game_s_rules_screen_and_bots_hold_to_the_contract(name):
    """RULES as referee.contract.Rules (every attribute define() gives), its box screen's class as Screen
    (every method the shell and the display call, with their arguments; `entry` is set per instance), and
    every chooser of its host's bots module (its bots and referees) as Chooser: choose(view, options)."""
    wrong = _holds(games.rules_of(name), protocol("Rules"), "%s's RULES" % name)
    screen = games.screen_module(name).Screen
    wrong += _holds(screen, protocol("Screen"), "%s's Screen" % name, instance_attributes=("entry",))
    bots = importlib.import_module("%s.%s.bots" % (registry.PACKAGE, name))
    choosers = [c for c in vars(bots).values() if inspect.isclass(c) and hasattr(c, "choose")]
    assert choosers, "%s: its bots module has no chooser (a class with choose(view, options))" % name
    for c in choosers:
        wrong += _holds(c, protocol("Chooser"), "%s's %s" % (name, c.__name__))
    assert not wrong, "; ".join(wrong)


def test_the_contract_check_finds_what_is_missing():
    class Half:
        def choose(self, view):
            return None

    assert _holds(Half, protocol("Chooser"), "Half") == ["Half.choose takes 1 arguments, not 2"]
    assert _holds(object(), {"NAME": None}, "it") == ["it has no NAME"]


@pytest.mark.parametrize("name", games.names())
def test_a_game_declares_what_the_generic_machinery_needs(name):
    """Its player range (define(players=...), the one the box, `play`, `simulate` and `serve` offer),
    example set-ups its rules accept within that range, its random play, its first golden version."""
    host = registry.get(name)
    rules = host.rules
    players = rules.PLAYERS
    assert type(players) is tuple and len(players) == 2, "%s declares no player range: define(players=(lo, hi))" % name
    assert 1 <= players[0] <= players[1] <= board.STATIONS, "%s: players %r, the box has %d stations" % (
        name,
        players,
        board.STATIONS,
    )
    assert host.players == players
    assert host.examples, "%s declares no example set-up: HostGame(examples=...)" % name
    for setup in host.examples:
        game = Game(rules, setup)
        assert players[0] <= game.state["players"] <= players[1], (name, setup)
    play = host.random_play()
    assert play is not None, "%s declares no random play: HostGame(random='games.%s.randomplay')" % (name, name)
    assert callable(getattr(play, "chooser", None)) and callable(getattr(play, "setup_for", None)), (
        "%s: its random play %s has no chooser(game) or setup_for(seed)" % (name, host.random)
    )
    assert host.golden is None or host.golden.count(".") == 2, "%s: golden is a version X.Y.Z" % name


@pytest.mark.parametrize("name", games.names())
def test_a_game_starts_from_the_box_s_seat_selection_with_its_fewest_and_most_players(name):
    """Its wheel on the game menu, SHOUT at as many stations as it takes, CONFIRM: the game begins, with
    the set-up the box makes (its screen's seat_setup, the box's generator named): nothing refused."""
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy"))
    from box_battle import new_box, run_line

    for players in games.rules_of(name).PLAYERS:
        fb, box = new_box()
        refused = []
        box.shell.listen(lambda events, out=refused: out.extend(e for e in events if e["e"] == "refused"))
        presses = [board.WHEEL_0 + games.names().index(name)] + [board.SHOUT_0 + k for k in range(players)]
        for button in presses + [board.CONFIRM]:
            run_line(fb, box, ("press", button))
        assert box.shell.game is not None and not refused, "%s with %d players: %s" % (name, players, refused[:1])
        assert box.shell.playing == name and box.shell.game.state["players"] == players
