"""The seeded generator lives in referee.rng (kept here for the 0.1.0 import path)."""

from referee.rng import MASK32, seed_state, next_state, below, Rng, shuffle_in_place  # noqa: F401
