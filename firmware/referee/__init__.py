"""The referee engine: what every rule set on the box shares.

One code for the Pico (MicroPython) and the PC (CPython). A game (ULTIMUS in
all five in `games/`, ULTIMUS in `games/ultimus/`) supplies its state, its declared flow and
its handlers; `referee.engine` applies, refuses, logs, replays and digests
for all of them. The building blocks the rulebooks share live beside it:
dice, tracks, turns, crowd (verdicts) and ledger (money).

VERSION is the one version number of the firmware and the host package
(pyproject.toml reads it from here).
"""

VERSION = "0.2.0"
