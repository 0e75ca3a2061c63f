"""The board game's words as the host's registry asks for them (ultimus_host.words): an event, a legal action."""

from ultimus_host.games.morituri_board import play


def event(e, state, stations):
    return play.line(e, stations)


def action(view, a, stations):
    return play.action_text(a, stations=stations)


def view(v):
    """The seats as the box knows them (`ultimus serve`'s pages; the pawns on the road are the table's)."""
    from ultimus_host.games.morituri_board.play import card
    from ultimus_host.narrate import phase_words

    out = ["turn %d, %s" % (v["turn"], phase_words(v["phase"]))]
    for p, st in enumerate(v["seats"]):
        cards = ", ".join(card(c) for c in st["kit"] if c) or "Pugio only"
        out.append(
            "seat %d: %d HP, attack %d%s, defence %d, %s [%s]"
            % (p + 1, st["hp"], st["attack"], " x2" if st["attacks"] == 2 else "", st["defence"], st["where"], cards)
        )
    f = v.get("fight")
    if f is not None:
        out.append("fight: seat %d v seat %d, combat HP %d and %d" % (f["a"] + 1, f["b"] + 1, f["hp"][0], f["hp"][1]))
    return "\n".join(out)
