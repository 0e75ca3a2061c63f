"""The box as banker: purchases, conquest money, alliance payments, the oil embargo, income.

Two purses per seat (referee.ledger): savings (start money and end-of-turn
income, spent only at the start of a turn) and the war chest (conquest and
embargo money, spent during the turn it was earned; what is left goes back to
the bank when the turn ends). Debts from an embargo are taken from the
debtor's next money, whichever purse it comes into. In edition 2 the embargo
money in a war chest is counted apart: it buys troops and vessels (spent
first on them), never a laser.
"""

from games.ultimatum import checks
from games.ultimatum.content import (
    ALLIANCE_BONUS,
    ALLIANCE_OF,
    ALLIANCES,
    CHEST,
    EMBARGO,
    INCOME_PER_BLOCKADE,
    INCOME_PER_NATION,
    LASER,
    N_NATIONS,
    N_SEAS,
    OIL,
    OIL_NATION_PAY,
    PRICES,
    SAVINGS,
    SHIP,
    TROOP,
    WORLDPOWER,
    WORLDPOWER_PAY,
)
from games.ultimatum.state import blockades_of, holds_alliance, mark_moved, nations_of
from referee import ledger
from referee.errors import Illegal, int_arg, need

MAX_BUY = 99


def buy(s, action, ev):
    p = action["p"]
    kind = action.get("kind")
    if type(kind) is not str or kind not in PRICES:
        raise Illegal("bad_action", "'kind' is one of troop, ship, sub, laser")
    n = int_arg(action, "n", 1, MAX_BUY)
    at = -1
    if kind == TROOP:
        at = int_arg(action, "at", 0, N_NATIONS - 1)
    elif kind != LASER:
        at = int_arg(action, "at", 0, N_SEAS - 1)
    elif "at" in action:  # one spelling per action: the listing's, which a laser's has no place in
        raise Illegal("bad_action", "a laser goes on a space station: its buy names no 'at'")
    need(checks.buy_problem(s, p, kind, n, at))
    purse = checks.purse_now(s)
    price = PRICES[kind] * n
    ledger.spend(s, p, price, purse, ev, kind)
    if purse == CHEST and kind != LASER and "embargo" in s:  # embargo money first: it buys nothing else
        s["embargo"][p] -= price if price < s["embargo"][p] else s["embargo"][p]
    if kind == LASER:
        s["lasers"][p] += n
    else:
        place(s, p, kind, n, at)
    ev.append({"e": "buy", "who": p, "kind": kind, "n": n, "at": at})


def place(s, p, kind, n, at):
    """New pieces on the board: troops fight at once, vessels wait for the seat's next turn."""
    if kind == TROOP:
        s["troops"][at] += n
        return
    s["sea"][at] = p
    s["ships" if kind == SHIP else "subs"][at] += n
    mark_moved(s, at, n if kind == SHIP else 0, 0 if kind == SHIP else n)


def earn(s, p, amount, ev, why):
    """Money from the bank into this turn's war chest (debts are paid from it first)."""
    if amount:
        ledger.income(s, p, amount, CHEST, ev, why)


def conquered(s, p, n, ev):
    """Nation n passes to seat p: the counts move, the bank pays, alliances and the embargo."""
    loser = s["owner"][n]
    s["owner"][n] = p
    s["won"][0] += 1
    a = ALLIANCE_OF[n]
    ev.append({"e": "conquest", "who": p, "from": loser, "n": n, "alliance": a})
    if a == OIL:
        earn(s, p, OIL_NATION_PAY, ev, "oil_nation")
    if WORLDPOWER[n]:
        earn(s, p, WORLDPOWER_PAY, ev, "worldpower")
    if s["whole"][a] == loser:
        s["whole"][a] = -1
    if s["whole"][a] != p and holds_alliance(s, p, a):
        s["whole"][a] = p
        ev.append({"e": "alliance", "who": p, "alliance": a, "name": ALLIANCES[a]})
        earn(s, p, ALLIANCE_BONUS[a], ev, "alliance")
        if a == OIL:
            embargo(s, p, ev)


def embargo(s, p, ev):
    """Every opponent pays $6 into p's war chest; a shortfall is a debt paid from its next money
    (into p's savings: this war chest is gone by then)."""
    for q in range(s["players"]):
        if q != p:
            paid, _ = ledger.charge(s, q, p, EMBARGO, SAVINGS, CHEST, ev, "embargo", SAVINGS)
            if "embargo" in s:
                s["embargo"][p] += paid


def income(s, p):
    """End-of-turn income: $1 per nation and $2 per naval blockade held."""
    return INCOME_PER_NATION * len(nations_of(s, p)) + INCOME_PER_BLOCKADE * len(blockades_of(s, p))


def close_books(s, p, ev):
    """The end of p's turn at the bank: the unspent war chest goes back, income into savings."""
    ledger.expire(s, p, CHEST, ev, "war_chest")
    if "embargo" in s:
        s["embargo"][p] = 0
    ledger.income(s, p, income(s, p), SAVINGS, ev, "income")
