"""The flow answers who acts and what they may do, once for every game (referee/flow.py): actors,
the main seat and those who answer out of turn, a seat's menu, the seat for an action, and the
declared transitions every handler is held to in the tests."""

import pytest

from games.ultimatum import randomplay as ultimatum_play
from games.ultimatum import rules as ultimatum
from referee import acting, engine
from referee.errors import Illegal
from referee.flow import ANY_PHASE, ANY_SEAT, REFEREE, Flow, Who
from referee.play import UndeclaredPhase, check_next, seat_for
from referee.rng import Rng


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
            "deal": {"deal": (REFEREE, _to("play"), (), (), None)},
            "play": {
                "go": (TURN, _to("score"), (), (), None),
                "ready": (ANY_SEAT, _ready, (), (), _not_ready),
                "oops": (TURN, _to("scroe"), (), (), None),
            },
            "score": {"end": (REFEREE, _to("over"), (), (), None)},
            ANY_PHASE: {"gift": (ANY_SEAT, _ready, (), (), None)},
        }
    },
    next={"deal": ("play",), "play": ("score",), "score": ("over",)},
    turns={"play": TURN},
)


class Toy:
    NAME = "toy"
    FLOW = TOY

    @staticmethod
    def variant(s):
        return ""


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
        game = ultimatum.game(2 + seed % 4, seed)
        rng = Rng(seed ^ 0x5EED)
        for _ in range(4000):
            phase = game.phase
            if phase == "over":
                break
            actors = game.actors()
            main = acting.main_seat(ultimatum, game.state)
            if phase in ("war", "battle"):
                assert main == game.state["active"] == actors[0]
                if actors[1:]:
                    seen.add(phase)
            else:
                assert main is None and acting.responders(ultimatum, game.state) == []
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
