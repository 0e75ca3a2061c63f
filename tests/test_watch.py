"""The PC's watch (ultimus_host.watch): a handler's phase change its flow does not declare, and a broken join of
a game's tables, are reported in one line on the log, once, and the game goes on: in the host's game loop
(`ultimus demo`), on the virtual box (the box app on a PC) and in `ultimus serve`: every command of the
command line (ultimus_host/cli.py) and every worker of a parallel run sets it. The tests themselves raise
instead (tests/conftest.py: referee.play.check_next)."""

import logging
import os
import subprocess
import sys
import types

import pytest

from referee import engine
from referee.flow import REFEREE, Flow, move
from ultimus_host import watch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def watching(monkeypatch, caplog):
    """Flow.checking as the host sets it, every report forgotten; the log's warnings captured."""
    monkeypatch.setattr(Flow, "checking", staticmethod(watch.report))
    monkeypatch.setattr(watch, "_told", set())
    monkeypatch.setattr(watch, "_joined", set())
    caplog.set_level(logging.WARNING, logger=watch.LOG.name)
    return caplog


def _lines(caplog):
    return [r.getMessage() for r in caplog.records if r.name == watch.LOG.name]


def _to(phase):
    def handler(s, a, ev):
        s["phase"] = phase

    return handler


def _toy(checks):
    flow = Flow(
        {"": {"deal": {"deal": move(REFEREE, _to("play"))}, "play": {"end": move(REFEREE, _to("over"))}}},
        next={"deal": (), "play": ("over",)},
    )
    rules = engine.define(
        name="toy",
        format=1,
        flow=flow,
        check_setup=dict,
        new_state=dict,
        public_view=dict,
        seat_view=lambda s, p: s,
        legal="referee.play",
        digest_for=lambda s, f: "",
        prechecks="toy_prechecks",
    )
    module = types.ModuleType("toy_prechecks")
    module.CHECKS = checks  # pyright: ignore[reportAttributeAccessIssue]  (a made-up module)
    sys.modules["toy_prechecks"] = module
    return rules


def test_an_undeclared_transition_is_told_once_and_the_game_goes_on(watching):
    rules = _toy({"": {}})
    for _ in range(2):
        s = {"phase": "deal", "players": 2}
        engine.apply_clean(rules, s, {"a": "deal"})
        assert s["phase"] == "play"  # applied: the box would play it so
    assert _lines(watching) == [
        "ultimus: warning: toy went from the 'deal' phase to 'play', which its flow does not declare (NEXT); the"
        " game goes on"
    ]


def test_a_broken_join_is_told_the_first_time_a_game_changes_phase(watching):
    rules = _toy({"": {"dael": None}})
    s = {"phase": "play", "players": 2}
    engine.apply_clean(rules, s, {"a": "end"})
    assert s["phase"] == "over"
    assert _lines(watching) == ["ultimus: warning: toy: CHECKS[''] names 'dael', no action of its flow"]


def test_a_check_that_fails_is_told_and_costs_the_action_nothing(watching):
    rules = _toy({"": {}})
    rules.FLOW.next = None
    rules.legal = lambda: 1 / 0  # the listing module does not load
    s = {"phase": "deal", "players": 2}
    engine.apply_clean(rules, s, {"a": "deal"})
    assert s["phase"] == "play"
    assert any("could not be checked" in line and "division" in line for line in _lines(watching))


def _run(code):
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)
    return done


PATH = "import sys; sys.path[:0] = ['firmware', 'host', 'tests', 'tests/mpy']\n"


def test_the_host_sets_the_watch_and_a_demo_plays_on_past_an_undeclared_transition():
    """`ultimus demo` with Morituri's NEXT missing melee -> implore: one line on stderr, no traceback, the
    game played to its end as before."""
    code = PATH + (
        "from referee.flow import Flow\n"
        "import ultimus_host.fakes\n"
        "assert Flow.checking is None  # a box on fakes (the box's tests) is not watched: it loads no listing\n"
        "import ultimus_host.cli\n"
        "assert Flow.checking is not None and Flow.checking.__name__ == 'report'\n"
        "from games.morituri import legal\n"
        "legal.NEXT['melee'] = tuple(p for p in legal.NEXT['melee'] if p != 'implore')\n"
        "from ultimus_host.cli import main\n"
        "sys.argv = ['ultimus', 'demo', '--game', 'morituri', '-p', '2', '-s', '3']\n"
        "main()\n"
    )
    done = _run(code)
    assert done.returncode == 0, done.stderr
    told = [line for line in done.stderr.splitlines() if line.startswith("ultimus: warning:")]
    assert told == [
        "ultimus: warning: morituri went from the 'melee' phase to 'implore', which its flow does not declare (NEXT);"
        " the game goes on"
    ], done.stderr
    assert "Traceback" not in done.stderr and done.stdout.strip()


def test_the_virtual_box_reports_and_plays_on(watching, monkeypatch):
    """The box app as the virtual box runs it (ultimusbox.runtime.Box on a PC's drivers): ULTIMUS's NEXT
    missing loudest -> betting: the box draws the loudest spectator, says so once and goes on."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))
    from box_battle import SCRIPT, new_box, run_line
    from games.ultimus import legal

    monkeypatch.setitem(legal.NEXT, "loudest", ())
    fb, box = new_box()
    for line in SCRIPT[: SCRIPT.index(("at", "entrance"))]:
        run_line(fb, box, line)
    assert box.shell.game.state["phase"] == "shout"  # all six placed: the game went on
    assert _lines(watching) == [
        "ultimus: warning: ultimus went from the 'loudest' phase to 'betting', which its flow does not declare"
        " (NEXT); the game goes on"
    ]


def test_a_worker_of_a_parallel_run_watches_as_the_command_does(monkeypatch):
    from ultimus_host import parallel

    monkeypatch.setattr(Flow, "checking", None)
    monkeypatch.setattr(parallel.signal, "signal", lambda *a: None)
    parallel._ignore_interrupt()  # the pool's initializer
    assert Flow.checking is watch.report


def test_serve_reports_and_plays_on(watching, monkeypatch, tmp_path):
    web_helpers = pytest.importorskip("web_helpers")
    from games.ultimus import legal

    monkeypatch.setitem(legal.NEXT, "loudest", ())
    with web_helpers.Served(tmp_path / "box", seed=1) as served:
        table = web_helpers.Page(served, served.referee_path)
        web_helpers.new_game(served, table, game="ultimus", players=2, mode="full", battles=1)
        n = table.latest["n"]
        table.send(op="referee", n=n, i=table.latest["referee"][0]["i"])  # draw the loudest spectator
        table.wait(lambda p: p["n"] > n and not p["referee"])
        assert served.bridge is not None
    assert _lines(watching) == [
        "ultimus: warning: ultimus went from the 'loudest' phase to 'betting', which its flow does not declare"
        " (NEXT); the game goes on"
    ]
