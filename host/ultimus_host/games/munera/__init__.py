"""The host's side of Munera Sine Missione: its bots, words, hot-seat play, odds and simulations."""
