"""referee.dice: the table's dice or the box's, roll-offs, paired dice, natural rolls."""

import copy

import pytest
from hypothesis import given as hgiven
from hypothesis import settings  # deadline=None: a busy machine's timing is not what these test
from hypothesis import strategies as st

from referee import dice
from referee.errors import Illegal
from referee.rng import seed_state

# Ultimatum's dice as GAMES.md proposes them (the game's content will own these)
BLACK = (4, 8, 12, 16, 20, 28)
RED = (2, 4, 6, 8, 10, 12)
GREEN = ("WIN", "WIN", "LOSE", "LOSE", "DRAW", "DRAW")


def state(seed=7):
    return {"rng": seed_state(seed), "other": [1, 2]}


def refused(code, fn, *args, **kw):
    """fn refuses with code and leaves the state (the first argument) exactly as it was."""
    s = args[0]
    before = copy.deepcopy(s)
    with pytest.raises(Illegal) as exc:
        fn(*args, **kw)
    assert exc.value.code == code
    assert s == before
    return exc.value


# ---- dice from the table ----


def test_the_tables_dice_are_taken_as_typed_and_the_generator_is_not_touched():
    s = state()
    ev = []
    assert dice.roll(s, 2, 6, given=[6, 1], ev=ev, who=3, why="attack") == [6, 1]
    assert s == state()
    assert ev == [{"e": "roll", "who": 3, "dice": [6, 1], "why": "attack", "table": 1}]


def test_the_tables_dice_are_copied_so_the_action_never_shares_a_list_with_the_state():
    typed = [4, 4]
    got = dice.roll(state(), 2, 6, given=typed)
    got.append(9)
    assert typed == [4, 4]


@pytest.mark.parametrize("typed", [[7], [0], [3, 4], [], [True], ["6"], 6, {"d": 6}, [2.0]])
def test_dice_that_are_not_one_d6_are_refused_with_bad_dice(typed):
    err = refused("bad_dice", dice.roll, state(), 1, 6, given=typed)
    assert err.message  # a clear message for the screen and the link


def test_a_refusal_says_what_the_die_shows():
    err = refused("bad_dice", dice.roll, state(), 1, 6, given=[7])
    assert "from 1 to 6" in err.message
    err = refused("bad_dice", dice.roll_faces, state(), 1, BLACK, given=[6])
    assert "4, 8, 12, 16, 20, 28" in err.message
    err = refused("bad_dice", dice.roll, state(), 2, 6, given=[1])
    assert "2 dice rolled here, not 1" in err.message


def problem_code(given, n, faces):
    problem = dice.given_problem(given, n, faces)
    return problem[0] if problem else None


def test_given_problem_serves_a_legal_action_list_without_raising():
    assert dice.given_problem([1, 6], 2, 6) is None
    assert problem_code([1, 6, 2], 2, 6) == "bad_dice"
    assert dice.given_problem(["WIN"], 1, GREEN) is None
    assert problem_code(["win"], 1, GREEN) == "bad_dice"


def test_ultimatums_black_die_shows_only_its_six_faces():
    assert dice.roll_faces(state(), 2, BLACK, given=[28, 4]) == [28, 4]
    refused("bad_dice", dice.roll_faces, state(), 1, BLACK, given=[5])
    refused("bad_dice", dice.roll_faces, state(), 1, BLACK, given=[True])


def test_the_green_die_gives_words():
    rolled = dice.roll_faces(state(), 50, GREEN)
    assert set(rolled) == {"WIN", "LOSE", "DRAW"}


def test_roll_faces_takes_a_tuple_of_faces_not_a_number():
    with pytest.raises(ValueError):
        dice.roll_faces(state(), 1, 6)
    with pytest.raises(ValueError):
        dice.roll(state(), 1, 0)


# ---- dice from the box's generator ----


def test_the_same_seed_rolls_the_same_dice():
    a, b = state(42), state(42)
    assert [dice.roll(a, 3, 6) for _ in range(20)] == [dice.roll(b, 3, 6) for _ in range(20)]
    assert a == b
    assert dice.roll(state(43), 10, 6) != dice.roll(state(42), 10, 6)


def test_a_roll_advances_the_generator_and_touches_nothing_else():
    s = state()
    dice.roll(s, 2, 6)
    assert s["rng"] != state()["rng"]
    assert s["other"] == [1, 2]


def test_a_roll_event_shows_the_dice_without_the_table_mark():
    ev = []
    got = dice.roll(state(), 2, 6, ev=ev, who=1, why="ap")
    assert ev == [{"e": "roll", "who": 1, "dice": got, "why": "ap"}]


def test_ten_thousand_d6_fall_evenly_within_loose_bounds():
    s = state(1)
    counts = [0] * 7
    for d in dice.roll(s, 10000, 6):
        counts[d] += 1
    assert counts[0] == 0
    for face in range(1, 7):
        assert 1450 < counts[face] < 1880  # 1667 expected; about 7 standard deviations either side


