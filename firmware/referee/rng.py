"""The core's own seeded generators: SHA-256 in counter mode, and xorshift32 for old games.

The `random` module differs between ports (MicroPython has no shuffle and
another algorithm), so every random choice of a game goes through this
module, whose whole state is plain data kept in the game state. The same
seed gives the same game on the Pico, under MicroPython on a PC and under
CPython.

Two generators, chosen by the set-up (setup["rng"]):
- "sha256" (every new game): the state is [key, counter], key the hex
  SHA-256 of the seed's decimal text; output n is SHA-256(key:n). Nothing
  short of the seed (64 bits or more from a real entropy source) predicts
  it, and its outputs do not let anyone solve for the key.
- "xorshift32" (missing "rng": the games of 0.1.0 and 0.2.0): a 32-bit
  linear generator whose state is one int. Kept only so that those saved
  games and journals replay exactly as they were played.

`below(state, n)` and `shuffle_in_place(state, items)` take and return the
state, whichever generator it belongs to (an int is xorshift32).
"""

import hashlib

MASK32 = 0xFFFFFFFF
SHA256 = "sha256"
XORSHIFT32 = "xorshift32"
KINDS = (SHA256, XORSHIFT32)
SEED_BITS = 64  # the least a new game's seed carries (referee.rng.new_seed)


def seed_state(seed):
    """A non-zero 32-bit xorshift32 state from any integer seed (splitmix-style mix)."""
    x = (seed * 2654435761 + 0x9E3779B9) & MASK32
    x ^= x >> 16
    x = (x * 0x45D9F3B) & MASK32
    x ^= x >> 16
    return x or 0x6D2B79F5


def _hex(data):
    return "".join("%02x" % b for b in data)


def start(seed, kind=XORSHIFT32):
    """The first state of generator `kind` for an integer seed."""
    if kind == SHA256:
        return [_hex(hashlib.sha256(b"ultimus-rng:" + str(seed).encode()).digest()), 0]
    return seed_state(seed)


def next_state(x):
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    return x


def _word(state):
    """32 bits of output n of the SHA-256 generator; advances its counter (state is [key, n])."""
    n = state[1]
    state[1] = n + 1
    return int.from_bytes(hashlib.sha256((state[0] + ":" + str(n)).encode()).digest()[:4], "big")


# CPython (the host's bots and simulations) hashes the key once; a Pico's hashlib cannot copy a
# hasher, and the box keeps _word above, with not a byte more of it in its heap (referee.rng_keyed).
if hasattr(hashlib.sha256(), "copy"):
    from referee.rng_keyed import word as _word  # noqa: F811


def _limit(n):
    """The draws below this are unbiased for range(n): 2**32 less its remainder by n.

    It is at least 2**32 - n + 1, so the draw loops accept any draw up to MASK32 - n
    without working it out: the same draws, and the arithmetic only once in ~2**32 / n."""
    return (MASK32 + 1) - ((MASK32 + 1) % n)


def below(state, n):
    """(new_state, r) with r uniform in range(n); rejection keeps it unbiased."""
    if type(state) is int:
        while True:  # next_state(), written out: random play draws twice an action
            state ^= (state << 13) & MASK32
            state ^= state >> 17
            state ^= (state << 5) & MASK32
            if state <= MASK32 - n or state < _limit(n):
                return state, state % n
    limit = (MASK32 + 1) - ((MASK32 + 1) % n)  # _limit(n), written out: a shuffle draws once a card
    while True:
        w = _word(state)
        if w < limit:
            return state, w % n


class Rng:
    """A generator object for code outside the game state (bots, random play)."""

    def __init__(self, seed, kind=XORSHIFT32):
        self.state = start(seed, kind)

    def below(self, n):
        self.state, r = below(self.state, n)
        return r

    def choice(self, items):
        state = self.state
        if type(state) is not int:
            self.state, r = below(state, len(items))
            return items[r]
        n = len(items)
        while True:  # below() for xorshift32, written out: random play draws twice an action
            state ^= (state << 13) & MASK32
            state ^= state >> 17
            state ^= (state << 5) & MASK32
            if state <= MASK32 - n or state < _limit(n):
                self.state = state
                return items[state % n]


def shuffle_in_place(state, items):
    """Fisher-Yates with the game's generator; returns the new state."""
    i = len(items) - 1
    if type(state) is not int:
        while i > 0:
            state, j = below(state, i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return state
    while i > 0:  # below() for xorshift32, written out as in Rng.choice: the bots' samples shuffle a lot
        n = i + 1
        while True:
            state ^= (state << 13) & MASK32
            state ^= state >> 17
            state ^= (state << 5) & MASK32
            if state <= MASK32 - n or state < _limit(n):
                break
        j = state % n
        items[i], items[j] = items[j], items[i]
        i -= 1
    return state


def seed_from_bytes(data):
    """An integer seed from random bytes (at least 8 of them: 64 bits)."""
    if len(data) * 8 < SEED_BITS:
        raise ValueError("a seed needs at least %d random bits" % SEED_BITS)
    value = 0
    for b in data:
        value = (value << 8) | b
    return value


SOURCE_INT_BITS = 30  # what a seed source that returns an int is taken to give (0.2.0's pico.seed)


def new_seed(source=None):
    """A fresh seed of at least SEED_BITS bits from a real entropy source, never a clock.

    source() returns bytes (8 or more: one call) or an int of SOURCE_INT_BITS random bits
    (called until 64 bits are collected); without a source, os.urandom."""
    if source is None:
        import os

        return seed_from_bytes(os.urandom(SEED_BITS // 8))
    value, bits = 0, 0
    while bits < SEED_BITS:
        got = source()
        if type(got) is int:
            value = (value << SOURCE_INT_BITS) | (got & ((1 << SOURCE_INT_BITS) - 1))
            bits += SOURCE_INT_BITS
        else:
            for b in got:
                value = (value << 8) | b
            bits += 8 * len(got)
            if not got:
                raise ValueError("the seed source gave no bytes")
    return value
