"""The `ultimus` command line."""

import sys

import click

from ultimus import VERSION, randomplay
from ultimus.content import MIN_PLAYERS, MAX_PLAYERS, GLADIATOR_NAMES
from ultimus.game import Game
from ultimus.rng import Rng
from ultimus.views import public_event
from ultimus_host.narrate import line

QUIET_EVENTS = ("movement", "step", "commit", "draw", "extra_card", "think", "ready", "turn", "card_done", "attack", "shoot")


@click.group()
@click.version_option(VERSION, prog_name="ultimus")
def main():
    """ULTIMUS box: play, simulate and check the game of shouting spectators."""


@main.command()
@click.option("--players", "-p", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=6, show_default=True)
@click.option("--seed", "-s", type=int, default=None, help="Same seed, same game (default: random).")
@click.option("--battles", "-b", type=click.IntRange(1, 99), default=1, show_default=True)
@click.option("--verbose", "-v", is_flag=True, help="Every event, also each step and draw.")
def demo(players, seed, battles, verbose):
    """Watch bots play whole battles on the rules core, narrated."""
    if seed is None:
        import random
        seed = random.randrange(1 << 30)
    click.echo("ULTIMUS %s: %d players, seed %d" % (VERSION, players, seed))
    game = Game(players, seed, battles=battles)
    rng = Rng(seed ^ 0x5EED)
    while game.phase != "over":
        action = randomplay.choose_action(game, rng)
        for e in game.apply(action):
            if verbose or e["e"] not in QUIET_EVENTS:
                click.echo(line(public_event(e)))
    s = game.state
    click.echo("health: " + ", ".join("%s %d" % (GLADIATOR_NAMES[g], s["hp"][g]) for g in range(6)))
    click.echo("%d actions, digest %s" % (len(game.log), game.digest()))


if __name__ == "__main__":
    sys.exit(main())
