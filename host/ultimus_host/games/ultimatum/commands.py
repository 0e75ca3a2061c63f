"""The command line of Ultimatum: `ultimus odds ultimatum`, and its play and demo.

Its HostGame (ultimus_host.games.ultimatum) names these for the generic command line.
Errors are one line on stderr (click.ClickException), exit code 1.
"""

import click

from ultimus_host.options import bot_seats, whole_number


def play(options, ask, say, clear=None):
    """`ultimus play --game ultimatum`: a hot-seat game, bots on the seats --bot names."""
    from ultimus_host.games.ultimatum.bots import BOTS
    from ultimus_host.games.ultimatum.play import HotSeat

    players = options["players"]
    bots = bot_seats(options["bots"], players, BOTS, "sensible", "Ultimatum")
    table = HotSeat(players, options["seed"], bots, ask=ask, say=say)
    game = table.run()
    s = game.state
    say("seat %d wins" % (s["winner"] + 1) if s["winner"] >= 0 else "no winner after %d actions" % len(game.log))
    return game


def demo(options, say):
    """`ultimus demo --game ultimatum`: a narrated game between bots."""
    from ultimus_host.games.ultimatum.play import demo as narrated

    game = narrated(options["players"], options["seed"], say=say, verbose=options["verbose"])
    say("%d actions, digest %s" % (len(game.log), game.digest()))
    return game


@click.command(name="ultimatum")
@click.argument("attackers")
@click.argument("defenders")
def odds_ultimatum(attackers, defenders):
    """Ultimatum's troop battle: ATTACKERS troops on the nation attacking DEFENDERS troops. One exchange,
    a blitz to the end, ten Helicopter Commandos, and a jet bomber's and a laser's expected damage."""
    from ultimus_host.games.ultimatum.odds import bomber_troops, conquest, exchange_odds, laser_troops, percent

    n = whole_number(attackers, "ATTACKERS", 3, 200)
    m = whole_number(defenders, "DEFENDERS", 1, 200)
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
