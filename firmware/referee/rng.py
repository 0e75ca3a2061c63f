"""The core's own seeded generator (xorshift32).

The `random` module differs between ports (MicroPython has no shuffle and
another algorithm), so every random choice of the game goes through this
generator, whose whole state is one integer kept in the game state. The same
seed therefore gives the same game on the Pico, under MicroPython on a PC and
under CPython.
"""

MASK32 = 0xFFFFFFFF


def seed_state(seed):
    """A non-zero 32-bit state from any integer seed (splitmix-style mix)."""
    x = (seed * 2654435761 + 0x9E3779B9) & MASK32
    x ^= x >> 16
    x = (x * 0x45D9F3B) & MASK32
    x ^= x >> 16
    return x or 0x6D2B79F5


def next_state(x):
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    return x


def below(state, n):
    """(new_state, r) with r uniform in range(n); rejection keeps it unbiased."""
    limit = (MASK32 + 1) - ((MASK32 + 1) % n)
    while True:
        state = next_state(state)
        if state < limit:
            return state, state % n


class Rng:
    """A generator object for code outside the game state (bots, random play)."""

    def __init__(self, seed):
        self.state = seed_state(seed)

    def below(self, n):
        self.state, r = below(self.state, n)
        return r

    def choice(self, items):
        return items[self.below(len(items))]


def shuffle_in_place(state, items):
    """Fisher-Yates with the game's generator; returns the new state."""
    i = len(items) - 1
    while i > 0:
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return state
