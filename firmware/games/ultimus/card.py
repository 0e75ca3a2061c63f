"""The card in play: the context a revealed yelling card is played in (s["card"]).

Kept apart from the card-level rules (games.ultimus.cardplay) so that the turn
machinery can start a card without importing them: no import cycle, and
the box, which never plays cards itself, never loads cardplay.

  c      the card id            owner  the seat that shouted it
  ctrl   the seat playing it (the drunk seat, if the gladiator is drunk)
  g      the chosen gladiator   stage  "choose" or "play"
  used   a flag per symbol      mp     movement points left to spend
  blood  1 when only blood-splatter symbols may be used
  hits   gladiators attacked with this card (the net may only fall on them)
  rebet, discarded  the stupid-bet card's two steps
"""

from games.ultimus.yelling import CARDS, SPECIAL_STUPID_BET


def begin_card(s, ev, seat, c):
    special = CARDS[c][2]
    s["card"] = {
        "c": c,
        "owner": seat,
        "ctrl": seat,
        "g": -1,
        "stage": "play" if special == SPECIAL_STUPID_BET else "choose",
        "used": [0] * len(CARDS[c][3]),
        "mp": 0,
        "blood": 0,
        "hits": [],
        "rebet": 0,
        "discarded": 0,
    }
    ev.append({"e": "card", "p": seat, "c": c})
