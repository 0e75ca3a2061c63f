"""The host's side of the Morituri board game: its bots, words, hot-seat play, odds and simulations."""
