"""The rule sets the box referees, one package each (games.<name>), on the referee engine.

Each game package has a `rules` module whose RULES = referee.engine.define(...) the engine runs
(its name, format, player range, flow, set-up check, state, views, legal listing: docs/core.md).
ULTIMUS, the flagship, is games.ultimus like the others; the box's registry (ultimusbox.games) names
each game's rules module, and docs/dev/new-game.md says what a new one adds.
"""
