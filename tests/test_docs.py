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
