"""Issue 20: trust at the table. A countdown that runs out, a seat that would do the referee's work,
a damaged last record, an unfed watchdog, and the PC's and the Pico's loose ends.

Each test failed before issue 20's mends and passes now.
"""

import pytest

from ultimus.views import public_event
from ultimus_host import virtualbox
from ultimus_host.console import Console
from ultimus_host.fakes import FakeClock
from ultimus_host.narrate import line
from ultimusbox import board


def _press(vbox, *buttons):
    for b in buttons:
        vbox.fb.buttons.push(b)
        vbox.box.step()


class _StateOnly:
    """What connect's console asks of the box for its words: the settings (which station is which seat)."""

    def __init__(self, shell):
        self.shell = shell

    def call(self, op, **args):
        return {"settings": self.shell.settings}


@pytest.mark.parametrize("pressed", [0, 1, 2])
def test_a_countdown_that_runs_out_is_drawn_and_told_by_every_narrator(monkeypatch, tmp_path, pressed):
    monkeypatch.setattr(virtualbox, "WallClock", FakeClock)  # the box's clock moves only when told
    vbox = virtualbox.VirtualBox(str(tmp_path), seed=1, game="ultimus")
    heard = []
    vbox.box.shell.listen(heard.extend)
    said = []
    console = Console(_StateOnly(vbox.box.shell), say=lambda text, err=False, nl=True: said.append(text))
    try:
        _press(vbox, board.SHOUT_0, board.SHOUT_0 + 1, board.SHOUT_0 + 2, board.CONFIRM, board.CONFIRM, board.CONFIRM)
        _press(vbox, *(board.WHEEL_0 + g for g in range(6)))
        assert vbox.box.shell.game.state["phase"] == "shout"
        _press(vbox, *(board.SHOUT_0 + s for s in range(pressed)))  # not every station: the countdown decides
        _press(vbox, board.CONFIRM)
        words = set()
        for _ in range(60):  # 6 s of the box's clock, a frame every 100 ms
            vbox.fb.clock.advance_ms(100)
            vbox.box.step()
            text = virtualbox.render_text(vbox).plain
            words.update(t for t in text.splitlines() if t.startswith("countdown"))
        assert vbox.box.shell.game.state["phase"] == "action"  # CLAMO came and the choices are revealed
        assert words >= {"countdown: Quinque", "countdown: Unus", "countdown: CLAMO!"}
        _press(vbox, board.SHOUT_0 + 3)  # a press after CLAMO: told as too late
        stations = vbox.box.shell.settings["stations"]
        for e in heard:
            seen = public_event(e)
            assert line(seen, stations)  # demo's narration and the console's words
            virtualbox._narrate(vbox.box.shell, seen, stations)  # the virtual box's
        console.show_events([public_event(e) for e in heard], prompt=False)
        told = "\n".join(said)
        assert "Unus..." in told and "CLAMO! the choices are locked" in told and "does not count" in told
    finally:
        vbox.fb.serial.close()
        vbox.storage.close()
