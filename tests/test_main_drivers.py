"""firmware/main.py on a PC with stand-ins for machine and rp2: what is started before the REPL.

Every machine.Timer, rp2.StateMachine, machine.PWM and machine.WDT made is
recorded. Held at power-on, MODE + CONFIRM must leave the REPL clean (none
of them made, no driver imported), and THUMBS UP must be read the same way
before the drivers exist.
"""

import os
import runpy
import sys
import time
import types

import pytest

from ultimusbox import board

MAIN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "main.py")


@pytest.fixture
def pico(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # the flash: main.py's stay_in_repl file lands here
    made = []
    low = set()  # GPIOs held down
    released = [None]  # reads of the pins left before the buttons are let go (None: held all along)
    events = []

    class Pin:
        IN, OUT, PULL_UP = 0, 1, 2

        def __init__(self, gpio, mode=None, pull=None):
            self.gpio = gpio
            self.pull = pull

        def value(self):
            events.append(("read", self.gpio))
            assert self.pull == Pin.PULL_UP  # a floating input would read noise
            if released[0] is not None:
                released[0] -= 1
                if released[0] < 0:
                    low.clear()  # the buttons were let go
            return 0 if self.gpio in low else 1

    def recorder(kind):
        class Made:
            def __init__(self, *args, **kwargs):
                made.append(kind)
                events.append(("made", kind))

            def __getattr__(self, name):
                return lambda *a, **k: None

        return Made

    machine = types.ModuleType("machine")
    machine.Pin = Pin
    machine.Timer = recorder("Timer")
    machine.PWM = recorder("PWM")
    machine.WDT = recorder("WDT")
    machine.mem32 = {}
    machine.reset = lambda: events.append(("reset", None))
    machine.PWRON_RESET, machine.WDT_RESET = 1, 3
    cause = [machine.PWRON_RESET]
    machine.reset_cause = lambda: cause[0]
    rp2 = types.ModuleType("rp2")
    rp2.StateMachine = recorder("StateMachine")
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "rp2", rp2)
    monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)

    # the drivers and the runtime, recorded instead of run (their own tests are elsewhere)
    runs = []

    class Drivers:
        """pico.Drivers as far as main.py sees it: building it starts the timer, the PIO and the PWM."""

        def __init__(self, watchdog=True):
            events.append(("made", "Drivers"))
            made.extend(("Timer", "StateMachine", "PWM"))
            self.serial = types.SimpleNamespace(close=lambda: None)
            self.buttons = types.SimpleNamespace(held_now=lambda *b: all(board.BUTTONS[i][1] in low for i in b))

    fake_pico = types.ModuleType("ultimusbox.drivers.pico")
    fake_pico.Drivers = Drivers
    fake_pico.seed = lambda: 1
    fake_runtime = types.ModuleType("ultimusbox.runtime")
    fake_runtime.run = lambda drivers, seed, selftest, fresh: runs.append((selftest, fresh))
    fake_watchdog = types.ModuleType("ultimusbox.drivers.watchdog")
    fake_watchdog.Watchdog = recorder("WDT")
    import ultimusbox.drivers

    for name, module in (
        ("ultimusbox.drivers.pico", fake_pico),
        ("ultimusbox.runtime", fake_runtime),
        ("ultimusbox.drivers.watchdog", fake_watchdog),
    ):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(ultimusbox.drivers, "pico", fake_pico, raising=False)
    monkeypatch.setattr(ultimusbox.drivers, "watchdog", fake_watchdog, raising=False)

    def power_on(*buttons, reset_cause=machine.PWRON_RESET, released_after=None):
        """released_after: how many reads of the pins the buttons stay held for (None: all along)."""
        low.clear()
        low.update(board.BUTTONS[b][1] for b in buttons)
        cause[0] = reset_cause
        released[0] = released_after
        del events[:], made[:], runs[:]
        runpy.run_path(MAIN, run_name="__main__")
        return types.SimpleNamespace(made=list(made), events=list(events), runs=list(runs))

    return power_on


def test_mode_and_confirm_held_leave_a_clean_repl(pico, capsys):
    box = pico(board.MODE, board.CONFIRM)
    assert box.made == []  # no timer ticking, no PIO, no PWM, no watchdog at the REPL
    assert ("made", "Drivers") not in box.events and box.runs == [] and ("reset", None) not in box.events
    assert {gpio for kind, gpio in box.events if kind == "read"} == {
        board.BUTTONS[board.MODE][1],
        board.BUTTONS[board.CONFIRM][1],
    }
    assert "staying at the REPL" in capsys.readouterr().out


def test_one_of_the_two_is_not_enough(pico):
    box = pico(board.MODE)
    assert box.runs == [(False, False)] and box.made == ["Timer", "StateMachine", "PWM", "WDT"]


def test_thumbs_up_is_read_before_any_driver_exists(pico):
    box = pico(board.THUMB_UP)
    assert box.runs == [(True, False)]
    thumb = box.events.index(("read", board.BUTTONS[board.THUMB_UP][1]))
    assert thumb < box.events.index(("made", "Drivers"))
    assert box.events[-1] == ("reset", None)  # the run ended: back through a reset into the REPL


def test_thumbs_down_held_starts_the_box_without_its_saved_game(pico):
    box = pico(board.THUMB_DOWN)
    assert box.runs == [(False, True)]
    thumb = box.events.index(("read", board.BUTTONS[board.THUMB_DOWN][1]))
    assert thumb < box.events.index(("made", "Drivers"))


def test_a_short_press_of_thumbs_down_or_a_watchdog_reset_resumes_the_game(pico):
    # thumbs down is pressed all game long: one let go within the 1.5 s, or down when the watchdog
    # reset a hung box, is no choice to give the game up
    assert pico(board.THUMB_DOWN, released_after=10).runs == [(False, False)]
    pico()  # the REPL a run leaves for the next start
    assert pico(board.THUMB_DOWN, reset_cause=3).runs == [(False, False)]  # machine.WDT_RESET


def test_after_a_run_the_next_power_on_stays_at_the_repl(pico, capsys):
    pico()
    box = pico()  # stay_in_repl was written when the run ended
    assert box.made == [] and box.runs == []
    assert "REPL" in capsys.readouterr().out
    assert pico().runs == [(False, False)]  # and only once
