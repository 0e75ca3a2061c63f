"""`ultimus simulate GAME`: every game's simulation, the same figures on -j 1 and a local Dask cluster,
the fairness arithmetic (intervals, the chi-square test) against known values, an unfair table told
as such, wrong input in one line, and docs/balance.md's fairness tables equal to the runs kept in
docs/fairness/ (tools/fairness.py)."""

import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from test_cli_errors import one_line_error
from ultimus_host import fairness, simulations
from ultimus_host.cli import main
from ultimusbox import games as box_games

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import fairness as fairness_tool  # noqa: E402  (tools/fairness.py, beside the host's module of that name)

GAMES = box_games.names()


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_every_game_of_the_box_has_a_simulation_and_the_generic_side_names_none():
    assert simulations.names() == GAMES
    for path in ("host/ultimus_host/simulations.py", "host/ultimus_host/fairness.py", "tools/fairness.py"):
        text = (ROOT / path).read_text(encoding="utf-8")
        code = re.sub(r'"""(.|\n)*?"""', "", text)  # the docstrings may give an example
        code = code.replace("ultimus simulate", "")  # the command's name, not the game's
        named = [g for g in GAMES if re.search(r"\b%s\b" % g, code)]
        assert not named, (path, named)


@pytest.mark.parametrize("name", GAMES)
def test_a_games_summaries_add_up(name):
    sim = simulations.load(name)
    doc = simulations.run(name, 6, seed=11, workers=1)
    (f,) = doc["by_players"]
    assert f["players"] == sim.DEFAULT_PLAYERS and f["games"] == 6
    assert f["finished"] + f["unfinished"] == 6 and f["draws"] <= f["finished"]
    seats = f["seats"]
    assert [r["label"] for r in seats["rows"]] == [str(p + 1) for p in range(sim.DEFAULT_PLAYERS)]
    assert sum(r["games"] for r in seats["rows"]) == 6 * sim.DEFAULT_PLAYERS
    assert abs(sum(r["wins"] for r in seats["rows"]) - (f["finished"] - f["draws"])) < 1e-9
    assert list(f["groups"]) == list(sim.GROUPS)
    assert f["actions"]["mean"] > 0 and (f["rounds"] is None) == (sim.ROUNDS is None)
    assert simulations.run(name, 6, seed=11, workers=1) == doc  # seeded: the same games again


def test_several_player_counts_share_the_games_and_their_seeds():
    doc = simulations.run("morituri", 6, seed=3, counts=[2, 5], workers=1)
    assert [f["players"] for f in doc["by_players"]] == [2, 5]
    assert [f["games"] for f in doc["by_players"]] == [3, 3] and doc["parameters"]["games_per_count"] == 3


def test_wilson_interval_and_chi_square_against_known_values():
    low, high = fairness.wilson(50, 100)
    assert abs(low - 0.4038) < 1e-4 and abs(high - 0.5962) < 1e-4
    low, high = fairness.wilson(0, 10)
    assert low == 0.0 and abs(high - 0.2775) < 1e-4
    # the 95th percentiles of chi-square with 1, 3 and 10 degrees of freedom, and two points of the far tail
    for x, df, p in ((3.841459, 1, 0.05), (7.814728, 3, 0.05), (18.307038, 10, 0.05), (0.5, 4, 0.973501)):
        assert abs(fairness.chi2_sf(x, df) - p) < 1e-6, (x, df)
    assert abs(fairness.chi2_sf(40.0, 2) - 2.061153622e-9) < 1e-15
    assert fairness.chi2_sf(0.0, 3) == 1.0


def _summaries(first_wins, games=400):
    """4-seat games where seat 1 wins `first_wins` of them and the others share the rest in turn."""
    out = []
    for i in range(games):
        winner = 0 if i < first_wins else 1 + i % 3
        out.append({"players": 4, "winners": [winner], "finished": 1, "actions": 10, "rounds": 2})
    return out


def test_a_first_player_advantage_is_told_and_a_fair_table_is_not():
    unfair = fairness.Tally(4)
    for s in _summaries(130):  # 32.5 % for seat 1 where a fair seat has 25 %, 22.5 % for each other
        unfair.add(s)
    f = unfair.figures()["seats"]
    assert f["p"] < 0.01 and "NOT alike" in fairness.verdict(f, "seat order")
    assert fairness.verdict(f, "seat order").endswith(": 1")  # only seat 1's interval misses the mean
    fair = fairness.Tally(4)
    for s in _summaries(100):
        fair.add(s)
    f = fair.figures()["seats"]
    assert f["p"] > 0.5 and "alike within chance" in fairness.verdict(f, "seat order")


