"""Munera's words as the host's registry asks for them (ultimus_host.words): an event, a legal action,
a refusal, each naming the gladiators as the table does."""

from ultimus_host.games.munera import narrate, play


def event(e, state, stations):
    return narrate.line(e, state or None, stations)


def action(view, a, stations):
    return play.action_text(view, a)


def refusal(message, state, stations):
    return narrate.named(state, message, stations) if state else message
