"""ULTIMUS on the command line: its hot-seat play and narrated demo (`ultimus play/demo`), and `ultimus balance`.

Its HostGame (ultimus_host.games.ultimus) names these for the generic command line.
Errors are one line on stderr (click.ClickException), exit code 1.
"""

import json
import time

import click

from games.ultimus.content import GLADIATOR_NAMES, MAX_PLAYERS, MIN_PLAYERS
from referee import VERSION
from ultimus_host.games.ultimus import CONTENT_OPTION
from ultimus_host.games.ultimus.bots import BOTS
from ultimus_host.narrate import who
from ultimus_host.options import bot_seats
from ultimus_host.outputs import check_new_file, write_output
from ultimus_host.simulate import run_with_bar, workers_option

CHART_TYPES = (".png", ".svg", ".pdf")
QUIET_EVENTS = (
    "movement",
    "step",
    "commit",
    "draw",
    "extra_card",
    "think",
    "ready",
    "turn",
    "card_done",
    "attack",
    "shoot",
    "button",
)


def play(options, ask, say, clear=None):
    """`ultimus play`: a whole ULTIMUS game at card level, hot-seat, bots on the seats --bot names."""
    from ultimus_host.games.ultimus.play import HotSeat

    players, seed, content = options["players"], options["seed"], options["content"]
    bots = bot_seats(options["bots"], players, BOTS, "heuristic", "ULTIMUS")  # refused before anything is said
    say("ULTIMUS for %d players, seed %d, the %s cards (docs/balance.md)" % (players, seed, content))
    game = HotSeat(players, seed, bots, options["battles"], ask=ask, say=say, clear=clear, content=content).run()
    s = game.state
    say(
        "final gold: %s; %s"
        % (
            ", ".join("%s %d" % (who(p), n) for p, n in enumerate(s["gold"])),
            "winners: " + " and ".join(who(p) for p in s["champions"]) if s["champions"] else "no winner",
        )
    )
    return game


def demo(options, say):
    """`ultimus demo`: ULTIMUS battles between random bots, narrated."""
    from games.ultimus.rules import RULES, new_setup
    from referee.engine import Game, public_event
    from ultimus_host.games.ultimus.bots import random_table
    from ultimus_host.games.ultimus.narrate import line
    from ultimus_host.loop import run_game

    players, seed, content, verbose = options["players"], options["seed"], options["content"], options["verbose"]
    say("ULTIMUS %s: %d players, seed %d, %s content" % (VERSION, players, seed, content))
    game = Game(RULES, new_setup(players, seed, battles=options["battles"], content=content))

    def tell(e):
        if verbose or e["e"] not in QUIET_EVENTS:
            say(line(public_event(e)))

    run_game(game, on_event=tell, **random_table(players, seed))
    s = game.state
    say("health: " + ", ".join("%s %d" % (GLADIATOR_NAMES[g], s["hp"][g]) for g in range(6)))
    say("%d actions, digest %s" % (len(game.log), game.digest()))
    return game


def _player_counts(ctx, param, value):
    """--players 3,4,6 as the sorted list [3, 4, 6], each count from MIN_PLAYERS to MAX_PLAYERS."""
    counts = set()
    items = [item.strip() for item in str(value).split(",") if item.strip()]  # a stray comma is no count
    for text in items or [str(value)]:
        if not (text.isdigit() and MIN_PLAYERS <= int(text) <= MAX_PLAYERS):
            raise click.BadParameter(
                "%r is not a player count: give whole numbers from %d to %d, comma-separated, e.g. 3,4,6"
                % (text, MIN_PLAYERS, MAX_PLAYERS)
            )
        counts.add(int(text))
    return sorted(counts)


