"""The host's side of Munera Sine Missione: its bots, words, hot-seat play, odds and simulations.

GAME declares them to the host's registry (ultimus_host.registry), each part imported on first use.
"""

import click

from ultimus_host.registry import HostGame

HERE = __name__
GLADIATORS_OPTION = click.option(
    "--gladiators",
    default="",
    help="Munera: the profiles, e.g. murmillo,retiarius,provocator+buckler,gaul+axe (see `ultimus munera`).",
)

GAME = HostGame(
    "munera",
    "Munera",
    bots=("brawler", "careful", "flanker", "netter"),
    bot="%s.bots:GladiatorBot" % HERE,
    examples=(
        {"gladiators": ["murmillo", "retiarius"], "seed": 1},
        {"gladiators": ["thracian", "hoplomachus", "secutor"], "seed": 2},
    ),
    box_heap="munera_box_heap.py",
    golden="0.2.0",
    random="games.munera.randomplay",
    play="%s.commands:play" % HERE,
    demo="%s.commands:demo" % HERE,
    play_options=(GLADIATORS_OPTION,),
    demo_options=(GLADIATORS_OPTION,),
    odds="%s.commands:odds_munera" % HERE,
    commands={"munera": "%s.commands:munera" % HERE},
    event="%s.words:event" % HERE,
    action="%s.words:action" % HERE,
    refusal="%s.words:refusal" % HERE,
    view="%s.words:view" % HERE,
    new_game="%s.words:new_game" % HERE,
    decision="%s.decisions:decision" % HERE,
    cost="%s.decisions:cost" % HERE,
    simulation="%s.simulation:play" % HERE,
)
