"""The host's side of Morituri Te Salutamus: its bots, words, hot-seat play, odds and simulations.

GAME declares them to the host's registry (ultimus_host.registry), each part imported on first use.
"""

import click

from ultimus_host.registry import HostGame

HERE = __name__
FIGURES_OPTION = click.option(
    "--figures", default="", help="Morituri: each seat's classes split by '/', e.g. heavy,light/animal."
)

GAME = HostGame(
    "morituri",
    "Morituri",
    bots=("sensible", "random"),
    bot="%s.bots:SensibleBot" % HERE,
    examples=({"players": 2, "figures": [["heavy"], ["light"]], "seed": 1}, {"players": 3, "seed": 2}),
    box_heap="morituri_box_heap.py",
    golden="0.2.0",
    random="games.morituri.randomplay",
    play="%s.commands:play" % HERE,
    demo="%s.commands:demo" % HERE,
    play_options=(FIGURES_OPTION,),
    demo_options=(FIGURES_OPTION,),
    odds="%s.commands:odds_morituri" % HERE,
    event="%s.words:event" % HERE,
    action="%s.words:action" % HERE,
    refusal="%s.words:refusal" % HERE,
    own_words=("new_game",),  # names each station's figures
    view="%s.words:view" % HERE,
    decision="%s.decisions:decision" % HERE,
    simulation="%s.simulation:play" % HERE,
)
