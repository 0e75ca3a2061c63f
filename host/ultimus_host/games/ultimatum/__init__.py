"""The host's side of Ultimatum: its bots, words, hot-seat play, odds and simulations.

GAME declares them to the host's registry (ultimus_host.games), each part imported on first use.
"""

from ultimus_host.games import HostGame

HERE = __name__

GAME = HostGame(
    "ultimatum",
    "Ultimatum",
    bots=("sensible", "random"),
    play="%s.commands:play" % HERE,
    demo="%s.commands:demo" % HERE,
    odds="%s.commands:odds_ultimatum" % HERE,
    event="%s.words:event" % HERE,
    action="%s.words:action" % HERE,
    view="%s.words:view" % HERE,
    simulation="%s.simulation:play" % HERE,
)
