"""`ultimus sim`'s picture in a real terminal (tmux) at 80x24 and 160x50, every game of the registry: every
field a player reads -- each wheel's words, the game's table, what the table must do now, the newest event
-- is on the screen whole, on the first page or on one Tab flips to (the header says how many there are and
what each holds); a wheel's row is cut with "…" only where its words stand whole on another page; no row
runs past the terminal; at 160x50 the picture is one page
and the log fills the rows left (tests/tmux_box.py draws each game's picture with the UI's own code)."""

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from ultimusbox import games

HERE = os.path.dirname(os.path.abspath(__file__))
TMUX = shutil.which("tmux") or "tmux"  # the tests skip where there is none
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
MOMENTS = (0, 60)  # random actions applied before the picture: the game's start, then the middle of it


def _most_players(name):
    try:
        from ultimus_host import registry
    except ImportError:  # before the registry had its own module
        from ultimus_host import games as registry
    return registry.get(name).players[1]


def _words(text):
    return " ".join(text.split())


class Pane:
    """A tmux session of its own running tests/tmux_box.py, at a size."""

    def __init__(self, name, actions, tmp_path, width, height):
        self.session = "ultimus-test-%d-%s-%d" % (os.getpid(), name, actions)
        self.fields = str(tmp_path / "fields.json")
        command = [sys.executable, os.path.join(HERE, "tmux_box.py"), name, str(_most_players(name)), str(actions)]
        command += [str(tmp_path / "box"), self.fields]
        # COLUMNS and LINES unset: GNU readline (which pytest's process loads) exports the size it saw into
        # the C environment, a tmux server this process starts keeps them as its global environment, and
        # rich takes them over the terminal's own size: the picture would never follow a resize
        # sys.path once each: the tests' own inserts repeat it, and tmux refuses a command over its length limit
        env = "env -u COLUMNS -u LINES PYTHONPATH=%s" % os.pathsep.join(dict.fromkeys(p for p in sys.path if p))
        shell = "%s %s" % (env, " ".join(command))
        self.tmux("new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height), shell)
        self.tmux("set-option", "-t", self.session, "remain-on-exit", "on")

    def tmux(self, *args):
        return subprocess.run([TMUX, *args], check=True, capture_output=True, text=True).stdout

    def said(self, width, height, page):
        """The fields of the picture drawn at this size and page, once the terminal shows it."""
        for _ in range(400):
            try:
                with open(self.fields) as f:
                    said = json.load(f)
            except (OSError, ValueError):
                said = None
            if said and said["size"] == [width, height] and said["page"] == page:
                time.sleep(0.2)  # the picture written before its fields: let tmux take it in
                return said
            time.sleep(0.05)
        raise AssertionError("no picture at %dx%d page %d: %s" % (width, height, page, self.capture()))

    def capture(self):
        return self.tmux("capture-pane", "-p", "-t", self.session).rstrip("\n").split("\n")

    def close(self):
        subprocess.run([TMUX, "kill-session", "-t", self.session], capture_output=True)


def _pages(pane, width, height):
    said = pane.said(width, height, 0)
    pages = [pane.capture()]
    for page in range(1, said["pages"]):
        pane.tmux("send-keys", "-t", pane.session, "Tab")
        pane.said(width, height, page)
        pages.append(pane.capture())
    if said["pages"] > 1:  # and back to the first
        pane.tmux("send-keys", "-t", pane.session, "Tab")
        pane.said(width, height, 0)
    return said, pages


def _check(said, pages, width, height):
    where = "%dx%d" % (width, height)
    flowing = [_words(" ".join(rows)) for rows in pages]
    everything = " ".join(flowing)
    for rows in pages:
        assert len(rows) <= height - 1, (where, rows)  # the last row: the cursor's
        assert all(len(row) <= width for row in rows), where
        for row in rows:  # nothing a player needs cut: a wheel's row ends in "…" only where its words go on
            if "…" in row:  # whole under its name on another page
                label, text = [w for w in said["wheels"] if w[0] and row.startswith(w[0] + " ")][0]
                elsewhere = _words("%s: %s" % (label, text))
                assert any(elsewhere in page for page in flowing if row not in page), (where, row)
        assert _words(said["now"]) in _words(" ".join(rows)), (where, said["now"], rows)  # on every page
        assert rows[-1].rstrip().endswith("quit: Ctrl-C"), (where, rows)
    for label, text in said["wheels"]:
        if text:
            beside = "%s %s" % (label, _words(text))  # its words beside its lights, or under its name on a page
            assert _words(text) in everything and label in everything, (where, label, text, pages)
            assert any(beside.split()[0] in page for page in flowing), beside
    table = said["table"]
    for line in table.split("\n") if table else ():
        assert _words(line) in everything, (where, line, pages)
    if said["log"]:
        assert _words(said["log"][-1]) in flowing[0], (where, said["log"][-1])
    if len(pages) > 1:
        for i, rows in enumerate(pages):  # the header says which page it is and what Tab brings
            assert "page %d of %d (Tab: " % (i + 1, len(pages)) in _words(" ".join(rows[:3])), rows[:3]  # the header
    return flowing


@pytest.mark.parametrize("actions", MOMENTS)
@pytest.mark.parametrize("name", games.names())
def test_every_field_of_every_game_is_on_the_terminal_at_80x24_and_160x50(name, actions, tmp_path):
    pane = Pane(name, actions, tmp_path, 80, 24)
    try:
        said, pages = _pages(pane, 80, 24)
        _check(said, pages, 80, 24)
        pane.tmux("resize-window", "-t", pane.session, "-x", "160", "-y", "50")
        said, pages = _pages(pane, 160, 50)
        flowing = _check(said, pages, 160, 50)
        assert len(pages) == 1, pages  # the room of a large terminal: one picture
        rows = pages[0]
        shown = [text for text in said["log"] if _words(text) in flowing[0]]
        # the log fills the rows left: every event kept, or the picture as tall as the terminal lets it
        assert shown == said["log"] or len(rows) >= 48, (len(rows), len(shown), len(said["log"]))
    finally:
        pane.close()
