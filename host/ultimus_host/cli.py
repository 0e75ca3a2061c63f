"""The `ultimus` command line: the virtual box, a real box, games in the terminal, bots.

Every command has --help; an error is one line on stderr and a non-zero exit.
"""

import json
import os
import sys
import time

import click

from ultimus import VERSION
from ultimus.content import MIN_PLAYERS, MAX_PLAYERS, GLADIATOR_NAMES
from ultimus.errors import Illegal
from ultimus.game import Game, replay as replay_game
from ultimus.views import public_event
from ultimus_host.bots import BOTS, random_table
from ultimus_host.games.commands import odds as _games_odds
from ultimus_host.loop import run_game
from ultimus_host.narrate import line

QUIET_EVENTS = ("movement", "step", "commit", "draw", "extra_card", "think", "ready", "turn", "card_done", "attack",
                "shoot", "button")


@click.group()
@click.version_option(VERSION, prog_name="ultimus")
def main():
    """ULTIMUS box: play, simulate and check the game of shouting spectators."""


@main.command()
@click.option("--state", "state_dir", type=click.Path(file_okay=False), default=None,
              help="Folder for the box's flash (its saved game). Default: ~/.ultimus-box/virtual")
@click.option("--seed", type=int, default=None, help="Seed for the box's random draws (default: random).")
@click.option("--headless", is_flag=True, help="No terminal display or keys: just the link (for scripts and tests).")
@click.option("--selftest", is_flag=True, help="Start in the builders' self-test.")
def sim(state_dir, seed, headless, selftest):
    """The virtual box: the real box app, its link on a pseudo-terminal, the box drawn in the terminal."""
    from ultimus_host.virtualbox import run_sim

    if not headless and not sys.stdout.isatty():
        headless = True
    run_sim(state_dir, seed, headless, selftest, say=lambda s: click.echo(s))


@main.command(name="run")
@click.pass_context
def run_main(ctx):
    """The main job: a box on USB if one is attached (connect to it), otherwise the virtual box."""
    from ultimus_host.flash import find_port, FlashError

    try:
        port = find_port()
    except FlashError:
        click.echo("no box on USB: starting the virtual box")
        ctx.invoke(sim)
        return
    click.echo("a box on %s" % port)
    ctx.invoke(connect, port=port)


def _open(port):
    from ultimus_host.client import LinkClient, LinkError

    try:
        client = LinkClient(port)
        hello = client.call("hello")
    except LinkError as exc:
        raise click.ClickException("%s: %s" % (port, exc.message))
    return client, hello


@main.command()
@click.argument("port")
@click.option("--verify", is_flag=True, help="Keep a local core in lockstep; stop at the first digest difference.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Save the box's game log to this file when leaving.")
@click.option("--watch", type=float, default=0.0, help="Also print the box's events for this many seconds.")
def connect(port, verify, save_path, watch):
    """Attach to a box (real or virtual) on PORT: its state and events; actions from stdin, one JSON per line.

    Lines on stdin: a JSON action such as {"a": "done", "p": 0}; or `state`, `log`, `digest`, `press N`, `quit`.
    """
    from ultimus_host.client import LinkError, Lockstep, DigestMismatch

    client, hello = _open(port)
    click.echo("box on %s: firmware %s, protocol %s, game %s" % (port, hello["firmware"], hello["protocol"],
                                                                   hello["game"]))
    lockstep = None
    try:
        if verify and hello["game"]:
            lockstep = Lockstep(client)
            click.echo("lockstep: %d actions, digest %s agree" % (len(lockstep.game.log), lockstep.game.digest()))
        _print_state(client.call("state"))
        interactive = sys.stdin.isatty()
        while True:
            for e in client.poll_events(0.05):
                click.echo("  " + line(e))
            if lockstep is not None:
                lockstep.catch_up()
            text = _read_line(interactive)
            if text is None or text.strip() == "quit":
                break
            _command(client, lockstep, text.strip())
        end = time.monotonic() + watch
        while time.monotonic() < end:
            for e in client.poll_events(0.2):
                click.echo("  " + line(e))
            if lockstep is not None:
                lockstep.catch_up()
        if save_path:
            setup, actions = client.full_log()
            with open(save_path, "w") as f:
                json.dump({"setup": setup, "log": actions, "digest": client.call("digest")["digest"]}, f)
            click.echo("saved %d actions to %s" % (len(actions), save_path))
    except DigestMismatch as exc:
        click.echo("LOCKSTEP BROKEN: %s" % exc, err=True)
        sys.exit(3)
    except LinkError as exc:
        raise click.ClickException(str(exc))
    finally:
        client.close()


