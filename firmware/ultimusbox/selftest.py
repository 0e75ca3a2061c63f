"""The builder's self-test: every pixel lit in turn, a beep and an echo for every button.

White is one of the colours: the worst frame the power supply must carry.
"""

from ultimusbox import board
from ultimusbox.board import OFF, RED, WHITE

GREEN = (0, 255, 0)
BLUE = (0, 0, 255)
COLOURS = (RED, GREEN, BLUE, WHITE)
ECHO_MS = 400


class SelfTest:
    def __init__(self, shell):
        self.shell = shell
        self.last_button = -1

    def press(self, button):
        self.last_button = button
        self.shell.flash("button", ECHO_MS)
        self.shell.note(
            {"e": "selftest_button", "b": button, "name": board.BUTTONS[button][2], "gpio": board.BUTTONS[button][1]}
        )

    def render(self, frame, now_ms):
        colour = COLOURS[(now_ms // 1000) % len(COLOURS)]
        for i in range(board.PIXELS):
            frame.set(i, colour)
        b = self.last_button
        if b >= 0 and self.shell.flashing("button", now_ms):  # echo: the pixel that belongs to the button
            if b < board.WHEEL_0:
                frame.set(board.seat_pixel(b % board.STATIONS), OFF)
            elif b < board.WHEEL_0 + 6:
                for i in range(board.RING_PIXELS):
                    frame.ring(b - board.WHEEL_0, i, OFF)
            else:
                frame.count(b - board.WHEEL_0 - 6, board.RING_PIXELS, OFF)  # controls darken wheels 0-5
