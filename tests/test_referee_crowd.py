"""referee.crowd: verdicts with natural rolls, the queue of questions, the thumb's override."""

import copy

import pytest
from hypothesis import given as hgiven
from hypothesis import settings  # deadline=None: a busy machine's timing is not what these test
from hypothesis import strategies as st

from referee import crowd
from referee.errors import Illegal
from referee.rng import seed_state


def state(**more):
    s: dict = {"rng": seed_state(3), "caesar": 2, "loudest": 1}  # a game state: values of every kind
    s.update(more)
    return s


def refused(want, fn, s, *args, **kw):
    before = copy.deepcopy(s)
    with pytest.raises(Illegal) as exc:
        fn(s, *args, **kw)
    assert exc.value.code == want
    assert s == before
    return exc.value


def munera_appeal(total, natural):
    return crowd.verdict(total, 7, natural, natural_yes=(12,), natural_no=(2,))


# ---- verdicts ----


def test_a_munera_appeal_of_seven_or_more_spares():
    assert munera_appeal(7, 7) == crowd.YES
    assert munera_appeal(6, 8) == crowd.NO  # 8 rolled, -2 unwounded


def test_a_natural_twelve_spares_whatever_the_modifiers():
    assert munera_appeal(12 - 6, 12) == crowd.YES


def test_a_natural_two_kills_whatever_the_modifiers():
    assert munera_appeal(2 + 7, 2) == crowd.NO


def test_morituri_implore_needs_five_on_the_first_appeal_and_six_later():
    assert crowd.verdict(5, 5) == crowd.YES
    assert crowd.verdict(5, 6) == crowd.NO
    assert crowd.verdict(5 + 1, 6) == crowd.YES  # +1: he killed another


def test_the_board_games_natural_two_misses_and_natural_twelve_hits():
    hit = dict(natural_yes=(12,), natural_no=(2,))
    assert crowd.verdict(2 + 9, 10, 2, **hit) == crowd.NO
    assert crowd.verdict(12, 13, 12, **hit) == crowd.YES  # a target above 12 still falls to a 12


def test_the_board_games_crowd_shows_mercy_on_three_or_more():
    assert crowd.verdict(2, 3) == crowd.NO  # the crowd wants blood: one more round
    assert crowd.verdict(3, 3) == crowd.YES


@settings(deadline=None)
@hgiven(st.integers(-10, 25), st.integers(-5, 20), st.integers(2, 12))
def test_a_verdict_is_the_target_unless_a_natural_roll_overrides_it(total, target, nat):
    got = crowd.verdict(total, target, nat, (12,), (2,))
    if nat == 12:
        assert got == crowd.YES
    elif nat == 2:
        assert got == crowd.NO
    else:
        assert got == (crowd.YES if total >= target else crowd.NO)


def test_an_appeal_rolls_adds_and_judges_with_events():
    ev = []
    yes, dice, total = crowd.appeal(state(), 4, 2, 6, -3, 7, (12,), (2,), given=[6, 6], ev=ev)
    assert (yes, dice, total) == (crowd.YES, [6, 6], 9)
    assert ev[0]["e"] == "roll" and ev[0]["table"] == 1
    assert ev[1] == {"e": "verdict", "who": 4, "dice": [6, 6], "total": 9, "target": 7, "yes": 1, "why": "appeal"}
    yes, _, total = crowd.appeal(state(), 4, 2, 6, +9, 7, (12,), (2,), given=[1, 1])
    assert (yes, total) == (crowd.NO, 11)


def test_an_appeal_with_bad_table_dice_changes_nothing():
    refused("bad_dice", crowd.appeal, state(), 0, 1, 6, 0, 5, given=[8])


def test_the_box_rolls_an_appeal_when_no_dice_are_typed():
    s = state()
    yes, dice, total = crowd.appeal(s, 0, 1, 6, 1, 6)
    assert len(dice) == 1 and total == dice[0] + 1
    assert yes == (1 if total >= 6 else 0)
    assert s["rng"] != state()["rng"]


# ---- the thumb ----


def test_caesars_thumb_with_the_crowd_has_no_consequence():
    assert crowd.override(crowd.YES, 1) == (crowd.YES, 0)
    assert crowd.override(crowd.NO, 0) == (crowd.NO, 0)


def test_caesars_thumb_against_the_crowd_decides_and_is_flagged():
    assert crowd.override(crowd.YES, 0) == (crowd.NO, 1)
    assert crowd.override(crowd.NO, 1) == (crowd.YES, 1)


# ---- the queue of questions ----


def test_questions_are_answered_first_come_first_served():
    s = state()
    crowd.ask(s, "questions", 2, "implore", {"g": 5})
    crowd.ask(s, "questions", 2, "implore", {"g": 1})
    assert s["questions"] == [
        {"who": 2, "kind": "implore", "data": {"g": 5}},
        {"who": 2, "kind": "implore", "data": {"g": 1}},
    ]
    assert crowd.pending(s, "questions") == {"who": 2, "kind": "implore", "data": {"g": 5}}
    assert crowd.answer(s, "questions", 2, 1)["data"] == {"g": 5}
    assert crowd.waiting(s, "questions") == 1


