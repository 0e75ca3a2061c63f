"""The box screens use only the shell's surface that ultimusbox/screens/__init__.py lists: the shell's own
calls, the game's state, set-up and rules, and of the flow only its answers for a box (Flow.seat_now,
allows). An engine's table (the flow's merged phases, its variants) read by a screen would make the
screen decide the flow again; this AST scan of every screen module fails on it."""

import ast
import os
import re

import pytest

from ultimusbox import games, screens

SCREENS = os.path.dirname(os.path.abspath(screens.__file__))
ROOTS = ("shell", "game", "rules", "FLOW")


def surface():
    """{root: {names}} of the surface screens/__init__.py's docstring lists (shell.act, FLOW.seat_now, ...)."""
    out = {root: set() for root in ROOTS}
    for root, name in re.findall(r"\b(%s)\.([A-Za-z_]+)" % "|".join(ROOTS), screens.__doc__ or ""):
        out[root].add(name)
    return out


def _root(node):
    """Which part of the surface an attribute is read from: 'shell' for x.shell.NAME or shell.NAME, 'game'
    for x.game.NAME or game.NAME (a local the screen took from shell.game), 'rules', 'FLOW'; else None."""
    value = node.value
    if isinstance(value, ast.Name):
        return value.id if value.id in ROOTS else None
    if isinstance(value, ast.Attribute):
        return value.attr if value.attr in ROOTS else None
    return None


def strays(source, allowed):
    """(line, what) of each use of the shell, game, rules or flow beyond `allowed`, and of a flow's FLOW
    imported by name (a screen asks the game's own flow through shell.game.rules)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            root = _root(node)
            if root is not None and node.attr not in allowed[root]:
                out.append((node.lineno, "%s.%s" % (root, node.attr)))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").endswith(".flow"):
            out += [(node.lineno, "FLOW from %s" % node.module) for alias in node.names if alias.name == "FLOW"]
    return sorted(out)


def _modules():
    for folder, _, files in os.walk(SCREENS):
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def test_the_surface_lists_the_flow_s_answers_and_the_shell_s_calls():
    found = surface()
    assert {"seat_now", "allows"} <= found["FLOW"] and "_now" not in found["FLOW"]
    assert {"act", "refuse", "game", "clock", "station_of_seat"} <= found["shell"]


@pytest.mark.parametrize("name", games.names())
def test_each_game_s_screen_uses_only_the_surface(name):
    allowed = surface()
    folder = os.path.dirname(os.path.abspath(games.screen_module(name).__file__))  # the registry's screen
    wrong = []
    for file in sorted(os.listdir(folder)):
        if file.endswith(".py"):
            with open(os.path.join(folder, file)) as f:
                wrong += ["%s:%d %s" % (file, line, what) for line, what in strays(f.read(), allowed)]
    assert not wrong, "%s's screen goes past the shell's surface (ultimusbox/screens/__init__.py): %s" % (
        name,
        ", ".join(wrong),
    )


def test_every_screen_module_is_scanned():
    assert len(list(_modules())) >= 4 * len(games.names())  # screen, entry, lights, words of each game


def test_the_scan_finds_an_engine_table_read_or_a_shell_part_no_screen_may_use():
    allowed = surface()
    source = (
        "from games.munera.flow import FLOW\n"
        "def f(self, shell):\n"
        "    moves = self.shell.game.rules.FLOW._now['']\n"
        "    shell.journal.count\n"
        "    game = shell.game\n"
        "    game.log\n"
        "    return self.shell.game.rules.FLOW.seat_now('', game.state)\n"
    )
    assert strays(source, allowed) == [
        (1, "FLOW from games.munera.flow"),
        (3, "FLOW._now"),
        (4, "shell.journal"),
        (6, "game.log"),
    ]
