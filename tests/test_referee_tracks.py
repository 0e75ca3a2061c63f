"""referee.tracks: bounded numbers per figure, the marks rules react to, per-figure flags."""

import copy

import pytest
from hypothesis import given as hgiven
from hypothesis import settings  # deadline=None: a busy machine's timing is not what these test
from hypothesis import strategies as st

from referee import tracks
from referee.errors import Illegal

# Munera's wound marks, as its content would hold them: "lost at least half of their
# Stamina" is injured, "0 or less" must appeal, "-3 or less" is mortally wounded
MUNERA = (("injured", tracks.HALF), ("appeal", 0), ("mortal", -3))


def stamina(*starts):
    return tracks.new(list(starts), lo=None, hi="start")


def refused(want, fn, t, *args, **kw):
    before = copy.deepcopy(t)
    with pytest.raises(Illegal) as exc:
        fn(t, *args, **kw)
    assert exc.value.code == want
    assert t == before
    return exc.value


def test_a_track_is_plain_data():
    t = tracks.new([3, 3], lo=0, hi=3)
    assert t == {"at": [3, 3], "start": [3, 3], "lo": 0, "hi": 3}


def test_munera_stamina_goes_below_zero():
    t = stamina(7)
    assert tracks.sub(t, 0, 9) == 9
    assert tracks.value(t, 0) == -2


def test_munera_stamina_never_rises_above_its_start():
    t = stamina(7)
    tracks.sub(t, 0, 2)
    assert tracks.add(t, 0, 5) == 2
    assert tracks.value(t, 0) == 7


def test_morituri_hp_stops_at_zero_and_a_spared_gladiator_stands_up_with_one():
    hp = tracks.new([3, 3, 3], lo=0, hi=3)
    assert tracks.sub(hp, 1, 5) == 3
    assert tracks.value(hp, 1) == 0
    assert tracks.set_to(hp, 1, 1) == 1
    assert tracks.set_to(hp, 1, 9) == 3


def test_a_jet_bomber_leaves_the_defender_one_troop():
    troops = tracks.new([5, 1, 10], lo=0)
    assert tracks.sub(troops, 0, 12, floor=1) == 4
    assert tracks.value(troops, 0) == 1
    assert tracks.sub(troops, 1, 6, floor=1) == 0  # the last troop stays
    assert tracks.value(troops, 1) == 1


def test_a_floor_never_raises_a_value_already_below_it():
    t = tracks.new([0], lo=0)
    assert tracks.sub(t, 0, 3, floor=1) == 0
    assert tracks.value(t, 0) == 0


def test_spending_action_points_one_does_not_have_is_refused():
    ap = tracks.new([4], lo=0)
    tracks.take(ap, 0, 3)
    assert tracks.value(ap, 0) == 1
    err = refused("not_enough", tracks.take, ap, 0, 2)
    assert err.message == "2 needed, only 1 to spare"


def test_a_refusal_can_carry_the_games_own_code():
    ap = tracks.new([4], lo=0)
    assert tracks.take_problem(ap, 0, 5, code="no_ap") == ("no_ap", "5 needed, only 4 to spare")
    refused("no_ap", tracks.take, ap, 0, 5, code="no_ap")


def test_a_minefield_can_never_take_the_last_troop():
    troops = tracks.new([6], lo=0)
    tracks.take(troops, 0, 5, floor=1)
    assert tracks.value(troops, 0) == 1
    refused("not_enough", tracks.take, troops, 0, 1, floor=1)


def test_a_full_alliance_refuses_one_more_nation():
    oil = tracks.new([0, 0], lo=0, hi=6)
    for _ in range(6):
        tracks.put(oil, 0, 1)
    err = refused("too_many", tracks.put, oil, 0, 1)
    assert "room for 0 more" in err.message
    assert tracks.put_problem(oil, 1, 6) is None


