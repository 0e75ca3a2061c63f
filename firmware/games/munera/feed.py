"""The dice of one action: every roll it needs, from the table's list or the box's generator.

A rolling action takes an optional flat "dice" list; its rolls take dice from it in the
order the rules roll them (attacker, defender, save, ...). Too few or too many is refused
("bad_dice"); the handlers that roll are atomic in the flow (move(..., atomic=True)): the engine
puts the state back, so a refused action changes nothing even when the shortfall shows only
half-way through.
"""

from referee.dice import roll
from referee.errors import Illegal

TABLE_DICE = "dice"


class Feed:
    def __init__(self, s, given, ev):
        if given is not None and type(given) is not list:
            raise Illegal("bad_dice", "the dice are a list of whole numbers, in the order they are rolled")
        self.s = s
        self.given = given
        self.used = 0
        self.ev = ev

    def roll(self, n, faces, who, why):
        """n dice of `faces` faces: the table's next n, else the box's."""
        if self.given is None:
            return roll(self.s, n, faces, None, self.ev, who, why)
        if self.used + n > len(self.given):
            raise Illegal(
                "bad_dice", "more dice are needed: roll %d more for %s" % (self.used + n - len(self.given), why)
            )
        part = self.given[self.used : self.used + n]
        self.used += n
        return roll(self.s, n, faces, part, self.ev, who, why)

    def d6(self, who, why):
        return self.roll(1, 6, who, why)[0]

    def done(self):
        if self.given is not None and self.used < len(self.given):
            raise Illegal(
                "bad_dice", "%d dice too many: this action rolled %d" % (len(self.given) - self.used, self.used)
            )
