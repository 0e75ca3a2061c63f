"""The command line of Morituri Te Salutamus: `ultimus odds morituri`, and its play and demo.

Its HostGame (ultimus_host.games.morituri) names these for the generic command line.
Errors are one line on stderr (click.ClickException), exit code 1.
"""

import click

from games.morituri.content import CLASS_NAMES, START_HP
from ultimus_host.options import bot_seats, whole_number

MOD_RANGE = (-2, 2)  # a side's modifier to every die: back -2 ... contact +1 and killed another +1


def _cls(text, name):
    c = text.strip().lower()
    if c not in CLASS_NAMES:
        raise click.ClickException("%s %r is not a class: the classes are %s" % (name, text, ", ".join(CLASS_NAMES)))
    return c


@click.command(name="morituri")
@click.argument("attacker")
@click.argument("defender")
@click.option(
    "--mod-a",
    default="0",
    help="The attacker's modifier to every die, -2 to +2 (contact +1, side -1, back -2, killed another +1).",
)
@click.option("--mod-d", default="0", help="The defender's modifier to every die, -2 to +2.")
@click.option("--hp-a", default=str(START_HP), help="The attacker's hit points, 1 to 3.")
@click.option("--hp-d", default=str(START_HP), help="The defender's hit points, 1 to 3.")
def odds_morituri(attacker, defender, mod_a, mod_d, hp_a, hp_d):
    """One melee exchange of Morituri v1.1 and a whole duel: ATTACKER and DEFENDER are heavy, light, animal
    or rhino."""
    from ultimus_host.games.morituri.odds import duel, exchange, percent

    a, d = _cls(attacker, "ATTACKER"), _cls(defender, "DEFENDER")
    ma, md = whole_number(mod_a, "--mod-a", *MOD_RANGE), whole_number(mod_d, "--mod-d", *MOD_RANGE)
    ha, hd = whole_number(hp_a, "--hp-a", 1, START_HP), whole_number(hp_d, "--hp-d", 1, START_HP)
    x = exchange(a, d, ma, md, b_hp=hd, a_hp=ha)
    click.echo(
        "Morituri v1.1: %s (%+d, %d HP) attacks %s (%+d, %d HP); exact odds of one exchange" % (a, ma, ha, d, md, hd)
    )
    rows = (
        ("hits", "hit", "hit_back"),
        ("wounds (at least 1 HP)", "wound", "wound_back"),
        ("kills (to 0 HP)", "kill", "kill_back"),
    )
    click.echo("  %-24s %-32s %s" % ("", "attacker (%s) on defender" % a, "defender (%s) on attacker" % d))
    for name, mine, theirs in rows:
        click.echo(
            "  %-24s %-32s %s"
            % (name, "%s (%s)" % (percent(x[mine]), x[mine]), "%s (%s)" % (percent(x[theirs]), x[theirs]))
        )
    click.echo("  nobody hits: %s (%s)" % (percent(x["no_hit"]), x["no_hit"]))
    try:
        w = duel(a, d, ma, md, ha, hd)
    except ValueError as exc:
        click.echo("duel: %s" % exc)
        return
    click.echo(
        "a duel to 0 HP, one exchange a round: the attacker (%s) wins %s, the defender (%s) %s, both fall %s; "
        "%.1f exchanges on average"
        % (a, percent(w["a"]), d, percent(w["b"]), percent(w["both"]), float(w["exchanges"]))
    )


def play(options, ask, say, clear=None):
    """`ultimus play --game morituri`: a hot-seat game, bots on the seats --bot names."""
    from ultimus_host.games.morituri.bots import BOTS
    from ultimus_host.games.morituri.play import HotSeat, SetupError, parse_figures

    players = options["players"]
    try:
        seats = parse_figures(options["figures"])
    except SetupError as exc:
        raise click.ClickException(str(exc)) from None
    if seats is not None:
        players = len(seats)
    bots = bot_seats(options["bots"], players, BOTS, "sensible", "Morituri")
    table = HotSeat(players, options["seed"], bots, seats, ask=ask, say=say)
    game = table.run()
    s = game.state
    say("seat %d wins" % (s["winner"] + 1) if s["winner"] >= 0 else "nobody wins")
    return game


def demo(options, say):
    """`ultimus demo --game morituri`: a narrated game between bots."""
    from ultimus_host.games.morituri.play import SetupError, parse_figures
    from ultimus_host.games.morituri.play import demo as narrated

    try:
        seats = parse_figures(options["figures"])
    except SetupError as exc:
        raise click.ClickException(str(exc)) from None
    game = narrated(options["seed"], seats, say=say, verbose=options["verbose"])
    say("%d actions, digest %s" % (len(game.log), game.digest()))
    return game
