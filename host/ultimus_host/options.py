"""The checks of the command line's arguments that every game's commands share: --bot's seats, whole numbers.

Each refusal is a one-line click.ClickException naming what is allowed: nothing is guessed.
"""

import click


def whole_number(text, name, lo, hi):
    """text as a whole number from lo to hi; a one-line refusal naming `name` otherwise."""
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise click.ClickException("%s must be a whole number from %d to %d, not %r" % (name, lo, hi, text)) from None
    if not lo <= value <= hi:
        raise click.ClickException("%s must be from %d to %d, not %d" % (name, lo, hi, value))
    return value


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
