"""End of the battle, bets and the bank, next battles, the final count, trading."""

import pytest

from games.ultimus.content import BET_DIE, BET_INVEST, BET_WIN, BETTING_CARDS, NEW_GOLD_BY_PLAYERS
from games.ultimus.state import DEAD, PARDONED
from scenario import (
    BARBARUS,
    DIMACHAERUS,
    MURMILLO,
    RETIARIUS,
    SAGITTARIUS,
    TIGRIS,
    arrange,
    card_id,
    field,
    refused,
    shout_round,
    start_battle,
)


def bet_card(g, kind):
    return next(b for b in range(len(BETTING_CARDS)) if BETTING_CARDS[b][:2] == (g, kind))


def finishing_blow(game, seat=0, hp=1):
    """Barbarus kills Tigris with a plain attack: two gladiators were left, so the battle ends."""
    c = card_id("barbarus: M2 A3")
    arrange(
        game,
        loudest=seat,
        pos={BARBARUS: field(0, 0), TIGRIS: field(1, 0)},
        hp={TIGRIS: hp},
        hands={seat: [c]},
        out={SAGITTARIUS: DEAD, RETIARIUS: PARDONED, MURMILLO: DEAD, DIMACHAERUS: PARDONED},
    )
    shout_round(game, {seat: c})
    game.apply({"a": "choose", "p": seat, "g": BARBARUS})
    return game.apply({"a": "melee", "p": seat, "i": 1, "d": 0})


def total_gold(s):
    return s["bank"] + sum(s["gold"]) + sum(s["new_gold"]) + sum(c for seat in s["bets"] for _, c in seat)


def test_the_battle_ends_with_one_gladiator_left_the_ultimum_gladiator():
    game = start_battle(3, seed=4)
    events = finishing_blow(game)
    end = [e for e in events if e["e"] == "battle_end"][0]
    assert end["winner"] == BARBARUS and game.state["phase"] == "battle_end"
    refused(game, {"a": "end", "p": 0}, "wrong_phase")


def test_bets_are_revealed_and_paid_win_die_and_invest_where_pardoned_is_not_dead():
    game = start_battle(3, seed=4)
    s = game.state
    before = total_gold(s)
    s["bets"][0] = [[bet_card(BARBARUS, BET_WIN), 3], [bet_card(TIGRIS, BET_DIE), 2]]
    s["bets"][1] = [[bet_card(RETIARIUS, BET_DIE), 1], [bet_card(RETIARIUS, BET_INVEST), 3]]
    s["bets"][2] = [[bet_card(DIMACHAERUS, BET_WIN), 2], [bet_card(SAGITTARIUS, BET_INVEST), 0]]
    s["bank"] = before - total_gold({**s, "bank": 0})  # keep the coins in the game constant
    events = finishing_blow(game)
    paid = {(e["p"], e["b"]): (e["won"], e["paid"]) for e in events if e["e"] == "bet_revealed"}
    assert paid[(0, bet_card(BARBARUS, BET_WIN))] == (1, BETTING_CARDS[bet_card(BARBARUS, BET_WIN)][2][2])
    assert paid[(0, bet_card(TIGRIS, BET_DIE))] == (1, BETTING_CARDS[bet_card(TIGRIS, BET_DIE)][2][1])
    assert paid[(1, bet_card(RETIARIUS, BET_DIE))] == (0, 0)  # pardoned is not dead
    assert paid[(1, bet_card(RETIARIUS, BET_INVEST))][0] == 1  # pardoned counts as survived
    assert paid[(2, bet_card(DIMACHAERUS, BET_WIN))] == (0, 0)
    assert (
        s["gold"][0]
        == BETTING_CARDS[bet_card(BARBARUS, BET_WIN)][2][2] + BETTING_CARDS[bet_card(TIGRIS, BET_DIE)][2][1]
    )
    assert s["gold"][2] == 0
    assert total_gold(s) == before
    assert game.public_view()["bets"][0][0][0] == bet_card(BARBARUS, BET_WIN)  # revealed now


def test_the_example_of_the_rulebook_three_coins_paying_seven_gain_four_from_the_bank():
    b = bet_card(RETIARIUS, BET_INVEST)
    assert BETTING_CARDS[b][2][2] == 7
    game = start_battle(3, seed=4)
    s = game.state
    s["bank"] += sum(c for seat in s["bets"] for _, c in seat) - 3
    s["bets"] = [[[b, 3]], [], []]
    bank = s["bank"]
    finishing_blow(game)  # Retiarius ends the battle pardoned
    assert s["gold"][0] == 7 and s["bank"] == bank - 4


def test_next_battle_keeps_gold_and_the_loudest_spectator_and_deals_anew():
    game = start_battle(3, seed=4, battles=2)
    s = game.state
    finishing_blow(game, seat=2)
    gold = list(s["gold"])
    game.apply({"a": "next"})
    assert s["battle"] == 2 and s["loudest"] == 2 and s["phase"] == "betting"
    assert s["gold"] == gold and s["new_gold"] == [NEW_GOLD_BY_PLAYERS[3]] * 3
    assert all(len(h) == 3 for h in s["hands"]) and s["status"] == [0] * 6


def test_the_final_count_most_gold_wins_and_ties_share_the_win():
    game = start_battle(3, seed=4, battles=1)
    finishing_blow(game)
    s = game.state
    refused(game, {"a": "next"}, "last_battle")
    s["bank"] += sum(s["gold"]) - 15
    s["gold"] = [6, 6, 3]
    events = game.apply({"a": "finish"})
    assert events[-1] == {"e": "game_over", "gold": [6, 6, 3], "champions": [0, 1]}
    refused(game, {"a": "give", "p": 0, "to": 1, "n": 1}, "game_over")


def test_players_may_trade_uncommitted_gold_and_yelling_cards_at_any_time():
    game = start_battle(3, seed=4)
    s = game.state
    s["gold"][0], s["bank"] = 2, s["bank"] - 2
    refused(game, {"a": "give", "p": 0, "to": 1, "n": 3}, "no_gold")
    refused(game, {"a": "give", "p": 0, "to": 0, "n": 1}, "bad_target")
    game.apply({"a": "give", "p": 0, "to": 1, "n": 2})
    assert s["gold"][:2] == [0, 2]
    c = s["hands"][2][0]
    events = game.apply({"a": "pass_card", "p": 2, "to": 0, "c": c})
    assert c in s["hands"][0] and "c" not in events[0]
    assert {"a": "give", "p": 1, "to": 0, "n": 1} in game.trade_actions(1)


@pytest.mark.parametrize("up", [0, 1])
def test_the_battle_ends_only_after_the_pollice_verso(up):
    game = start_battle(3, seed=4)
    c = card_id("barbarus: A3^2 PV")
    arrange(
        game,
        loudest=0,
        pos={BARBARUS: field(0, 0), TIGRIS: field(1, 0)},
        hp={TIGRIS: 1},
        hands={0: [c]},
        out={SAGITTARIUS: DEAD, RETIARIUS: DEAD, MURMILLO: DEAD, DIMACHAERUS: DEAD},
    )
    shout_round(game, {0: c})
    game.apply({"a": "choose", "p": 0, "g": BARBARUS})
    game.apply({"a": "melee", "p": 0, "i": 0, "d": 0})
    assert game.state["phase"] == "action"
    game.apply({"a": "thumb", "p": 0, "up": up})
    assert game.state["phase"] == "battle_end" and game.state["winner"] == BARBARUS
