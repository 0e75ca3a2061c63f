"""referee.ledger: Ultimatum's bank, two purses, debts; money is never made or lost."""

import copy

import pytest
from hypothesis import given as hgiven
from hypothesis import settings  # deadline=None: a busy machine's timing is not what these test
from hypothesis import strategies as st

from referee import ledger
from referee.errors import Illegal

BANK = ledger.BANK


def table(players=3):
    s: dict = {"phase": "start"}  # a game state: values of every kind
    ledger.setup(s, players)
    return s


def refused(want, fn, s, *args, **kw):
    before = copy.deepcopy(s)
    with pytest.raises(Illegal) as exc:
        fn(s, *args, **kw)
    assert exc.value.code == want
    assert s == before
    return exc.value


def test_the_ledger_is_plain_data_in_the_state():
    s = table(2)
    assert s["purses"] == {"savings": [0, 0], "chest": [0, 0]}
    assert s["debts"] == [] and s["bank"] == 0


def test_start_money_is_two_three_four_in_attack_order():
    s = table(4)
    for seat in range(4):
        ledger.income(s, seat, 2 + seat, "savings", why="start")
    assert s["purses"]["savings"] == [2, 3, 4, 5]
    assert s["bank"] == -14 and ledger.total(s) == 0


def test_buying_troops_spends_savings_to_the_bank():
    s = table()
    ledger.income(s, 0, 5, "savings")
    ev = []
    ledger.spend(s, 0, 3, "savings", ev=ev)  # 3 troops at $1
    assert ledger.balance(s, 0, "savings") == 2
    assert ev == [{"e": "pay", "from": 0, "to": BANK, "n": 3, "purse": "savings", "why": "buy"}]


def test_overspending_a_purse_is_refused_with_no_money_and_changes_nothing():
    s = table()
    ledger.income(s, 0, 4, "savings")
    ledger.income(s, 0, 20, "chest")
    err = refused("no_money", ledger.spend, s, 0, 5, "savings")  # a submarine: $5
    assert err.message == "$5 needed, $4 in the savings"
    assert ledger.pay_problem(s, 0, 5, "chest") is None


def test_bad_amounts_and_purses_are_refused():
    s = table()
    ledger.income(s, 0, 4, "savings")
    for bad in (-1, 1.5, True, "2"):
        refused("bad_amount", ledger.spend, s, 0, bad, "savings")
        refused("bad_amount", ledger.income, s, 0, bad, "savings")
        refused("bad_amount", ledger.charge, s, 0, 1, bad, "savings")
    refused("bad_purse", ledger.spend, s, 0, 1, "pocket")
    refused("bad_purse", ledger.pay, s, 0, 1, 1, "savings", "pocket")
    refused("bad_purse", ledger.expire, s, 0, "pocket")
    refused("bad_purse", ledger.charge, s, 0, 1, 9, "savings", None, None, "", "pocket")


def test_conquest_money_goes_to_the_war_chest_and_the_unspent_rest_back_to_the_bank():
    s = table()
    ledger.income(s, 1, 2, "chest", why="oil")  # an Oil nation
    ledger.income(s, 1, 5, "chest", why="worldpower")
    ledger.spend(s, 1, 4, "chest")  # two battleships
    ev = []
    assert ledger.expire(s, 1, "chest", ev=ev) == 3
    assert ledger.balance(s, 1) == 0
    assert ev == [{"e": "expire", "who": 1, "n": 3, "purse": "chest", "why": "expired"}]
    assert ledger.expire(s, 1, "chest") == 0
    assert ledger.total(s) == 0


def test_the_oil_embargo_makes_every_opponent_pay_six():
    s = table(3)
    ledger.income(s, 1, 10, "savings")
    ledger.income(s, 2, 6, "savings")
    for seat in (1, 2):
        assert ledger.charge(s, seat, 0, 6, "savings", "chest", why="embargo") == (6, 0)
    assert ledger.balance(s, 0, "chest") == 12
    assert s["debts"] == []


