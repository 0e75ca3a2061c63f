"""Flow.seat_now, the box screens' one question of who acts, agrees with the flow's full answer
(referee.acting.actors, with the pre-checks) at every step of random games of every game of the registry."""

import pytest

from referee import acting
from referee.rng import Rng
from ultimus_host import registry
from ultimusbox import games


@pytest.mark.parametrize("name", games.names())
def test_the_seat_a_screen_is_told_acts_is_one_the_flow_lists_as_acting(name):
    host = registry.get(name)
    checked = 0
    for k in range(len(host.examples)):
        for seed in (1, 2):
            game, choose = host.random_game(k, seed)
            rules, s, rng = game.rules, game.state, Rng(seed)
            for _ in range(300):
                if s["phase"] == rules.FLOW.end:
                    break
                seat = rules.FLOW.seat_now(rules.variant(s), s)
                actors = acting.actors(rules, s)
                where = (name, k, seed, s["phase"], seat, actors)
                if seat >= 0:
                    assert seat in actors, where
                    checked += 1
                if acting.main_seat(rules, s) is not None:
                    assert seat == actors[0], where
                action = choose(game, rng)
                if action is None:
                    break
                game.apply(action)
    assert checked > 0
