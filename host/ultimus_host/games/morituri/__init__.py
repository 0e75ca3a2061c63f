"""The host's side of Morituri Te Salutamus: its bots, words, hot-seat play, odds and simulations."""
