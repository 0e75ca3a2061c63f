"""The host's side of ULTIMUS: its bots, words, hot-seat play, balance simulations and their report."""
