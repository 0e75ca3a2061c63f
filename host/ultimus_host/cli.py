"""The `ultimus` command line: the virtual box, a real box, games in the terminal, bots.

Every command has --help; an error is one line on stderr and a non-zero exit.
"""

import errno
import json
import os
import sys
import time

import click

from games.ultimus import VERSION
from games.ultimus.content import (
    CONTENT_BALANCED,
    CONTENT_KINDS,
    GLADIATOR_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from games.ultimus.errors import Illegal
from games.ultimus.game import Game
from games.ultimus.views import public_event
from ultimus_host.games.commands import odds as _games_odds
from ultimus_host.games.munera.commands import munera as _munera
from ultimus_host.games.ultimus.bots import BOTS, random_table
from ultimus_host.games.ultimus.narrate import line
from ultimus_host.loop import run_game
from ultimus_host.narrate import phase_words, who
from ultimus_host.simulate import run_with_bar, workers_option
from ultimusbox import games as box_games

# the games `play` and `demo` take (--game): ULTIMUS and the other rule sets, as the box's game menu orders them
GAME_CHOICES = ["ultimus", "morituri", "ultimatum", "munera", "morituri_board"]

CHART_TYPES = (".png", ".svg", ".pdf")
QUIET_EVENTS = (
    "movement",
    "step",
    "commit",
    "draw",
    "extra_card",
    "think",
    "ready",
    "turn",
    "card_done",
    "attack",
    "shoot",
    "button",
)


class _Commands(click.Group):
    """The commands, with one last net: a file, folder or port that fails in a way no command foresaw
    is told as what the system said about it, in one line, never as a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise  # click's own: output piped into a program that stopped reading
            where = " (%s)" % exc.filename if exc.filename else ""
            raise click.ClickException("%s%s" % (exc.strerror or exc, where)) from None


# ULTIMUS's content variant for a new game: balanced unless asked (docs/balance.md).
CONTENT_OPTION = click.option(
    "--content",
    type=click.Choice(CONTENT_KINDS),
    default=CONTENT_BALANCED,
    show_default=True,
    help="ULTIMUS: the health and payouts played with: balanced from simulated games (docs/balance.md), "
    "or reconstructed, the cards of 0.1.0.",
)


@click.group(cls=_Commands)
@click.version_option(VERSION, prog_name="ultimus")
def main():
    """Ultimus Box, the referee of five gladiator games (ULTIMUS, Morituri Te Salutamus, Ultimatum, Munera Sine
    Missione, the Morituri board game): play, simulate and check them, on the box or its virtual twin."""


@main.command()
@click.option(
    "--state",
    "state_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Folder for the box's flash (its saved game). Default: ~/.ultimus-box/virtual",
)
@click.option("--seed", type=int, default=None, help="Seed for the box's random draws (default: random).")
@click.option("--headless", is_flag=True, help="No terminal display or keys: just the link (for scripts and tests).")
@click.option("--selftest", is_flag=True, help="Start in the builders' self-test.")
@click.option(
    "--game",
    "game_name",
    type=click.Choice(box_games.names()),
    default=None,
    help="The game the menu has chosen at power-on (default: the last one chosen; the wheels choose too).",
)
@click.option(
    "--new",
    "fresh",
    is_flag=True,
    help="Set the saved game aside (kept as game-N.jnl) instead of resuming it, as thumbs down held at power-on"
    " does on the box.",
)
def sim(state_dir, seed, headless, selftest, game_name, fresh):
    """The virtual box: the real box app, its link on a pseudo-terminal, the box drawn in the terminal."""
    from ultimus_host.virtualbox import default_state_dir, run_sim

    state_dir = _writable_folder(state_dir or default_state_dir(), "--state")
    if not headless and not sys.stdout.isatty():
        headless = True
    run_sim(state_dir, seed, headless, selftest, say=lambda s: click.echo(s), game=game_name, fresh=fresh)


def _writable_folder(path, option):
    """The folder path, made if missing; a usage error naming the option if it cannot be made or written."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise click.BadParameter("cannot make the folder %s: %s" % (path, exc.strerror), param_hint=option) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise click.BadParameter(
            "%s cannot be written (no permission): choose another folder" % path, param_hint=option
        )
    return path


