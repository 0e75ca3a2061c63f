"""The host's side of Nummus (tests/test_new_game.py's throwaway sixth game): its bots, words, play and demo."""

from ultimus_host.registry import HostGame

HERE = __name__

GAME = HostGame(
    "nummus",
    "Nummus",
    bots=("random",),
    examples=({"players": 2, "seed": 1}, {"players": 4, "seed": 2}),
    random="games.nummus.randomplay",
    play="%s.commands:play" % HERE,
    demo="%s.commands:demo" % HERE,
    event="%s.words:event" % HERE,
    action="%s.words:action" % HERE,
    view="%s.words:view" % HERE,
)
