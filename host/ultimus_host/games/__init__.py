"""The host's side of the other rule sets: exact odds, simulations and bots, one module per game."""
