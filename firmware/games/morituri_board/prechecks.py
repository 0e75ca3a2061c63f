"""The pre-checks of the Morituri board game's flow: whether an action has something to act on now (None, or why not).

CHECKS holds them by variant and by the names of games.morituri_board.flow's actions: referee.acting imports
this module when a menu or the actors are first asked, never apply, so that a box that asks for
neither does not hold them (a Munera box's largest free block is within bytes of its bound: even a
fifth slot in each of the flow's entries would cost it). An action without one has something to do
whenever the flow's Who lets the seat act. Each is made of the rule checks the handler refuses
with, tried on the least the action could be or on each of its choices, so that a menu and apply
cannot differ; tests/test_flow.py holds them to the legal listing both ways.
"""

from games.morituri_board import kit
from games.morituri_board.state import drawer


def _lose(s, seat):
    """A pre-check of losing a card: the drawer holds one."""
    return None if kit.held(s["kit"][drawer(s)]) else ("no_card", "he holds no card to lose")


CHECKS = {"": {"lose": _lose}}  # {variant: {action: pre-check}}, beside the flow's by its names
