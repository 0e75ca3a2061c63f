"""Whole random Ultimatum games: they end, replay to the same digest, and show no generator state."""

from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from games.ultimatum import randomplay, rules
from games.ultimatum.state import has_won
from referee import engine
from referee.errors import Illegal

CAP = 100000  # actions: random games end in 3,000-35,000 (a few seconds); a stuck game would hit it

SETTINGS = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)


@SETTINGS
@given(st.integers(2, 6), st.integers(0, 2**30))
@example(6, 276987)  # 34,205 actions, and a fleet of more than 999 battleships to sail
def test_random_legal_play_of_whole_games_ends_with_a_winner(players, seed):
    game = randomplay.play(players, seed, CAP)
    assert game.phase == "over", "no winner after %d actions" % len(game.log)
    s = game.state
    assert has_won(s, s["winner"])
    # the money is all counted: every purse plus the bank is zero-sum
    total = s["bank"]
    for purse in s["purses"].values():
        total += sum(purse)
    assert total == 0


def test_a_replay_and_a_restore_give_the_same_game():
    game = randomplay.play(3, 7, 2500)
    again = engine.replay(rules.RULES, game.setup, list(game.log))
    assert again.digest() == game.digest()
    data = game.to_data()
    assert data["game"] == "ultimatum"
    assert engine.restore(rules.RULES, data).digest() == game.digest()
    data["digest"] = "00000000"
    try:
        engine.restore(rules.RULES, data)
        raise AssertionError("a wrong digest was restored")
    except Illegal as exc:
        assert exc.code == "bad_log"


def test_views_show_the_board_the_purses_and_card_counts_never_the_generator():
    game = randomplay.play(4, 3, 800)
    view = game.public_view()
    assert "rng" not in view and "rng" not in game.seat_view(2)
    assert game.seat_view(2)["seat"] == 2
    assert view["purses"] == game.state["purses"] and view["cards"] == game.state["cards"]
    assert len(view["alliances"]) == 4 and sum(sum(c) for c in view["alliances"]) == 37
    view["owner"][0] = 99  # a copy: the state is untouched
    assert game.state["owner"][0] != 99


def test_a_refused_action_changes_nothing_and_says_why():
    game = randomplay.play(2, 1, 300)
    before = game.digest()
    for action in (
        {"a": "fly", "p": 0},
        "junk",
        {"a": "attack", "p": 9, "from": 0, "to": 1},
        {"a": "buy", "p": game.state["active"], "kind": "troop", "n": 0, "at": 0},
    ):
        try:
            game.apply(action)
            raise AssertionError("accepted %r" % (action,))
        except Illegal as exc:
            assert exc.code in ("unknown_action", "bad_action", "wrong_phase", "not_your_turn") and exc.message
    assert game.digest() == before