def test_ten_thousand_2d6_make_seven_the_commonest_total():
    s = state(2)
    counts = {}
    for _ in range(10000):
        t = dice.natural(dice.roll(s, 2, 6))
        counts[t] = counts.get(t, 0) + 1
    assert sorted(counts) == list(range(2, 13))
    assert max(counts, key=lambda total: counts[total]) == 7
    assert 180 < counts[2] < 380 and 180 < counts[12] < 380  # 278 expected


def test_the_green_die_wins_loses_and_draws_a_third_of_the_time_each():
    s = state(3)
    rolled = dice.roll_faces(s, 9000, GREEN)
    for face in ("WIN", "LOSE", "DRAW"):
        assert 2700 < rolled.count(face) < 3300


def test_a_d3_is_a_three_faced_roll():
    s = state(4)
    assert set(dice.roll(s, 600, 3)) == {1, 2, 3}


# ---- natural rolls and doubles ----


def test_a_natural_roll_is_the_dice_before_any_modifier():
    assert dice.natural([1, 1]) == 2
    assert dice.natural([6, 6]) == 12
    assert dice.natural([4]) == 4


def test_a_double_names_its_face_for_munera_double_trouble():
    assert dice.double([3, 3]) == 3
    assert dice.double([1, 1]) == 1
    assert dice.double([3, 4]) == 0
    assert dice.double([5]) == 0


# ---- roll-offs ----


def test_the_highest_roll_wins_a_roll_off():
    ev = []
    winner, rounds = dice.roll_off(state(), [0, 1, 2], given=[[2, 6, 5]], ev=ev)
    assert winner == 1
    assert rounds == [[[0, [2]], [1, [6]], [2, [5]]]]
    assert [e["who"] for e in ev if e["e"] == "roll"] == [0, 1, 2]
    assert ev[-1] == {"e": "roll_off", "winner": 1, "rounds": 1, "why": "roll_off"}


def test_a_tie_in_a_roll_off_is_rolled_again_among_the_tied():
    winner, rounds = dice.roll_off(state(), [0, 1, 2, 3], given=[[5, 6, 2, 6], [3, 3], [1, 4]])
    assert winner == 3
    assert [[seat for seat, _ in r] for r in rounds] == [[0, 1, 2, 3], [1, 3], [1, 3]]


def test_a_tie_below_the_highest_roll_is_not_rolled_again():
    winner, rounds = dice.roll_off(state(), [0, 1, 2], given=[[2, 6, 2]])
    assert winner == 1 and len(rounds) == 1


def test_table_rounds_that_leave_a_tie_are_refused():
    err = refused("bad_dice", dice.roll_off, state(), [0, 1, 2], given=[[6, 6, 1]])
    assert "0, 1" in err.message
    refused("bad_dice", dice.roll_off, state(), [0, 1, 2], given=[[6, 6, 1], [4, 4]])


def test_table_rounds_after_the_roll_off_is_settled_are_refused():
    err = refused("bad_dice", dice.roll_off, state(), [0, 1], given=[[6, 1], [2, 3]])
    assert "settled after round 1" in err.message


def test_a_round_must_have_one_entry_per_seat_still_rolling():
    refused("bad_dice", dice.roll_off, state(), [0, 1, 2], given=[[6, 6, 1], [4, 4, 4]])
    refused("bad_dice", dice.roll_off, state(), [0, 1, 2], given=[[6, 6]])
    refused("bad_dice", dice.roll_off, state(), [0, 1, 2], given=[[6, 7, 1]])
    refused("bad_dice", dice.roll_off, state(), [0, 1], given=5)
    refused("bad_dice", dice.roll_off, state(), [0, 1], given=[5])


def test_a_refused_roll_off_adds_no_events():
    ev = []
    with pytest.raises(Illegal):
        dice.roll_off(state(), [0, 1], given=[[3, 3]], ev=ev)
    assert ev == []


def test_a_rolled_roll_off_always_ends_with_one_winner_among_the_seats():
    s = state(9)
    for _ in range(300):
        winner, rounds = dice.roll_off(s, [0, 2, 4])
        assert winner in (0, 2, 4)
        last = rounds[-1]
        best = max(dice.natural(d) for _, d in last)
        assert [seat for seat, d in last if dice.natural(d) == best] == [winner]


def test_a_rolled_roll_off_replays_from_the_same_seed():
    assert dice.roll_off(state(5), [0, 1, 2, 3, 4, 5]) == dice.roll_off(state(5), [0, 1, 2, 3, 4, 5])


def test_each_seat_wins_a_fair_roll_off_about_as_often():
    s = state(11)
    wins = [0, 0, 0]
    for _ in range(6000):
        wins[dice.roll_off(s, [0, 1, 2])[0]] += 1
    assert all(1800 < w < 2200 for w in wins)


def test_ultimatums_black_die_roll_off_decides_who_starts():
    winner, _ = dice.roll_off(state(), [0, 1, 2], faces=BLACK, given=[[28, 4, 28], [12, 20]])
    assert winner == 2
    refused("bad_dice", dice.roll_off, state(), [0, 1], faces=BLACK, given=[[6, 1]])


