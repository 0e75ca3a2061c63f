"""Munera's one source of legality, held in both directions over random whole bouts.

Every listed action is accepted; every accepted action of a bounded candidate space (every
action name, every seat and the referee, every target, weapon, direction, item and flag
within generous bounds, including values that must be refused) is listed. Candidates use
the spelling legal_actions uses (no dice, "whirl" written out), so the two sets compare
as sets of JSON.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

import legality
from games.munera import randomplay, rules
from games.munera.flow import FLOW
from legality import SETTINGS, examples, key  # noqa: F401  (key: for this file's candidates)
from referee import engine
from referee.rng import Rng

PLAIN = ("ap", "end", "cut", "feint", "wrestle", "throw", "release", "appeal")


def candidates(s):
    n = len(s["g"])
    out: list = [{"a": "stamina"}, {"a": "order"}]
    for p in range(n):
        kit = len(s["g"][p]["kit"])
        for name in PLAIN:
            out.append({"a": name, "p": p})
        for d in range(-1, 7):
            out.append({"a": "move", "p": p, "d": d})
        for by in (-2, -1, 0, 1, 2):
            out.append({"a": "turn", "p": p, "by": by})
        for k in range(-1, kit + 2):
            out.append({"a": "draw", "p": p, "k": k})
            out.append({"a": "sheathe", "p": p, "k": k})
        for item in ("shield", "helmet", "sword"):
            out.append({"a": "discard", "p": p, "item": item})
        for i in range(-1, len(s["ground"]) + 1):
            out.append({"a": "pickup", "p": p, "i": i})
            out.append({"a": "kick", "p": p, "i": i})
        for t in range(-1, n + 1):
            out.append({"a": "haze", "p": p, "t": t})
            out.append({"a": "grapple", "p": p, "t": t})
            for w in range(-3, kit + 2):
                for whirl in (0, 1, 2):
                    out.append({"a": "attack", "p": p, "t": t, "w": w, "whirl": whirl})
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


@settings(SETTINGS, max_examples=examples(25, 100))
@given(st.integers(0, 2**30))
def test_munera_lists_exactly_what_it_accepts(seed):
    walk(seed, 5)


def test_munera_legality_on_fixed_seeds_every_step():
    for seed in (0, 1, 2):
        assert walk(seed, 1).phase == "over"


def test_munera_legality_under_purely_random_play_in_a_small_crowded_arena():
    """Every legal action equally likely (kicks, discards, pick-ups, draws...), four gladiators on
    a radius-3 arena, so that items lie about and gladiators crowd each other."""
    for seed in (3, 4):
        setup = randomplay.setup_for(seed)
        setup["gladiators"] = ["retiarius", "cestus", "gaetulian", {"profile": "dimachaerus", "cape": 1}]
        setup["radius"] = 3
        game = engine.Game(rules.RULES, setup)
        rng = Rng(seed)
        for step in range(600):
            if step % 3 == 0:
                check_both_directions(game)
            if game.phase == "over":
                break
            actors = game.actors()
            game.apply(rng.choice(game.legal_actions(actors[0] if actors else -1)))
        check_both_directions(game)
