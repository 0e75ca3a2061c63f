"""The host's game seam: one HostGame per game in ultimus_host.games, the box's games in the box's order, and a
generic host (the command line, the virtual box, `connect`, the words, the loop) that names no game: a made-up
sixth game registered here reaches `ultimus play/demo/odds --game`, its own commands, the virtual box's words
and `connect`'s with no change to a shared module."""

import ast
import importlib
import os
import pkgutil
import re

import pytest
from click.testing import CliRunner

from ultimus_host import registry as host_games
from ultimus_host import virtualbox, words
from ultimus_host.cli import main
from ultimus_host.console import Console
from ultimusbox import games as box_games

HOST = os.path.join(os.path.dirname(__file__), "..", "host", "ultimus_host")
GAMES_DIR = os.path.join(HOST, "games")

# ULTIMUS's name is also the program's (`ultimus run`) and the start of the packages' (ultimus_host, ultimusbox):
# it counts as a game's name where it stands alone (a literal "ultimus", ULTIMUS, an identifier part).
OTHER_NAMES = re.compile(r"morituri|munera|ultimatum|mboard", re.IGNORECASE)
ULTIMUS_ALONE = re.compile(r"(^|_)ultimus(_|$)", re.IGNORECASE)
ULTIMUS_PROSE = re.compile(r"\bULTIMUS\b|--game ultimus\b|^ultimus$")
PACKAGES = ("ultimus_host", "ultimusbox")
# what a generic module may still say, and why
ALLOWED = {
    ("flash.py", "ultimus"): "the old layout's /ultimus folder that `make flash` removes from a box it updates",
}


def _generic_modules():
    """Every module of ultimus_host outside a game's own package games/<name>/."""
    for folder, dirs, files in os.walk(HOST):
        rel = os.path.relpath(folder, HOST)
        if rel.startswith("games" + os.sep):
            dirs[:] = []
            continue
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py"):
                yield os.path.normpath(os.path.join(rel, name))


