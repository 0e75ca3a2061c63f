"""The SHA-256 generator with its key hashed once (referee.rng_keyed.word, issue 25) draws exactly what
SHA-256(key:n) of the whole text draws: over many words, several generators taking turns (the
table of keyed hashers filling up and emptied), and through below() and shuffle_in_place()."""

import copy
import hashlib

from referee import rng, rng_keyed


def _old_word(state):
    """The generator as it was: the whole "key:n" hashed for each word."""
    n = state[1]
    state[1] = n + 1
    return int.from_bytes(hashlib.sha256((state[0] + ":" + str(n)).encode()).digest()[:4], "big")


def test_the_keyed_generator_draws_the_same_words_as_hashing_the_whole_text():
    assert rng._word is rng_keyed.word  # CPython's hashlib copies a hasher: the keyed path is the one tested
    states = [rng.start(seed, rng.SHA256) for seed in range(100)]  # more than the table keeps
    olds = [copy.copy(s) for s in states]  # start() gives the SHA-256 generator a list
    for i in range(30000):
        k = (i * 7919) % len(states)
        assert rng._word(states[k]) == _old_word(olds[k])
    assert states == olds


def test_below_and_shuffle_are_unchanged_with_the_keyed_generator():
    state, old = rng.start(2026, rng.SHA256), rng.start(2026, rng.SHA256)
    for n in (1, 2, 3, 6, 7, 52, 1000, 2**31 + 1):
        for _ in range(200):
            state, r = rng.below(state, n)
            w = _old_word(old)
            while w >= rng._limit(n):
                w = _old_word(old)
            assert r == w % n
    items = list(range(60))
    state = rng.shuffle_in_place(state, items)
    want = list(range(60))
    for i in range(59, 0, -1):
        w = _old_word(old)
        while w >= rng._limit(i + 1):
            w = _old_word(old)
        j = w % (i + 1)
        want[i], want[j] = want[j], want[i]
    assert items == want and state == old
