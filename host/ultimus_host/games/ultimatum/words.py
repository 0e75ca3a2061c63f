"""Ultimatum's words as the host's registry asks for them (ultimus_host.words): an event, a legal action."""

from ultimus_host.games.ultimatum import narrate


def event(e, state, stations):
    return narrate.line(e, stations)


def action(view, a, stations):
    return narrate.action_text(a)


def view(v):
    """The world as a view shows it (`ultimus serve`'s pages): purses, cards, every nation."""
    from ultimus_host.games.ultimatum.play import world_text

    return world_text(v).strip("\n")