@main.command(name="run")
@click.pass_context
def run_main(ctx):
    """The main job: a box on USB if one is attached (connect to it), otherwise the virtual box."""
    from ultimus_host.flash import FlashError, find_port

    try:
        port = find_port()
    except FlashError:
        click.echo("no box on USB: starting the virtual box")
        ctx.invoke(sim)
        return
    click.echo("a box on %s" % port)
    ctx.invoke(connect, port=port)


def _open(port, token_folder=None):
    """A link client on PORT and the box's hello; what went wrong and what to do, as one line."""
    from ultimus_host.client import LinkClient, LinkError

    if not os.path.exists(port):
        raise click.ClickException(
            "no box on %s: is it plugged in? (`ultimus run` finds a box on USB, or starts a virtual box and prints "
            "its port)" % port
        )
    if not os.access(port, os.R_OK | os.W_OK):
        raise click.ClickException(
            "no permission to open %s: add yourself to its group (on Linux: sudo usermod -aG dialout $USER, "
            "then log in again)" % port
        )
    try:
        client = LinkClient(port, token_folder=token_folder)
    except LinkError as exc:
        raise click.ClickException(
            "%s (`ultimus run` finds a box on USB, `ultimus sim` prints its virtual box's port)" % exc.message
        ) from None
    try:
        hello = client.call("hello")
        if not isinstance(hello.get("protocol"), int):
            raise LinkError("bad_hello", "")
    except LinkError as exc:
        client.close()
        if exc.code == "disconnected":
            raise click.ClickException("the box on %s went away: %s" % (port, exc.message)) from None
        raise click.ClickException(
            "nothing on %s answers as an Ultimus box: has it the box's firmware? (`ultimus flash %s` puts it there)"
            % (port, port)
        ) from None
    return client, hello


def _check_new_file(path, option, extensions=None):
    """Refuse at once a file that could not be written later (ultimus_host.outputs)."""
    from ultimus_host.outputs import check_new_file

    check_new_file(path, option, extensions)


@main.command()
@click.argument("port")
@click.option("--verify", is_flag=True, help="Keep a local core in lockstep; stop at the first digest difference.")
@click.option(
    "--save",
    "save_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Save the box's game log to this file when leaving (quit, end of input or Ctrl-C).",
)
@click.option("--watch", type=float, default=0.0, help="After the input ends, go on showing events this many seconds.")
@click.option("--token", default=None, help="See and act as the seat or the referee this token belongs to.")
@click.option(
    "--state",
    "state_dir",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="A virtual box started with --state DIR: the referee token it keeps there is used (as it is from its"
    " default folder).",
)
def connect(port, verify, save_path, watch, token, state_dir):
    """Attach to a box (real or virtual) on PORT: its events as they happen, requests at a prompt.

    Type `help` for the requests: a JSON action such as {"a": "done", "p": 0}; `actions` lists what whoever is
    to act may do; `state`, `log`, `digest`, `press shout 3` (or another button: during a game, the referee's
    link only), `quit`. Ctrl-C leaves too (and still saves).
    """
    from ultimus_host.client import DigestMismatch, LinkError, Lockstep
    from ultimus_host.console import Console, KeptLog, eye_name, start_reader

    if save_path is not None:
        _check_new_file(save_path, "--save")
    client, hello = _open(port, state_dir)
    click.echo(
        "box on %s: firmware %s, protocol %s, %s"
        % (port, hello["firmware"], hello["protocol"], "game %s" % hello["game"] if hello["game"] else "no game")
    )
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    console = Console(client, _say, interactive=interactive)
    if save_path is not None:
        console.kept = KeptLog(client)  # what --save still writes if the box goes away under us
    try:
        if token is not None:
            try:
                click.echo("this link sees as %s" % eye_name(client.auth(token)))
            except LinkError as exc:
                raise click.BadParameter(exc.message, param_hint="--token") from None
        try:
            state = _take_eye(client, hello) if token is None else client.call("state")
            if verify and hello["game"]:
                console.lockstep = Lockstep(client)
                game = console.lockstep.game
                click.echo("lockstep: %d actions, digest %s agree" % (len(game.log), game.digest()))
            click.echo(console.state_text(state if console.lockstep is None else client.call("state")))
            if console.kept is not None:
                console.kept.catch_up()  # the actions before we came, should the box go away before the next
            click.echo("type help for the requests; quit, Ctrl-D or Ctrl-C to leave")
            if interactive:
                click.echo("box> ", nl=False)
            console.run(start_reader(interactive=interactive))
            if watch > 0:
                end = time.monotonic() + watch
                console.run(queue_never(), until=lambda: time.monotonic() >= end)
        except KeyboardInterrupt:
            click.echo("")
        if save_path is not None:
            _save_log(client, save_path)
    except DigestMismatch as exc:
        click.echo("LOCKSTEP BROKEN: %s" % exc, err=True)
        sys.exit(3)
    except LinkError as exc:
        if exc.code == "disconnected" and console.kept is not None:
            _save_kept(console.kept, save_path)
        raise click.ClickException("the link to %s: %s" % (port, exc.message)) from None
    finally:
        client.close()