def test_an_embargo_shortfall_becomes_a_debt_taken_from_the_next_income():
    s = table(3)
    ledger.income(s, 2, 4, "savings")
    ev = []
    assert ledger.charge(s, 2, 0, 6, "savings", "chest", ev=ev, why="embargo") == (4, 2)
    assert ev == [
        {"e": "pay", "from": 2, "to": 0, "n": 4, "purse": "chest", "why": "embargo"},
        {"e": "debt", "from": 2, "to": 0, "n": 2, "why": "embargo"},
    ]
    assert s["debts"] == [[2, 0, 2, "chest"]] and ledger.owed(s, 2) == 2
    # end of seat 2's turn: 5 nations -> $5, of which $2 pay the debt
    ev = []
    assert ledger.income(s, 2, 5, "savings", ev=ev) == 3
    assert ledger.balance(s, 2, "savings") == 3
    assert ledger.balance(s, 0, "chest") == 6
    assert s["debts"] == [] and ledger.owed(s, 2) == 0
    assert [e["why"] for e in ev] == ["income", "debt"]


def test_a_debt_larger_than_the_income_takes_it_all_and_waits_for_more():
    s = table(2)
    ledger.charge(s, 1, 0, 6, "savings")
    assert ledger.income(s, 1, 4, "savings") == 0
    assert s["debts"] == [[1, 0, 2, "savings"]]
    assert ledger.income(s, 1, 4, "savings") == 2
    assert ledger.balance(s, 0, "savings") == 6


def test_income_pays_debts_only_out_of_itself_and_settle_out_of_the_whole_purse():
    s = table(3)
    ledger.charge(s, 2, 0, 6, "savings")
    ledger.pay(s, 1, 2, 0, "savings")
    ledger.pay(s, BANK, 2, 4, "chest")  # money that came some other way
    assert ledger.income(s, 2, 1, "chest") == 0
    assert ledger.owed(s, 2) == 5 and ledger.balance(s, 2, "chest") == 4
    assert ledger.settle(s, 2, "chest") == 4
    assert ledger.owed(s, 2) == 1 and ledger.balance(s, 0) == 5


def test_debts_are_paid_oldest_first():
    s = table(3)
    ledger.charge(s, 2, 0, 3, "savings")
    ledger.charge(s, 2, 1, 3, "savings")
    ledger.income(s, 2, 4, "savings")
    assert s["purses"]["savings"] == [3, 1, 0]
    assert s["debts"] == [[2, 1, 2, "savings"]]


def test_a_debt_to_the_bank_goes_back_to_the_bank():
    s = table(2)
    ledger.charge(s, 0, BANK, 3, "savings")
    ledger.income(s, 0, 5, "savings")
    assert ledger.balance(s, 0) == 2 and s["bank"] == -2


def test_a_player_who_leaves_takes_his_debts_with_him():
    s = table(3)
    ledger.charge(s, 1, 0, 6, "savings")
    ledger.charge(s, 2, 1, 1, "savings")
    ledger.charge(s, 2, 0, 2, "savings")
    assert ledger.cancel_debts(s, 1) == 7
    assert s["debts"] == [[2, 0, 2, "savings"]]


def test_seats_pay_each_other_between_purses():
    s = table(2)
    ledger.income(s, 0, 7, "savings")
    ledger.pay(s, 0, 1, 7, "savings", "chest")
    assert s["purses"] == {"savings": [0, 0], "chest": [0, 7]}
    refused("no_money", ledger.pay, s, 0, 1, 1, "savings")


def test_the_bank_never_runs_dry():
    s = table(1)
    ledger.pay(s, BANK, 0, 1000, "savings")
    assert ledger.pay_problem(s, BANK, 10**6, "savings") is None
    assert s["bank"] == -1000 and ledger.total(s) == 0


def test_any_purse_names_may_be_used():
    s = {}
    ledger.setup(s, 2, purses=("purse",), bank=100)
    ledger.pay(s, BANK, 1, 30, "purse")
    assert s == {"purses": {"purse": [0, 30]}, "debts": [], "bank": 70}
    assert ledger.balance(s, 1) == 30


