"""Nummus in words: its events and its legal actions, seats named by station where a box has them."""

from ultimus_host.narrate import who

SIDES = ("tails", "heads")


def event(e, state, stations):
    kind = e["e"]
    if kind == "called":
        return "%s calls %s" % (who(e["p"], stations), SIDES[e["side"]])
    if kind == "tossed":
        return "the coin shows %s: %s %s" % (
            SIDES[e["side"]],
            who(e["p"], stations),
            "scores" if e["won"] else "misses",
        )
    if kind == "over":
        return "%s wins" % who(e["winner"], stations)
    raise KeyError(kind)


def action(view, a, stations):
    if a["a"] == "call":
        return "%s calls %s" % (who(a["p"], stations), SIDES[a["side"]])
    return "the box tosses the coin"


def view(view):
    """The game as a view shows it (`ultimus serve`'s pages): the score, and whose call it is."""
    scores = ", ".join("seat %d: %d" % (p + 1, n) for p, n in enumerate(view["score"]))
    if view["phase"] == "over":
        return "seat %d wins\n%s" % (view["winner"] + 1, scores)
    return "round %d, seat %d calls\n%s" % (view["round"], view["turn"] + 1, scores)
