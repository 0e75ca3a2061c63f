"""Munera on the host: `ultimus odds munera`, `ultimus munera bout|matrix`, `ultimus play/demo
--game munera`, the bots, and bad input."""

from click.testing import CliRunner

from games.munera import rules
from referee.engine import Game
from ultimus_host.cli import main
from ultimus_host.games.munera.bots import BOTS, BoxReferee
from ultimus_host.games.munera.bouts import Tally, bout, matrix, outcome
from ultimus_host.games.munera.play import SetupError, parse_gladiators
from ultimus_host.loop import run_game


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def one_line_error(result, words):
    assert result.exit_code == 1, result.output
    assert result.output.count("\n") == 1 and result.output.startswith("Error: ") and words in result.output


def test_odds_munera_prints_exact_fractions():
    result = run("odds", "munera", "murmillo", "secutor")
    assert result.exit_code == 0, result.output
    assert "modifier +0, save 3" in result.output
    assert "41.7%  (5/12)" in result.output and "20.8%  (5/24)" in result.output
    result = run("odds", "munera", "retiarius", "murmillo", "--weapon", "net", "--range", "2")
    assert "entangles" in result.output and "(13/108)" in result.output


def test_odds_munera_refuses_a_weapon_out_of_reach_and_an_unknown_gladiator():
    one_line_error(run("odds", "munera", "murmillo", "secutor", "--range", "3"), "does not reach 3 hexes")
    one_line_error(run("odds", "munera", "caesar", "secutor"), "is not a gladiator")


def test_every_bot_plays_whole_bouts_to_an_end():
    for kind in sorted(BOTS):
        for seed in range(3):
            game, actions = bout("retiarius", "laquearius_spear", seed, (kind, "brawler"))
            assert game.phase == "over" and actions < 1000
            assert outcome(game)[1] in ("spared", "killed", "dead")


def test_the_careful_bot_never_spends_past_6_ap():
    game = Game(rules.RULES, {"gladiators": ["gaetulian", "cestus"], "seed": 5})
    seats = {0: BOTS["careful"](1), 1: BOTS["careful"](2)}
    spent = []
    run_game(game, seats, referee=BoxReferee(), on_event=lambda e: e["e"] == "end_turn" and spent.append(e["spent"]))
    assert game.phase == "over" and spent and max(spent) <= 6


def test_a_tally_counts_rates_that_add_up():
    t = Tally()
    for seed in range(20):
        t.add(*bout("gaul", "samnite", seed))
    r = t.rates()
    assert t.n == 20 and 0 <= r["win"] <= 1
    assert abs(r["appeal"] + t.counts["dead"] / t.n + r["unfinished"] - 1) < 1e-9
    assert r["death"] >= r["appeal"] - r["spared"]


def test_the_matrix_has_every_ordered_pairing():
    results = matrix(["gaul", "samnite", "velite"], 2)
    assert sorted(results) == sorted(
        (a, b) for a in ("gaul", "samnite", "velite") for b in ("gaul", "samnite", "velite") if a != b
    )
    assert all(t.n == 2 for t in results.values())


def test_munera_bout_and_matrix_commands(tmp_path):
    result = run("munera", "bout", "murmillo", "retiarius", "-n", "30", "--bots", "brawler,netter")
    assert result.exit_code == 0, result.output
    assert "30 bouts, murmillo (brawler) against retiarius (netter)" in result.output and "bouts/s" in result.output
    chart = tmp_path / "m.png"
    result = run("munera", "matrix", "--profiles", "gaul,velite,secutor", "-n", "3", "--chart", str(chart))
    assert result.exit_code == 0, result.output
    assert chart.exists() and chart.stat().st_size > 1000 and "18 bouts" in result.output
    one_line_error(run("munera", "matrix", "--profiles", "gaul", "--chart", str(chart)), "at least two")
    one_line_error(run("munera", "bout", "gaul", "samnite", "--bots", "sleepy"), "bot")


def test_demo_and_play_with_bots_and_a_person():
    result = run("demo", "--game", "munera", "--seed", "4", "--gladiators", "secutor,retiarius")
    assert result.exit_code == 0, result.output
    assert "the bout is over" in result.output and "digest" in result.output
    result = run(
        "play", "--game", "munera", "--seed", "4", "--gladiators", "gaul,samnite", "--bot", "1=careful,2=flanker"
    )
    assert result.exit_code == 0 and "wins" in result.output.splitlines()[-1]
    # a person at seat 1 who always takes the first option
    result = run(
        "play",
        "--game",
        "munera",
        "--seed",
        "4",
        "--gladiators",
        "gaul,samnite",
        "--bot",
        "2=brawler",
        input="".join("%d\n" % (i % 9 + 1) for i in range(4000)),
    )
    assert result.exit_code == 0, result.output[-500:]
    assert "your choice" in result.output


def test_parse_gladiators_refuses_unknown_profiles_and_bad_counts():
    assert parse_gladiators("Murmillo, retiarius") == ["murmillo", "retiarius"]
    for bad in ("murmillo", "murmillo,lion", ",".join(["gaul"] * 7)):
        try:
            parse_gladiators(bad)
        except SetupError:
            continue
        raise AssertionError(bad)


def test_the_narrator_tells_every_kind_of_event_of_random_bouts():
    from games.munera import randomplay
    from referee import engine
    from referee.rng import Rng
    from ultimus_host.games.munera.play import line

    told = set()
    for seed in range(25):
        game = engine.Game(rules.RULES, randomplay.setup_for(seed))
        rng = Rng(seed)
        while game.phase != "over" and len(game.log) < 2000:
            for e in game.apply(randomplay.choose_action(game, rng)):
                text = line(game.state, e)
                if text:
                    assert isinstance(text, str) and "%" not in text
                    told.add(e["e"])
    kinds = ("stamina", "order", "turn", "ap", "attack", "strike", "wound", "beaten", "verdict", "bout_over")
    for kind in kinds + ("reroll_offer", "pickup"):
        assert kind in told, kind


def test_munera_commands_give_the_same_figures_on_1_and_2_workers(tmp_path):
    def figures(*args):
        result = run("munera", *args)
        assert result.exit_code == 0, result.output
        return [line for line in result.output.splitlines() if "/s" not in line]  # all but the speed

    bout = ("bout", "gaul", "samnite", "-n", "12")
    assert figures(*bout, "-j", "1") == figures(*bout, "-j", "2")
    grid = ("matrix", "--profiles", "gaul,velite", "-n", "6", "--chart", str(tmp_path / "m.png"))
    assert figures(*grid, "-j", "1") == figures(*grid, "-j", "2")
    assert run("munera", "bout", "gaul", "samnite", "-j", "0").exit_code == 2


def test_the_matrix_chart_reads_in_percent_like_its_cells():
    from ultimus_host.games.munera.bouts import figure, matrix

    results = matrix(["gaul", "velite"], 2, 1, ["brawler", "brawler"], 1, None)
    fig = figure(["gaul", "velite"], results)
    fig.canvas.draw()
    bar = fig.axes[-1]  # the colour bar
    ticks = [t.get_text() for t in bar.get_yticklabels() if t.get_text()]
    assert ticks and all(t.endswith("%") for t in ticks), ticks
    assert bar.get_ylabel() == "wins in %"


def test_the_hot_seat_arena_counts_rounds_from_1():
    from ultimus_host.games.munera.play import arena_text, new_game

    text = arena_text(new_game(["murmillo", "retiarius"], 3).public_view())
    assert "before round 1" in text and "round 0" not in text
