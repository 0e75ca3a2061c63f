"""The Pico drivers' own logic on a PC, with stand-ins for machine, rp2 and micropython.

No board is needed to check the debouncing, the timestamps of simultaneous
presses, the press queue, the LED words and the brightness cap, and the
storage's atomic replace: only the registers and the PIO are faked.
"""

import importlib
import sys
import types

import pytest

from ultimusbox import board


class Registers:
    """machine.mem32: the GPIO input register, all buttons released (pulled up) by default."""

    def __init__(self):
        self.gpio_in = 0xFFFFFFFF

    def __getitem__(self, address):
        assert address == 0xD0000004
        return self.gpio_in


class FakeTimer:
    PERIODIC = 1

    def __init__(self, mode=None, period=None, callback=None, hard=False):
        self.callback = callback
        self.period = period
        self.hard = hard

    def deinit(self):
        self.callback = None


class FakeStateMachine:
    def __init__(self, sm_id, program, freq=None, sideset_base=None):
        self.freq = freq
        self.sent = []

    def active(self, on):
        pass

    def put(self, words, shift):
        self.sent.append((list(words), shift))


@pytest.fixture
def pico(monkeypatch):
    machine = types.ModuleType("machine")
    machine.mem32 = Registers()
    machine.Pin = type("Pin", (), {"IN": 0, "OUT": 1, "PULL_UP": 2, "__init__": lambda self, *a, **k: None})
    machine.Timer = FakeTimer
    rp2 = types.ModuleType("rp2")
    rp2.PIO = types.SimpleNamespace(OUT_LOW=0, SHIFT_LEFT=0)
    rp2.asm_pio = lambda **kw: lambda program: program
    rp2.StateMachine = FakeStateMachine
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "rp2", rp2)
    micropython = types.ModuleType("micropython")
    micropython.alloc_emergency_exception_buf = lambda size: None
    monkeypatch.setitem(sys.modules, "micropython", micropython)
    now = [1000]
    fake_time = types.SimpleNamespace(ticks_us=lambda: now[0])
    buttons = importlib.import_module("ultimusbox.drivers.buttons")
    monkeypatch.setattr(buttons, "time", fake_time)
    leds = importlib.import_module("ultimusbox.drivers.leds")
    yield types.SimpleNamespace(machine=machine, buttons=buttons, leds=leds, now=now)
    for name in ("ultimusbox.drivers.buttons", "ultimusbox.drivers.leds"):
        sys.modules.pop(name, None)


def sample(pico, driver, low_gpios, ms=1):
    """Hold these GPIOs low for `ms` timer ticks of 1 ms."""
    value = 0xFFFFFFFF
    for gpio in low_gpios:
        value &= ~(1 << gpio)
    pico.machine.mem32.gpio_in = value
    for _ in range(ms):
        driver.timer.callback(driver.timer)
        pico.now[0] += 1000


def test_the_buttons_are_sampled_every_millisecond_by_a_hard_timer(pico):
    driver = pico.buttons.Buttons(board.BUTTONS)
    assert driver.timer.hard and driver.timer.period == 1 and driver.hard  # runs through garbage collections


def test_without_hard_timers_the_buttons_still_work_on_a_soft_one(pico, monkeypatch):
    class OldTimer(FakeTimer):
        def __init__(self, mode=None, period=None, callback=None):
            FakeTimer.__init__(self, mode, period, callback)

    monkeypatch.setattr(pico.buttons, "Timer", OldTimer)
    driver = pico.buttons.Buttons(board.BUTTONS)
    assert not driver.hard and not driver.timer.hard
    sample(pico, driver, [board.BUTTONS[board.CONFIRM][1]], ms=6)
    assert [b for b, _ in driver.presses()] == [board.CONFIRM]


def test_simultaneous_seat_presses_get_the_same_timestamp(pico):
    driver = pico.buttons.Buttons(board.BUTTONS)
    start = pico.now[0]
    sample(pico, driver, [board.BUTTONS[0][1], board.BUTTONS[9][1]], ms=10)
    presses = driver.presses()
    assert sorted(b for b, _ in presses) == [0, 9]
    assert {t for _, t in presses} == {start}  # the instant of the first low sample, for both
    assert driver.presses() == []  # held down: one press, not a stream


