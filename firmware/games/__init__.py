"""The other rule sets the box referees, one package each, on the referee engine.

Each game package has a `rules` module that referee.engine takes as its
rules (NAME, FORMAT, FLOW, variant, check_setup, new_state, views, legal).
ULTIMUS, the flagship, lives in the top-level package `ultimus`.
"""
