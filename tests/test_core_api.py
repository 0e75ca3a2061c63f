"""The core's public API: actions as data, refusals, the log, replay, digest and views."""

import json

import pytest

from games.ultimus import randomplay
from games.ultimus.cardtext import CardTextError, parse_line
from games.ultimus.errors import Illegal
from games.ultimus.rng import MASK32, Rng, below, next_state, seed_state, shuffle_in_place
from games.ultimus.rules import RULES, new_setup
from games.ultimus.yelling import CARDS
from referee.engine import Game, replay, restore
from scenario import refused, start_battle


def test_a_seed_and_the_actions_give_the_same_game():
    a = randomplay.play(6, 99, battles=2, stop_at_battle_end=False)
    b = replay(RULES, a.setup, a.log)
    assert b.digest() == a.digest() and b.state == a.state
    assert randomplay.play(6, 100).digest() != randomplay.play(6, 99).digest()


def test_the_log_is_plain_json_and_restores_the_game():
    game = randomplay.play(4, 5)
    data = json.loads(json.dumps(game.to_data()))
    assert restore(RULES, data).digest() == game.digest()


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: d.update(digest="00000000"),
        lambda d: d["log"].insert(3, {"a": "clamo"}),
        lambda d: d["log"].__setitem__(5, {"a": "fly"}),
        lambda d: d.pop("setup"),
        lambda d: d["setup"].update(players=9),
    ],
)
def test_a_corrupt_saved_game_is_refused_with_a_clear_error(corrupt):
    data = json.loads(json.dumps(randomplay.play(3, 8).to_data()))
    corrupt(data)
    with pytest.raises(Illegal) as info:
        restore(RULES, data)
    assert info.value.code in ("bad_log", "bad_setup")


@pytest.mark.parametrize(
    "action,code",
    [
        (None, "bad_action"),
        ([1, 2], "bad_action"),
        ({}, "unknown_action"),
        ({"a": 5}, "unknown_action"),
        ({"a": "fly"}, "unknown_action"),
        ({"a": "commit"}, "bad_action"),
        ({"a": "commit", "p": "0", "shout": 0}, "bad_action"),
        ({"a": "commit", "p": 7, "shout": 0}, "bad_action"),
        ({"a": "commit", "p": 0, "shout": 2}, "bad_action"),
        ({"a": "commit", "p": 0, "shout": 1, "c": 999}, "bad_action"),
        ({"a": "think", "p": 0, "c": "x"}, "wrong_phase"),
        ({"a": "next"}, "wrong_phase"),
    ],
)
def test_malformed_and_out_of_place_actions_are_refused_with_a_stable_code(action, code):
    game = start_battle(3, seed=1)
    err = refused(game, action, code)
    assert err.message


def test_an_unexpected_failure_inside_the_core_rebuilds_the_state_from_the_log(monkeypatch):
    from games.ultimus.flow import FLOW

    game = start_battle(3, seed=1)
    s = game.state
    before = game.digest()

    def half_done(s, a, ev):
        s["hp"][0] = 1
        raise KeyError("a bug")

    shout = FLOW._now["full"]["shout"]  # the table apply looks actions up in
    monkeypatch.setitem(shout, "commit", (shout["commit"][0], half_done) + shout["commit"][2:])
    with pytest.raises(Illegal) as info:
        game.apply({"a": "commit", "p": 0, "shout": 0})
    assert info.value.code == "internal"
    assert game.digest() == before and game.state is s


def test_the_digest_changes_with_any_change_of_state():
    game = start_battle(3, seed=1)
    d = game.digest()
    assert len(d) == 8 and int(d, 16) >= 0
    game.state["hp"][3] -= 1
    assert game.digest() != d


def test_the_generator_is_deterministic_and_unbiased_enough():
    rng = Rng(12345)
    draws = [rng.below(6) for _ in range(6000)]
    assert draws == [x for x in [Rng(12345).below(6)] + draws[1:]]
    for face in range(6):
        assert 850 < draws.count(face) < 1150
    assert seed_state(0) != 0 and below(seed_state(1), 1)[1] == 0


def _textbook_below(state, n):
    """Rejection sampling as written in every textbook: the limit worked out for every draw."""
    limit = (MASK32 + 1) - ((MASK32 + 1) % n)
    while True:
        state = next_state(state)
        if state < limit:
            return state, state % n


