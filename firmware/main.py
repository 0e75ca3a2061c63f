"""The Pico's entry point: run the box, resume its game, and get out of the way for mpremote.

- A file "stay_in_repl" (written when the link asks for the REPL) or
  MODE + CONFIRM held at power-on: the box does not start, the REPL is free.
- THUMBS UP held at power-on: the self-test (every pixel, a beep and an
  echo over the link for every button; see hardware/README.md).
- Otherwise the box runs with the watchdog armed. The watchdog cannot be
  stopped, so leaving for the REPL is a hard reset into the first case.
"""

import machine

from ultimusbox import board
from ultimusbox.drivers.storage import Storage

STAY = "stay_in_repl"


def main():
    storage = Storage()
    if storage.exists(STAY):
        storage.remove(STAY)
        print("ULTIMUS box: REPL (the box app starts at the next reset)")
        return
    from ultimusbox.drivers import pico

    drivers = pico.Drivers(watchdog=False)
    if drivers.buttons.held_now(board.MODE, board.CONFIRM):
        drivers.serial.close()
        print("ULTIMUS box: MODE + CONFIRM held, staying at the REPL")
        return
    from ultimusbox.drivers.watchdog import Watchdog
    from ultimusbox.runtime import run

    selftest = drivers.buttons.held_now(board.THUMB_UP)
    drivers.watchdog = Watchdog()
    try:
        run(drivers, pico.seed, selftest)
    finally:
        drivers.serial.close()
    storage.replace(STAY, b"1")
    machine.reset()


main()