def test_only_the_asked_seat_answers():
    s = state()
    crowd.ask(s, "questions", 0, "mercy", {"g": 0})
    err = refused("not_asked", crowd.answer, s, "questions", 1, 1)
    assert err.message
    assert crowd.answer_problem(s, "questions", 0) is None


def test_nothing_to_answer_is_refused():
    refused("no_question", crowd.answer, state(), "questions", 0, 1)
    refused("no_question", crowd.answer, state(questions=[]), "questions", 0, 1)


def test_every_thumb_may_answer_a_question_for_anyone():
    # Munera: "the thumbs confirm he is adjacent in an opponent's frontal arc"
    s = state()
    crowd.ask(s, "questions", crowd.ANYONE, "adjacent", {"g": 3})
    assert crowd.answer_problem(s, "questions", 5) is None
    assert crowd.answer_problem(s, "questions", -1) is None


def test_a_question_for_caesar_goes_to_whoever_is_caesar_when_it_is_answered():
    s = state()
    ev = []
    crowd.ask(s, "questions", "caesar", "implore", {"g": 4, "crowd": 1}, ev=ev)
    assert ev == [{"e": "ask", "kind": "implore", "who": 2, "data": {"g": 4, "crowd": 1}}]
    s["caesar"] = 0
    refused("not_asked", crowd.answer, s, "questions", 2, 1)
    ev = []
    assert crowd.answer(s, "questions", 0, 0, ev=ev)["data"]["g"] == 4
    assert ev == [{"e": "answer", "kind": "implore", "who": 0, "yes": 0}]


def test_withdrawn_questions_are_not_asked_any_more():
    s = state()
    crowd.ask(s, "q", 0, "implore", {"g": 1})
    crowd.ask(s, "q", 0, "push", {"g": 1})
    crowd.ask(s, "q", 0, "implore", {"g": 2})
    assert crowd.withdraw(s, "q", "implore", {"g": 2}) == 1
    assert crowd.waiting(s, "q", "implore") == 1
    assert crowd.withdraw(s, "q", "implore") == 1
    assert [q["kind"] for q in s["q"]] == ["push"]
    assert crowd.withdraw(s, "nothing", "push") == 0


def test_morituri_implore_caesar_overrides_the_crowd_and_sits_out_the_next_initiative():
    s = state(barred=[])
    ev = []
    # gladiator 4 is at 0 HP: first appeal, he killed another (+1); the table rolled a 3
    yes, _, _ = crowd.appeal(s, 4, 1, 6, 1, 5, given=[3], ev=ev, why="implore")
    assert yes == crowd.NO
    crowd.ask(s, "questions", "caesar", "implore", {"g": 4, "crowd": yes}, ev=ev)
    q = crowd.answer(s, "questions", s["caesar"], 1, ev=ev)
    final, overridden = crowd.override(q["data"]["crowd"], 1)
    if overridden:
        s["barred"].append(s["caesar"])
    assert (final, s["barred"]) == (crowd.YES, [2])
    assert [e["e"] for e in ev] == ["roll", "verdict", "ask", "answer"]


# ---- ULTIMUS's pollice verso fits the queue as it is ----

PV = ("no_pollice_verso", "no gladiator waits for the pollice verso")
LOUDEST = ("not_loudest", "only the loudest spectator turns the thumb")


def test_the_pollice_verso_queue_holds_ultimus_entries_unchanged():
    s = state(pollice_verso=[])
    crowd.ask(s, "pollice_verso", None, None, [3, 0])
    crowd.ask(s, "pollice_verso", None, None, [5, 2])
    assert s["pollice_verso"] == [[3, 0], [5, 2]]  # exactly ULTIMUS's state
    assert crowd.pending(s, "pollice_verso") == [3, 0]
    assert crowd.waiting(s, "pollice_verso") == 2


def test_only_the_loudest_spectator_turns_the_thumb_with_ultimus_codes():
    s = state(pollice_verso=[[3, 0]])
    refused("not_loudest", crowd.answer, s, "pollice_verso", 0, 1, who="loudest", none=PV, wrong=LOUDEST)
    g, attacker = crowd.answer(s, "pollice_verso", 1, 1, who="loudest", none=PV, wrong=LOUDEST)
    assert (g, attacker) == (3, 0)
    err = refused("no_pollice_verso", crowd.answer, s, "pollice_verso", 1, 1, who="loudest", none=PV, wrong=LOUDEST)
    assert err.message == PV[1]


@settings(deadline=None)
@hgiven(st.lists(st.tuples(st.integers(-1, 3), st.integers(0, 3)), max_size=12), st.integers(-1, 3))
def test_an_answer_is_accepted_exactly_when_answer_problem_allows_it(asks, seat):
    s = state()
    for who, g in asks:
        crowd.ask(s, "q", who, "k", {"g": g})
    before = copy.deepcopy(s)
    problem = crowd.answer_problem(s, "q", seat)
    try:
        q = crowd.answer(s, "q", seat, 1)
    except Illegal as exc:
        assert problem == (exc.code, exc.message)
        assert s == before
    else:
        assert problem is None
        assert q == before["q"][0] and s["q"] == before["q"][1:]
