"""The digests of many states under MicroPython, one line each ("N DIGEST"): the test compares them with
CPython's, which hashes json.dumps(state, sort_keys=True, ensure_ascii=False) whole. States of random
ULTIMUS games (box and full, their public views), of a Munera bout (its gladiators: a list of dicts), and
made-up ones with what the fast path must not get wrong (a brace in a string, UTF-8, empty and nested
containers, tuples)."""

from games.ultimus import randomplay
from referee.digest import digest


def states():
    for mode in ("box", "full"):
        for seed in (1, 2):
            game = randomplay.play(4, seed, mode=mode, max_actions=50 * seed, stop_at_battle_end=False)
            yield game.state
            yield game.public_view()
    from games.munera import rules
    from referee.engine import Game

    bout = Game(rules.RULES, {"players": 2, "seed": 5, "gladiators": ["murmillo", "retiarius"]})
    yield bout.state
    yield bout.public_view()
    yield {}
    yield {"t": (1, [True, None, "x"]), "e": {}, "l": [], "n": -5, "big": 1 << 40}
    yield {"s": "a{b}", "l": ["{", {"z": 1, "a": [{"y": "é€", "b": {}}]}], "d": {"k": [[{"q": "}"}]]}}


if __name__ == "__main__" or "ARGS" in globals():
    for n, state in enumerate(states()):
        print("%d %s" % (n, digest(state)))