def test_bounces_shorter_than_the_debounce_are_not_presses(pico):
    driver = pico.buttons.Buttons(board.BUTTONS)
    gpio = board.BUTTONS[board.CONFIRM][1]
    for _ in range(3):
        sample(pico, driver, [gpio], ms=2)
        sample(pico, driver, [], ms=2)
    assert driver.presses() == []
    sample(pico, driver, [gpio], ms=6)
    assert [b for b, _ in driver.presses()] == [board.CONFIRM]
    sample(pico, driver, [], ms=6)  # released ...
    sample(pico, driver, [gpio], ms=6)  # ... and pressed again
    assert [b for b, _ in driver.presses()] == [board.CONFIRM]


def test_a_full_queue_drops_presses_instead_of_allocating(pico):
    driver = pico.buttons.Buttons(board.BUTTONS)
    gpio = board.BUTTONS[board.MODE][1]
    for _ in range(pico.buttons.QUEUE + 10):
        sample(pico, driver, [gpio], ms=6)
        sample(pico, driver, [], ms=6)
    assert len(driver.presses()) == pico.buttons.QUEUE - 1


def test_held_at_power_on_is_read_from_the_same_register(pico):
    driver = pico.buttons.Buttons(board.BUTTONS)
    pico.machine.mem32.gpio_in = ~((1 << board.BUTTONS[board.MODE][1]) | (1 << board.BUTTONS[board.CONFIRM][1]))
    assert driver.held_now(board.MODE, board.CONFIRM)
    assert not driver.held_now(board.MODE, board.THUMB_UP)


def test_led_words_are_green_red_blue_scaled_by_the_cap(pico):
    leds = pico.leds.Leds(board.LED_DATA_PIN, board.PIXELS, board.BRIGHTNESS_CAP)
    frame = bytearray(board.PIXELS * 3)
    frame[0:3] = bytes((255, 0, 0))  # pixel 0 red
    frame[3:6] = bytes((0, 255, 0))  # pixel 1 green
    frame[6:9] = bytes((255, 255, 255))
    leds.show(frame)
    words, shift = leds.sm.sent[-1]
    cap = board.BRIGHTNESS_CAP
    assert shift == 8 and len(words) == board.PIXELS
    assert words[0] == cap << 8 and words[1] == cap << 16 and words[2] == (cap << 16) | (cap << 8) | cap
    assert max(max((w >> 16) & 255, (w >> 8) & 255, w & 255) for w in words) <= cap
    assert leds.sm.freq == 8000000


def test_the_led_palette_is_scaled_once_into_a_table(pico):
    leds = pico.leds.Leds(board.LED_DATA_PIN, board.PIXELS, board.BRIGHTNESS_CAP)
    cap = board.BRIGHTNESS_CAP
    assert list(leds.scale) == [v * cap // 255 for v in range(256)]
    frame = bytearray(board.PIXELS * 3)
    frame[0:3] = bytes((200, 100, 7))
    leds.show(frame)
    words, _ = leds.sm.sent[-1]
    assert words[0] == ((100 * cap // 255) << 16) | ((200 * cap // 255) << 8) | (7 * cap // 255)


def test_storage_replaces_atomically_and_appends(tmp_path, monkeypatch):
    from ultimusbox.drivers.storage import Storage

    monkeypatch.chdir(tmp_path)
    storage = Storage()
    assert list(storage.read_lines("game.jnl")) == [] and not storage.exists("game.jnl")
    storage.replace_lines("game.jnl", [b"header\n", b"zero\n"])
    storage.append("game.jnl", b"one")
    assert list(storage.read_lines("game.jnl")) == [b"header\n", b"zero\n", b"one"]
    assert not (tmp_path / "game.jnl.tmp").exists()
    storage.replace("game.jnl", b"again\n")
    assert list(storage.read_lines("game.jnl")) == [b"again\n"]
    storage.remove("game.jnl")
    storage.remove("game.jnl")  # removing what is gone is fine
    assert not storage.exists("game.jnl")


def test_take_gives_the_presses_one_at_a_time_with_their_times(pico):
    driver = pico.buttons.Buttons(board.BUTTONS)
    assert driver.take() == -1
    sample(pico, driver, [board.BUTTONS[board.MODE][1]], ms=6)
    sample(pico, driver, [], ms=6)
    sample(pico, driver, [board.BUTTONS[board.CONFIRM][1]], ms=6)
    first = driver.take()
    first_us = driver.taken_us
    assert first == board.MODE and driver.take() == board.CONFIRM and driver.taken_us > first_us
    assert driver.take() == -1 and driver.presses() == []
