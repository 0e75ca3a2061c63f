"""The seeded generator lives in referee.rng (kept here for the 0.1.0 import path)."""

from referee.rng import MASK32, Rng, below, next_state, seed_state, shuffle_in_place  # noqa: F401
