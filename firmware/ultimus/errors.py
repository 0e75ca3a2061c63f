"""ULTIMUS's refusals are the engine's: Illegal with a stable code (kept here for the 0.1.0 import path)."""

from referee.errors import Illegal, refuse, int_arg, need  # noqa: F401
