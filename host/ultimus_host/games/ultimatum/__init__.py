"""The host's side of Ultimatum: its bots, words, hot-seat play, odds and simulations."""