def test_an_unbounded_track_never_refuses():
    hp = tracks.new([2])
    tracks.take(hp, 0, 5)
    assert tracks.value(hp, 0) == -3
    tracks.put(hp, 0, 50)
    assert tracks.value(hp, 0) == 47


def test_a_restart_sets_a_new_start_and_value():
    ap = tracks.new([0, 0], lo=0)
    tracks.restart(ap, 1, 5)  # this turn's AP roll
    assert tracks.value(ap, 1) == 5 and tracks.start(ap, 1) == 5
    combat = tracks.new([2], lo=0, hi="start")
    tracks.restart(combat, 0, 4)  # the board game's fight starts at the permanent HP
    assert tracks.top(combat, 0) == 4


def test_a_track_moves_only_by_whole_numbers_of_zero_or_more():
    t = tracks.new([3])
    for bad in (-1, 1.0, True, "1"):
        with pytest.raises(ValueError):
            tracks.add(t, 0, bad)
        with pytest.raises(ValueError):
            tracks.sub(t, 0, bad)
    assert t["at"] == [3]


# ---- marks ----


def test_a_gladiator_who_lost_half_his_stamina_is_injured():
    t = stamina(7, 8)
    tracks.sub(t, 0, 3)  # 7 -> 4: lost 3 of 7, not yet half
    assert tracks.reached(t, 0, MUNERA) == []
    before = tracks.value(t, 0)
    tracks.sub(t, 0, 1)  # 3: lost 4 of 7
    assert tracks.crossed(t, 0, before, MUNERA) == ["injured"]
    tracks.sub(t, 1, 4)  # 8 -> 4: lost exactly half
    assert tracks.reached(t, 1, MUNERA) == ["injured"]


def test_one_blow_can_cross_several_marks_and_the_rule_sees_each_once():
    t = stamina(6)
    before = tracks.value(t, 0)
    tracks.sub(t, 0, 9)  # 6 -> -3: injured, appeal and mortally wounded at once
    assert tracks.crossed(t, 0, before, MUNERA) == ["injured", "appeal", "mortal"]
    before = tracks.value(t, 0)
    tracks.sub(t, 0, 1)
    assert tracks.crossed(t, 0, before, MUNERA) == []
    assert tracks.reached(t, 0, MUNERA) == ["injured", "appeal", "mortal"]


def test_zero_stamina_or_less_means_an_appeal():
    t = stamina(5)
    before = tracks.value(t, 0)
    tracks.sub(t, 0, 5)
    assert "appeal" in tracks.crossed(t, 0, before, MUNERA)


def test_rising_back_over_a_mark_is_reported_too():
    hp = tracks.new([3], lo=0, hi=3)
    marks = (("lying", 0),)
    tracks.sub(hp, 0, 3)
    before = tracks.value(hp, 0)
    tracks.set_to(hp, 0, 1)
    assert tracks.crossed(hp, 0, before, marks) == ["lying"]
    assert tracks.reached(hp, 0, marks) == []


def test_the_board_games_crowd_looks_at_one_hp():
    hp = tracks.new([4, 1], lo=0)
    marks = (("crowd", 1), ("dead", 0))
    before = tracks.value(hp, 0)
    tracks.sub(hp, 0, 3)
    assert tracks.crossed(hp, 0, before, marks) == ["crowd"]
    assert tracks.level(hp, 0, tracks.HALF) == 2


# ---- flags ----


def test_flags_are_small_ints_per_figure():
    fl = tracks.flags(3)
    assert fl == [0, 0, 0]
    assert tracks.raise_flag(fl, 1, tracks.DOWN) == 1
    assert tracks.raise_flag(fl, 1, tracks.ENTANGLED) == 1
    assert fl == [0, tracks.DOWN | tracks.ENTANGLED, 0]
    assert tracks.has(fl, 1, tracks.DOWN) and not tracks.has(fl, 0, tracks.DOWN)


def test_knocked_down_while_already_down_is_told_apart():
    fl = tracks.flags(2)
    assert tracks.raise_flag(fl, 0, tracks.DOWN) == 1
    assert tracks.raise_flag(fl, 0, tracks.DOWN) == 0  # Munera: already down -> appeal


