"""The box's buttons by name: (button id, GPIO, name), the GPIOs ultimusbox.board's GPIOS. board.BUTTONS reads this
table when first asked (the self-test's events, the hardware docs and the lid's holes, the emulated chip's pads), so
that a box holds the names only while its self-test runs, not from power-on. It imports nothing of the box: board
imports it (a cycle otherwise); tests/test_hardware.py checks that its GPIOs are board.GPIOS, row by row."""

BUTTONS = (
    (0, 0, "shout station 1"),
    (1, 1, "shout station 2"),
    (2, 2, "shout station 3"),
    (3, 3, "shout station 4"),
    (4, 4, "shout station 5"),
    (5, 5, "shout station 6"),
    (6, 6, "think station 1"),
    (7, 7, "think station 2"),
    (8, 8, "think station 3"),
    (9, 9, "think station 4"),
    (10, 10, "think station 5"),
    (11, 11, "think station 6"),
    (12, 12, "wheel Tigris"),
    (13, 13, "wheel Sagittarius"),
    (14, 14, "wheel Retiarius"),
    (15, 15, "wheel Murmillo"),
    (16, 16, "wheel Barbarus"),
    (17, 17, "wheel Dimachaerus"),
    (18, 18, "damage -"),
    (19, 19, "heal +"),
    (20, 20, "confirm"),
    (21, 21, "thumbs up"),
    (22, 22, "thumbs down"),
    (23, 26, "mode"),
)
