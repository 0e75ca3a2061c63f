"""The host's side of ULTIMUS: its bots, words, hot-seat play, balance simulations and their report.

GAME declares them to the host's registry (ultimus_host.registry), each part imported on first use.
"""

import click

from games.ultimus.content import CONTENT_BALANCED, CONTENT_KINDS
from ultimus_host.registry import HostGame

HERE = __name__

# ULTIMUS's content variant for a new game: balanced unless asked (docs/balance.md).
CONTENT_OPTION = click.option(
    "--content",
    type=click.Choice(CONTENT_KINDS),
    default=CONTENT_BALANCED,
    show_default=True,
    help="ULTIMUS: the health and payouts played with: balanced from simulated games (docs/balance.md), "
    "or reconstructed, the cards of 0.1.0.",
)


def _battles(default):
    return click.option("--battles", "-b", type=click.IntRange(1, 99), default=default, show_default=True)


GAME = HostGame(
    "ultimus",
    "ULTIMUS",
    bots=("heuristic", "random"),
    bot="%s.bots:HeuristicBot" % HERE,
    examples=(
        {"players": 6, "seed": 1, "mode": "full", "battles": 1},
        {"players": 3, "seed": 2, "mode": "box", "battles": 2},
        {"players": 4, "seed": 3, "mode": "full", "battles": 2},
    ),
    box_heap="box_heap.py",
    golden="0.1.0",
    random="games.ultimus.randomplay",
    play="%s.commands:play" % HERE,
    demo="%s.commands:demo" % HERE,
    play_options=(_battles(3), CONTENT_OPTION),
    demo_options=(_battles(1), CONTENT_OPTION),
    commands={"balance": "%s.commands:balance" % HERE},
    event="%s.words:event" % HERE,
    action="%s.words:action" % HERE,
    button="%s.narrate:button_name" % HERE,
    own_words=("new_game",),
    quiet=("commit",),  # connect: "has chosen in secret" at every press, the reveal says it all
    referee="%s.bots:PlayOn" % HERE,
    header="%s.table:header" % HERE,
    wheel="%s.table:wheel" % HERE,
    summary="%s.table:summary" % HERE,
    view="%s.words:view" % HERE,
    secrets="%s.words:secrets" % HERE,
    new_game="%s.words:new_game" % HERE,
    decision="%s.decisions:decision" % HERE,
    simulation="%s.simulation:play" % HERE,
)
