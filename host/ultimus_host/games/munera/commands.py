"""The command line of Munera: `ultimus munera bout|matrix`, `ultimus odds munera`, and the
bout behind `ultimus play/demo --game munera` (its HostGame, ultimus_host.games.munera, names them).
Errors are one line on stderr, exit code 1."""

import time

import click

from games.munera.content import FRONT, LEFT, PROFILE_NAMES, REAR, RIGHT
from ultimus_host.games.munera.bots import BOTS
from ultimus_host.options import bot_seats
from ultimus_host.simulate import progress_bar, workers_option

QUADRANTS = (FRONT, LEFT, RIGHT, REAR)
CHART_TYPES = (".png", ".svg", ".pdf")


def _profile(text, what):
    p = text.strip().lower()
    if p not in PROFILE_NAMES:
        raise click.ClickException(
            "%s %r is not a gladiator: the profiles are %s" % (what, text, ", ".join(PROFILE_NAMES))
        )
    return p


def _bots(text):
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if not kinds or any(k not in BOTS for k in kinds):
        raise click.ClickException("a Munera bot is %s, not %r" % (", ".join(sorted(BOTS)), text))
    return (kinds[0], kinds[-1])


def _odds(attacker, defender, quadrant, weapon, hexes, whirl, feint, extra):
    from ultimus_host.games.munera.odds import attack, percent

    a, d = _profile(attacker, "ATTACKER"), _profile(defender, "DEFENDER")
    try:
        x, mod, save, name = attack(a, d, quadrant, weapon or None, hexes, whirl, feint, extra)
    except (ValueError, KeyError) as exc:
        raise click.ClickException("no such attack: %s" % exc) from None
    click.echo(
        "Munera: %s attacks %s from his %s with the %s at %d hex(es)%s%s: modifier %+d, save %d; exact odds"
        % (a, d, quadrant, name, hexes, ", whirling" if whirl else "", ", after a feint" if feint else "", mod, save)
    )
    rows = (("hits", "hit"), ("wounds", "wound"), ("saved by armour", "saved"), ("misses", "miss"))
    if "entangle" in x:  # a net, lasso or cape rates wounds but scores none
        rows = (("hits", "hit"), ("entangles", "entangle"), ("misses", "miss"))
    for label, key in rows:
        click.echo("  %-16s %6s  (%s)" % (label, percent(x[key]), x[key]))
    click.echo("  %-16s %6s  (each double 1/36: see the Double Trouble table)" % ("doubles", percent(x["double"])))
    if "entangle" in x:
        return
    click.echo("  expected wounds of a hit roll: %.2f (Double 6 aside)" % float(x["expected"]))
    spread = ", ".join("%d: %s" % (n, percent(p)) for n, p in sorted(x["wounds"].items()) if n)
    click.echo("  wounds: %s" % (spread or "none"))


@click.command(name="munera")
@click.argument("attacker")
@click.argument("defender")
@click.option(
    "--from",
    "quadrant",
    type=click.Choice(["front", "left", "right", "rear"]),
    default="front",
    show_default=True,
    help="The defender's quadrant the attack comes from.",
)
@click.option("--weapon", default="", help="The attacker's weapon (default: the first in his hand).")
@click.option(
    "--range", "hexes", type=click.IntRange(1, 8), default=1, show_default=True, help="Hexes to the defender."
)
@click.option("--whirl", is_flag=True, help="A whirling attack (ignores the shield).")
@click.option(
    "--feint", is_flag=True, help="After a feint, the re-roll it offers taken: a missing die is rolled again."
)
@click.option(
    "--extra",
    type=click.IntRange(-4, 6),
    default=0,
    show_default=True,
    help="Other modifiers: entangled +1, each other threat +1, hazing +2, skills.",
)
def odds_munera(attacker, defender, quadrant, weapon, hexes, whirl, feint, extra):
    """One Munera attack of ATTACKER on DEFENDER (gladiator profiles): exact odds to hit, wound, be saved."""
    _odds(attacker, defender, quadrant, weapon, hexes, 1 if whirl else 0, 1 if feint else 0, extra)


def play(options, ask, say, clear=None):
    """`ultimus play --game munera`: a hot-seat bout, bots on the seats --bot names."""
    from ultimus_host.games.munera.play import HotSeat, SetupError, parse_gladiators

    try:
        names = parse_gladiators(options["gladiators"]) or ["murmillo", "retiarius"]
    except SetupError as exc:
        raise click.ClickException(str(exc)) from None
    table = bot_seats(options["bots"], len(names), BOTS, "brawler", "Munera")
    game = HotSeat(names, options["seed"], table, ask=ask, say=say).run()
    w = game.state["winner"]
    say("%s wins" % game.state["g"][w]["prof"] if w >= 0 else "nobody wins")
    return game