def _docstrings(tree):
    """The string constants that are docstrings (prose, not code), and the program's name (prog_name="ultimus")."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "prog_name":
            out.add(id(node.value))
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _names_a_game_in_code(text, identifier):
    if OTHER_NAMES.search(text):
        return True
    if identifier:
        parts = [p for p in text.split(".") if p not in PACKAGES]
        return any(ULTIMUS_ALONE.search(p) for p in parts)
    return bool(ULTIMUS_PROSE.search(text))


def _game_names_in(path):
    """(line, what) of each game's name in a module's code: string literals (not docstrings), identifiers,
    attributes, imported modules."""
    with open(os.path.join(HOST, path), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        texts = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            texts.append((node.value, False))
        elif isinstance(node, ast.Name):
            texts.append((node.id, True))
        elif isinstance(node, ast.Attribute):
            texts.append((node.attr, True))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            texts.append((node.name, True))
        elif isinstance(node, ast.ImportFrom):
            texts.append((node.module or "", True))
            texts += [(alias.name, True) for alias in node.names]
        elif isinstance(node, ast.Import):
            texts += [(alias.name, True) for alias in node.names]
        for text, identifier in texts:
            if (os.path.basename(path), text) in ALLOWED:
                continue
            if _names_a_game_in_code(text, identifier):
                found.append((getattr(node, "lineno", 0), text))
    return found


def test_the_generic_host_names_no_game():
    named = {path: _game_names_in(path) for path in _generic_modules()}
    assert "cli.py" in named and "virtualbox.py" in named and "registry.py" in named
    assert {path: found for path, found in named.items() if found} == {}


def test_the_check_finds_a_game_named_in_code():
    """The check above can fail: each way a module could name a game is caught, prose is not."""
    assert _names_a_game_in_code("morituri_board", False) and _names_a_game_in_code("Munera", False)
    assert _names_a_game_in_code("ultimus", False) and _names_a_game_in_code("ULTIMUS for %d players", False)
    assert _names_a_game_in_code("games.ultimus.content", True) and _names_a_game_in_code("_ultimus_event", True)
    assert _names_a_game_in_code("play_mboard", True)
    assert not _names_a_game_in_code("ultimus_host.games", True) and not _names_a_game_in_code("ultimusbox", True)
    assert not _names_a_game_in_code("`ultimus run` finds a box", False)
    assert not _names_a_game_in_code("Ultimus virtual box", False)


def test_the_host_lists_the_box_s_games_in_its_order_one_package_each():
    assert host_games.names() == box_games.names()
    packages = sorted(m.name for m in pkgutil.iter_modules([GAMES_DIR]) if m.ispkg)
    assert packages == sorted(box_games.names())  # no host package of a game the box does not referee
    for name in box_games.names():
        game = host_games.get(name)
        assert game.name == name and game.title == box_games.find(name)[1]
        assert 0 < len(game.label) <= 13  # the virtual box's label column


@pytest.mark.parametrize("name", box_games.names())
def test_every_part_a_game_declares_is_there(name):
    game = host_games.get(name)
    for part in host_games.PARTS:
        if game.has(part):
            assert game.load(part) is not None, part
    for command in game.commands:
        assert game.load_command(command).name == command
    assert game.has("play") and game.has("demo") and game.has("event") and game.has("action")
    bots = importlib.import_module("%s.%s.bots" % (host_games.PACKAGE, name)).BOTS
    assert sorted(game.bots) == sorted(bots)  # --bot's help names the kinds its play takes


def test_a_game_found_by_name_only_if_the_host_knows_it():
    assert host_games.find("gladiolus") is None and host_games.find(None) is None
    with pytest.raises(KeyError):
        host_games.get("gladiolus")


# --- a made-up sixth game, registered beside the box's five ----------------------------------------------------

TOLD = []


def fake_play(options, ask, say, clear=None):
    say("gladiolus hot-seat: %d players, seed %d, %s" % (options["players"], options["seed"], options["bots"]))


def fake_demo(options, say):
    say("gladiolus demo: seed %d%s" % (options["seed"], ", every event" if options["verbose"] else ""))


def fake_event(e, state, stations):
    return "the gladiolus %s (%s)" % (e["e"], state.get("round") if state else "no state")


def fake_action(view, a, stations):
    return "gladiolus move %s" % a["a"]


def fake_refusal(message, state, stations):
    return message.replace("petal 0", "the first petal")


def fake_button(b):
    return "the petal wheel %d" % (b - 11) if 12 <= b < 18 else "button %d" % b


def fake_header(state):
    return "round %d of the gladiolus" % state["round"]


def fake_wheel(shell, g):
    return "petal %d" % (g + 1), "in bloom"


def _fake_command():
    import click

    @click.command(name="gladiolus")
    def gladiolus():
        """Petals counted."""
        click.echo("7 petals")

    return gladiolus


FAKE_COMMAND = _fake_command()


@pytest.fixture
def gladiolus():
    here = __name__
    game = host_games.HostGame(
        "gladiolus",
        "Gladiolus",
        bots=("wilting",),
        play="%s:fake_play" % here,
        demo="%s:fake_demo" % here,
        odds="%s:FAKE_COMMAND" % here,
        commands={"gladiolus": "%s:FAKE_COMMAND" % here},
        event="%s:fake_event" % here,
        action="%s:fake_action" % here,
        refusal="%s:fake_refusal" % here,
        button="%s:fake_button" % here,
        header="%s:fake_header" % here,
        wheel="%s:fake_wheel" % here,
        quiet=("bud",),
    )
    host_games.register(game)
    yield game
    host_games.unregister("gladiolus")
    assert "gladiolus" not in host_games.names()


def test_a_sixth_game_reaches_play_demo_odds_and_its_own_commands(gladiolus):
    runner = CliRunner()
    result = runner.invoke(main, ["play", "--game", "gladiolus", "--seed", "4", "-p", "2", "--bot", "2=wilting"])
    assert result.exit_code == 0, result.output
    assert result.output == "gladiolus hot-seat: 2 players, seed 4, 2=wilting\n"
    result = runner.invoke(main, ["demo", "--game", "gladiolus", "--seed", "9", "-v"])
    assert result.exit_code == 0 and result.output == "gladiolus demo: seed 9, every event\n", result.output
    result = runner.invoke(main, ["odds", "gladiolus"])
    assert result.exit_code == 0 and result.output == "7 petals\n", result.output
    result = runner.invoke(main, ["gladiolus"])
    assert result.exit_code == 0 and result.output == "7 petals\n", result.output
    listing = runner.invoke(main, ["--help"]).output
    assert "gladiolus" in listing and "Petals counted." in listing
    assert "gladiolus" in runner.invoke(main, ["play", "--help"]).output  # a --game choice


def test_play_offers_the_game_s_own_player_range(gladiolus):
    gladiolus._players = (2, 3)  # a game only the host knows declares it; a box's game has its rules'
    result = CliRunner().invoke(main, ["play", "--game", "gladiolus", "-p", "4", "--seed", "1"])
    assert result.exit_code == 2 and "Gladiolus" not in result.output  # its title is its name: gladiolus
    assert "gladiolus is played by 2 to 3 players, not 4" in result.output and "Traceback" not in result.output
    for name in box_games.names():
        assert host_games.get(name).players == box_games.rules_of(name).PLAYERS


def test_a_game_the_host_does_not_know_is_refused_by_play_and_demo():
    result = CliRunner().invoke(main, ["play", "--game", "gladiolus"])
    assert result.exit_code == 2 and "gladiolus" in result.output and "Traceback" not in result.output


def test_a_sixth_game_is_told_in_its_own_words(gladiolus):
    state = {"round": 3}
    assert words.tell("gladiolus", {"e": "bloom"}, state) == "the gladiolus bloom (3)"
    assert words.tell("gladiolus", {"e": "joined", "stations": [0, 2]}) == "at the table: station 1, station 3"
    assert words.tell("gladiolus", {"e": "button", "b": 13}) == "pressed: the petal wheel 2"
    assert words.tell("gladiolus", {"e": "refused", "message": "petal 0 is shut"}) == (
        "refused: the first petal is shut; nothing changed"
    )
    assert words.action("gladiolus", {}, {"a": "open"}) == "gladiolus move open"


class _Shell:
    """What the virtual box's words read of the box's shell, playing the made-up game."""

    settings = {"stations": [0, 1]}
    playing = "gladiolus"
    phase = "playing"
    screen = None

    class game:
        state = {"round": 5}


def test_a_sixth_game_is_told_by_the_virtual_box(gladiolus):
    shell = _Shell()
    assert virtualbox._narrate(shell, {"e": "bloom"}) == "the gladiolus bloom (5)"
    assert virtualbox._wheel_words(shell, 2) == ("petal 3", "in bloom")


class _Link:
    """A box's link as `connect` asks it for the state, playing the made-up game."""

    def call(self, op, **args):
        return {"playing": "gladiolus", "state": {"round": 2}, "settings": {"stations": [1, 0]}}


def test_a_sixth_game_is_told_by_connect(gladiolus):
    said = []
    console = Console(_Link(), say=lambda text, err=False, nl=True: said.append(text))
    console.show_events([{"e": "bud"}, {"e": "bloom"}, {"e": "button", "b": 12}], prompt=False)
    assert said == ["  the gladiolus bloom (2)", "  pressed: the petal wheel 1"]  # a bud is quiet
