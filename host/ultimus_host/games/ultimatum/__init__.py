"""The host's side of Ultimatum: its bots, words, hot-seat play, odds and simulations.

GAME declares them to the host's registry (ultimus_host.registry), each part imported on first use.
"""

from ultimus_host.registry import HostGame

HERE = __name__

GAME = HostGame(
    "ultimatum",
    "Ultimatum",
    bots=("sensible", "random"),
    bot="%s.bots:SensibleBot" % HERE,
    examples=({"players": 2, "seed": 4}, {"players": 3, "seed": 1}),
    box_heap="ultimatum_box_heap.py",
    golden="0.2.0",
    random="games.ultimatum.randomplay",
    play="%s.commands:play" % HERE,
    demo="%s.commands:demo" % HERE,
    odds="%s.commands:odds_ultimatum" % HERE,
    event="%s.words:event" % HERE,
    action="%s.words:action" % HERE,
    button="%s.words:button" % HERE,
    header="%s.words:header" % HERE,
    view="%s.words:view" % HERE,
    decision="%s.decisions:decision" % HERE,
    cost="%s.decisions:cost" % HERE,
    simulation="%s.simulation:play" % HERE,
)