def demo(options, say):
    """`ultimus demo --game munera`: a narrated bout between bots."""
    from ultimus_host.games.munera.play import SetupError, parse_gladiators
    from ultimus_host.games.munera.play import demo as narrated

    try:
        names = parse_gladiators(options["gladiators"])
    except SetupError as exc:
        raise click.ClickException(str(exc)) from None
    game = narrated(options["seed"], names, say=say)
    say("%d actions, digest %s" % (len(game.log), game.digest()))
    return game


@click.group()
def munera():
    """Munera Sine Missione: bouts between bots on the hex arena, and the matrix of pairings."""


@munera.command()
@click.argument("first")
@click.argument("second")
@click.option("-n", "bouts", type=click.IntRange(1, 100000), default=200, show_default=True)
@click.option(
    "--bots", default="brawler,brawler", show_default=True, help="The two bots: brawler, netter, flanker, careful."
)
@click.option("--seed", type=int, default=1, show_default=True)
@workers_option
def bout(first, second, bouts, bots, seed, workers):
    """N bouts of FIRST against SECOND (gladiator profiles, e.g. murmillo retiarius): win, appeal and death rates."""
    from ultimus_host.games.munera.bouts import tally

    a, b = _profile(first, "FIRST"), _profile(second, "SECOND")
    kinds = _bots(bots)
    started = time.monotonic()
    with progress_bar(bouts, "bouts") as progress:
        t = tally(a, b, bouts, seed, kinds, workers, progress)
    elapsed = time.monotonic() - started
    r = t.rates()
    click.echo("%d bouts, %s (%s) against %s (%s)" % (bouts, a, kinds[0], b, kinds[1]))
    click.echo(
        "  %s wins %.1f%%; bouts ending in an appeal %.1f%% (spared %.1f%%); a death %.1f%%; unfinished %.1f%%"
        % (a, 100 * r["win"], 100 * r["appeal"], 100 * r["spared"], 100 * r["death"], 100 * r["unfinished"])
    )
    click.echo(
        "  %.1f rounds, %.0f actions a bout; %.0f bouts/s"
        % (t.rounds / t.n, t.actions / t.n, bouts / max(elapsed, 1e-9))
    )


@munera.command()
@click.option("--profiles", default="", help="Comma-separated profiles (default: all 22 gladiator profiles).")
@click.option("-n", "bouts", type=click.IntRange(1, 10000), default=20, show_default=True, help="Bouts per pairing.")
@click.option("--bots", default="brawler,brawler", show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--chart", type=click.Path(), default="munera_matrix.png", show_default=True, help=".png, .svg or .pdf")
@workers_option
def matrix(profiles, bouts, bots, seed, chart, workers):
    """Win/appeal/death rates of every pairing from simulated bouts, with a heat-map chart."""
    from rich.console import Console
    from rich.table import Table

    from ultimus_host.games.munera.bouts import chart as draw_chart
    from ultimus_host.games.munera.bouts import matrix as run_matrix
    from ultimus_host.outputs import check_new_file

    names = [_profile(p, "--profiles") for p in profiles.split(",") if p.strip()] if profiles else list(PROFILE_NAMES)
    if len(names) < 2 or len(set(names)) != len(names):
        raise click.ClickException("--profiles names at least two different gladiators")
    kinds = _bots(bots)
    check_new_file(chart, "--chart", CHART_TYPES)  # now, not after the bouts
    total = len(names) * (len(names) - 1) * bouts
    started = time.monotonic()
    with progress_bar(total, "bouts") as progress:
        results = run_matrix(names, bouts, seed, kinds, workers, progress)
    elapsed = time.monotonic() - started
    table = Table(title="Munera: %d bouts per pairing (%s), the row gladiator's record" % (bouts, "/".join(kinds)))
    for column in ("gladiator", "wins", "appeals", "deaths"):
        table.add_column(column, justify="right")
    for a in names:
        rows = [results[(a, b)].rates() for b in names if b != a]
        table.add_row(
            a,
            "%.0f %%" % (100 * sum(r["win"] for r in rows) / len(rows)),
            "%.0f %%" % (100 * sum(r["appeal"] for r in rows) / len(rows)),
            "%.0f %%" % (100 * sum(r["death"] for r in rows) / len(rows)),
        )
    Console().print(table)
    unfinished = sum(t.counts["unfinished"] for t in results.values())
    click.echo(
        "%d bouts in %.1f s (%.0f bouts/s)%s"
        % (total, elapsed, total / max(elapsed, 1e-9), ", %d unfinished" % unfinished if unfinished else "")
    )
    try:
        draw_chart(names, results, chart)
    except OSError as exc:
        raise click.ClickException("could not write the chart %s: %s" % (chart, exc.strerror or exc)) from None
    click.echo("chart: %s" % chart)
