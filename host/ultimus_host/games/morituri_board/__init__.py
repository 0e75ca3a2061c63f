"""The host's side of the Morituri board game: its bots, words, hot-seat play, odds and simulations.

GAME declares them to the host's registry (ultimus_host.registry), each part imported on first use.
"""

import click

from ultimus_host.registry import HostGame

HERE = __name__
ALT_OPTION = click.option(
    "--alt", default="1", show_default=True, help="morituri_board: alternate rules in play (1, 2, 1,2 or none)."
)

GAME = HostGame(
    "morituri_board",
    "Board",
    bots=("sensible", "random"),
    examples=({"players": 3, "seed": 1}, {"players": 2, "seed": 2, "last_alive": 1, "rejoin": 1}),
    box_heap="mboard_box_heap.py",
    golden="0.2.0",
    random="games.morituri_board.randomplay",
    play="%s.commands:play" % HERE,
    demo="%s.commands:demo" % HERE,
    play_options=(ALT_OPTION,),
    demo_options=(ALT_OPTION,),
    odds="%s.commands:odds_mboard" % HERE,
    event="%s.words:event" % HERE,
    action="%s.words:action" % HERE,
    view="%s.words:view" % HERE,
    decision="%s.decisions:decision" % HERE,
    simulation="%s.simulation:play" % HERE,
)
