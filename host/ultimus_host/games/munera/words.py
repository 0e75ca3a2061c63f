"""Munera's words as the host's registry asks for them (ultimus_host.words): an event, a legal action,
a refusal, each naming the gladiators as the table does."""

from ultimus_host.games.munera import narrate, play


def event(e, state, stations):
    return narrate.line(e, state or None, stations)


def action(view, a, stations):
    return play.action_text(view, a)


def refusal(message, state, stations):
    return narrate.named(state, message, stations) if state else message


def view(v):
    """The arena as a view shows it (`ultimus serve`'s pages)."""
    return play.arena_text(v).strip("\n")


def new_game(players, form):
    """A new bout from `serve`'s form: one gladiator a seat, the box's own profiles in their order."""
    from games.munera.content import BOX_LINE_COUNT, box_line

    return {"gladiators": [box_line(i % BOX_LINE_COUNT) for i in range(players)]}
