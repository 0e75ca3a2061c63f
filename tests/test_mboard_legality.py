"""The Morituri board game's one source of legality, held in both directions over random whole games.

Every listed action is accepted; every accepted action of a bounded candidate
space (every action name, every seat and the referee, hit point spaces,
pennants, opponents, card choices and hit point changes within generous
bounds, including values that must be refused) is listed. Candidates use the
spelling legal_actions uses (opponents clockwise from the mover, a kept card
with its discard list in slot order, no dice), so the two compare as sets of JSON.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

import legality
from games.morituri_board import kit, randomplay, rules
from games.morituri_board.content import CARD_NAMES
from games.morituri_board.flow import FLOW
from games.morituri_board.legal import subsets
from legality import SETTINGS, examples, key  # noqa: F401  (key: for this file's candidates)
from referee import engine
from referee.rng import Rng


def candidates(s):
    n = s["players"]
    out: list = [{"a": "roll_off"}, {"a": "round"}]
    for p in range(n):
        for name in ("move", "nothing", "draw", "roma", "debt", "other", "crowd", "beast", "wait"):
            out.append({"a": name, "p": p})
        for k in range(0, 8):
            out.append({"a": "hp_space", "p": p, "k": k})
        clockwise = [(p + i) % n for i in range(n)]  # himself first: refused
        for pennants in range(0, 5):
            for vs in subsets(clockwise):
                out.append({"a": "arena", "p": p, "pennants": pennants, "vs": vs})
        for x in range(-6, 7):
            out.append({"a": "flux", "p": p, "n": x})
        for up in (0, 1, 2):
            out.append({"a": "thumb", "p": p, "up": up})
        held = []
        for q in range(n):
            held += [c for c in kit.held(s["kit"][q]) if c not in held]
        for c in CARD_NAMES + ("bogus",):
            out.append({"a": "lose", "p": p, "c": c})
            out.append({"a": "card", "p": p, "c": c, "keep": 0})
            out.append({"a": "card", "p": p, "c": c, "keep": 2})
            for discard in subsets([c for c in CARD_NAMES if c in held]):
                ordered = sorted(discard, key=kit.slot_index)
                out.append({"a": "card", "p": p, "c": c, "keep": 1, "discard": ordered})
    assert all(a["a"] in FLOW.known for a in out)
    return out


def check_both_directions(game):
    shown = legality.check_both_directions(rules.RULES, game, candidates)
    if game.state["phase"] != "over":
        assert shown, "nobody can act in phase %s" % game.state["phase"]
    return shown


def walk(seed, stride):
    game = engine.Game(rules.RULES, randomplay.setup_for(seed))
    chooser = randomplay.Chooser(game.state["players"])
    rng = Rng(seed)
    for step in range(3000):
        if step % stride == 0:
            check_both_directions(game)
        if game.phase == "over":
            break
        game.apply(chooser.choose(game, rng))
    check_both_directions(game)
    return game


@settings(SETTINGS, max_examples=examples(20, 100))
@given(st.integers(0, 2**30))
def test_the_board_game_lists_exactly_what_it_accepts(seed):
    walk(seed, 5)


def test_the_board_game_legality_on_fixed_seeds_every_step():
    for seed in (0, 1, 2, 5):
        assert walk(seed, 1).phase == "over"
