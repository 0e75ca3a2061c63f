"""The Morituri screen's input state: what its controller sets between presses and its lights read.

Seat selection: how many figures each station brings (+/-) and each
station's class (MODE, for the station that joined last). During a game:
the pair Caesar is picking for a melee (the figure who acts, then his
target), which side MODE sets, each side's melee menu, the confirm that
ends the melee, the fallen gladiator called to implore, and the appeal
die rolled on the table, and the last dice rolled (shown on the rings for a
moment).
"""

from games.morituri.content import CLASS_NAMES

NOBODY = -1
MAX_PER_STATION = 3
DICE_SLOTS = 3  # the most to-hit dice a figure rolls (animals)


class Entry:
    def __init__(self):
        self.per_station = 1  # seat selection: figures each station brings
        self.cls = [0] * 6  # seat selection: each station's class (index into CLASS_NAMES)
        self.dice_at = None  # when the last roll was shown (ms), while its animation runs
        self.dice_rings = [NOBODY, NOBODY]  # [the roller's ring (white), the other side's ring (amber)]
        self.dice = [[0] * DICE_SLOTS, [0] * DICE_SLOTS]  # their dice, high to low
        self.dice_n = [0, 0]
        self.menu = [0, 0]  # each side's melee menu (games.morituri.content.MENU)
        self.clear()

    def clear(self):
        """A new step: nothing picked."""
        self.fighter = NOBODY  # melee: the figure who acts (first wheel pressed)
        self.target = NOBODY  # melee: the one he fights (second wheel)
        self.side = 0  # which of the two MODE sets: 0 the fighter's menu, 1 the target's
        self.menu[0] = self.menu[1] = 0  # in place: letting go of a pick allocates nothing
        self.ending = 0  # melee: confirm pressed once with nothing picked; again ends the melee
        self.fallen = NOBODY  # implore: the gladiator Caesar calls
        self.table_die = 0  # implore: the appeal die rolled on the table (+/-), 0: the box rolls

    def class_name(self, station):
        return CLASS_NAMES[self.cls[station]]

    def show_dice(self, now_ms, k, ring, dice):
        """Keep side k's roll (0: the one who acts, 1: the other) for the animation."""
        self.dice_at = now_ms
        self.dice_rings[k] = ring
        n = min(len(dice), DICE_SLOTS)
        ordered = sorted(dice, reverse=True)
        for i in range(n):
            self.dice[k][i] = ordered[i]
        self.dice_n[k] = n
        if k == 0:
            self.dice_rings[1] = NOBODY
            self.dice_n[1] = 0
