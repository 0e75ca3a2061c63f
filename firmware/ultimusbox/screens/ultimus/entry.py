"""The ULTIMUS screen's input state: the entry in progress, which its controller sets and its lights read.

Nothing else keeps input between presses: the selected gladiator, the
wounds or health entered, what CONFIRM will do (the mode), the pollice verso
flag of the card being played, the payout being entered, the countdown, and
the seat selection's options (battles, beginners' mode, the content).
"""

from games.ultimus.content import BET_WIN, DEFAULT_BATTLES

# What CONFIRM does to the selected gladiator (MODE cycles, MINUS/PLUS pick the obvious one)
WOUND, WOUND_KNOCK, BLEED, HEAL, FALL, NET, DRUNK, BRING_BACK = range(8)
GLADIATOR_MODES = 8  # their names: words.MODE_NAMES
WOUNDING = (WOUND, WOUND_KNOCK, BLEED)  # the modes -/+ count wounds in (made once: frames allocate nothing)
# ... and to the active seat when no gladiator is selected
DONE, TAKE_LOUDEST, EXTRA_CARD = range(3)
SEAT_MODES = 3
BET_KINDS = 3
MAX_BATTLES = 9
EXTRA_CARD_FLASH = ("extra0", "extra1", "extra2", "extra3", "extra4", "extra5")  # shell.flash keys, by seat


class Entry:
    def __init__(self):
        self.battles = DEFAULT_BATTLES  # seat selection: how many battles (+/-)
        self.beginner = 0  # seat selection: beginners' mode, no countdown (MODE)
        self.reconstructed = 0  # seat selection: 1 plays the reconstructed cards of 0.1.0 (thumbs down/up)
        self.countdown_start = None  # when the countdown began (us), while it runs
        self.beats = 0  # beats of the countdown heard so far
        self.clamo_at = None  # when the last CLAMO fell (us): later seat presses are too late
        self.revealed_at = None  # when the last seat's choice revealed the round at once, without a countdown (us)
        self.clear()

    def clear(self):
        """A new turn, round or battle: nothing entered."""
        self.gladiator = -1  # the selected wheel
        self.mode = WOUND  # what CONFIRM does to him
        self.seat_mode = DONE  # what CONFIRM does with no wheel selected
        self.points = 0  # wounds or health entered with -/+
        self.pollice_verso = 0  # the card being played shows the pollice verso symbol
        self.payer = -1  # battle end: the seat whose bet is entered
        self.bet_kind = BET_WIN
        self.coins = 1
