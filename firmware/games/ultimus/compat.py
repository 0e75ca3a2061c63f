"""The MicroPython/CPython differences live in referee.compat (kept here for the 0.1.0 import path)."""

from referee.compat import const  # noqa: F401
