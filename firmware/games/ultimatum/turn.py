"""The turn walker: from buying with savings to war, the end of a turn, the next seat, victory.

A turn: buy (savings) -> war (attacks, cards, lasers; the war chest) -> end.
At the end: the war chest expires, income comes in, cards are awarded
(min(3, nations + 2 x blockades conquered)), fire-back rights lapse, every vessel may move
again (edition 2), and the
next seat in attack order who is still in the game plays.
"""

from games.ultimatum import bank
from games.ultimatum.content import CARDS_PER_BLOCKADE, CARDS_PER_NATION, MAX_CARDS_PER_TURN, N_SEAS
from games.ultimatum.state import has_won, is_out


def to_war(s, action, ev):
    """The seat has bought what it wants with its savings: attacks may begin."""
    s["phase"] = "war"
    ev.append({"e": "war", "who": s["active"]})


def cards_earned(won):
    n = CARDS_PER_NATION * won[0] + CARDS_PER_BLOCKADE * won[1]
    return n if n < MAX_CARDS_PER_TURN else MAX_CARDS_PER_TURN


def end_turn(s, action, ev):
    p = s["active"]
    bank.close_books(s, p, ev)
    cards = cards_earned(s["won"])
    s["cards"][p] += cards
    ev.append({"e": "cards", "who": p, "n": cards})
    s["won"] = [0, 0]
    s["fire_back"] = [0] * s["players"]
    if "moved_ships" in s:
        s["moved_ships"] = [0] * N_SEAS
        s["moved_subs"] = [0] * N_SEAS
    order = s["attack_order"]
    n = len(order)
    i = s["turn"]
    for _ in range(n):
        i = (i + 1) % n
        if not is_out(s, order[i]):
            break
    s["turn"] = i
    s["active"] = order[i]
    s["phase"] = "buy"
    ev.append({"e": "turn", "who": order[i]})


def after_conquest(s, ev):
    """Back to war, or the game is over: Oil and one other alliance (two in a 2-player game)."""
    s["battle"] = None
    p = s["active"]
    if has_won(s, p):
        s["winner"] = p
        s["phase"] = "over"
        ev.append({"e": "victory", "who": p})
    else:
        s["phase"] = "war"