def _read_line(interactive):
    if interactive:
        try:
            return input("box> ")
        except EOFError:
            return None
    text = sys.stdin.readline()
    return text if text else None


def _print_state(reply):
    s = reply.get("state")
    click.echo("screen %s, %s actions, digest %s" % (reply["screen"], reply["actions"], reply["digest"]))
    if s:
        click.echo("  " + ", ".join("%s %d" % (GLADIATOR_NAMES[g], s["hp"][g]) for g in range(6)))


def _command(client, lockstep, text):
    from ultimus_host.client import LinkError

    if not text:
        return
    try:
        if text == "state":
            _print_state(client.call("state"))
        elif text == "digest":
            click.echo(json.dumps(client.call("digest")))
        elif text == "log":
            click.echo(json.dumps(client.full_log()[1]))
        elif text.startswith("press "):
            client.call("press", button=int(text.split()[1]))
        else:
            action = json.loads(text)
            reply = lockstep.apply(action) if lockstep is not None else client.call("apply", action=action)
            click.echo("ok, digest %s" % reply["digest"])
    except ValueError:
        click.echo("not understood: give a JSON action, state, log, digest, press N or quit", err=True)
    except LinkError as exc:
        click.echo("refused: %s" % exc, err=True)


@main.command()
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False))
def replay(log_file):
    """Replay a saved game log (from `connect --save`, or a box's game.jnl) and check its digest."""
    from ultimusbox.journal import Journal
    from ultimus_host.pcdrivers import FileStorage

    with open(log_file, "rb") as f:
        data = f.read()
    try:
        saved = json.loads(data)
        setup, actions, digest = saved["setup"], saved["log"], saved.get("digest")
    except (ValueError, KeyError, TypeError):
        folder, name = os.path.split(os.path.abspath(log_file))
        journal = Journal(FileStorage(folder), name)
        header = journal.header()
        if header is None or not isinstance(header.get("setup"), dict):
            raise click.ClickException("%s is neither a saved log nor a box journal" % log_file)
        setup, actions, digest = header["setup"], list(journal), None
    try:
        game = replay_game(setup, actions)
    except (Illegal, KeyError, TypeError) as exc:
        raise click.ClickException("the log does not replay: %s" % exc)
    click.echo("%d actions replayed: phase %s, battle %d, digest %s" % (len(actions), game.phase,
                                                                        game.state["battle"], game.digest()))
    if digest is not None and digest != game.digest():
        click.echo("DIGEST MISMATCH: the log says %s" % digest, err=True)
        sys.exit(2)
    if digest is not None:
        click.echo("the digest matches the log's")


def _bot_map(bots, players):
    out = {}
    for item in bots.split(",") if bots else []:
        seat, _, kind = item.partition("=")
        if not seat.isdigit() or int(seat) >= players:
            raise click.BadParameter("each bot is SEAT=KIND with a seat from 0 to %d" % (players - 1), param_hint="--bot")
        kind = kind or "heuristic"
        if kind not in BOTS:
            raise click.BadParameter("a bot is random or heuristic", param_hint="--bot")
        out[int(seat)] = kind
    return out


@main.command()
@click.option("--players", "-p", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=3, show_default=True)
@click.option("--bot", "bots", default="", help="Bot seats, e.g. 1=heuristic,2=random (the others are people).")
@click.option("--seed", "-s", type=int, default=None)
@click.option("--battles", "-b", type=click.IntRange(1, 99), default=3, show_default=True)
@click.option("--game", "game_name", type=click.Choice(["ultimus", "morituri"]), default="ultimus", show_default=True,
              help="Which game (morituri: ultimus_host.games.commands).")
@click.option("--figures", default="", help="Morituri: each seat's classes split by '/', e.g. heavy,light/animal.")
def play(players, bots, seed, battles, game_name, figures):
    """A whole game in the terminal, hot-seat, with bots if you like (ULTIMUS at card level, or Morituri)."""
    from ultimus_host.play import HotSeat

    seed = _seed(seed)
    if game_name == "morituri":
        from ultimus_host.games.commands import play_morituri

        ask = lambda prompt: click.prompt(prompt, default="", show_default=False, prompt_suffix="")  # noqa: E731
        play_morituri(players, bots, seed, figures, ask=ask, say=click.echo)
        return
    game = HotSeat(players, seed, _bot_map(bots, players), battles,
                   ask=lambda prompt: click.prompt(prompt, default="", show_default=False, prompt_suffix=""),
                   say=click.echo, clear=_clear_screen).run()
    click.echo("final gold %s; winners: seat(s) %s" % (game.state["gold"], game.state["champions"]))


