"""The WS2812B chain driven by a PIO state machine, with the brightness cap.

The stock neopixel module bit-bangs with interrupts off (~30 us a pixel);
the PIO shifts the bits out by itself, so the CPU only fills the FIFO.
Every channel is scaled by cap/255 here, the one place a colour reaches the
LEDs, which is what keeps the worst frame inside the power budget. The
scaling is a table made once (the 256 possible channel values at the cap),
so a frame is a lookup per channel into preallocated words: no arithmetic
per pixel beyond the packing, and nothing allocated.
"""

# ruff: noqa: F821 - the PIO assembler names (wrap_target, out, jmp, ...) exist only inside rp2.asm_pio
# pyright: reportUndefinedVariable=false
import array

import rp2
from machine import Pin


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True, pull_thresh=24)
def ws2812():
    # 800 kHz: 10 PIO cycles a bit at 8 MHz (the timing of the RP2040 datasheet's example)
    wrap_target()
    label("bitloop")
    out(x, 1).side(0)[2]
    jmp(not_x, "do_zero").side(1)[1]
    jmp("bitloop").side(1)[4]
    label("do_zero")
    nop().side(0)[4]
    wrap()


def scale_table(cap):
    """Every channel value 0..255 scaled by cap/255 (rounded down), made once per cap."""
    return bytes(v * cap // 255 for v in range(256))


class Leds:
    def __init__(self, pin, count, cap, state_machine=0):
        self.sm = rp2.StateMachine(state_machine, ws2812, freq=8000000, sideset_base=Pin(pin))
        self.sm.active(1)
        self.words = array.array("I", [0] * count)
        self.cap = cap
        self.scale = scale_table(cap)

    def show(self, frame):
        """frame: R, G, B bytes per pixel at full scale."""
        scale = self.scale
        words = self.words
        for i in range(len(words)):
            j = 3 * i
            # WS2812 wants G, R, B
            words[i] = (scale[frame[j + 1]] << 16) | (scale[frame[j]] << 8) | scale[frame[j + 2]]
        self.sm.put(words, 8)  # 24 bits each, left aligned; ~2.3 ms for 78 pixels
