"""The ledger: the box as banker. Balances per seat in named purses, payments
between seats and the bank, purses that expire, and debts.

Plain data in the game state (set up by `setup`):
    s["purses"] = {"savings": [per seat], "chest": [per seat]}   (any purse names)
    s["debts"]  = [[debtor, creditor, amount, purse], ...]       oldest first
    s["bank"]   = the bank's balance

The bank never runs dry: its balance may go below zero (it prints money), so
that everything paid in and out is counted and the sum of all purses plus the
bank never changes (the property tests hold every function to that). Debts
are promises, not money.

Which purse an action may draw from is the game's rule, decided by its phase
(Ultimatum: savings only at the start of a turn, the war chest during it); the
ledger only moves money, refusing (Illegal "no_money", "bad_amount") before it
changes anything.
"""

from referee.errors import need

BANK = -1  # the payer or payee that is the bank


def setup(s, players, purses=("savings", "chest"), bank=0):
    """Empty purses for each seat, no debts, the bank's opening balance."""
    s["purses"] = {}
    for name in purses:
        s["purses"][name] = [0] * players
    s["debts"] = []
    s["bank"] = bank


def balance(s, seat, purse=None):
    """What seat holds in one purse, or in all of them."""
    if purse is not None:
        return s["purses"][purse][seat]
    total = 0
    for name in sorted(s["purses"]):
        total += s["purses"][name][seat]
    return total


def total(s):
    """All the money there is: every purse plus the bank (it never changes)."""
    out = s["bank"]
    for name in sorted(s["purses"]):
        for v in s["purses"][name]:
            out += v
    return out


def owed(s, seat):
    """What seat still owes."""
    out = 0
    for debt in s["debts"]:
        if debt[0] == seat:
            out += debt[2]
    return out


def _amount_problem(amount):
    if type(amount) is not int or amount < 0:
        return ("bad_amount", "an amount of money is a whole number of 0 or more")
    return None


def _purse_problem(s, purse):
    if purse not in s["purses"]:
        return ("bad_purse", "there is no purse called %r" % (purse,))
    return None


def pay_problem(s, payer, amount, purse):
    """None, or why payer cannot pay amount out of purse ("no_money" if it holds too little)."""
    problem = _amount_problem(amount) or _purse_problem(s, purse)
    if problem is None and payer != BANK and s["purses"][purse][payer] < amount:
        problem = ("no_money", "$%d needed, $%d in the %s" % (amount, s["purses"][purse][payer], purse))
    return problem


def _move(s, payer, payee, amount, purse, to_purse):
    if payer == BANK:
        s["bank"] -= amount
    else:
        s["purses"][purse][payer] -= amount
    if payee == BANK:
        s["bank"] += amount
    else:
        s["purses"][to_purse][payee] += amount


def _tell(ev, payer, payee, amount, purse, why):
    if ev is not None:
        ev.append({"e": "pay", "from": payer, "to": payee, "n": amount, "purse": purse, "why": why})


def pay(s, payer, payee, amount, purse, to_purse=None, ev=None, why=""):
    """payer (a seat or BANK) pays amount out of purse to payee (a seat or BANK), into
    to_purse (the same purse by default); refuses, changing nothing, as pay_problem says."""
    if to_purse is None:
        to_purse = purse
    need(pay_problem(s, payer, amount, purse) or (None if payee == BANK else _purse_problem(s, to_purse)))
    _move(s, payer, payee, amount, purse, to_purse)
    _tell(ev, payer, payee, amount, to_purse if payee != BANK else purse, why)


def spend(s, seat, amount, purse, ev=None, why="buy"):
    """seat pays the bank (troops $1, battleships $2, ...)."""
    pay(s, seat, BANK, amount, purse, None, ev, why)


def settle(s, seat, purse, ev=None, limit=None):
    """Pay seat's debts, oldest first, from what purse holds (at most limit, if given);
    returns how much was paid."""
    paid = 0
    debts = s["debts"]
    i = 0
    while i < len(debts):
        debt = debts[i]
        if debt[0] != seat:
            i += 1
            continue
        have = s["purses"][purse][seat]
        if limit is not None and limit - paid < have:
            have = limit - paid
        if have <= 0:
            break
        n = debt[2] if debt[2] < have else have
        _move(s, seat, debt[1], n, purse, debt[3])
        _tell(ev, seat, debt[1], n, debt[3], "debt")
        paid += n
        debt[2] -= n
        if debt[2] == 0:
            debts.pop(i)
        else:
            i += 1
    return paid


def income(s, seat, amount, purse, ev=None, why="income"):
    """The bank pays seat amount into purse, and seat's debts are taken from it first
    ("a shortfall is taken from that player's next income"); returns what seat keeps."""
    need(_amount_problem(amount) or _purse_problem(s, purse))
    _move(s, BANK, seat, amount, purse, purse)
    _tell(ev, BANK, seat, amount, purse, why)
    return amount - settle(s, seat, purse, ev, amount)


def charge(s, debtor, creditor, amount, purse, to_purse=None, ev=None, why="", debt_purse=None):
    """debtor must pay creditor amount out of purse now: what it holds is paid at once
    (into to_purse, the same purse by default) and the shortfall becomes a debt, paid
    later into debt_purse (to_purse by default): the oil embargo, whose late money
    cannot join a war chest that is gone by then. Returns (paid, owed)."""
    if to_purse is None:
        to_purse = purse
    if debt_purse is None:
        debt_purse = to_purse
    need(
        _amount_problem(amount)
        or _purse_problem(s, purse)
        or _purse_problem(s, to_purse)
        or _purse_problem(s, debt_purse)
    )
    have = s["purses"][purse][debtor]
    paid = amount if amount < have else have
    if paid:
        _move(s, debtor, creditor, paid, purse, to_purse)
        _tell(ev, debtor, creditor, paid, to_purse, why)
    short = amount - paid
    if short:
        s["debts"].append([debtor, creditor, short, debt_purse])
        if ev is not None:
            ev.append({"e": "debt", "from": debtor, "to": creditor, "n": short, "why": why})
    return paid, short


def expire(s, seat, purse, ev=None, why="expired"):
    """What is left in seat's purse goes back to the bank (the unspent war chest at the
    end of the turn); returns how much."""
    need(_purse_problem(s, purse))
    n = s["purses"][purse][seat]
    if n:
        _move(s, seat, BANK, n, purse, purse)
        if ev is not None:
            ev.append({"e": "expire", "who": seat, "n": n, "purse": purse, "why": why})
    return n


def cancel_debts(s, seat):
    """Forget what seat owes and is owed (the seat left the game); returns what was owed to it
    and by it, in total."""
    n = 0
    keep = []
    for debt in s["debts"]:
        if debt[0] == seat or debt[1] == seat:
            n += debt[2]
        else:
            keep.append(debt)
    s["debts"] = keep
    return n
