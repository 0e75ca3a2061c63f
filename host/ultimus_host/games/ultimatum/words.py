"""Ultimatum's words as the host's registry asks for them (ultimus_host.words): an event, a legal action."""

from ultimus_host.games.ultimatum import narrate


def event(e, state, stations):
    return narrate.line(e, stations)


def action(view, a, stations):
    return narrate.action_text(a)


def header(state):
    """The virtual box's first line: the borders are the table's to check (the box knows no map)."""
    return "free borders (the table checks the map)"


def button(b):
    """A button of the box as Ultimatum uses it: the lid's heal +/damage - step to the next/previous nation or
    place (connect said "heal +", which Ultimatum never does)."""
    from ultimus_host.narrate import button_name
    from ultimusbox import board

    if b == board.PLUS:
        return "+ (next)"
    if b == board.MINUS:
        return "- (previous)"
    return button_name(b)


def view(v):
    """The world as a view shows it (`ultimus serve`'s pages): purses, cards, every nation."""
    from ultimus_host.games.ultimatum.play import world_text

    return world_text(v).strip("\n")
