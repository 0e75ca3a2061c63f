"""What `ultimus balance` writes out: the figures, the tables and the chart, and a saved run drawn again."""

import json
import os
import subprocess
import sys

from ultimus_host.games.ultimus import balance_report
from ultimus_host.games.ultimus.balance import Tally, play_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _tallies():
    tallies = {}
    for players in (3, 6):
        t = Tally()
        for seed in range(1, 4):
            t.add(*play_game(players, seed, ["heuristic", "random"], content="balanced"))
        tallies[players] = t
    return tallies


def test_a_saved_run_gives_back_the_same_figures_and_tables():
    tallies = _tallies()
    document = json.loads(json.dumps(balance_report.report(tallies, {"bots": ["heuristic", "random"]}, "x")))
    again = balance_report.tallies_of(document)
    assert sorted(again) == [3, 6]
    for players in (3, 6):
        assert again[players].rows() == tallies[players].rows()
        assert again[players].length() == tallies[players].length()
    assert balance_report.markdown(again, "b") == balance_report.markdown(tallies, "b")


def test_the_redraw_tool_draws_the_chart_and_tables_of_a_saved_run(tmp_path):
    tallies = _tallies()
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps(balance_report.report(tallies, {"bots": ["heuristic"]}, "x")))
    chart, tables = tmp_path / "run.png", tmp_path / "run.md"
    tool = os.path.join(ROOT, "tools", "balance_redraw.py")
    subprocess.run([sys.executable, tool, str(saved), str(chart), str(tables)], check=True)
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert tables.read_text() == balance_report.markdown(tallies, "heuristic")
    wrong = subprocess.run([sys.executable, tool, str(saved)], capture_output=True, text=True)
    assert wrong.returncode != 0 and "usage" in wrong.stderr


def test_each_aim_band_of_the_chart_is_named_in_a_legend():
    from ultimus_host.games.ultimus.balance import Tally, play_summary
    from ultimus_host.games.ultimus.balance_report import figure

    tally = Tally()
    tally.add_summary(play_summary(3, 1, ["heuristic", "random"], 1, "balanced"))
    fig = figure({3: tally})
    labels = [[t.get_text() for t in ax.get_legend().get_texts()] for ax in fig.axes if ax.get_legend()]
    assert any("aim for wins" in names for names in labels) and any("aim: 0.9 to 1.1" in n for n in labels), labels
