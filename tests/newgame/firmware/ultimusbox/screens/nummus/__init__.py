"""Nummus's box screen (tests/test_new_game.py's throwaway sixth game)."""
