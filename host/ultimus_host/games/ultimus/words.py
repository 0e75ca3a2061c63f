"""ULTIMUS's words as the host's registry asks for them (ultimus_host.words): an event, a legal action."""

from ultimus_host.games.ultimus import narrate


def event(e, state, stations):
    return narrate.words(e, stations)


def action(view, a, stations):
    return narrate.action_text(view, a, stations)


def view(v):
    """The table as a view shows it (`ultimus serve`'s pages): the hot-seat table's words."""
    from ultimus_host.games.ultimus.play import table_text

    return table_text(v).strip("\n")


def secrets(v):
    """A seat's own secrets in words: its hand (full mode), its gold, its betting cards, its shout choice."""
    from games.ultimus.state import UNDECIDED
    from ultimus_host.games.ultimus.narrate import _coins, bet_card_text, describe

    seat = v["seat"]
    out = []
    if v["mode"] == "full":
        out.append("your hand: %s" % ("; ".join(describe(c) for c in v["hand"]) or "no cards"))
    out.append(
        "your gold: %d won (yours to keep or bet), %d new (must all be bet)" % (v["gold"][seat], v["new_gold"][seat])
    )
    bets = ["%d: %s with %s" % (k + 1, bet_card_text(b, v), _coins(c)) for k, (b, c) in enumerate(v["my_bets"])]
    out.append("your betting cards: %s" % ("; ".join(bets) or "none yet"))
    if v["phase"] == "shout" and v["my_shout"] != UNDECIDED:
        out.append("you chose: %s" % ("SHOUT" if v["my_shout"] else "THINK (shut up)"))
    return out


def new_game(players, form):
    """A new game's set-up from `serve`'s form: the mode (full: the cards on the phones) and the battles."""
    try:
        battles = max(1, min(9, int(form.get("battles", 1))))
    except (TypeError, ValueError):
        battles = 1
    return {"players": players, "mode": "box" if form.get("mode") == "box" else "full", "battles": battles}
