"""Legality both ways, for every game's property test (OpenSpiel's LegalActions as the one list).

check_both_directions(rules, game, candidates): every action listed for any seat (and the referee)
is accepted; every candidate from an enumerated space of bounded parameters that apply accepts is
listed; a refusal changes nothing (the digest holds the state to it), no refusal is "internal", and
the seats with something to do (actors) are exactly those with a legal action.
"""

import json
import os
import pickle

from hypothesis import HealthCheck, Phase, settings

from referee import engine
from referee.errors import Illegal


def examples(dev, ci):
    """How many random whole games a legality property plays: `dev` on a developer's run, `ci` under the
    ci profile (HYPOTHESIS_PROFILE=ci, tests/conftest.py). Each example is a game checked both ways at
    many of its positions; the counts are set from what one costs (an Ultimatum walk about 8 s of CPU, a
    Munera bout 0.05 s), so that the ci run meets many more seeds and table sizes without taking hours."""
    return ci if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else dev


SETTINGS = settings(
    max_examples=examples(8, 30),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)


def key(action):
    """An action as a set member: its sorted fields where they are plain values (every candidate's are, and a
    legality property compares hundreds of thousands of them), its sorted JSON where one is a list or a dict."""
    fields = tuple(sorted(action.items()))
    try:
        hash(fields)
    except TypeError:
        return json.dumps(action, sort_keys=True)
    return fields


def accepts(rules, s, action):
    """Whether apply takes the action, tried on a copy of the state."""
    trial = pickle.loads(pickle.dumps(s, -1))  # a deep copy, five times deepcopy's speed on a game's state
    try:
        engine.apply(rules, trial, action)
    except Illegal as exc:
        assert exc.code != "internal", exc
        return False
    return True


def listed(game):
    """Every action listed now, for every seat and the referee."""
    shown = []
    for seat in range(-1, game.state["players"]):
        shown += game.legal_actions(seat)
    return shown


def check_both_directions(rules, game, candidates, listing=listed):
    """candidates(s): the enumerated actions to try on the game's state; listing(game): what is listed (a game
    with more than one list, ULTIMUS's trades, gives all of them)."""
    s = game.state
    before = game.digest()
    phase = s["phase"]
    shown = listing(game)
    shown_keys = set(key(a) for a in shown)
    assert len(shown_keys) == len(shown), "an action is listed twice"
    for a in shown:
        assert accepts(rules, s, a), "listed but refused: %r (phase %s)" % (a, phase)
    for a in candidates(s):
        if key(a) in shown_keys:
            continue
        try:  # on the game's own state: a refusal changes nothing (the digest below holds it to that)
            engine.apply(rules, s, a)
        except Illegal as exc:
            assert exc.code != "internal", exc
            continue
        raise AssertionError("accepted but not listed: %r (phase %s)" % (a, phase))
    assert game.digest() == before
    acting = [p for p in range(s["players"]) if game.legal_actions(p)]
    assert sorted(game.actors()) == acting, "actors %r, with legal actions %r" % (game.actors(), acting)
    return shown
