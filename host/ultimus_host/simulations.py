"""`ultimus simulate GAME`: N seeded bot games of any of the box's games, and what they say about
fairness (ultimus_host.fairness counts and writes it out).

Generic: it names no game. A game simulates if its HostGame (ultimus_host.registry) declares the
part `simulation`: play(players, seed, bots), one game as its summary (players within its rules'
range, RULES.PLAYERS; the shape is in ultimus_host.fairness); its module declares beside it
DEFAULT_PLAYERS, BOTS (its kinds, the default first), GROUPS (what else a seat is counted by: a figure's class, a
place in the turn order) and ROUNDS (what its rounds are called, None if it counts none).

Game i of each player count has seed SEED+i; the jobs go to ultimus_host.parallel (processes or
a Dask cluster) and come back in job order, so the figures are the same however they were played.
"""

import importlib
import json
import time

import click

from ultimus_host import fairness
from ultimus_host import registry as host_games
from ultimus_host.simulate import run_with_bar, workers_option

CHART_TYPES = (".png", ".svg", ".pdf")


def names():
    """The games that simulate, in the registry's order (the box's game menu's)."""
    return [g.name for g in host_games.every() if g.has("simulation")]


def load(name):
    """A game's simulation: the module of its HostGame's `simulation` part; None for a name that has none."""
    host = host_games.find(name)
    if host is None or not host.has("simulation"):
        return None
    return importlib.import_module(host.load("simulation").__module__)


def get(name):
    """A game's simulation module, for a name already checked (KeyError for another)."""
    sim = load(name)
    if sim is None:
        raise KeyError(name)
    return sim


def title(name):
    return host_games.get(name).title


def jobs(counts, games, seed, bots):
    """The jobs of a run: each player count gets games/len(counts) games (rounded up), seeds SEED+i."""
    each = -(-games // len(counts))
    return each, [(p, seed + i, tuple(bots)) for p in counts for i in range(each)]


def run(name, games, seed=1, counts=None, bots=None, workers=1, runner=None):
    """Play a run and add it up: its document (what --json writes, what the sheet is made from).
    runner(fn, jobs, workers) plays the jobs (default: ultimus_host.parallel.run)."""
    sim = get(name)
    counts = counts or [sim.DEFAULT_PLAYERS]
    bots = list(bots or sim.BOTS[:1])
    each, todo = jobs(counts, games, seed, bots)
    if runner is None:
        from ultimus_host.parallel import run as runner
    summaries = runner(sim.play, todo, workers)
    return document(
        name, summaries, {"games": games, "games_per_count": each, "players": counts, "bots": bots, "seed": seed}
    )


def document(name, summaries, parameters):
    """The figures of a run's summaries (in job order) as a JSON-ready dict."""
    sim = get(name)
    tallies = {}
    for s in summaries:
        tallies.setdefault(s["players"], fairness.Tally(s["players"])).add(s)
    return {
        "game": name,
        "title": title(name),
        "parameters": parameters,
        "rounds_name": sim.ROUNDS,
        "by_players": [tallies[p].figures(sim.GROUPS) for p in parameters["players"] if p in tallies],
    }


def _counts(text, sim, name):
    lo, hi = host_games.get(name).players  # the rules' one range (RULES.PLAYERS)
    out = set()
    for item in [t.strip() for t in str(text).split(",") if t.strip()] or [str(text)]:
        if not (item.isdigit() and lo <= int(item) <= hi):
            raise click.BadParameter(
                "%r is not a player count of %s: whole numbers from %d to %d, comma-separated" % (item, name, lo, hi),
                param_hint="--players",
            )
        out.add(int(item))
    return sorted(out)


def _bots(text, sim, name):
    kinds = [k.strip() for k in text.split(",") if k.strip()] if text else list(sim.BOTS[:1])
    for k in kinds:
        if k not in sim.BOTS:
            raise click.BadParameter("%s's bots are %s, not %r" % (name, ", ".join(sim.BOTS), k), param_hint="--bots")
    return kinds or list(sim.BOTS[:1])


def _game(name):
    sim = load(name)
    if sim is None:
        raise click.BadParameter("no game %r: the games are %s" % (name, ", ".join(names())), param_hint="GAME")
    return sim


@click.command()
@click.argument("game")
@click.option(
    "-n",
    "games",
    type=click.IntRange(1, 10**7),
    default=1000,
    show_default=True,
    help="Games in all (shared among the player counts).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Game i of each player count has seed SEED+i.")
@click.option("--players", "-p", default=None, help="Player counts, comma-separated (default: the game's usual table).")
@click.option("--bots", default=None, help="Bot kinds, given to the seats in turn (default: the game's first kind).")
@workers_option
@click.option("--json", "json_path", type=click.Path(), default=None, help="Write every figure to this JSON file.")
@click.option("--chart", type=click.Path(), default=None, help="Draw the shares to this file (.png, .svg or .pdf).")
def simulate(game, games, seed, players, bots, workers, json_path, chart):
    """GAME's bot games, then what a table wants to know about fairness: each seat's share of the
    wins (does going first matter?), the shares by figure, profile or turn order where the game has
    them, each with its 95 % interval and a chi-square test, draws and unfinished games, the length."""
    from ultimus_host.outputs import check_new_file

    sim = _game(game)
    counts = _counts(players, sim, game) if players else [sim.DEFAULT_PLAYERS]
    kinds = _bots(bots, sim, game)
    if json_path is not None:
        check_new_file(json_path, "--json")
    if chart is not None:
        check_new_file(chart, "--chart", CHART_TYPES)
    start = time.monotonic()
    doc = run(game, games, seed, counts, kinds, workers, runner=run_with_bar)
    elapsed = time.monotonic() - start
    for line in fairness.text_lines(doc):
        click.echo(line)
    played = doc["parameters"]["games_per_count"] * len(counts)
    click.echo("%d games in %.1f s: %.1f games/s" % (played, elapsed, played / max(elapsed, 1e-9)))
    if json_path is not None:
        _write(json_path, "--json", json.dumps(doc, indent=1) + "\n")
        click.echo("figures: %s" % json_path)
    if chart is not None:
        try:
            fairness.chart(doc, chart)
        except OSError as exc:
            raise click.ClickException("could not write the chart %s: %s" % (chart, exc.strerror or exc)) from None
        click.echo("chart: %s" % chart)


def _write(path, option, text):
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise click.ClickException("could not write %s %s: %s" % (option, path, exc.strerror or exc)) from None
