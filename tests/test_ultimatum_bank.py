"""Ultimatum's bank: two purses, prices, conquest money, alliances, the oil embargo, income and cards."""

from games.ultimatum.state import alliance_counts
from test_ultimatum_setup import (
    COMMUNIST,
    GB,
    HIGH,
    LOW,
    OIL,
    PEACE,
    USA,
    USSR,
    WESTERN,
    refused,
    setup,
    to_war,
)

WIN_PAIR = [HIGH, LOW]


def oil_game(players=2):
    """Seat 0 holds five Oil nations and the U.S.A. (10 troops); seat 1 holds the sixth (36)."""
    wants = {0: [USA, 13, 21, 31, 32, 33, 34, 35], 1: [GB, 14, 22, 36]}
    game = setup(players=players, wants=wants, first=0, attacker=0)
    for n in OIL[:-1]:  # given (3 players and more): seat 0 holds the five others
        game.state["owner"][n] = 0
    return game


def conquer(game, src, dst, move=1):
    """A blitz that wins every exchange, and `move` troops in."""
    p = game.state["active"]
    game.apply({"a": "attack", "p": p, "from": src, "to": dst})
    events = game.apply({"a": "blitz", "p": p, "dice": [WIN_PAIR] * game.state["troops"][dst]})
    assert game.phase == "occupy"
    events += game.apply({"a": "occupy", "p": p, "n": move})
    return events


def pays(events, why):
    return [e["n"] for e in events if e["e"] == "pay" and e["why"] == why]


def test_two_purses_savings_spent_only_at_the_start_of_a_turn():
    game = oil_game()
    s = game.state
    assert s["purses"]["savings"][0] == 2
    game.apply({"a": "buy", "p": 0, "kind": "troop", "n": 2, "at": USA})
    assert s["troops"][USA] == 12 and s["purses"]["savings"][0] == 0
    message = refused(game, {"a": "buy", "p": 0, "kind": "troop", "n": 1, "at": USA}, "no_money")
    assert "$1 needed, $0 in your savings" in message
    s["purses"]["savings"][0] = 10  # given: savings left over
    to_war(game)
    message = refused(game, {"a": "buy", "p": 0, "kind": "troop", "n": 1, "at": USA}, "no_money")
    assert "war chest" in message and "start of a turn" in message


def test_war_chest_must_be_spent_this_turn_the_rest_goes_back_to_the_bank():
    game = to_war(oil_game())
    s = game.state
    conquer(game, USA, 36)
    chest = s["purses"]["chest"][0]
    assert chest == 2 + 3  # the Oil nation, and seat 1's $3 of the $6 embargo
    game.apply({"a": "buy", "p": 0, "kind": "ship", "n": 1, "at": s["sea"].index(0)})
    assert s["purses"]["chest"][0] == chest - 2
    events = game.apply({"a": "end", "p": 0})
    assert [e["n"] for e in events if e["e"] == "expire"] == [chest - 2]
    assert s["purses"]["chest"][0] == 0


def test_prices_one_two_five_ten():
    game = oil_game()
    s = game.state
    s["purses"]["savings"][0] = 100
    b = s["sea"].index(0)
    game.apply({"a": "buy", "p": 0, "kind": "troop", "n": 3, "at": USA})
    game.apply({"a": "buy", "p": 0, "kind": "ship", "n": 2, "at": b})
    game.apply({"a": "buy", "p": 0, "kind": "sub", "n": 1, "at": b})
    assert s["purses"]["savings"][0] == 100 - 3 - 4 - 5
    assert s["ships"][b] == 4 and s["subs"][b] == 1
    refused(game, {"a": "buy", "p": 0, "kind": "ship", "n": 1, "at": 14}, "not_blockade")
    refused(game, {"a": "buy", "p": 0, "kind": "troop", "n": 1, "at": GB}, "not_yours")
    refused(game, {"a": "buy", "p": 0, "kind": "tank", "n": 1, "at": USA}, "bad_action")


def test_lasers_only_for_a_player_holding_all_of_the_western_or_communist_alliance():
    game = oil_game()
    s = game.state
    s["purses"]["savings"][0] = 100
    message = refused(game, {"a": "buy", "p": 0, "kind": "laser", "n": 1}, "no_alliance")
    assert "Western" in message and "Communist" in message
    for n in PEACE:  # all of Peace does not do
        s["owner"][n] = 0
    refused(game, {"a": "buy", "p": 0, "kind": "laser", "n": 1}, "no_alliance")
    for n in COMMUNIST:
        s["owner"][n] = 0
    for at in (-1, 0):  # a laser goes on a space station: one spelling, the listing's, with no place
        refused(game, {"a": "buy", "p": 0, "kind": "laser", "n": 2, "at": at}, "bad_action")
    game.apply({"a": "buy", "p": 0, "kind": "laser", "n": 2})
    assert s["lasers"][0] == 2 and s["purses"]["savings"][0] == 80
    s["lasers"][1] = 3
    refused(game, {"a": "buy", "p": 0, "kind": "laser", "n": 2}, "no_station")  # six space stations


