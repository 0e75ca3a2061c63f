"""The board game's words as the host's registry asks for them (ultimus_host.words): an event, a legal action."""

from ultimus_host.games.morituri_board import play


def event(e, state, stations):
    return play.line(e, stations)


def action(view, a, stations):
    return play.action_text(a)
