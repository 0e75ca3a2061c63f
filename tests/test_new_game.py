"""A new game is held by every generic guarantee the moment its registry line exists (docs/dev/new-game.md).

The test builds a throwaway sixth game, Nummus (tests/newgame/: two to four seats call a coin the box
tosses), in a copy of the tree: the files the checklist lists, copied from tests/newgame/, and the
registry line the checklist gives, added to the copy's firmware/ultimusbox/games.py. No other file
changes. It then collects the generic tests the checklist lists in that tree (a pytest subprocess on
its own firmware/ and host/) and fails, in one line, if
- a file of the checklist is missing from tests/newgame/, or one there is not in the checklist;
- a test that holds each of the five games leaves the sixth out (a list of games by hand);
- a test of the sixth game, or a test of those files that holds no game in particular, fails or skips.
"""

import os
import re
import shutil
import subprocess
import sys

from ultimusbox import games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECKLIST = os.path.join(ROOT, "docs", "dev", "new-game.md")
NEWGAME = os.path.join(ROOT, "tests", "newgame")
NAME, TITLE = "nummus", "Nummus"
COPIED = ("firmware", "host", "tests", "tools", "docs", "pyproject.toml", "README.md")


def section(title):
    """The lines of the checklist's section `## title`."""
    with open(CHECKLIST, encoding="utf-8") as f:
        text = f.read()
    found = re.search(r"^## %s\n(.*?)(?=^## |\Z)" % re.escape(title), text, re.S | re.M)
    assert found, "docs/dev/new-game.md has no section %r" % title
    return found.group(1).split("\n")


def listed(title):
    """The first `path` of each "- `path`..." item of a section of the checklist."""
    return [re.match(r"- `([^`]+)`", line).group(1) for line in section(title) if line.startswith("- `")]


def game_files():
    return [path.replace("<game>", NAME) for path in listed("The files of a game")]


def registry_line():
    code = "\n".join(section("Its registry line"))
    line = re.search(r"```python\n(.*?)\n```", code, re.S).group(1)
    return line.replace("<game>", NAME).replace("<Title>", TITLE)


def tokens(node_id):
    """The names in a test's parameters: test_x[ultimus-0] -> {"ultimus", ...}."""
    params = node_id.partition("[")[2]
    return set(re.findall(r"[A-Za-z_]\w*", params))


def skippers(node_ids, real, name):
    """The tests (file::function) whose parameters hold every one of the real games but not `name`."""
    held = {}
    for node_id in node_ids:
        if "[" in node_id:
            held.setdefault(node_id.partition("[")[0], set()).update(tokens(node_id))
    return sorted(test for test, names in held.items() if set(real) <= names and name not in names)


def build(tree):
    """The tree with the sixth game in it, as the checklist says; returns the files it added."""
    for part in COPIED:
        source = os.path.join(ROOT, part)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(tree, part), ignore=shutil.ignore_patterns("__pycache__", "newgame"))
        else:
            shutil.copy(source, os.path.join(tree, part))
    if os.path.isdir(os.path.join(ROOT, "node_modules")):
        os.symlink(os.path.join(ROOT, "node_modules"), os.path.join(tree, "node_modules"))
    for path in game_files():
        os.makedirs(os.path.dirname(os.path.join(tree, path)), exist_ok=True)
        shutil.copy(os.path.join(NEWGAME, path), os.path.join(tree, path))
    registry = os.path.join(tree, "firmware", "ultimusbox", "games.py")
    with open(registry, encoding="utf-8") as f:
        text = f.read()
    start = text.index("GAMES = (\n")
    end = text.index("\n)\n", start)
    with open(registry, "w", encoding="utf-8") as f:
        f.write(text[:end] + "\n" + registry_line() + text[end:])


def pytest_in(tree, *args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(tree, "firmware"), os.path.join(tree, "host")]))
    env.pop("PYTEST_ADDOPTS", None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=1500,
    )


def test_the_checklist_lists_exactly_the_files_of_the_throwaway_game():
    made = sorted(
        os.path.relpath(os.path.join(folder, f), NEWGAME)
        for folder, dirs, files in os.walk(NEWGAME)
        for f in files
        if f.endswith(".py")
    )
    assert made == sorted(game_files()), "tests/newgame/ and docs/dev/new-game.md's files differ"
    assert NAME not in games.names()  # the repository's registry never holds it


def test_the_check_finds_a_test_that_leaves_the_new_game_out():
    five = ("ultimus", "morituri", "ultimatum", "munera", "morituri_board")
    ids = ["t.py::test_a[%s]" % g for g in five] + ["t.py::test_b[%s-0]" % g for g in five + (NAME,)]
    ids += ["t.py::test_c[munera]", "t.py::test_d", "t.py::test_e[v0.2.0/munera-2p.jnl]"]
    assert skippers(ids, five, NAME) == ["t.py::test_a"]


def test_a_sixth_game_is_held_by_every_generic_test_with_only_its_own_files_and_its_registry_line(tmp_path):
    tree = str(tmp_path / "tree")
    build(tree)
    suite = listed("The generic tests that hold it")
    missing = [path for path in suite if not os.path.exists(os.path.join(ROOT, path))]
    assert not missing, "docs/dev/new-game.md names tests that do not exist: %s" % ", ".join(missing)
    collected = pytest_in(tree, "--collect-only", "-q", *suite)
    assert collected.returncode == 0, (
        "collecting the generic tests with the sixth game failed: %s"
        % ((collected.stdout + collected.stderr).strip().split("\n")[-1])
    )
    ids = [line.strip() for line in collected.stdout.split("\n") if "::" in line]
    left_out = skippers(ids, games.names(), NAME)
    assert not left_out, "%s holds the five games but not a sixth: a list of games by hand?" % left_out[0]
    sixth = [i for i in ids if NAME in tokens(i)]
    assert sixth, "no generic test holds the sixth game"
    ran_sixth = pytest_in(tree, "-q", "-rfEs", "--tb=no", *sixth)
    failed(ran_sixth, ("FAILED", "ERROR", "SKIPPED"), "the sixth game")  # skipping it is leaving it out
    plain = [i for i in ids if "[" not in i]  # the tests of those files that hold no one game: the registry whole
    if plain:
        failed(pytest_in(tree, "-q", "-rfE", "--tb=no", *plain), ("FAILED", "ERROR"), "with the sixth game")


def failed(ran, marks, who):
    """Fails with the first line of pytest's summary that starts with one of `marks`."""
    out = ran.stdout + ran.stderr
    bad = [line for line in out.split("\n") if line.startswith(marks)]
    assert ran.returncode == 0 and not bad, "%s: %s" % (who, bad[0] if bad else out.strip().split("\n")[-1])