def test_conquest_entry_moves_the_counts_and_pays_two_for_oil_and_five_for_a_worldpower():
    game = to_war(oil_game(players=3))
    s = game.state
    s["owner"][USSR] = 1  # given: seat 1 holds the U.S.S.R. with 4 troops
    s["troops"][USSR] = 4
    before = alliance_counts(s, 0)
    events = conquer(game, USA, USSR)
    assert alliance_counts(s, 0)[1] == before[1] + 1
    assert pays(events, "worldpower") == [5] and s["purses"]["chest"][0] == 5
    assert s["owner"][USSR] == 0 and s["troops"][USSR] == 1 and s["troops"][USA] == 9


def test_every_time_a_whole_alliance_is_gained_or_regained_15_20_25():
    game = to_war(oil_game(players=3))
    s = game.state
    s["troops"][USA] = 60
    for a, alliance, last, bonus in ((1, COMMUNIST, 20, 15), (0, WESTERN, 10, 20), (2, PEACE, 30, 25)):
        for n in alliance:
            if n != USA:
                s["owner"][n] = 0 if n != last else 1
        events = conquer(game, USA, last)
        assert pays(events, "alliance") == [bonus]
        # lost and regained: paid again
        s["owner"][last] = 2  # given: seat 2 took it back
        s["troops"][last] = 1
        s["whole"][a] = -1
        events = conquer(game, USA, last)
        assert pays(events, "alliance") == [bonus]
    assert s["whole"] == [0, 0, 0, -1]
    # holding an alliance earns nothing more: a conquest elsewhere pays no bonus
    s["owner"][36] = 1
    s["troops"][36] = 1
    s["whole"][3] = -1
    events = conquer(game, USA, 36)
    assert pays(events, "alliance") == [] and pays(events, "embargo")  # Oil: the embargo, not a payment


def test_oil_embargo_every_opponent_pays_six_a_shortfall_is_a_debt_from_its_next_income():
    game = to_war(oil_game(players=3))
    s = game.state
    s["owner"][36] = 1
    s["purses"]["savings"] = [0, 10, 4]  # given: seat 1 can pay, seat 2 cannot
    events = conquer(game, USA, 36)
    assert s["purses"]["savings"] == [0, 4, 0]
    assert s["purses"]["chest"][0] == 2 + 6 + 4
    assert s["debts"] == [[2, 0, 2, "savings"]]
    assert [e["n"] for e in events if e["e"] == "debt"] == [2]
    game.apply({"a": "end", "p": 0})
    game.apply({"a": "war", "p": 1})
    game.apply({"a": "end", "p": 1})
    saved = s["purses"]["savings"][0]
    game.apply({"a": "war", "p": 2})
    events = game.apply({"a": "end", "p": 2})
    income = len([n for n in range(37) if s["owner"][n] == 2]) + 2 * len([b for b in range(14) if s["sea"][b] == 2])
    assert s["purses"]["savings"][2] == income - 2 and s["debts"] == []
    assert s["purses"]["savings"][0] == saved + 2  # the late embargo money, into savings


def test_end_of_turn_one_per_nation_two_per_blockade_and_cards_min_three():
    game = to_war(oil_game(players=3))
    s = game.state
    s["troops"][USA] = 40
    for n in (GB, 14, 22, 36):
        s["owner"][n] = 1
        s["troops"][n] = 1
    conquer(game, USA, GB)
    conquer(game, USA, 14)
    s["purses"]["savings"][0] = 0
    events = game.apply({"a": "end", "p": 0})
    nations = len([n for n in range(37) if s["owner"][n] == 0])
    blockades = len([b for b in range(14) if s["sea"][b] == 0])
    assert [e["n"] for e in events if e["e"] == "pay" and e["why"] == "income"] == [nations + 2 * blockades]
    assert s["cards"][0] == 2
    # three nations and a blockade would be five: three at most
    game.apply({"a": "war", "p": 1})
    game.apply({"a": "end", "p": 1})
    game.apply({"a": "war", "p": 2})
    game.apply({"a": "end", "p": 2})
    to_war(game)
    s["won"] = [3, 1]  # given: conquered this turn
    game.apply({"a": "end", "p": 0})
    assert s["cards"][0] == 2 + 3
