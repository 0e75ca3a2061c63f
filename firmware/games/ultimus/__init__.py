"""ULTIMUS rules core: one code for the Pico (MicroPython) and the PC (CPython).

Entry points live in `games.ultimus.game` (Game, replay) and `games.ultimus.rules`
(apply, legal_actions). Nothing here imports hardware or host code.
"""

from referee import VERSION  # noqa: F401  (one version for firmware and host)