def test_a_shared_win_and_a_draw_are_counted_as_such():
    t = fairness.Tally(3)
    t.add({"players": 3, "winners": [0, 2], "finished": 1, "actions": 5, "rounds": None})
    t.add({"players": 3, "winners": [], "finished": 1, "actions": 7, "rounds": None})
    t.add({"players": 3, "winners": [], "finished": 0, "actions": 9, "rounds": None})
    f = t.figures()
    assert (f["games"], f["finished"], f["draws"], f["unfinished"]) == (3, 2, 1, 1)
    assert [r["wins"] for r in f["seats"]["rows"]] == [0.5, 0.0, 0.5] and f["rounds"] is None


def _figures(output, folder):
    return [line for line in output.splitlines() if "/s" not in line and str(folder) not in line]


@pytest.fixture(scope="module")
def local2():
    pytest.importorskip("distributed")
    from ultimus_host import cluster

    with cluster.Cluster(local=2) as c:
        yield c


@pytest.fixture
def on_local2(local2, monkeypatch):
    """--scheduler local:2 plays on the module's cluster, not on one started for each command."""
    from ultimus_host import cluster

    asked = []

    def parse(text, default_workers=1):
        asked.append(text)
        return local2

    monkeypatch.setattr(cluster, "parse", parse)
    return asked


@pytest.mark.parametrize("name", GAMES)
def test_the_same_figures_on_j1_and_a_local_dask_cluster(name, on_local2, tmp_path):
    runs = {}
    for label, how in (("j1", ["-j", "1"]), ("dask", ["--scheduler", "local:2"])):
        out = tmp_path / (label + ".json")
        result = run("simulate", name, "-n", "6", "--seed", "5", "--json", str(out), *how)
        assert result.exit_code == 0, result.output
        runs[label] = (_figures(result.output, tmp_path), json.loads(out.read_text()))
    assert on_local2 == ["local:2"]
    assert runs["j1"] == runs["dask"] and runs["j1"][1]["by_players"][0]["games"] == 6


def test_the_chart_is_drawn(tmp_path):
    chart = tmp_path / "fair.png"
    result = run("simulate", "munera", "-n", "8", "-j", "1", "--chart", str(chart))
    assert result.exit_code == 0, result.output
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and chart.stat().st_size > 10000


def test_wrong_input_is_one_line(tmp_path):
    assert "no game 'chess'" in one_line_error(run("simulate", "chess", "-n", "5"), 2)
    assert "-n" in one_line_error(run("simulate", "munera", "-n", "0"), 2)
    too_many = box_games.rules_of("munera").PLAYERS[1] + 1  # the game's own range, not a hand number
    assert "player count of munera" in one_line_error(run("simulate", "munera", "--players", str(too_many)), 2)
    assert "bots are" in one_line_error(run("simulate", "ultimatum", "--bots", "clever"), 2)
    folder = tmp_path / "nowhere" / "x.json"
    assert "--json" in one_line_error(run("simulate", "munera", "-n", "5", "--json", str(folder)), 2)
    assert "--chart" in one_line_error(run("simulate", "munera", "-n", "5", "--chart", str(tmp_path / "x.gif")), 2)
    text = one_line_error(run("simulate", "munera", "-n", "5", "-j", "1", "--scheduler", "local:2"), 1)
    assert "one or the other" in text


def test_the_fairness_sheets_are_their_runs():
    documents = fairness_tool.runs()
    text = fairness_tool.DOC.read_text(encoding="utf-8")
    assert sorted(documents) == sorted(GAMES), "a run for every game in docs/fairness/"
    assert all(fairness_tool.tables(text, name) is not None for name in GAMES), "a sheet for every game"
    assert fairness_tool.stale(text, documents) == []
    for name, d in documents.items():
        assert d["game"] == name and sum(f["games"] for f in d["by_players"]) >= 10000, name


def test_the_tool_puts_a_run_between_its_markers_and_nowhere_else():
    d = simulations.run("munera", 4, seed=2, workers=1)
    text = "# doc\nwords\n<!-- fairness:munera -->\nold\n<!-- /fairness:munera -->\nmore words\n"
    new, missing = fairness_tool.rewrite(text, {"munera": d})
    assert missing == [] and fairness_tool.stale(new, {"munera": d}) == []
    assert new.startswith("# doc\nwords\n") and new.endswith("<!-- /fairness:munera -->\nmore words\n")
    assert fairness_tool.stale(text, {"munera": d}) == ["munera"]
    assert fairness_tool.rewrite(text, {"ultimatum": d})[1] == ["ultimatum"]
