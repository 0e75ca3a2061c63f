"""ULTIMUS's words as the host's registry asks for them (ultimus_host.words): an event, a legal action."""

from ultimus_host.games.ultimus import narrate


def event(e, state, stations):
    return narrate.words(e, stations)


def action(view, a, stations):
    return narrate.action_text(view, a, stations)
