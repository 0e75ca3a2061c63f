"""The flow answers who acts and what they may do, once for every game (referee/flow.py): actors,
the main seat and those who answer out of turn, a seat's menu, the seat for an action, and the
declared transitions every handler is held to in the tests."""

import ast
import os

import pytest

from games.ultimatum import randomplay as ultimatum_play
from games.ultimatum import rules as ultimatum
from referee import acting, engine
from referee.engine import define
from referee.errors import Illegal
from referee.flow import ANY_PHASE, ANY_SEAT, REFEREE, Flow, Who, move
from referee.play import UndeclaredPhase, check_next, seat_for
from referee.rng import Rng
from ultimus_host import registry


def _turn(s):
    return [s["turn"]]


def _not_ready(s, seat):
    return ("already_ready", "this seat is ready") if s["ready"][seat] else None


def _to(phase):
    def handler(s, a, ev):
        s["phase"] = phase

    return handler


def _ready(s, a, ev):
    s["ready"][a["p"]] = 1


TURN = Who("the seat whose turn it is", _turn, "not_your_turn", "it is another seat's turn")
TOY = Flow(
    {
        "": {
            "deal": {"deal": move(REFEREE, _to("play"))},
            "play": {
                "go": move(TURN, _to("score")),
                "ready": move(ANY_SEAT, _ready, check=_not_ready),
                "oops": move(TURN, _to("scroe")),
            },
            "score": {"end": move(REFEREE, _to("over"))},
            ANY_PHASE: {"gift": move(ANY_SEAT, _ready)},
        }
    },
    next={"deal": ("play",), "play": ("score",), "score": ("over",)},
    turns={"play": TURN},
)


Toy = define(
    name="toy",
    format=1,
    flow=TOY,
    check_setup=dict,
    new_state=dict,
    public_view=dict,
    seat_view=lambda s, seat: dict(s),
    legal="referee.play",
    digest_for=lambda s, fmt: "",
)


def _state(phase="play", turn=1, ready=(0, 0, 0)):
    return {"phase": phase, "players": 3, "turn": turn, "ready": list(ready)}


def test_actors_are_the_seats_the_phase_waits_on_with_the_main_seat_first():
    s = _state(turn=2)
    assert acting.actors(Toy, s) == [2, 0, 1]  # the main seat, then the others in seat order; the gift waits on nobody
    assert acting.main_seat(Toy, s) == 2
    assert acting.responders(Toy, s) == [0, 1]
    s["ready"] = [1, 0, 1]
    assert acting.actors(Toy, s) == [2, 1]  # 0 is ready: its only action of the phase fails its pre-check
    assert acting.actors(Toy, _state(phase="deal")) == []  # the referee's phase
    assert acting.main_seat(Toy, _state(phase="deal")) is None
    assert acting.responders(Toy, _state(phase="deal")) == []


def test_options_refusal_and_seat_for_answer_from_who_and_pre_check():
    s = _state(turn=1, ready=(1, 0, 0))
    assert acting.options(Toy, s, 1) == ["go", "oops", "ready", "gift"]
    assert acting.options(Toy, s, 0) == ["gift"]  # not its turn, and ready already
    assert acting.options(Toy, s, -1) == []
    assert acting.refusal(Toy, s, 0, "ready") == ("already_ready", "this seat is ready")
    assert acting.refusal(Toy, s, 0, "go") == ("not_your_turn", "it is another seat's turn")
    assert acting.refusal(Toy, s, 1, "end")[0] == "wrong_phase"
    assert acting.refusal(Toy, s, 1, "go") is None
    assert seat_for(Toy, s, "go") == 1
    assert seat_for(Toy, s, "ready") is None  # any seat
    assert seat_for(Toy, _state(phase="deal"), "deal") == -1
    assert acting.options(Toy, _state(phase="over"), 1) == []


def test_a_handler_leading_to_an_undeclared_phase_fails_while_checking():
    assert Flow.checking is check_next  # tests/conftest.py sets it for every test
    s = _state(turn=0)
    engine.apply_clean(Toy, s, {"a": "go", "p": 0})
    assert s["phase"] == "score"
    s = _state(turn=0)
    with pytest.raises(UndeclaredPhase):
        engine.apply_clean(Toy, s, {"a": "oops", "p": 0})  # "scroe": a typo strands no game unseen
    Flow.checking = None
    try:
        s = _state(turn=0)
        engine.apply_clean(Toy, s, {"a": "oops", "p": 0})  # a box checks nothing: it costs nothing
        assert s["phase"] == "scroe"
    finally:
        Flow.checking = staticmethod(check_next)


def test_ultimatum_declares_the_attacker_as_main_seat_and_the_others_answer():
    """In war and battle the attacker has the turn; a laser fired back and a defender's card answer
    out of turn: main_seat is the first actor there, responders the others."""
    seen = set()
    for seed in range(1, 5):
        game = engine.Game(ultimatum.RULES, {"players": 2 + seed % 4, "seed": seed})
        rng = Rng(seed ^ 0x5EED)
        for _ in range(4000):
            phase = game.phase
            if phase == "over":
                break
            actors = game.actors()
            main = acting.main_seat(ultimatum.RULES, game.state)
            if phase in ("war", "battle"):
                assert main == game.state["active"] == actors[0]
                if actors[1:]:
                    seen.add(phase)
            else:
                assert main is None and acting.responders(ultimatum.RULES, game.state) == []
            action = ultimatum_play.choose_action(game, rng)
            if action is None:
                break
            game.apply(action)
    assert seen  # some defender or fired-at seat answered out of turn


