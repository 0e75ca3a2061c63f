"""The documents stand on their own: nothing a user reads points outside the repository.

The rulebooks the project was built from are not part of it, so a document cites a printed
rulebook by its own section names, never by a path. Every relative link of a Markdown page
and every repository path a page or a docstring names must be a file of the repository.
"""

import os
import re
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Pointers at the rulebooks' folder beside the repository, or at the machine it was written on.
OUTSIDE = re.compile(r"shared/rules|\.\./shared|\.\./rules/|/work/|rules/00[0-4]_")
# A Markdown link or image: ](target) with no scheme.
LINK = re.compile(r"\]\(([^)\s#]+)(#[^)]*)?\)")
# A document of this repository named in a page or a docstring: `docs/box.md`, docs/dev/content.md.
NAMED = re.compile(r"(?<![\w/.-])(docs/[\w./-]*\w\.(?:md|py|png|svg|json|csv|dxf|mjs))")


def tracked(*patterns):
    out = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True)
    return [p for p in out.stdout.split("\n") if p]


def text_of(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def test_no_tracked_text_points_outside_the_repository():
    found = []
    for path in tracked("*.md", "*.py", "*.toml", "*.mjs", "Makefile"):
        if path == "tests/test_docs.py":
            continue  # the pattern itself
        for n, line in enumerate(text_of(path).split("\n"), 1):
            if OUTSIDE.search(line):
                found.append("%s:%d: %s" % (path, n, line.strip()))
    assert not found, "\n".join(found)


def test_every_relative_link_of_a_page_is_a_file_of_the_repository():
    files = set(tracked())
    bad = []
    for page in tracked("*.md"):
        base = os.path.dirname(page)
        for target, _ in LINK.findall(text_of(page)):
            if "://" in target or target.startswith("mailto:"):
                continue
            full = os.path.normpath(os.path.join(base, target))
            if full.startswith("..") or os.path.isabs(target) or full not in files:
                bad.append("%s -> %s" % (page, target))
    assert not bad, "\n".join(bad)


def test_every_repository_path_named_in_the_docs_and_docstrings_exists():
    files = set(tracked())
    bad = []
    for path in tracked("*.md", "*.py"):
        if path == "CHANGELOG.md":
            continue  # history names files as they were then
        for name in NAMED.findall(text_of(path)):
            if name not in files:
                bad.append("%s names %s" % (path, name))
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("line", ["see ../shared/rules/000_x.txt", "`rules/003_1c15.txt`", "/work/shared/design"])
def test_the_outside_pattern_sees_each_kind_of_pointer(line):
    assert OUTSIDE.search(line)


# A place a person counts: stations, seats, wheels, players, rounds, doors, spaces... from 1, in every page a
# player or a builder reads (the link's JSON counts from 0: protocol.md and core.md say so, and docs/dev/ is
# the maintainers' reference of the code's own numbers).
FROM_ZERO = re.compile(
    r"\b(?:stations?|seats?|wheels?|players?|rounds?|doors?|spaces?|battles?|nations?|SHOUT|THINK)"
    r" 0(?:\b(?!\.\d)| and| or|-\d)",
    re.IGNORECASE,
)
READ_BY_PEOPLE_EXCEPT = ("docs/protocol.md", "docs/core.md", "CHANGELOG.md")


def test_what_a_person_reads_counts_places_from_1():
    found = []
    for page in tracked("*.md"):
        if page in READ_BY_PEOPLE_EXCEPT or page.startswith("docs/dev/"):
            continue
        for n, line in enumerate(text_of(page).split("\n"), 1):
            if FROM_ZERO.search(line):
                found.append("%s:%d: %s" % (page, n, line.strip()))
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "line, counts_from_zero",
    [
        ("with two figures each, stations 0 and 3 have wheels 1-2 and 3-4", True),
        ("SW1-SW6 SHOUT 0-5 on GP0-5", True),
        ("a wheel 0-5 in the order", True),
        ("stations 1 and 4 have wheels 1-2 and 3-4", False),
        ("a hit point change (-5 to +5), 0 players left", False),
    ],
)
def test_the_from_zero_pattern(line, counts_from_zero):
    assert bool(FROM_ZERO.search(line)) == counts_from_zero
