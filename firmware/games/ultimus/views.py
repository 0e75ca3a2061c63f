"""What each eye may see: the public view, a seat's view, public events.

The public view never holds a hand, the deck order, an unrevealed shout
choice, a face-down betting card's gladiator, or the generator's state.
"""

from games.ultimus.state import UNDECIDED
from referee.engine import public_event  # noqa: F401  (one rule for every game's events)

_PUBLIC_KEYS = (
    "mode",
    "players",
    "battles",
    "phase",
    "battle",
    "round",
    "loudest",
    "hp",
    "status",
    "fallen",
    "pos",
    "net",
    "drunk",
    "gold",
    "new_gold",
    "ready",
    "bank",
    "order",
    "turn",
    "placed",
    "pollice_verso",
    "winner",
    "paid",
    "champions",
)


def public_view(s):
    v = {}
    for key in _PUBLIC_KEYS:
        value = s[key]
        v[key] = [list(x) for x in value] if key == "pollice_verso" else (list(value) if type(value) is list else value)
    if "unsettled" in s:  # a box game's coins of new gold still to be entered at the payout (public: on the table)
        v["unsettled"] = list(s["unsettled"])
    if "content" in s:  # the numbers the game is played with: public, as the printed cards are
        v["content"] = s["content"]
    v["deck"] = len(s["deck"])
    v["discard"] = len(s["discard"])
    # Before the reveal a face-down shout card still counts as in the hand:
    # the table sees cards laid down all at once, not who laid one.
    hiding = s["phase"] == "shout"
    v["hand_sizes"] = [
        len(s["hands"][p]) + (1 if hiding and s["shout_card"][p] >= 0 else 0) for p in range(s["players"])
    ]
    revealed = s["phase"] in ("battle_end", "over")
    v["bets"] = [[(list(b) if revealed else [-1, b[1]]) for b in seat_bets] for seat_bets in s["bets"]]
    if s["phase"] == "shout":
        v["committed"] = [0 if x == UNDECIDED else 1 for x in s["shout"]]
        v["shouts"] = None
    else:
        v["committed"] = [1] * s["players"]
        v["shouts"] = list(s["shout"])
    card = s["card"]
    if card is None:
        v["card"] = None
    else:
        v["card"] = {}
        for key in card:
            value = card[key]
            v["card"][key] = list(value) if type(value) is list else value
    return v


def seat_view(s, seat):
    v = public_view(s)
    v["seat"] = seat
    v["hand"] = list(s["hands"][seat])
    v["my_bets"] = [list(b) for b in s["bets"][seat]]
    v["my_shout"] = s["shout"][seat]
    v["my_card"] = s["shout_card"][seat]
    return v