def test_the_engine_refuses_what_the_flow_refuses():
    s = _state(turn=1, ready=(1, 0, 0))
    with pytest.raises(Illegal) as exc:
        engine.apply_clean(Toy, s, {"a": "go", "p": 0})
    assert exc.value.code == acting.refusal(Toy, s, 0, "go")[0]


# --- every phase a game's code names is one its flow knows -----------------------------------------

GAMES = registry.names()  # every game of the registry: a new one is held here the moment it is listed
FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")


def _is_phase(node):
    """Whether an expression is x["phase"]."""
    return isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == "phase"


def _texts(node):
    """The string constants an expression may give: a constant, either branch of an if, a tuple's."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _texts(node.body) + _texts(node.orelse)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [t for x in node.elts for t in _texts(x)]
    return []


def phases_named(source):
    """(line, phase) of every phase name a module's code writes or compares: x["phase"] = ..., a
    "phase": ... in a dict (a state, an event), x["phase"] == / in ..., and Munera's settle(s, ev, phase)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        found = []
        if isinstance(node, ast.Assign) and any(_is_phase(t) for t in node.targets):
            found = _texts(node.value)
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "phase":
                    found += _texts(value)
        elif isinstance(node, ast.Compare) and (_is_phase(node.left) or any(_is_phase(c) for c in node.comparators)):
            for side in [node.left] + node.comparators:
                found += _texts(side)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "settle" and len(node.args) > 2:
            found = [t for t in _texts(node.args[2]) if t != "next"]  # "next": the next gladiator's start
        out += [(node.lineno, t) for t in found]
    return out


def _rules(name):
    return registry.get(name).rules


def known_phases(rules):
    flow = rules.FLOW
    return {p for v in flow.variants for p in flow.variants[v] if p != ANY_PHASE} | {flow.end}


@pytest.mark.parametrize("name", GAMES)
def test_every_phase_a_game_names_is_one_its_flow_knows(name):
    """A typo in a phase written, compared or put in an event fails here, not in a stranded game."""
    known = known_phases(_rules(name))
    folder = os.path.join(FIRMWARE, "games", name)
    wrong, seen = [], set()
    for file in sorted(os.listdir(folder)):
        if file.endswith(".py"):
            with open(os.path.join(folder, file)) as f:
                for line, phase in phases_named(f.read()):
                    seen.add(phase)
                    if phase not in known:
                        wrong.append("%s:%d %r" % (file, line, phase))
    assert not wrong, "phases the flow of %s does not know: %s" % (name, ", ".join(wrong))
    assert known <= seen | {_rules(name).FLOW.end}, "the scan finds no write of phases %s" % sorted(known - seen)


def test_the_scan_finds_a_typo():
    assert phases_named('def f(s):\n    s["phase"] = "scroe" if s["x"] else "score"\n') == [(2, "scroe"), (2, "score")]
    assert phases_named('e = {"e": "phase", "phase": "melee"}\nsettle(s, ev, "act")\nsettle(s, ev, "next")\n') == [
        (1, "melee"),
        (2, "act"),
    ]
    assert phases_named('if s["phase"] in ("a", "b"):\n    pass\n') == [(1, "a"), (1, "b")]


@pytest.mark.parametrize("name", GAMES)
def test_each_game_declares_where_each_phase_leads(name):
    """NEXT names only phases of the flow, every phase but the end leads somewhere, and every phase but
    the first is led to."""
    rules = _rules(name)
    known = known_phases(rules)
    table = rules.FLOW.next or rules.legal().NEXT
    assert set(table) == known - {rules.FLOW.end}
    led_to = {p for after in table.values() for p in after}
    assert led_to <= known
    first = {rules.new_state(rules.check_setup(_setup(name)))["phase"]}
    assert known - led_to <= first


def _setup(name):
    examples = registry.get(name).examples
    assert examples, "%s declares no example set-up: HostGame(examples=...)" % name
    return examples[0]


# --- the flow's answers agree with the legal listing, both ways, over random games --------------


def _random_games(name):
    """(label, rules, game, choose(game, rng)) of short random games of a game: each of its examples
    (between them every variant of its flow), two seeds each, played by its own random play."""
    host = registry.get(name)
    assert host.examples and host.random, "%s declares no examples or random play" % name
    for seed in (3, 8):
        for k in range(len(host.examples)):
            game, choose = host.random_game(k, seed)
            yield "%s example %d" % (name, k), host.rules, game, choose


def _main_first(rules, s, seats):
    main = acting.main_seat(rules, s)
    return ([main] if main in seats else []) + [p for p in seats if p != main]


@pytest.mark.parametrize("name", GAMES)
def test_actors_and_menus_agree_with_the_legal_listing_both_ways(name):
    """For every seat at every step of random games of each game: a seat acts now iff it has a
    legal action (the main seat first), and options() offers an action's name iff the legal listing
    (trades included) has at least one action of that name; the referee's menu too."""
    for label, rules, game, choose in _random_games(name):
        rng = Rng(7)
        legal = game.legal()
        trades = getattr(legal, "trade_actions", None)
        for step in range(250):
            s = game.state
            if s["phase"] == rules.FLOW.end:
                break
            having = []
            for p in range(-1, s["players"]):
                listed = {a["a"] for a in legal.legal_actions(s, p)}
                if p >= 0 and listed:
                    having.append(p)
                if p >= 0 and trades is not None:
                    listed |= {a["a"] for a in trades(s, p)}
                offered = acting.options(rules, s, p)
                assert set(offered) == listed, (label, step, s["phase"], p, offered, listed)
            assert acting.actors(rules, s) == _main_first(rules, s, having), (label, step, s["phase"])
            assert game.actors() == acting.actors(rules, s)
            action = choose(game, rng)
            if action is None:
                break
            game.apply(action)
