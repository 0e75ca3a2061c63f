"""Morituri's one source of legality, held in both directions over random whole games.

Every listed action is accepted; every accepted action of a bounded candidate
space (every action name, every seat and the referee, every figure, menu and
thumb within generous bounds, including values that must be refused) is
listed. Candidates use the spelling legal_actions uses (melee menus written
out, no dice), so the two sets compare as sets of JSON.
"""

import copy
import json

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.morituri import randomplay, rules
from games.morituri.content import MENU
from games.morituri.flow import FLOW
from referee import engine
from referee.errors import Illegal
from referee.rng import Rng

SETTINGS = settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)


def key(action):
    return json.dumps(action, sort_keys=True)


def candidates(s):
    n = len(s["cls"])
    figs = range(-1, n + 1)
    menus = range(len(MENU) + 1)
    out: list = [{"a": "initiative"}]
    for p in range(s["players"]):
        out.append({"a": "end_melee", "p": p})
        for up in (0, 1, 2):
            out.append({"a": "thumb", "p": p, "up": up})
        for f in figs:
            out.append({"a": "activate", "p": p, "f": f})
            out.append({"a": "implore", "p": p, "f": f})
            for t in figs:
                if p == s["caesar"]:
                    for fm in menus:
                        for tm in menus:
                            out.append({"a": "melee", "p": p, "f": f, "t": t, "fm": fm, "tm": tm})
                else:
                    out.append({"a": "melee", "p": p, "f": f, "t": t, "fm": 0, "tm": 0})
    assert all(a["a"] in FLOW.known for a in out)
    return out


def accepts(s, action):
    trial = copy.deepcopy(s)
    try:
        engine.apply(rules, trial, action)
    except Illegal as exc:
        assert exc.code != "internal"
        return False
    return True


def check_both_directions(game):
    s = game.state
    before = game.digest()
    shown = []
    for seat in range(-1, s["players"]):
        shown += game.legal_actions(seat)
    shown_keys = set(key(a) for a in shown)
    assert len(shown_keys) == len(shown), "an action is listed twice"
    for a in shown:
        assert accepts(s, a), "listed but refused: %r" % (a,)
    for a in candidates(s):
        if key(a) in shown_keys:
            continue
        try:  # on the game's own state: a refusal changes nothing (the digest below holds it to that)
            engine.apply(rules, s, a)
        except Illegal as exc:
            assert exc.code != "internal"
            continue
        raise AssertionError("accepted but not listed: %r (phase %s)" % (a, s["phase"]))
    assert game.digest() == before
    actors = game.actors()
    for seat in range(s["players"]):
        assert bool(game.legal_actions(seat)) == (seat in actors)


def walk(seed, stride):
    game = engine.Game(rules, randomplay.setup_for(seed))
    rng = Rng(seed)
    for step in range(3000):
        if step % stride == 0:
            check_both_directions(game)
        if game.phase == "over":
            break
        game.apply(randomplay.choose_action(game, rng))
    check_both_directions(game)
    return game


@SETTINGS
@given(st.integers(0, 2**30))
def test_morituri_lists_exactly_what_it_accepts(seed):
    walk(seed, 4)


def test_morituri_legality_on_fixed_seeds_every_step():
    for seed in (0, 1, 2):
        assert walk(seed, 1).phase == "over"
