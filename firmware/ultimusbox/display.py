"""The LED frame: one buffer for the six wheels and the six station lights, and who draws it.

render(shell, now_ms) returns the whole chain as bytes (R, G, B per pixel,
at full scale); the LED driver applies the brightness cap. The self-test,
the seat selection (ultimusbox.seats) or the running game's screen draws
the frame; on top, a resumed game blinks the playing stations white for
two seconds and a refused input blinks them red.
Animations come from now_ms alone, so a frame depends only on the game, the
input state and the time. Nothing is allocated per frame.
"""

from ultimusbox import board
from ultimusbox.board import OFF, RED, WHITE

BLINK_MS = 250
ALL_STATIONS = tuple(range(board.STATIONS))

_DARK = bytes(board.PIXELS * 3)


class Frame:
    def __init__(self):
        self.data = bytearray(board.PIXELS * 3)

    def clear(self):
        self.data[:] = _DARK  # same length: no new buffer, no garbage per frame

    def set(self, index, colour):
        i = index * 3
        self.data[i] = colour[0]
        self.data[i + 1] = colour[1]
        self.data[i + 2] = colour[2]

    def ring(self, ring, i, colour):
        self.set(board.ring_pixel(ring, i % board.RING_PIXELS), colour)

    def count(self, ring, n, colour):
        """The first n pixels of a ring lit: how the box shows a number up to 12."""
        for i in range(min(n, board.RING_PIXELS)):
            self.ring(ring, i, colour)


def render(shell, now_ms, frame=None):
    """The chain's bytes for this instant; pass a Frame to reuse its buffer (the box does)."""
    if frame is None:
        frame = Frame()
    else:
        frame.clear()
    blink = (now_ms // BLINK_MS) % 2 == 0
    if shell.selftest is not None:
        shell.selftest.render(frame, now_ms)
    elif shell.game is None:
        shell.seats.render(frame, now_ms, blink)
    else:
        shell.screen.render(frame, now_ms, blink)
    if shell.pairing is not None and shell.game is not None:
        from ultimusbox.handover import lights  # loaded by the link's pair request already

        lights(shell, frame, now_ms, blink)
    if shell.flashing("resumed", now_ms) and shell.settings is not None:
        # a saved game resumed: the playing stations blink white, the entry in progress is to be made again
        for station in shell.settings["stations"]:
            frame.set(board.seat_pixel(station), WHITE if blink else OFF)
    if shell.flashing("error", now_ms):
        # a refused input: every playing station blinks red fast, nothing else changed
        fast = (now_ms // 100) % 2 == 0
        if shell.settings is not None:
            stations = shell.settings["stations"]
        else:
            stations = shell.seats.joined or ALL_STATIONS
        for station in stations:
            frame.set(board.seat_pixel(station), RED if fast else OFF)
    return frame.data
