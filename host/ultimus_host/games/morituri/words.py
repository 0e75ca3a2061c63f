"""Morituri's words as the host's registry asks for them (ultimus_host.words): an event, a legal action,
a refusal, each naming the figures by the classes the state (or a view of it) gives them."""

from ultimus_host.games.morituri import narrate


def classes(state):
    """Morituri's figure classes from its state ("cls") or a view of it ("figures")."""
    if not state:
        return ()
    if "cls" in state:
        return state["cls"]
    return [f["cls"] for f in state.get("figures") or ()]


def event(e, state, stations):
    return narrate.line(e, classes(state), stations)


def action(view, a, stations):
    return narrate.action_text(view, a)


def refusal(message, state, stations):
    return narrate.named(message, classes(state))


def view(v):
    """The arena as a view shows it (`ultimus serve`'s pages)."""
    from ultimus_host.games.morituri.play import arena_text

    return arena_text(v).strip("\n")
