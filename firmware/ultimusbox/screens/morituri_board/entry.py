"""The board game screen's input state: what its controller sets between presses and its lights read.

Seat selection: alternate rules 1 and 2 and the card values typed in (the
item MODE is on, each card's four numbers). During a game: the menu item
MODE is on (what the space did, what card was drawn, wait or fight in Roma),
the number +/- set (a hit point space, pennants, a hit point change, which
card), the seats already on an arena (their wheels), the die rolled on the
table (+/-; 0: the box rolls), a combat round's table dice (+/- then MODE,
one by one), and the last roll (shown on a ring for a moment).
"""

from games.morituri_board.content import (
    ATTACK_ONE,
    ATTACK_TWO,
    CARD_NAMES,
    CARDS,
    DEFENCE,
    EITHER,
    ENCUMBRANCE,
    HANDS,
    WEAPON,
    default_values,
)

NOBODY = -1
RULE_1 = 0  # option item: alternate rule 1 (the last one alive must still win in Roma)
RULE_2 = 1  # option item: alternate rule 2 (the dead outside Roma come back)


def _value_items():
    """(card, value index) of every number a table may type in, card by card: a weapon's attack
    (one- and two-handed for the Trident and the Hasta), then every card's defence and encumbrance."""
    out = []
    for name in CARD_NAMES:
        card = CARDS[name]
        if card[0] == WEAPON:
            out.append((name, ATTACK_ONE))
            if card[HANDS] == EITHER:
                out.append((name, ATTACK_TWO))
        out.append((name, DEFENCE))
        out.append((name, ENCUMBRANCE))
    return tuple(out)


VALUE_ITEMS = _value_items()
OPTION_ITEMS = 2 + len(VALUE_ITEMS)  # rule 1, rule 2, then the card values


class Entry:
    def __init__(self):
        self.last_alive = 1  # alternate rule 1: on by default (the rulebook's own advice)
        self.rejoin = 0  # alternate rule 2: off by default (all must agree)
        self.values = default_values()  # the cards' numbers: the proposal, as typed in
        self.item = RULE_1  # the option item MODE is on
        self.dice_at = None  # when the last roll was shown (ms), while its animation runs
        self.dice_ring = NOBODY
        self.dice = [0, 0, 0, 0]  # the roll shown, high to low (a round's first attacker's dice)
        self.dice_n = 0
        self.clear()

    def clear(self):
        """A new step: the menu at its first item, nothing picked."""
        self.menu = 0  # the menu item MODE is on (the phase's menu)
        self.number = 0  # +/-: the menu item's number (a space, pennants, a change, a card)
        self.vs = [0, 0, 0, 0, 0, 0]  # arena: 1 for each wheel (station) already on the space
        self.table_die = 0  # a die rolled on the table (+/-), 0: the box rolls
        self.round_dice = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]  # a combat round's table dice, MODE stored
        self.round_n = 0  # how many are stored (casses first, then the first fighter's, then the other's)
        self.die_seat = NOBODY  # whose wheel shows the table's die being entered (set by the controller)

    def typed(self):
        """The set-up's "values": the cards whose numbers differ from the proposal."""
        out = {}
        proposal = default_values()
        for name in CARD_NAMES:
            if self.values[name] != proposal[name]:
                out[name] = list(self.values[name])
        return out

    def value_item(self):
        """(card, value index) MODE is on, or None on the alternate rules."""
        return VALUE_ITEMS[self.item - 2] if self.item >= 2 else None

    def show_dice(self, now_ms, ring, dice):
        self.dice_at = now_ms
        self.dice_ring = ring
        ordered = sorted(dice, reverse=True)
        n = min(len(ordered), len(self.dice))
        for i in range(n):
            self.dice[i] = ordered[i]
        self.dice_n = n
