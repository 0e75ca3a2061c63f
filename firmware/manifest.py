# The MicroPython manifest of the box firmware: freezes it into a MicroPython image.
#
#   make -C ports/rp2 BOARD_DIR=/path/to/hardware/board/ULTIMUS_PICO FROZEN_MANIFEST=/path/to/firmware/manifest.py
#
# (from a MicroPython checkout; README.md, "Flashing a box", goes step by step.)
# Frozen modules run their bytecode straight from flash: it takes no heap,
# the heap does not fragment around it, and nothing is loaded at boot.
# Relative paths below are relative to this file's folder (firmware/).
# MicroPython's tools/makemanifest.py runs this file; it is never put on a Pico
# and never imported (tests/test_manifest_drivers.py checks what it lists).
# What the stock Pico image freezes: _boot.py (mounts the flash file system),
# asyncio (the box's runtime needs it), neopixel and friends.
include("$(PORT_DIR)/boards/manifest.py")

package("referee")  # the referee engine and its building blocks
package("games")  # the other rule sets
package("ultimusbox")  # the box shell, its screens and, in drivers/, the Pico's drivers

# The entry point: MicroPython runs a frozen main.py at power-on (it looks
# for a frozen one before the file system's), so the image alone is a box.
module("main.py")
