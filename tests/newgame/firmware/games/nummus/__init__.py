"""Nummus: the throwaway sixth game of tests/test_new_game.py, as docs/dev/new-game.md says a game is added.

Two to four seats take turns calling a coin the box tosses; a right call scores a point, three points win.
It lives only in the temporary tree the test builds; nothing in the repository imports it.
"""
