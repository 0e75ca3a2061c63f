"""ULTIMUS rules core: one code for the Pico (MicroPython) and the PC (CPython).

The game is `games.ultimus.rules.RULES` (referee.engine.define): Game(RULES, setup),
replay, restore and apply take it. Nothing here imports hardware or host code.
"""

from referee import VERSION  # noqa: F401  (one version for firmware and host)
