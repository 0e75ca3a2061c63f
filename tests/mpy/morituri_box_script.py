"""A scripted Morituri game pressed on the box's buttons: a heavy gladiator (station 0) against an
animal (station 3); both fall in the last exchange and the heavy, lying, wins. The box's entropy
source gives 72; from the game menu to the winner, with checkpoints.

Each line is ("press", button), ("wait", ms) or ("at", checkpoint); run with
box_battle.run_line on fake drivers (tests/test_morituri_box.py, the power-cut test, and
morituri_box_run.py under MicroPython).
"""

from ultimusbox import board

W = board.WHEEL_0
HEAVY, ANIMAL = W + 0, W + 1  # the two figures' wheels
SEED = 72
DICE_WAIT = ("wait", 2500)  # the dice animation is over


def press(*buttons):
    return tuple(("press", b) for b in buttons)


def round_fought(name):
    """Initiative, movement, one exchange (the animal moved to contact: +1), the melee ended."""
    return (
        press(board.CONFIRM, board.CONFIRM, HEAVY, ANIMAL, board.MODE, board.CONFIRM)
        + (DICE_WAIT, ("at", name))
        + press(board.CONFIRM, board.CONFIRM)
    )


SCRIPT = (
    press(W + 1, board.SHOUT_0, board.SHOUT_0 + 3, board.MODE, board.MODE)
    + (("at", "seats"),)
    + press(board.CONFIRM)
    + (("at", "initiative"),)
    + press(board.CONFIRM)
    + (("at", "movement"),)
    + press(board.CONFIRM, HEAVY, ANIMAL, board.MODE)
    + (("at", "pair picked"), ("wait", 100))
    + press(board.CONFIRM)
    + (("wait", 100), ("at", "dice spinning"), DICE_WAIT, ("at", "first exchange"))
    + press(board.CONFIRM)
    + (("at", "end armed"),)
    + press(board.CONFIRM)
    + round_fought("round 2")
    + round_fought("round 3")
    + round_fought("round 4")
    + round_fought("round 5")
    + press(board.CONFIRM, board.CONFIRM, HEAVY, ANIMAL, board.MODE, board.CONFIRM)
    + (DICE_WAIT, ("at", "heavy falls"))
    + press(board.CONFIRM, board.CONFIRM)
    + (("at", "implore"),)
    + press(board.CONFIRM)
    + (DICE_WAIT, ("at", "crowd kills"))
    + press(board.THUMB_UP)
    + (("at", "overridden"),)
    + press(board.CONFIRM, board.CONFIRM)
    + (("at", "resting"),)
    + press(board.CONFIRM, board.CONFIRM)
    + press(board.CONFIRM, board.CONFIRM)
    + (("at", "stood up"),)
    + press(HEAVY, ANIMAL, board.MODE, board.CONFIRM)
    + (DICE_WAIT, ("at", "over"))
    + press(board.CONFIRM)
    + (("at", "seat selection"),)
)