def _take_eye(client, hello):
    """The referee's eye, where a virtual box on this PC keeps its game's token in its folder, said in a
    line; the box's state reply as this link now sees it."""
    from ultimus_host.console import eye_name, see_all

    state = client.call("state")
    if not hello["game"]:
        return state  # the game menu: the console takes the eye of the game started next (Console.follow)
    eye = see_all(client, state)
    if eye != state.get("eye"):
        click.echo("this link sees as %s: the token the virtual box keeps" % eye_name(eye))
        return client.call("state")
    if eye != "referee":
        click.echo("this link sees as %s (auth TOKEN or claim to see more)" % eye_name(eye))
    else:  # the link kept the eye an earlier connect took: said all the same
        click.echo("this link sees as %s" % eye_name(eye))
    return state


def _where(game, stations=None):
    """Where a replayed game stands, in words: "battle 1, round 2, the action phase, station 2 to act"."""
    s = game.state
    out = ["%s %d" % (key, s[key]) for key in ("battle", "round") if type(s.get(key)) is int and s[key] > 0]
    if game.phase == game.rules.FLOW.end:
        return ", ".join(out + ["the game is over"])
    out.append(phase_words(game.phase))
    actors = game.actors()
    if actors:
        out.append("%s to act" % " and ".join(who(p, stations) for p in actors))
    return ", ".join(out)


def queue_never():
    """A queue of typed lines that stays empty (for --watch after the input has ended)."""
    import queue

    return queue.Queue()


def _say(text, err=False, nl=True):
    click.echo(text, err=err, nl=nl)


def _save_log(client, path):
    from ultimus_host.client import LinkError
    from ultimus_host.console import see_all

    try:
        eye = see_all(client, client.call("state"))  # a virtual box's own token: the whole log
        setup, actions, _, playing = client.full_log_of_game()
        reply = client.call("digest")
        # only the referee's digest covers the whole state, which a replay recomputes (others get the public one)
        digest = reply["digest"] if reply["digest"] != reply.get("public") else None
    except LinkError as exc:
        if exc.code == "no_game":
            click.echo("no game on the box: nothing saved to %s" % path)
            return
        raise
    _write_save(path, playing, setup, actions, digest)
    if eye != "referee":
        click.echo(
            "(as this link sees the game: without the seed and the secrets it cannot be replayed; "
            "--token with the referee token saves the whole log, or --state DIR for a virtual box started so)"
        )


def _save_kept(kept, path):
    """The box went away: save what this link had read of its log, if it had seen any action."""
    if not kept.actions:
        click.echo("the box went away before any action was seen: nothing saved to %s" % path, err=True)
        return
    _write_save(path, kept.playing, kept.setup, kept.actions, None)
    seen = "" if kept.eye == "referee" else " (as this link saw them: without the seed and the secrets)"
    click.echo(
        "the box went away: the %d actions this link had read are saved, without the box's digest%s"
        % (len(kept.actions), seen),
        err=True,
    )