def _clear_screen():
    """Clear the terminal and its scrollback: the next person must not scroll up to the last hand."""
    click.clear()
    if sys.stdout.isatty():
        click.echo("\033[3J", nl=False)


@main.command()
@click.option("-n", "games", type=click.IntRange(1, 100000), default=100, show_default=True)
@click.option("--players", "-p", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4, show_default=True)
@click.option("--bots", default="heuristic,random", show_default=True,
              help="Bot kinds, given to the seats in turn (random, heuristic).")
@click.option("--battles", type=click.IntRange(1, 9), default=1, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--chart", type=click.Path(dir_okay=False, writable=True), default="balance.png", show_default=True)
def balance(games, players, bots, battles, seed, chart):
    """N games between bots, then each gladiator's win/death/pardon rates, each bet's return, and a PNG chart."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from ultimus_host.balance import Tally, play_game, chart as draw_chart

    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    if not kinds or any(k not in BOTS for k in kinds):
        raise click.BadParameter("bots are random or heuristic", param_hint="--bots")
    tally = Tally()
    start = time.monotonic()
    with Progress(transient=True) as progress:
        task = progress.add_task("games", total=games)
        for i in range(games):
            tally.add(*play_game(players, seed + i, kinds, battles))
            progress.advance(task)
    elapsed = time.monotonic() - start
    gladiators, bets = tally.rows()
    console = Console()
    table = Table(title="%d games, %d battles (%s bots, %d players)" % (games, tally.battles, "/".join(kinds), players))
    for column in ("gladiator", "wins", "dies", "pardoned"):
        table.add_column(column, justify="right")
    for name, win, die, pardon in gladiators:
        table.add_row(name, "%.0f %%" % (100 * win), "%.0f %%" % (100 * die), "%.0f %%" % (100 * pardon))
    console.print(table)
    bet_table = Table(title="bets")
    for column in ("kind", "coins bet", "gold back per coin"):
        bet_table.add_column(column, justify="right")
    for kind, staked, ret in bets:
        bet_table.add_row(kind, str(staked), "%.2f" % ret)
    console.print(bet_table)
    rounds, actions = tally.length()
    click.echo("%.1f rounds a battle, %.0f actions a game, %.1f games/s%s" % (
        rounds, actions, games / elapsed, ", %d games stopped unfinished" % tally.unfinished if tally.unfinished else ""))
    draw_chart(tally, chart)
    click.echo("chart: %s" % chart)


@main.command()
@click.argument("port", required=False)
def flash(port):
    """Compile the firmware with mpy-cross, copy it to a Pico with mpremote, check it answers hello."""
    from ultimus_host.flash import flash as do_flash, FlashError

    try:
        do_flash(port, say=click.echo)
    except FlashError as exc:
        raise click.ClickException(str(exc))


def _seed(seed):
    if seed is None:
        import random

        seed = random.randrange(1 << 30)
    return seed


@main.command()
@click.option("--players", "-p", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=6, show_default=True)
@click.option("--seed", "-s", type=int, default=None, help="Same seed, same game (default: random).")
@click.option("--battles", "-b", type=click.IntRange(1, 99), default=1, show_default=True)
@click.option("--verbose", "-v", is_flag=True, help="Every event, also each step and draw.")
@click.option("--game", "game_name", type=click.Choice(["ultimus", "morituri"]), default="ultimus", show_default=True,
              help="Which game (morituri: ultimus_host.games.commands).")
@click.option("--figures", default="", help="Morituri: each seat's classes split by '/', e.g. heavy,light/animal.")
def demo(players, seed, battles, verbose, game_name, figures):
    """Watch bots play, narrated: ULTIMUS battles between random bots, or a Morituri game between sensible bots."""
    seed = _seed(seed)
    if game_name == "morituri":
        from ultimus_host.games.commands import demo_morituri

        demo_morituri(seed, figures, verbose, say=click.echo)
        return
    click.echo("ULTIMUS %s: %d players, seed %d" % (VERSION, players, seed))
    game = Game(players, seed, battles=battles)

    def tell(e):
        if verbose or e["e"] not in QUIET_EVENTS:
            click.echo(line(public_event(e)))

    run_game(game, on_event=tell, **random_table(players, seed))
    s = game.state
    click.echo("health: " + ", ".join("%s %d" % (GLADIATOR_NAMES[g], s["hp"][g]) for g in range(6)))
    click.echo("%d actions, digest %s" % (len(game.log), game.digest()))


main.add_command(_games_odds)


if __name__ == "__main__":
    sys.exit(main())
