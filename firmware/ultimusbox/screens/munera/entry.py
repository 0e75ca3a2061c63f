"""The Munera screen's input state: what its controller sets between presses and its lights read.

Seat selection: each station's gladiator (a line of Appendix B, or one with its printed
alternative or a two-handed weapon: content.box_line; MODE and +/- change the one of the
station that joined last). During a bout: the action the MODE menu shows, its
number (+/-: a direction, a side, a weapon, an item), its target (a wheel), the dice typed
in from the table (THINK 1-6: one die each press), and the last dice rolled (shown on the
roller's ring for a moment).
"""

from games.munera.content import PROFILE_NAMES, box_line

NOBODY = -1
# the act phase's menu, in the order MODE shows it (the most used first)
MENU = (
    "move",
    "turn",
    "attack",
    "end",
    "draw",
    "whirl",
    "feint",
    "haze",
    "grapple",
    "cut",
    "pickup",
    "kick",
    "discard",
)
MOVE, TURN, ATTACK, END, DRAW, WHIRL, FEINT, HAZE, GRAPPLE, CUT, PICKUP, KICK, DISCARD = range(len(MENU))
TARGETED = (ATTACK, WHIRL, HAZE, GRAPPLE)
MAX_TABLE_DICE = 8  # the most one action rolls (a Double 6 with a net and a scatter)
DICE_SLOTS = 2  # dice shown at once on the lights: a pair (attack, appeal, wrestle) or one
# each station's gladiator until someone changes it: a mix of the classic pairings
DEFAULT_PROFILES = ("murmillo", "retiarius", "secutor", "thracian", "samnite", "gaul")
DISCARDABLE = ("shield", "helmet")  # games.munera.checks.DROPPABLE, without loading the checks
THUMB_PHASES = ("grip", "reroll")  # the thumbs answer a choice there (they do not clear the table's dice)


def weapon_of(x, i):
    """The attack's "w" of the i-th weapon choice."""
    n = len(x["kit"])
    if i < n:
        return i
    return -1 if i == n else -2  # games.munera.checks' IMPROVISED_W and SHIELD_W, without loading the checks


class Entry:
    def __init__(self):
        self.prof = [PROFILE_NAMES.index(p) for p in DEFAULT_PROFILES]  # seat selection, per station (box_line)
        self.table = []  # dice typed in from the table for the next action
        self.dice_at = None  # when the last roll was shown (ms), while its animation runs
        self.dice_ring = NOBODY  # whose ring shows it
        self.dice = [0] * DICE_SLOTS
        self.dice_n = 0
        self.acting = NOBODY  # the gladiator the flow lets act now (Flow.seat_now), kept as the bout changes
        self.clear()

    def clear(self):
        """A new step: the menu at its first action, nothing picked, no table dice."""
        self.menu = MOVE
        self.param = 0  # the menu's number: relative direction, side, weapon, kit item, ground item
        self.target = NOBODY
        del self.table[:]

    def profile(self, station):
        """The station's gladiator as a set-up entry: a line's name, or a line with its option."""
        return box_line(self.prof[station])
