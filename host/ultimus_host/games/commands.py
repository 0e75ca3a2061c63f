"""The command line of the games beyond ULTIMUS: `ultimus odds GAME ...`, and Morituri's and Ultimatum's
play and demo.

cli.py registers the `odds` group and hands `play`/`demo --game morituri|ultimatum`
here. Errors are one line on stderr (click.ClickException), exit code 1.
"""

import click

from games.morituri.content import CLASS_NAMES, START_HP
from ultimus_host.games.morituri_board.commands import odds_mboard

MOD_RANGE = (-2, 2)  # a side's modifier to every die: back -2 ... contact +1 and killed another +1


def _int(text, name, lo, hi):
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise click.ClickException("%s must be a whole number from %d to %d, not %r" % (name, lo, hi, text)) from None
    if not lo <= value <= hi:
        raise click.ClickException("%s must be from %d to %d, not %d" % (name, lo, hi, value))
    return value


def _cls(text, name):
    c = text.strip().lower()
    if c not in CLASS_NAMES:
        raise click.ClickException("%s %r is not a class: the classes are %s" % (name, text, ", ".join(CLASS_NAMES)))
    return c


@click.group()
def odds():
    """Exact odds of a game's fights (enumeration and Markov chains, no sampling)."""


odds.add_command(odds_mboard)


@odds.command(name="morituri")
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
    ma, md = _int(mod_a, "--mod-a", *MOD_RANGE), _int(mod_d, "--mod-d", *MOD_RANGE)
    ha, hd = _int(hp_a, "--hp-a", 1, START_HP), _int(hp_d, "--hp-d", 1, START_HP)
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


def play_morituri(players, bots, seed, figures, ask, say):
    from ultimus_host.games.morituri.play import HotSeat, SetupError, parse_figures

    try:
        seats = parse_figures(figures)
    except SetupError as exc:
        raise click.ClickException(str(exc)) from None
    if seats is not None:
        players = len(seats)
    table = HotSeat(players, seed, _bots(bots, players), seats, ask=ask, say=say)
    game = table.run()
    s = game.state
    say("seat %d wins" % (s["winner"] + 1) if s["winner"] >= 0 else "nobody wins")
    return game


def _bots(text, players, game="morituri"):
    """--bot's SEAT=KIND list for Morituri or Ultimatum (see bot_seats)."""
    if game == "ultimatum":
        from ultimus_host.games.ultimatum.bots import BOTS
    else:
        from ultimus_host.games.morituri.bots import BOTS
    return bot_seats(text, players, BOTS, "sensible", game.capitalize())


def bot_seats(text, players, bots, default, title):
    """Every game's --bot: "SEAT=KIND,..." as {seat (0-based, as the core counts): kind}, KIND one of
    `bots` (`default`: the one an example names); seats counted from 1, as the play screens and the
    narration count them. A bad item, a seat without its kind or a seat named twice is a one-line error
    naming what is allowed: nothing is guessed."""
    out = {}
    kinds = " or ".join(sorted(bots))
    one = ("an %s" if title[0] in "AEIOU" else "a %s") % title  # an Ultimatum bot, an ULTIMUS bot
    for item in text.split(",") if text else []:
        seat, eq, kind = item.strip().partition("=")
        if not seat.isdigit() or not 1 <= int(seat) <= players:
            raise click.ClickException("each bot is SEAT=KIND with a seat from 1 to %d, not %r" % (players, item))
        if not kind:
            raise click.ClickException(
                "--bot %s names no bot for seat %s: say which, e.g. %s=%s (%s bot is %s)"
                % (item.strip(), seat, seat, default, one, kinds)
            )
        if kind not in bots:
            raise click.ClickException("%s bot is %s, not %r" % (one, kinds, kind))
        if int(seat) - 1 in out:
            raise click.ClickException("--bot names seat %s twice: one bot a seat" % seat)
        out[int(seat) - 1] = kind
    return out


def demo_morituri(seed, figures, verbose, say):
    from ultimus_host.games.morituri.play import SetupError, demo, parse_figures

    try:
        seats = parse_figures(figures)
    except SetupError as exc:
        raise click.ClickException(str(exc)) from None
    game = demo(seed, seats, say=say, verbose=verbose)
    say("%d actions, digest %s" % (len(game.log), game.digest()))
    return game


@odds.command(name="munera")
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
    """One Munera attack of ATTACKER on DEFENDER (profiles of Appendix B): exact odds to hit, wound, be saved."""
    from ultimus_host.games.munera.commands import odds_munera as run

    run(attacker, defender, quadrant, weapon, hexes, 1 if whirl else 0, 1 if feint else 0, extra)


def play_ultimatum(players, bots, seed, ask, say):
    from ultimus_host.games.ultimatum.play import HotSeat

    table = HotSeat(players, seed, _bots(bots, players, "ultimatum"), ask=ask, say=say)
    game = table.run()
    s = game.state
    say("seat %d wins" % (s["winner"] + 1) if s["winner"] >= 0 else "no winner after %d actions" % len(game.log))
    return game


def demo_ultimatum(players, seed, verbose, say):
    from ultimus_host.games.ultimatum.play import demo

    game = demo(players, seed, say=say, verbose=verbose)
    say("%d actions, digest %s" % (len(game.log), game.digest()))
    return game


@odds.command(name="ultimatum")
@click.argument("attackers")
@click.argument("defenders")
def odds_ultimatum(attackers, defenders):
    """Ultimatum's troop battle: ATTACKERS troops on the nation attacking DEFENDERS troops. One exchange,
    a blitz to the end, ten Helicopter Commandos, and a jet bomber's and a laser's expected damage."""
    from ultimus_host.games.ultimatum.odds import bomber_troops, conquest, exchange_odds, laser_troops, percent

    n = _int(attackers, "ATTACKERS", 3, 200)
    m = _int(defenders, "DEFENDERS", 1, 200)
    x = exchange_odds()
    click.echo("Ultimatum: %d troops attack %d; exact odds (the box's own dice and rules)" % (n, m))
    click.echo(
        "  one exchange: the defender loses a troop %s, the attacker %s, both %s"
        % (percent(x[(0, 1)]), percent(x[(1, 0)]), percent(x[(1, 1)]))
    )
    won = conquest(n, m)
    click.echo("  a blitz (on to the conquest or down to 2 troops) conquers: %s (%s)" % (percent(won), won))
    commando = conquest(10, m, commando=True)
    click.echo("  ten Helicopter Commandos on %d troops conquer: %s" % (m, percent(commando)))
    click.echo(
        "  expected troops lost by the defender to a jet bomber: %.2f, to a laser: %.2f"
        % (float(bomber_troops(m)), float(laser_troops(m)))
    )
