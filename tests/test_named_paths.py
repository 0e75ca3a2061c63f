"""Every path a docstring, a comment or a doc names exists: a moved file or module leaves no stale note.

Read: the docstrings and comments of every module of firmware/, host/ and tools/, and docs/ with the
README. A file path (firmware/..., host/..., tools/..., tests/..., docs/...) must be a file or folder of
the repository; a dotted name in a docstring (games..., referee..., ultimusbox..., ultimus_host...) must
be a module, or a name one of them defines. A path with a placeholder (<game>, X.Y.Z, a * pattern) is
a pattern, not a path, and is not read. (tests/test_docs.py holds the docs/ pages a text names to the
files git tracks.)
"""

import ast
import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE = ("firmware", "host", "tools")
PATH = re.compile(r"(?<![\w/.])((?:firmware|host|tools|tests|docs)/[\w./-]*\w)")
DOTTED = re.compile(r"(?<![\w./])((?:games|referee|ultimusbox|ultimus_host)(?:\.\w+)+)")
# what a note names that is not ours to have, and why it stays
ALLOWED = {
    ("firmware/manifest.py", "tools/makemanifest.py"): "MicroPython's own tool, in a MicroPython checkout",
    ("docs/dev/games/ultimatum.md", "tests/mpy/games.py"): "the old name the sentence says was renamed",
}


def paths_in(text):
    """The file paths a text names, patterns (<game>, X.Y.Z, *) left out."""
    out = []
    for m in PATH.finditer(text):
        path = m.group(1)
        whole = re.match(r"[^\s`'\"(),;]*", text[m.start() :]).group(0)  # the word the path begins
        if any(c in whole for c in "<>*") or "X.Y" in whole:
            continue
        out.append(path.split("::")[0])
    return out


def _notes(path):
    """(line, text) of a module's docstrings and comments."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield getattr(node, "lineno", 1), doc, True
    for i, line in enumerate(source.split("\n"), 1):
        if "#" in line:
            yield i, line[line.index("#") :], False


def modules():
    for top in CODE:
        yield from sorted(glob.glob(os.path.join(ROOT, top, "**", "*.py"), recursive=True))


def defined(name):
    """Whether a dotted name is a module of firmware/ or host/, or a name such a module defines."""
    parts = name.split(".")
    for k in range(len(parts), 0, -1):
        for base in ("firmware", "host"):
            stem = os.path.join(ROOT, base, *parts[:k])
            found = stem + ".py" if os.path.exists(stem + ".py") else os.path.join(stem, "__init__.py")
            if not os.path.exists(found):
                continue
            rest = parts[k:]
            if not rest:
                return True
            with open(found, encoding="utf-8") as f:
                source = f.read()  # a name it defines, or a class's method (runtime.Box.tidy)
            return len(rest) <= 2 and all(re.search(r"\b%s\b" % re.escape(n), source) for n in rest)
    return False


def _missing(where, path):
    return (where, path) not in ALLOWED and not os.path.exists(os.path.join(ROOT, path.rstrip(".")))


def test_every_path_a_module_s_docstring_or_comment_names_exists():
    wrong = []
    for module in modules():
        where = os.path.relpath(module, ROOT)
        for line, text, is_doc in _notes(module):
            wrong += ["%s:%d %s" % (where, line, p) for p in paths_in(text) if _missing(where, p)]
            if is_doc:
                names = [n.rstrip(".") for n in DOTTED.findall(text) if "X" not in n.split(".")]  # games.X: any
                wrong += ["%s:%d %s" % (where, line, n) for n in names if not defined(n)]
    assert not wrong, "named, not there: %s" % "; ".join(wrong)


def test_every_path_a_doc_names_exists():
    wrong = []
    for doc in sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True)) + [
        os.path.join(ROOT, "README.md")
    ]:
        where = os.path.relpath(doc, ROOT)
        with open(doc, encoding="utf-8") as f:
            for line, text in enumerate(f, 1):
                wrong += ["%s:%d %s" % (where, line, p) for p in paths_in(text) if _missing(where, p)]
    assert not wrong, "named, not there: %s" % "; ".join(wrong)


def test_the_check_finds_a_stale_note():
    assert paths_in("tests/games/morituri/test_legality.py holds it; tests/test_x_*.py, tests/data/v1/x-*.json") == [
        "tests/games/morituri/test_legality.py"
    ]
    assert _missing("x.py", "tests/games/morituri/test_legality.py") and not _missing("x.py", "tests/conftest.py")
    assert defined("ultimus_host.registry.HostGame") and defined("games.ultimus.rules")
    assert not defined("ultimus_host.simulation") and not defined("games.ultimus.rules.no_such_name")