# ---- money is never made or lost ----

SEAT = st.integers(-1, 2)
PURSE = st.sampled_from(["savings", "chest"])
OP = st.one_of(
    st.tuples(st.just("pay"), SEAT, SEAT, st.integers(0, 15), PURSE, PURSE),
    st.tuples(st.just("spend"), st.integers(0, 2), st.integers(0, 15), PURSE),
    st.tuples(st.just("income"), st.integers(0, 2), st.integers(0, 15), PURSE),
    st.tuples(st.just("charge"), st.integers(0, 2), SEAT, st.integers(0, 15), PURSE, PURSE),
    st.tuples(st.just("expire"), st.integers(0, 2), PURSE),
    st.tuples(st.just("settle"), st.integers(0, 2), PURSE),
)


@settings(deadline=None)
@hgiven(st.lists(OP, max_size=40))
def test_money_is_conserved_and_no_purse_goes_below_zero(ops):
    s = table(3)
    start = ledger.total(s)
    promised = 0  # every debt ever made, less what was paid on it
    for op in ops:
        before = copy.deepcopy(s)
        owed_before = sum(d[2] for d in s["debts"])
        try:
            if op[0] == "pay":
                ledger.pay(s, op[1], op[2], op[3], op[4], op[5])
            elif op[0] == "spend":
                ledger.spend(s, op[1], op[2], op[3])
            elif op[0] == "income":
                kept = ledger.income(s, op[1], op[2], op[3])
                assert 0 <= kept <= op[2]
            elif op[0] == "charge":
                paid, short = ledger.charge(s, op[1], op[2], op[3], op[4], op[5])
                assert paid + short == op[3]
                promised += short
            elif op[0] == "expire":
                ledger.expire(s, op[1], op[2])
            else:
                ledger.settle(s, op[1], op[2])
        except Illegal as exc:
            assert exc.code == "no_money"
            assert s == before
        assert ledger.total(s) == start
        for name in s["purses"]:
            assert min(s["purses"][name]) >= 0
        assert all(d[2] > 0 for d in s["debts"])
        assert sum(d[2] for d in s["debts"]) <= owed_before + (op[3] if op[0] == "charge" else 0)
    assert sum(d[2] for d in s["debts"]) <= promised


def test_a_whole_ultimatum_turn_through_the_bank():
    s = table(3)
    for seat in range(3):
        ledger.income(s, seat, 2 + seat, "savings", why="start")
    # seat 0's turn: savings at the start (a battleship), then attacks
    ledger.spend(s, 0, 2, "savings")
    ledger.income(s, 0, 2, "chest", why="oil")
    ledger.income(s, 0, 5, "chest", why="worldpower")
    # the last Oil nation falls: every opponent owes $6 at once
    # (paid now into the war chest; paid late into savings, as the war chest is gone by then)
    assert ledger.charge(s, 1, 0, 6, "savings", "chest", why="embargo", debt_purse="savings") == (3, 3)
    assert ledger.charge(s, 2, 0, 6, "savings", "chest", why="embargo", debt_purse="savings") == (4, 2)
    assert ledger.balance(s, 0, "chest") == 14
    ledger.spend(s, 0, 10, "chest")  # a laser
    # end of the turn: the war chest's rest goes back, 12 nations and 1 blockade pay $14
    assert ledger.expire(s, 0, "chest") == 4
    assert ledger.income(s, 0, 12 + 2, "savings") == 14
    # seat 1's turn ends: its $3 debt comes out of its $9 income
    assert ledger.income(s, 1, 9, "savings") == 6
    assert ledger.balance(s, 0, "savings") == 14 + 3  # the late money, in the purse the debt named
    assert ledger.balance(s, 0, "chest") == 0
    assert s["debts"] == [[2, 0, 2, "savings"]]
    assert ledger.total(s) == 0
