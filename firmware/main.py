"""The Pico's entry point: run the box, resume its game, and get out of the way for mpremote.

- A file "stay_in_repl" (written when the link asks for the REPL) or
  MODE + CONFIRM held at power-on: the box does not start, the REPL is free.
- THUMBS UP held at power-on: the self-test (every pixel, a beep and an
  echo over the link for every button; see hardware/README.md).
- THUMBS DOWN held at power-on for 1.5 s: the saved game is not resumed
  but set aside (kept as game-N.jnl on the flash) and the seat selection
  shows: how a table ends a game in progress without a host. Never after a
  watchdog reset, and never for a short press: thumbs down is pressed all
  game long, and a hung box must come back to its game.
- Otherwise the box runs with the watchdog armed. The watchdog cannot be
  stopped, so leaving for the REPL is a hard reset into the first case.

The held buttons are read with plain machine.Pin pull-ups before any driver
exists: at the REPL no button timer ticks, no PIO state machine and no PWM
is configured, and Ctrl-C works, exactly as on a bare MicroPython board.
"""

import time

import machine

from ultimusbox import board
from ultimusbox.drivers.storage import Storage

STAY = "stay_in_repl"
FRESH_HOLD_MS = 1500  # how long THUMBS DOWN must stay held at power-on to set the saved game aside


def held(*buttons):
    """True when every one of these buttons (ids of board.GPIOS) is held down right now."""
    pins = [machine.Pin(board.GPIOS[button], machine.Pin.IN, machine.Pin.PULL_UP) for button in buttons]
    time.sleep_ms(2)  # let the pull-ups charge the lines of released buttons
    for pin in pins:
        if pin.value():  # pulled up: not pressed
            return False
    return len(pins) == len(buttons)


def held_for(button, ms):
    """True when the button stays held for `ms`, looked at every 50 ms: a deliberate hold, not a press."""
    for _ in range(ms // 50):
        if not held(button):
            return False
        time.sleep_ms(50)
    return held(button)


def main():
    storage = Storage()
    if storage.exists(STAY):
        storage.remove(STAY)
        print("ULTIMUS box: REPL (the box app starts at the next reset)")
        return
    if held(board.MODE, board.CONFIRM):
        print("ULTIMUS box: MODE + CONFIRM held, staying at the REPL")
        return
    selftest = held(board.THUMB_UP)
    fresh = machine.reset_cause() != machine.WDT_RESET and held_for(board.THUMB_DOWN, FRESH_HOLD_MS)
    from ultimusbox.drivers import pico
    from ultimusbox.drivers.watchdog import Watchdog
    from ultimusbox.runtime import run

    drivers = pico.Drivers(watchdog=False)
    drivers.watchdog = Watchdog()
    try:
        run(drivers, pico.seed, selftest, fresh)
    finally:
        drivers.serial.close()
    storage.replace(STAY, b"1")
    machine.reset()


main()
