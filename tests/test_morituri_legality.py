"""Morituri's one source of legality, held in both directions over random whole games.

Every listed action is accepted; every accepted action of a bounded candidate
space (every action name, every seat and the referee, every figure, menu and
thumb within generous bounds, including values that must be refused) is
listed. Candidates use the spelling legal_actions uses (melee menus written
out, no dice), so the two sets compare as sets of JSON.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

import legality
from games.morituri import randomplay, rules
from games.morituri.content import MENU
from games.morituri.flow import FLOW
from legality import SETTINGS, examples, key  # noqa: F401  (key: for this file's candidates)
from referee import engine
from referee.rng import Rng


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


def check_both_directions(game):
    shown = legality.check_both_directions(rules.RULES, game, candidates)
    return shown


def walk(seed, stride):
    game = engine.Game(rules.RULES, randomplay.setup_for(seed))
    rng = Rng(seed)
    for step in range(3000):
        if step % stride == 0:
            check_both_directions(game)
        if game.phase == "over":
            break
        game.apply(randomplay.choose_action(game, rng))
    check_both_directions(game)
    return game


@settings(SETTINGS, max_examples=examples(20, 100))
@given(st.integers(0, 2**30))
def test_morituri_lists_exactly_what_it_accepts(seed):
    walk(seed, 4)


def test_morituri_legality_on_fixed_seeds_every_step():
    for seed in (0, 1, 2):
        assert walk(seed, 1).phase == "over"
