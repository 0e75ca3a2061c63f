"""The command line of the Morituri board game: `ultimus odds morituri_board`, and its play and demo.

Its HostGame (ultimus_host.games.morituri_board) names these for the generic command line.
Errors are one line on stderr (click.ClickException), exit code 1.
"""

import click

from ultimus_host.options import bot_seats

MAX_HP = 20  # the hit points the odds command takes (a ring goes round again past 12)


def _hp(text, name):
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise click.ClickException("%s must be a whole number from 1 to %d, not %r" % (name, MAX_HP, text)) from None
    if not 1 <= value <= MAX_HP:
        raise click.ClickException("%s must be from 1 to %d, not %d" % (name, MAX_HP, value))
    return value


def parse_alt(text):
    """(last_alive, rejoin) from "1", "2", "1,2" or "none": the alternate rules in play."""
    parts = [t.strip() for t in (text or "").lower().split(",") if t.strip()]
    if parts == ["none"]:
        return 0, 0
    if any(t not in ("1", "2") for t in parts):
        raise click.ClickException("--alt lists alternate rules 1 and 2 (e.g. 1,2) or says none, not %r" % text)
    return (1 if "1" in parts else 0), (1 if "2" in parts else 0)


@click.command(name="morituri_board")
@click.argument("attacker")
@click.argument("defender")
@click.option("--hp-a", default="2", help="The attacker's hit points (2 at the start).")
@click.option("--hp-d", default="2", help="The defender's hit points (a beast always has 1).")
@click.option("--roma", is_flag=True, help="In Roma: to the death, no crowd.")
@click.option("--refuse-mercy", is_flag=True, help="The gladiator at 1 HP refuses the crowd's mercy.")
def odds_mboard(attacker, defender, hp_a, hp_d, roma, refuse_mercy):
    """Exact odds of a Morituri board game fight between two loadouts. ATTACKER and DEFENDER are cards
    joined by commas (gladius,lorica,scutum; "pugio" for none); DEFENDER may be beast:N (N pennants, 1-4)."""
    from games.morituri_board.kit import ATTACK, DEF, ENC, N_ATTACKS
    from ultimus_host.games.morituri_board.odds import (
        ARENA,
        BEAST,
        ROMA,
        LoadoutError,
        attack_odds,
        beast_side,
        fight,
        percent,
        side,
    )

    try:
        a = side(attacker)
        if defender.lower().startswith("beast"):
            n = defender.partition(":")[2] or "4"
            if n not in ("1", "2", "3", "4"):
                raise click.ClickException("a beast is beast:N with N pennants from 1 to 4, not %r" % defender)
            d, kind, hd = beast_side(int(n)), BEAST, 1
        else:
            d, kind, hd = side(defender), ROMA if roma else ARENA, _hp(hp_d, "--hp-d")
    except LoadoutError as exc:
        raise click.ClickException(str(exc)) from None  # an unknown card's message lists the cards
    ha = _hp(hp_a, "--hp-a")

    def describe(s, hp):
        return "attack %d%s, defence %d, encumbrance %d, %d HP" % (
            s[ATTACK],
            " x2" if s[N_ATTACKS] == 2 else "",
            s[DEF],
            s[ENC],
            hp,
        )

    def named(text):  # as the cards were given, in one spelling: "" and ",," hold the pugio alone
        return ",".join(c.strip().lower() for c in text.split(",") if c.strip()) or "pugio"

    click.echo(
        "Morituri (board game): %s [%s] against %s [%s]"
        % (named(attacker), describe(a, ha), named(defender), describe(d, hd))
    )
    pa, pd = attack_odds(a, d[DEF]), attack_odds(d, a[DEF])
    click.echo(
        "  one attack in round 1, before any bonus or net: the attacker hits %s (%s), the defender %s (%s)"
        % (percent(pa), pa, percent(pd), pd)
    )
    r = fight(a, d, ha, hd, kind, mercy=not refuse_mercy)
    where = {
        ARENA: "outside Roma (the crowd at 1 HP)",
        ROMA: "in Roma, to the death",
        BEAST: "a bestiarius, to the death",
    }
    click.echo("  the whole fight, %s:" % where[kind])
    rows = (
        ("the attacker kills", "a_kills"),
        ("the attacker wins, the crowd spares", "a_beats"),
        ("the defender kills", "b_kills"),
        ("the defender wins, the crowd spares", "b_beats"),
        ("both die", "both_die"),
        ("both at 1 HP: nobody wins", "draw"),
    )
    for text, key in rows:
        if r[key]:
            click.echo("    %-38s %7s  (%s)" % (text, percent(r[key]), r[key]))
    click.echo("    %.2f rounds on average" % float(r["rounds"]))


def play(options, ask, say, clear=None):
    """`ultimus play --game morituri_board`: a hot-seat game, people at the keyboard, bots on the seats
    --bot names."""
    from ultimus_host.games.morituri_board.bots import BOTS
    from ultimus_host.games.morituri_board.play import HotSeat

    players = options["players"]
    last_alive, rejoin = parse_alt(options["alt"])
    setup = {"players": players, "seed": options["seed"], "last_alive": last_alive, "rejoin": rejoin}
    bots = bot_seats(options["bots"], players, BOTS, "sensible", "board game")
    game = HotSeat(setup, bots, ask=ask, say=say).run()
    w = game.state["winner"]
    say("seat %d wins" % (w + 1) if w >= 0 else "nobody wins")
    return game


def demo(options, say):
    """`ultimus demo --game morituri_board`: a narrated game between sensible bots."""
    from ultimus_host.games.morituri_board.play import HotSeat

    seed, players, alt, verbose = options["seed"], options["players"], options["alt"], options["verbose"]
    last_alive, rejoin = parse_alt(alt)
    setup = {"players": players, "seed": seed, "last_alive": last_alive, "rejoin": rejoin}
    say(
        "Morituri Te Salutamus (the board game): seed %d, %d players, alternate rules %s"
        % (seed, players, alt or "none")
    )
    hot = HotSeat(setup, {p: "sensible" for p in range(players)}, say=say, verbose=verbose)
    game = hot.run()
    say("%d actions, digest %s" % (len(game.log), game.digest()))
    return game
