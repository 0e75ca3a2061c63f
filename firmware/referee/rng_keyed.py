"""The SHA-256 generator's word with its key hashed once, for CPython only (the host's bots and simulations).

"key:" is 65 bytes, more than one block of SHA-256, so a hasher that has taken it is copied for
each n: the same draws as referee.rng._word, one compression fewer of two. MicroPython's hashlib
cannot copy a hasher, so a box never imports this module (referee.rng decides).
"""

import hashlib

_KEYED = {}  # key -> a hasher fed "key:"


def word(state):
    """referee.rng._word's draw: the first 32 bits of SHA-256("key:n"), n the state's counter, counted on."""
    n = state[1]
    state[1] = n + 1
    keyed = _KEYED.get(state[0])
    if keyed is None:
        if len(_KEYED) >= 64:  # many games' generators at once (bots' samples): keep the table small
            _KEYED.clear()
        keyed = _KEYED[state[0]] = hashlib.sha256((state[0] + ":").encode())
    h = keyed.copy()  # pyright: ignore[reportAttributeAccessIssue]  (CPython only: MicroPython has none)
    h.update(str(n).encode())
    return int.from_bytes(h.digest()[:4], "big")