def _write_save(path, playing, setup, actions, digest):
    from ultimus_host.client import rules_of

    rules = rules_of(playing)  # the game the box plays, so that `replay` replays it with its own rules
    if rules is None:  # a format this host cannot name would make a later replay misjudge the digest
        raise click.ClickException(
            "the box plays %r, which this version does not know: nothing saved to %s (the game stays on the box;"
            " update ultimus-box)" % (playing, path)
        )
    try:
        with open(path, "w") as f:
            saved = {"format": rules.FORMAT, "game": playing, "setup": setup, "log": actions}
            if digest is not None:
                saved["digest"] = digest
            json.dump(saved, f)
    except OSError as exc:
        raise click.ClickException("could not save to %s: %s" % (path, exc.strerror or exc)) from None
    click.echo("saved %d actions to %s" % (len(actions), path))


def _rules_of_saved(log_file, name):
    """The rules module of the game a saved log or journal names; a one-line refusal for one this version
    does not know."""
    from ultimus_host.client import rules_of

    rules = rules_of(name) if isinstance(name, str) else None
    if rules is None:
        raise click.ClickException(
            "%s: a saved game of %r, which this version does not know (it knows %s)"
            % (log_file, name, ", ".join(box_games.names()))
        )
    return rules


@main.command()
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False))
def replay(log_file):
    """Replay a saved game log (from `connect --save`, or a box's game.jnl) and check its digest."""
    from referee import engine
    from referee.engine import saved_format
    from ultimus_host.narrate import game_title
    from ultimus_host.pcdrivers import FileStorage
    from ultimusbox.journal import check_file, game_of

    with open(log_file, "rb") as f:
        data = f.read()
    damage = stations = None  # a box's journal keeps the station of each seat: its people are named by them
    try:
        saved = json.loads(data)
        setup, actions, digest = saved["setup"], saved["log"], saved.get("digest")
        if not isinstance(setup, dict) or not isinstance(actions, list):
            raise click.ClickException("%s: its setup must be an object and its log a list" % log_file)
        rules = _rules_of_saved(log_file, saved.get("game", box_games.DEFAULT))  # 0.1.0 saved ULTIMUS only
        fmt = saved_format(saved, rules)  # a save of 0.1.0 holds the digest of its own format
    except Illegal as exc:
        raise click.ClickException("%s: %s" % (log_file, exc.message)) from None
    except RecursionError:
        raise click.ClickException("%s is nested too deeply to be a saved log" % log_file) from None
    except (ValueError, KeyError, TypeError, AttributeError):
        folder, name = os.path.split(os.path.abspath(log_file))
        try:
            header, actions, damage = check_file(FileStorage(folder), name)
            if header is None or not isinstance(header.get("setup"), dict):
                raise ValueError
            # a newer journal format may hold set-up keys this version would silently drop
            name, refusal = game_of(header, box_games.names())
            setup, digest = header["setup"], None
            box = header.get("box")
            stations = box.get("stations") if isinstance(box, dict) else None
            if not (isinstance(stations, list) and all(type(k) is int and 0 <= k < 6 for k in stations)):
                stations = None
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
            raise click.ClickException("%s is neither a saved log nor a box journal" % log_file) from None
        if refusal is not None:
            raise click.ClickException("%s: %s; update ultimus-box" % (log_file, refusal[1])) from None
        rules = _rules_of_saved(log_file, name)
        fmt = rules.FORMAT
    try:
        game = engine.replay(rules, setup, actions)
    except (Illegal, KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        # the file is whatever someone gave: any way it fails to replay is the file's, told in one line
        raise click.ClickException("the log does not replay: %s" % (getattr(exc, "message", None) or exc)) from None
    click.echo(
        "%d actions replayed (%s): %s, digest %s"
        % (len(actions), game_title(rules.NAME), _where(game, stations), game.digest())
    )
    if damage:
        click.echo("JOURNAL DAMAGED: %s" % damage, err=True)
        sys.exit(2)
    expected = game.digest() if fmt == rules.FORMAT else rules.digest_for(game.state, fmt)
    if digest is not None and digest != expected:
        click.echo("DIGEST MISMATCH: the log says %s" % digest, err=True)
        sys.exit(2)
    if digest is not None:
        click.echo("the digest matches the log's")


def _bot_map(bots, players):
    """--bot's SEAT=KIND list as {seat index: kind}; seats are numbered 1 to players, as `play` shows them."""
    from ultimus_host.games.commands import bot_seats

    return bot_seats(bots, players, BOTS, "heuristic", "ULTIMUS")


def _one_bot_option(ctx, param, value):
    """--bot given once: a second one would drop the first without a word."""
    if len(value) > 1:
        raise click.BadParameter(
            "given %d times: give it once with every bot seat in it, e.g. --bot %s" % (len(value), ",".join(value))
        )
    return value[0] if value else ""


@main.command()
@click.option("--players", "-p", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=3, show_default=True)
@click.option(
    "--bot",
    "bots",
    multiple=True,
    callback=_one_bot_option,
    help="Bot seats (1 is the first), e.g. 2=heuristic,3=random; the others are people.",
)
@click.option("--seed", "-s", type=int, default=None)
@click.option("--battles", "-b", type=click.IntRange(1, 99), default=3, show_default=True)
@click.option(
    "--game",
    "game_name",
    type=click.Choice(GAME_CHOICES),
    default="ultimus",
    show_default=True,
    help="Which game: ULTIMUS (the default) or one of the other rule sets the box referees.",
)
@click.option("--figures", default="", help="Morituri: each seat's classes split by '/', e.g. heavy,light/animal.")
@click.option(
    "--alt", default="1", show_default=True, help="morituri_board: alternate rules in play (1, 2, 1,2 or none)."
)
@click.option(
    "--gladiators",
    default="",
    help="Munera: the profiles, e.g. murmillo,retiarius,provocator+buckler,gaul+axe (see `ultimus munera`).",
)
@CONTENT_OPTION
def play(players, bots, seed, battles, game_name, figures, alt, gladiators, content):
    """A whole game in the terminal, hot-seat, with bots if you like (ULTIMUS at card level, or --game another)."""
    seed = _seed(seed)
    try:
        _play(players, bots, seed, battles, game_name, figures, alt, gladiators, content)
    except (click.exceptions.Abort, KeyboardInterrupt):  # the input ended (a pipe, Ctrl-D) or Ctrl-C, at a prompt
        # or while bots think: click would say only "Aborted!"
        click.echo("\nthe game stops here: a game in the terminal is not saved (it was seed %d)" % seed, err=True)
        sys.exit(1)


def _play(players, bots, seed, battles, game_name, figures, alt, gladiators, content):
    from ultimus_host.games.ultimus.play import HotSeat

    if game_name == "morituri_board":
        from ultimus_host.games.morituri_board.commands import play_mboard

        play_mboard(players, bots, seed, alt, ask=_ask, say=click.echo)
        return
    if game_name == "morituri":
        from ultimus_host.games.commands import play_morituri

        play_morituri(players, bots, seed, figures, ask=_ask, say=click.echo)
        return
    if game_name == "munera":
        from ultimus_host.games.munera.commands import play_munera

        play_munera(gladiators, bots, seed, ask=_ask, say=click.echo)
        return
    if game_name == "ultimatum":
        from ultimus_host.games.commands import play_ultimatum

        play_ultimatum(players, bots, seed, ask=_ask, say=click.echo)
        return
    bots = _bot_map(bots, players)  # a bad one refused before anything is said
    click.echo("ULTIMUS for %d players, seed %d, the %s cards (docs/balance.md)" % (players, seed, content))
    game = HotSeat(
        players,
        seed,
        bots,
        battles,
        ask=_ask,
        say=click.echo,
        clear=_clear_screen,
        content=content,
    ).run()
    s = game.state
    click.echo(
        "final gold: %s; %s"
        % (
            ", ".join("%s %d" % (who(p), n) for p, n in enumerate(s["gold"])),
            "winners: " + " and ".join(who(p) for p in s["champions"]) if s["champions"] else "no winner",
        )
    )


def _ask(prompt):
    return click.prompt(prompt, default="", show_default=False, prompt_suffix="")


def _clear_screen():
    """Clear the terminal and its scrollback: the next person must not scroll up to the last hand."""
    click.clear()
    if sys.stdout.isatty():
        click.echo("\033[3J", nl=False)


def _player_counts(ctx, param, value):
    """--players 3,4,6 as the sorted list [3, 4, 6], each count from MIN_PLAYERS to MAX_PLAYERS."""
    counts = set()
    items = [item.strip() for item in str(value).split(",") if item.strip()]  # a stray comma is no count
    for text in items or [str(value)]:
        if not (text.isdigit() and MIN_PLAYERS <= int(text) <= MAX_PLAYERS):
            raise click.BadParameter(
                "%r is not a player count: give whole numbers from %d to %d, comma-separated, e.g. 3,4,6"
                % (text, MIN_PLAYERS, MAX_PLAYERS)
            )
        counts.add(int(text))
    return sorted(counts)


@main.command()
@click.option(
    "-n",
    "games",
    type=click.IntRange(1, 100000),
    default=100,
    show_default=True,
    help="Games in all, split evenly among the player counts (rounded up).",
)
@click.option(
    "--players",
    "-p",
    default="4",
    show_default=True,
    callback=_player_counts,
    help="Player counts, comma-separated (each %d to %d), e.g. 3,4,6: figures for each." % (MIN_PLAYERS, MAX_PLAYERS),
)
@click.option(
    "--bots",
    default="heuristic,random",
    show_default=True,
    help="Bot kinds, given to the seats in turn (random, heuristic).",
)
@click.option("--battles", type=click.IntRange(1, 9), default=1, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Game i of each player count has seed SEED+i.")
@workers_option
@click.option(
    "--chart",
    type=click.Path(),
    default="balance.png",
    show_default=True,
    help="The chart's file: .png, .svg or .pdf (one row per player count).",
)
@click.option(
    "--json", "json_path", type=click.Path(), default=None, help="Also write all the figures to this JSON file."
)
@click.option(
    "--markdown", "markdown_path", type=click.Path(), default=None, help="Also write the tables to this Markdown file."
)
@CONTENT_OPTION
def balance(games, players, bots, battles, seed, workers, chart, json_path, markdown_path, content):
    """N bot games, then, per player count, each gladiator's win/death/pardon rates, each bet's return, and a chart."""
    from ultimus_host.games.ultimus import balance_report
    from ultimus_host.games.ultimus.balance import Tally, play_summary

    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    if not kinds or any(k not in BOTS for k in kinds):
        raise click.BadParameter("bots are random or heuristic", param_hint="--bots")
    # now, not after the games
    _check_new_file(chart, "--chart", CHART_TYPES)
    for path, option in ((json_path, "--json"), (markdown_path, "--markdown")):
        if path is not None:
            _check_new_file(path, option)
    each = -(-games // len(players))  # rounded up: every count gets the same seeds
    jobs = [(p, seed + i, kinds, battles, content) for p in players for i in range(each)]
    start = time.monotonic()
    summaries = run_with_bar(play_summary, jobs, workers)
    elapsed = time.monotonic() - start
    tallies = {p: Tally() for p in players}
    for (p, *_), summary in zip(jobs, summaries):
        tallies[p].add_summary(summary)
    for p in players:
        _print_balance(tallies[p], p, kinds, content)
    click.echo(
        "%d games (%s) in %.1f s: %.1f games/s"
        % (
            len(jobs),
            "%d for each player count" % each if len(players) > 1 else "%d players" % players[0],
            elapsed,
            len(jobs) / max(elapsed, 1e-9),
        )
    )
    if json_path is not None:
        parameters = {"games": games, "games_per_count": each, "players": players, "bots": kinds}
        parameters.update({"battles": battles, "seed": seed, "content": content})
        document = balance_report.report(tallies, parameters, VERSION)
        _write_output(json_path, "--json", json.dumps(document, indent=1) + "\n")
        click.echo("figures: %s" % json_path)
    if markdown_path is not None:
        _write_output(markdown_path, "--markdown", balance_report.markdown(tallies, "/".join(kinds), content))
        click.echo("tables: %s" % markdown_path)
    try:
        balance_report.chart(tallies, chart)
    except OSError as exc:
        raise click.ClickException("could not write the chart %s: %s" % (chart, exc.strerror or exc)) from None
    click.echo("chart: %s" % chart)


def _print_balance(tally, players, kinds, content):
    """One player count's tables in the terminal: gladiators, bets, then the length of battles."""
    from rich.console import Console
    from rich.table import Table

    gladiators, bets = tally.rows()
    console = Console()
    table = Table(
        title="%d players: %d games, %d battles (%s bots, %s content)"
        % (players, tally.games, tally.battles, "/".join(kinds), content)
    )
    for column in ("gladiator", "wins", "dies", "pardoned"):
        table.add_column(column, justify="right")
    for name, win, die, pardon in gladiators:
        table.add_row(name, "%.0f %%" % (100 * win), "%.0f %%" % (100 * die), "%.0f %%" % (100 * pardon))
    console.print(table)
    bet_table = Table(title="%d players: bets" % players)
    for column in ("kind", "coins bet", "gold back per coin"):
        bet_table.add_column(column, justify="right")
    for kind, staked, ret in bets:
        bet_table.add_row(kind, str(staked), "%.2f" % ret)
    console.print(bet_table)
    rounds, actions = tally.length()
    click.echo(
        "%d players: %.1f rounds a battle, %.0f actions a game%s\n"
        % (players, rounds, actions, ", %d games stopped unfinished" % tally.unfinished if tally.unfinished else "")
    )


def _write_output(path, option, text):
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise click.ClickException("could not write %s %s: %s" % (option, path, exc.strerror or exc)) from None


@main.command()
@click.argument("port", required=False)
def flash(port):
    """Compile the firmware with mpy-cross, copy it to a Pico with mpremote, check it answers hello."""
    from ultimus_host.flash import FlashError
    from ultimus_host.flash import flash as do_flash

    try:
        do_flash(port, say=click.echo)
    except FlashError as exc:
        raise click.ClickException(str(exc)) from None


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
@click.option(
    "--game",
    "game_name",
    type=click.Choice(GAME_CHOICES),
    default="ultimus",
    show_default=True,
    help="Which game: ULTIMUS (the default) or one of the other rule sets the box referees.",
)
@click.option("--figures", default="", help="Morituri: each seat's classes split by '/', e.g. heavy,light/animal.")
@click.option(
    "--alt", default="1", show_default=True, help="morituri_board: alternate rules in play (1, 2, 1,2 or none)."
)
@click.option(
    "--gladiators",
    default="",
    help="Munera: the profiles, e.g. murmillo,retiarius,provocator+buckler,gaul+axe (see `ultimus munera`).",
)
@CONTENT_OPTION
def demo(players, seed, battles, verbose, game_name, figures, alt, gladiators, content):
    """Watch bots play, narrated: ULTIMUS battles between random bots, or a game of another rule set (--game)."""
    seed = _seed(seed)
    if game_name == "morituri_board":
        from ultimus_host.games.morituri_board.commands import demo_mboard

        demo_mboard(seed, players, alt, verbose, say=click.echo)
        return
    if game_name == "morituri":
        from ultimus_host.games.commands import demo_morituri

        demo_morituri(seed, figures, verbose, say=click.echo)
        return
    if game_name == "munera":
        from ultimus_host.games.munera.commands import demo_munera

        demo_munera(seed, gladiators, say=click.echo)
        return
    if game_name == "ultimatum":
        from ultimus_host.games.commands import demo_ultimatum

        demo_ultimatum(players, seed, verbose, say=click.echo)
        return
    click.echo("ULTIMUS %s: %d players, seed %d, %s content" % (VERSION, players, seed, content))
    game = Game(players, seed, battles=battles, content=content)

    def tell(e):
        if verbose or e["e"] not in QUIET_EVENTS:
            click.echo(line(public_event(e)))

    run_game(game, on_event=tell, **random_table(players, seed))
    s = game.state
    click.echo("health: " + ", ".join("%s %d" % (GLADIATOR_NAMES[g], s["hp"][g]) for g in range(6)))
    click.echo("%d actions, digest %s" % (len(game.log), game.digest()))


main.add_command(_games_odds)
main.add_command(_munera)


if __name__ == "__main__":
    sys.exit(main())
