"""The virtual box fits any terminal from 80x24 up: what the table must do now, the newest event and the keys
always on screen, the oldest events cut first, lines wrapped between words."""

import pytest

from ultimus_host import registry
from ultimus_host.virtualbox import VirtualBox, render_text
from ultimusbox import board

GAMES = registry.names()
# two stations join, the game starts, and a few presses of its first decision (some refused: more log lines)
PRESSES = (0, 2, 20, 20, 20, 12, 20, 19, 20, 13, 20)


@pytest.fixture(params=GAMES)
def vbox(request, tmp_path):
    box = VirtualBox(str(tmp_path), seed=1, game=request.param)
    for b in PRESSES:
        box.fb.buttons.push(board.SHOUT_0 + b if b < 6 else b)
        box.box.step()
    assert box.box.shell.game is not None and len(box.log_lines) >= 6
    yield box
    box.fb.serial.close()
    box.storage.close()


def _words(text):
    return " ".join(text.split())


@pytest.mark.parametrize("width, height", [(80, 24), (100, 30), (160, 50)])
def test_the_picture_fits_the_terminal_with_what_now_the_newest_event_and_the_keys(vbox, width, height):
    rows = render_text(vbox, width, height).plain.rstrip("\n").split("\n")
    assert len(rows) <= height - 1, rows  # the last row for the cursor: nothing scrolls away
    assert all(len(row) <= width for row in rows), [row for row in rows if len(row) > width]
    flowing = _words(" ".join(rows))
    now = vbox.box.shell.screen.describe()
    assert _words(now) in flowing, now  # whole, wrapped between words
    assert _words(vbox.log_lines[-1]) in flowing
    assert flowing.endswith("quit: Ctrl-C") and rows[0].startswith("Ultimus virtual box")
    if height >= 50:
        assert all(_words(text) in flowing for text in vbox.log_lines)  # room for every event kept


def test_at_80x24_the_oldest_events_are_cut_first(vbox):
    from ultimus_host.picture import LOG, fit
    from ultimus_host.virtualbox import _blocks

    blocks = _blocks(vbox, 80)
    older = sorted(b.rank for b in fit(blocks, 24) if b.need == LOG and b.rank >= 0)  # events back from the newest
    assert older == list(range(1, len(older) + 1))  # the newest ones, in a row: no hole among them
    assert fit(blocks, 200) == blocks  # a tall terminal: everything


def test_each_picture_is_one_write_over_the_last_and_an_unchanged_one_is_not_written(vbox):
    """A terminal shown the picture row by row (a cleared screen, then each line flushed) may show half of it:
    `ultimus sim` writes each picture whole, each row at its place, and nothing while it does not change."""
    import io

    from ultimus_host.virtualbox import TerminalUI

    class Terminal(io.StringIO):
        writes = 0

        def write(self, text):
            Terminal.writes += 1
            return super().write(text)

        def fileno(self):
            raise io.UnsupportedOperation

    out = Terminal()
    ui = TerminalUI(out)
    ui.console.size = (80, 24)
    for _ in range(6):  # every third call draws: two pictures, the same
        ui.draw(vbox)
    assert Terminal.writes == 1, Terminal.writes
    frame = out.getvalue()
    assert "\x1b[2J" not in frame and frame.count("\x1b[1;1H") == 1  # over the last picture, from its first row
    assert "Ultimus virtual box" in frame and "quit: Ctrl-C" in frame
    vbox.log_lines.append("a new event")
    for _ in range(3):
        ui.draw(vbox)
    assert Terminal.writes == 2 and "a new event" in out.getvalue()


@pytest.mark.parametrize("width, height", [(80, 24), (160, 50)])
def test_a_text_of_several_lines_keeps_its_lines(width, height, tmp_path):
    """Ultimatum's table (a legend, then a line per station) is drawn a line each, never run together."""
    box = VirtualBox(str(tmp_path), seed=1, game="ultimatum")
    for b in PRESSES[:3]:
        box.fb.buttons.push(board.SHOUT_0 + b if b < 6 else b)
        box.box.step()
    try:
        rows = render_text(box, width, height).plain.split("\n")
        assert len(rows) <= height - 1
        table = box.box.shell.screen.describe_table().split("\n")
        assert len(table) == 3  # the legend, station 1, station 3
        for line in table:
            assert any(row.strip() and line.startswith(row.strip()) for row in rows), (line, rows)
    finally:
        box.fb.serial.close()
        box.storage.close()