def test_a_knocked_down_gladiator_stands_up():
    fl = tracks.flags(1)
    tracks.raise_flag(fl, 0, tracks.DOWN)
    assert not tracks.standing(fl, 0)
    assert tracks.lower_flag(fl, 0, tracks.DOWN) == 1
    assert tracks.lower_flag(fl, 0, tracks.DOWN) == 0
    assert tracks.standing(fl, 0)


def test_walkers_skip_the_figures_that_are_out():
    fl = tracks.flags(4)
    tracks.raise_flag(fl, 1, tracks.OUT)
    tracks.raise_flag(fl, 2, tracks.LYING)
    assert tracks.without_flag(fl, tracks.OUT) == [0, 2, 3]
    assert tracks.with_flag(fl, tracks.NOT_STANDING) == [1, 2]


def test_the_shared_flags_are_distinct_bits():
    bits = [tracks.DOWN, tracks.ENTANGLED, tracks.LYING, tracks.OUT]
    for b in bits:
        assert b & (b - 1) == 0
    assert len(set(bits)) == 4


# ---- properties ----

BOUND = st.one_of(st.none(), st.integers(-5, 5))
STEP = st.tuples(st.sampled_from(["add", "sub", "take", "put", "set"]), st.integers(0, 12))


@settings(deadline=None)
@hgiven(
    st.integers(-3, 8),
    BOUND,
    st.one_of(st.none(), st.integers(0, 12), st.just("start")),
    st.lists(STEP, max_size=30),
    st.one_of(st.none(), st.integers(-2, 3)),
)
def test_a_track_stays_within_its_bounds_whatever_happens(start, lo, hi, steps, floor):
    if type(hi) is int and lo is not None and hi < lo:
        hi = lo
    if hi == "start" and lo is not None and start < lo:
        with pytest.raises(ValueError):
            tracks.new([start], lo=lo, hi=hi)
        return
    t = tracks.new([start], lo=lo, hi=hi)
    for op, n in steps:
        before = tracks.value(t, 0)
        if op == "add":
            assert tracks.add(t, 0, n) == tracks.value(t, 0) - before >= 0
        elif op == "sub":
            assert tracks.sub(t, 0, n, floor) == before - tracks.value(t, 0) >= 0
        elif op == "set":
            tracks.set_to(t, 0, n - 6)
        else:
            fn = tracks.take if op == "take" else tracks.put
            snapshot = copy.deepcopy(t)
            try:
                fn(t, 0, n)
            except Illegal:
                assert t == snapshot
            else:
                assert tracks.value(t, 0) == before + (n if op == "put" else -n)
        v = tracks.value(t, 0)
        if lo is not None:
            assert v >= lo
        top = tracks.top(t, 0)
        if top is not None:
            assert v <= top


@settings(deadline=None)
@hgiven(st.integers(1, 12), st.integers(-20, 20), st.integers(-20, 20))
def test_crossed_marks_are_those_whose_side_changed(start, a, b):
    t = tracks.new([start])
    tracks.set_to(t, 0, a)
    tracks.set_to(t, 0, b)
    got = tracks.crossed(t, 0, a, MUNERA)
    for name, level in MUNERA:
        lv = tracks.level(t, 0, level)
        assert (name in got) == ((a <= lv) != (b <= lv))
    # going there and back crosses the same marks
    back = tracks.new([start])
    tracks.set_to(back, 0, a)
    assert tracks.crossed(back, 0, b, MUNERA) == got


@settings(deadline=None)
@hgiven(st.integers(1, 12), st.integers(0, 30))
def test_injured_is_exactly_at_least_half_of_the_start_lost(start, lost):
    t = stamina(start)
    tracks.sub(t, 0, lost)
    assert ("injured" in tracks.reached(t, 0, MUNERA)) == (2 * lost >= start)
