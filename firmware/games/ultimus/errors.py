"""ULTIMUS's refusals are the engine's: Illegal with a stable code (kept here for the 0.1.0 import path)."""

from referee.errors import Illegal, int_arg, need, refuse  # noqa: F401