@pytest.mark.parametrize("n", [1, 2, 6, 80, 1000, (1 << 31) + 1, (1 << 32) - 1, 3 << 30])
def test_draws_skip_the_limit_only_where_it_cannot_reject(n):
    # Large n make the rejected range wide (about half of all draws for 2**31 + 1), so both the
    # short cut and the exact limit are taken; every draw must be the textbook's.
    state = seed_state(n)
    for _ in range(2000):
        expected = _textbook_below(state, n)
        assert below(state, n) == expected
        state = expected[0]
    rng, items = Rng(0), list(range(min(n, 50)))
    rng.state = state
    for _ in range(200):
        after, r = _textbook_below(rng.state, len(items))
        assert rng.choice(items) == items[r] and rng.state == after


class _Numbers:
    """range(n) for any n, even one no list could hold: for Rng.choice, which needs only len() and []."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return i


def _before(x):
    """The xorshift32 state whose next state is x (each of its three steps undone, last first)."""
    for shift, left in ((5, True), (17, False), (13, True)):
        y = x
        for _ in range(32 // shift + 1):  # x = y ^ (y << shift): y again from x, shift by shift
            y = x ^ (((y << shift) & MASK32) if left else (y >> shift))
        x = y
    return x


def test_choice_takes_the_textbook_draws_where_half_of_them_are_rejected():
    rng, numbers = Rng(0), _Numbers((1 << 31) + 1)
    # the draws above 2**32 - 1 - n that are still below the limit (accepted), the limit itself (rejected)
    for start in (seed_state(5), _before(1 << 31), _before((1 << 31) - 1), _before((1 << 31) + 1)):
        rng.state = start
        for _ in range(50):
            after, r = _textbook_below(rng.state, numbers.n)
            assert rng.choice(numbers) == r and rng.state == after


def test_the_shuffle_is_fisher_yates_with_the_textbook_draws():
    # For 80 cards the limit is 2**32 - 16: a first draw of 2**32 - 50 is above 2**32 - 1 - 80, where the
    # short cut does not decide, and accepted; one of 2**32 - 4 is rejected.
    starts = (seed_state(7), _before(MASK32 - 49), _before(MASK32 - 3))
    assert next_state(starts[2]) == MASK32 - 3 and below(starts[2], 80)[0] != MASK32 - 3
    for state in starts:
        deck, textbook = list(range(80)), list(range(80))
        after = shuffle_in_place(state, deck)
        for i in range(79, 0, -1):
            state, j = _textbook_below(state, i + 1)
            textbook[i], textbook[j] = textbook[j], textbook[i]
        assert deck == textbook and after == state


def test_the_content_has_eighty_yelling_cards_and_bad_card_text_is_refused():
    assert len(CARDS) == 80
    assert sum(1 for c in CARDS if c[2]) == 4
    for bad in ("2x tigris: Q3", "1x nobody: M1", "x tigris: M1", "1x tigris: U3", "1x tigris: M2k", "1x special fly:"):
        with pytest.raises(CardTextError):
            parse_line(bad)


def test_legal_actions_need_no_knowledge_of_the_rules():
    game = Game(RULES, new_setup(2, 3))
    assert game.legal_actions(-1) == [{"a": "draw_loudest"}]
    assert game.actors() == []
    game.apply({"a": "draw_loudest"})
    assert game.actors() == [0, 1]


@pytest.mark.parametrize(
    "action",
    [
        {"a": "commit", "p": 0, "shout": 0, "x": 1.5},
        {"a": "commit", "p": 0, "shout": 0, "x": float("inf")},
        {"a": "commit", "p": 0, "shout": 0, "x": {"y": 1}},
        {"a": "commit", "p": 0, "shout": 0, "x": [[[[1]]]]},
        {"a": "commit", "p": 0, "shout": 0, "x": list(range(65))},
        {"a": "commit", "p": True, "shout": 0},
    ],
)
def test_an_action_with_a_float_or_nested_data_is_refused_at_the_door(action):
    """0.1.0 took {"a": "think", "c": [7.0]} and journaled it; then every digest failed."""
    game = start_battle(3, seed=1)
    refused(game, action, "bad_action")
    json.dumps(game.to_data(), allow_nan=False)


def test_before_the_reveal_the_public_view_does_not_tell_who_shouted():
    """A shout lays a card face down; the hand sizes must not betray it before CLAMO."""
    shouted, thought = start_battle(3, seed=4), start_battle(3, seed=4)
    card = shouted.state["hands"][0][0]
    shouted.apply({"a": "commit", "p": 0, "shout": 1, "c": card})
    thought.apply({"a": "commit", "p": 0, "shout": 0})
    assert shouted.public_view() == thought.public_view()