@click.command()
@click.option(
    "-n",
    "games",
    type=click.IntRange(1, 100000),
    default=100,
    show_default=True,
    help="Games in all, split evenly among the player counts (rounded up).",
)
@click.option(
    "--players",
    "-p",
    default="4",
    show_default=True,
    callback=_player_counts,
    help="Player counts, comma-separated (each %d to %d), e.g. 3,4,6: figures for each." % (MIN_PLAYERS, MAX_PLAYERS),
)
@click.option(
    "--bots",
    default="heuristic,random",
    show_default=True,
    help="Bot kinds, given to the seats in turn (random, heuristic).",
)
@click.option("--battles", type=click.IntRange(1, 9), default=1, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Game i of each player count has seed SEED+i.")
@workers_option
@click.option(
    "--chart",
    type=click.Path(),
    default="balance.png",
    show_default=True,
    help="The chart's file: .png, .svg or .pdf (one row per player count).",
)
@click.option(
    "--json", "json_path", type=click.Path(), default=None, help="Also write all the figures to this JSON file."
)
@click.option(
    "--markdown", "markdown_path", type=click.Path(), default=None, help="Also write the tables to this Markdown file."
)
@CONTENT_OPTION
def balance(games, players, bots, battles, seed, workers, chart, json_path, markdown_path, content):
    """N bot games, then, per player count, each gladiator's win/death/pardon rates, each bet's return, and a chart."""
    from ultimus_host.games.ultimus import balance_report
    from ultimus_host.games.ultimus.balance import Tally, play_summary

    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    if not kinds or any(k not in BOTS for k in kinds):
        raise click.BadParameter("bots are random or heuristic", param_hint="--bots")
    # now, not after the games
    check_new_file(chart, "--chart", CHART_TYPES)
    for path, option in ((json_path, "--json"), (markdown_path, "--markdown")):
        if path is not None:
            check_new_file(path, option)
    each = -(-games // len(players))  # rounded up: every count gets the same seeds
    jobs = [(p, seed + i, kinds, battles, content) for p in players for i in range(each)]
    start = time.monotonic()
    summaries = run_with_bar(play_summary, jobs, workers)
    elapsed = time.monotonic() - start
    tallies = {p: Tally() for p in players}
    for (p, *_), summary in zip(jobs, summaries):
        tallies[p].add_summary(summary)
    for p in players:
        _print_balance(tallies[p], p, kinds, content)
    click.echo(
        "%d games (%s) in %.1f s: %.1f games/s"
        % (
            len(jobs),
            "%d for each player count" % each if len(players) > 1 else "%d players" % players[0],
            elapsed,
            len(jobs) / max(elapsed, 1e-9),
        )
    )
    if json_path is not None:
        parameters = {"games": games, "games_per_count": each, "players": players, "bots": kinds}
        parameters.update({"battles": battles, "seed": seed, "content": content})
        document = balance_report.report(tallies, parameters, VERSION)
        write_output(json_path, "--json", json.dumps(document, indent=1) + "\n")
        click.echo("figures: %s" % json_path)
    if markdown_path is not None:
        write_output(markdown_path, "--markdown", balance_report.markdown(tallies, "/".join(kinds), content))
        click.echo("tables: %s" % markdown_path)
    try:
        balance_report.chart(tallies, chart)
    except OSError as exc:
        raise click.ClickException("could not write the chart %s: %s" % (chart, exc.strerror or exc)) from None
    click.echo("chart: %s" % chart)


def _print_balance(tally, players, kinds, content):
    """One player count's tables in the terminal: gladiators, bets, then the length of battles."""
    from rich.console import Console
    from rich.table import Table

    gladiators, bets = tally.rows()
    console = Console()
    table = Table(
        title="%d players: %d games, %d battles (%s bots, %s content)"
        % (players, tally.games, tally.battles, "/".join(kinds), content)
    )
    for column in ("gladiator", "wins", "dies", "pardoned"):
        table.add_column(column, justify="right")
    for name, win, die, pardon in gladiators:
        table.add_row(name, "%.0f %%" % (100 * win), "%.0f %%" % (100 * die), "%.0f %%" % (100 * pardon))
    console.print(table)
    bet_table = Table(title="%d players: bets" % players)
    for column in ("kind", "coins bet", "gold back per coin"):
        bet_table.add_column(column, justify="right")
    for kind, staked, ret in bets:
        bet_table.add_row(kind, str(staked), "%.2f" % ret)
    console.print(bet_table)
    rounds, actions = tally.length()
    click.echo(
        "%d players: %.1f rounds a battle, %.0f actions a game%s\n"
        % (players, rounds, actions, ", %d games stopped unfinished" % tally.unfinished if tally.unfinished else "")
    )
