"""A scripted Munera bout pressed on the box's buttons, from the game menu to the winner: a murmillo
(station 1) against a retiarius (station 4), each turn chosen by the host's brawler bot and pressed as a
person would (tests/test_munera_box.py checks the script still plays the bot's bout). The box's entropy
source gives SEED.

The script is one character per press, in the virtual box's keys: 1-6 SHOUT, q-y THINK (a table die
of 1-6), a-h the wheels, m MODE, + and -, c confirm, u / n thumbs up / down.
run_line of box_battle plays each as ("press", button); presses() turns the text into script lines.
"""

from ultimusbox import board

SEED = 29
KEYS = {"m": board.MODE, "+": board.PLUS, "-": board.MINUS, "c": board.CONFIRM}
KEYS["u"] = board.THUMB_UP
KEYS["n"] = board.THUMB_DOWN
for _i in range(6):
    KEYS["123456"[_i]] = board.SHOUT_0 + _i
    KEYS["qwerty"[_i]] = board.THINK_0 + _i
    KEYS["asdfgh"[_i]] = board.WHEEL_0 + _i
KEY_OF = {}
for _k in KEYS:
    KEY_OF[KEYS[_k]] = _k
DICE_WAIT = ("wait", 2000)

# stations 1 and 4 join; mode turns station 4's gladiator (a thracian at first) into a retiarius; the
# murmillo (station 1's default) stays; confirm; then the bout, turn by turn (89 actions)
BOUT = (
    "14mmmmmmmmmmmmmmmmmmmmmmmcccccccccmcccmm+c-cccccmcccmm+ccccmcccmm+cccccm+c-cccccmm--ccccccmmcccccmmc"
    "mcccccmmcccuucmccuccccmmcmmcuccuucmcmcccmm--ccccccmmcccuucmcccmm--cc"
)


def script():
    """The whole script: the game menu's wheel of Munera first (wherever the registry puts it)."""
    from ultimusbox import games

    return "asdfgh"[games.names().index("munera")] + BOUT


def lines(text, wait=DICE_WAIT):
    """Script lines from the text: ("press", button), and the dice's wait after each confirm and
    thumb (None: no wait, for tests that look only at the journal)."""
    out = []
    for ch in text:
        out.append(("press", KEYS[ch]))
        if wait is not None and ch in "cun":
            out.append(wait)
    return out