def test_caesar_is_the_highest_2d6_and_a_tie_for_highest_rolls_again():
    # 6+5 against 5+6 against 1+1: seats 0 and 1 roll again, and seat 1's 4+4 beats 3+3
    ev = []
    caesar, rounds = dice.highest(
        state(), [0, 1, 2], 2, 6, given=[[[6, 5], [5, 6], [1, 1]], [[3, 3], [4, 4]]], ev=ev, why="caesar"
    )
    assert caesar == 1
    assert len(rounds) == 2
    assert [e["dice"] for e in ev if e["e"] == "roll"] == [[6, 5], [5, 6], [1, 1], [3, 3], [4, 4]]
    refused("bad_dice", dice.highest, state(), [0, 1], 2, 6, given=[[6, 5]])


def test_caesar_can_be_rolled_by_the_box():
    caesar, rounds = dice.highest(state(3), [0, 1, 2, 3], 2, 6)
    assert caesar in (0, 1, 2, 3)
    assert all(len(d) == 2 for r in rounds for _, d in r)


# ---- a whole order of play ----


def test_munera_order_of_play_ranks_every_seat_and_rolls_each_tie_again():
    # 3, 5, 3, 5: the fives roll again first (seat 3 wins), then the threes (seat 0 wins)
    order, rounds = dice.order(state(), [0, 1, 2, 3], given=[[3, 5, 3, 5], [2, 4], [6, 1]])
    assert order == [3, 1, 0, 2]
    assert len(rounds) == 3


def test_a_three_way_tie_in_the_order_can_need_several_re_rolls():
    order, _ = dice.order(state(), [0, 1, 2], given=[[4, 4, 4], [2, 2, 5], [6, 3]])
    assert order == [2, 0, 1]
    refused("bad_dice", dice.order, state(), [0, 1, 2], given=[[4, 4, 4], [2, 2, 5]])


def test_a_rolled_order_holds_every_seat_once():
    s = state(8)
    for _ in range(200):
        order, _ = dice.order(s, [0, 1, 2, 3, 4, 5])
        assert sorted(order) == [0, 1, 2, 3, 4, 5]


# ---- paired dice ----


def test_paired_dice_are_sorted_high_to_low_and_compared_like_risk():
    assert dice.compare_pairs([2, 6], [5, 3]) == [(6, 5, 1), (2, 3, -1)]


def test_a_tied_pair_is_left_to_the_caller():
    assert dice.compare_pairs([4, 1], [4, 1]) == [(4, 4, 0), (1, 1, 0)]


def test_unpaired_dice_of_the_side_with_more_dice_are_left_out():
    # Morituri: an animal's 3 dice against a gladiator's 2
    assert dice.compare_pairs([1, 5, 3], [2, 6]) == [(5, 6, -1), (3, 2, 1)]
    assert dice.compare_pairs([], [2]) == []


def test_morituri_modifiers_apply_to_every_die_before_the_comparison():
    # moved to contact +1 against an attack from the side -1
    assert dice.compare_pairs([3, 4], [4, 5], att_mod=1, dfn_mod=-1) == [(5, 4, 1), (4, 3, 1)]


@settings(deadline=None)
@hgiven(
    st.lists(st.integers(1, 6), max_size=4),
    st.lists(st.integers(1, 6), max_size=4),
    st.integers(-3, 3),
    st.integers(-3, 3),
)
def test_pairs_are_sorted_and_each_result_says_which_die_is_higher(att, dfn, am, dm):
    pairs = dice.compare_pairs(att, dfn, am, dm)
    assert len(pairs) == min(len(att), len(dfn))
    a = [p[0] for p in pairs]
    d = [p[1] for p in pairs]
    assert a == sorted(a, reverse=True) and d == sorted(d, reverse=True)
    assert a == sorted([x + am for x in att], reverse=True)[: len(pairs)]
    for x, y, r in pairs:
        assert r == (x > y) - (x < y)


@settings(deadline=None)
@hgiven(st.lists(st.integers(1, 6), min_size=2, max_size=6), st.integers(0, 2**31))
def test_table_dice_are_accepted_exactly_when_they_are_valid(typed, seed):
    s = state(seed)
    before = copy.deepcopy(s)
    assert dice.roll(s, len(typed), 6, given=typed) == typed
    assert s == before
    bad = list(typed)
    bad[0] = 7
    with pytest.raises(Illegal):
        dice.roll(s, len(typed), 6, given=bad)
    assert s == before


@settings(deadline=None)
@hgiven(st.lists(st.lists(st.integers(1, 3), min_size=1, max_size=4), min_size=1, max_size=6))
def test_any_given_rounds_either_settle_the_roll_off_exactly_or_change_nothing(rounds):
    # rounds of low dice from any number of seats: the roll-off may refuse, but never half-way
    seats = list(range(len(rounds[0])))
    s = state()
    before = copy.deepcopy(s)
    ev = []
    try:
        winner, played = dice.roll_off(s, seats, faces=3, given=rounds, ev=ev)
    except Illegal as exc:
        assert exc.code == "bad_dice" and ev == []
    else:
        assert winner in seats and len(played) == len(rounds)
    assert s == before
