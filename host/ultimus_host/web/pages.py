"""What each page may see, as JSON for its WebSocket: the table page (a spectator's public view) and a
seat page (that seat's own view). Every function here takes a view, never the game's state: a seat page is
made of game.seat_view(seat), the table page of game.public_view(), and the events both hear are public
events (their hidden part removed). The seat's legal actions are the one thing taken from the whole game,
and only their words reach the page (each as an index the server keeps, never the action's JSON).
"""

import re

from referee.engine import public_event
from ultimus_host import registry as host_games
from ultimus_host import words
from ultimus_host.narrate import COUNTDOWN, game_title, phase_words, sound, who
from ultimus_host.web import moment

NEWEST = 12  # events shown on a page
SILENT = ("button",)  # a press: what it did follows
# the hot-seat terminal's words the games share with the pages: "2 card(s)", "3 Ultimatum card(s)", and
# "seat 1" where the box says "station 3" (a served game always has a box)
SOME = re.compile(r"\b(\d+) ((?:[A-Za-z]+ )?[A-Za-z]+)\(s\)")
SEAT = re.compile(r"\bseat (\d)\b")


def plain(text, stations=None):
    """Words as the page says them: "1 card", "2 cards"; each seat by its station when the box has them."""
    text = SOME.sub(lambda m: "%s %s%s" % (m[1], m[2], "" if m[1] == "1" else "s"), text)
    if stations is not None:
        text = SEAT.sub(lambda m: who(int(m[1]) - 1, stations), text)
    return text


def _part(playing, name):
    game = host_games.find(playing)
    return game.load(name) if game is not None and game.has(name) else None


def view_text(playing, view, stations=None):
    """The game as a view shows it, in the words of the game's own table (a few lines)."""
    text = _part(playing, "view")
    if text is None or view is None:
        return ""
    try:
        return plain(text(view), stations)
    except (KeyError, IndexError, TypeError, ValueError):
        return ""


def secrets(playing, view):
    """The lines only this seat may read (its hand...); a game that keeps nothing from the table has none."""
    lines = _part(playing, "secrets")
    if lines is None or view is None or "seat" not in view:
        return []
    return [plain(line) for line in lines(view)]


def waiting_words(actors, stations, seat=None, over=False):
    """What the table waits for, counted from 1 as people count."""
    if over:
        return "the game is over"
    if not actors:
        return "waiting for the box or the referee (the box's buttons, or the referee's page)"
    names = ["you" if p == seat else who(p, stations) for p in actors]
    return "waiting for %s" % ", ".join(names)


def action_items(playing, view, options, stations, costs=None):
    """The seat's legal actions as the page shows them: words, a group (the kind of action) and a cost (None:
    free), each by its index. Two actions told in the same words are one choice for the player (a thinker's two
    cards in either order): the page shows the first only."""
    items, told = [], set()
    for i, a in enumerate(options):
        text = action_words(playing, view, a, stations)
        if text in told:
            continue
        told.add(text)
        item = {"i": i, "text": text, "group": moment.kind_words(a.get("a", ""))}
        if costs is not None:
            item["cost"] = costs[i]
        items.append(item)
    return items


def action_words(playing, view, a, stations):
    """A legal action in the words its button shows."""
    try:
        text = words.action(playing, view, a, stations)
    except (KeyError, IndexError, TypeError, ValueError):
        text = str(a.get("a", "?")).replace("_", " ")
    return plain(text, stations)


def countdown_words(n):
    """A countdown's beat as the box sounds it: {"n": 4, "word": "Quattuor"}; None without a countdown."""
    if not isinstance(n, int) or not 1 <= n <= len(COUNTDOWN):
        return None
    return {"n": n, "word": COUNTDOWN[n - 1]}


def event_line(playing, e, view, stations):
    """A public event in words (None for one the table needs not hear)."""
    e = public_event(e)
    if e.get("e") in SILENT:
        return None
    text = words.tell(playing, e, view, stations)
    return plain(text, stations) if text else text


def seat_page(playing, seat, view, options, actors, lines, stations, version, costs=None):
    """A seat's page: its view (public part and its own secrets), its actions in words (with their costs), the
    sentence of its decision, what the table waits for, the newest events in words (public ones)."""
    kinds = sorted(set(str(a.get("a", "")) for a in options))
    return {
        "kind": "seat",
        "n": version,
        "game": game_title(playing),
        "who": who(seat, stations),
        "where": phase_words(view["phase"]) if view else "",
        "view": view_text(playing, view, stations),
        "secrets": secrets(playing, view),
        "decision": plain(moment.decision(_part(playing, "decision"), view, kinds), stations),
        "actions": action_items(playing, view, options, stations, costs),
        "refused": [],
        "waiting": waiting_words(actors, stations, seat),
        "countdown": None,
        "events": list(lines[-NEWEST:]),
    }


def table_page(playing, view, lines, stations, version, box=None, qr=None, referee=()):
    """The table page: the public view, the box as drawn (box: wheels, stations, now, sound, countdown, from
    the box the server runs), the newest events, the QR codes while they are up, the referee's actions."""
    return {
        "kind": "table",
        "n": version,
        "game": game_title(playing) if playing else None,
        "where": phase_words(view["phase"]) if view else "",
        "view": view_text(playing, view, stations),
        "box": box,
        "events": list(lines[-NEWEST:]),
        "qr": qr,
        "referee": list(referee),
        "games": [{"name": g.name, "title": g.title} for g in host_games.every()],
    }


def seat_page_of(game, playing, seat, lines, stations, version, countdown=None):
    """A seat's page of a game (the replica): its seat_view, its legal actions and their costs, the kinds of
    action the rules refuse it now and why, who is to act, the countdown's beat (the box's, as the table's)."""
    view = game.seat_view(seat)
    options = game.legal_actions(seat)
    costs = moment.costs(_part(playing, "cost"), game, seat, options)
    page = seat_page(playing, seat, view, options, game.actors(), lines, stations, version, costs)
    kinds = set(str(a.get("a", "")) for a in options)
    refused = moment.refused(game, playing, seat, kinds, view, stations)
    page["refused"] = [{"kind": r["kind"], "why": plain(r["why"], stations)} for r in refused]
    page["waiting"] = waiting_words(game.actors(), stations, seat, game.phase == game.rules.FLOW.end)
    page["countdown"] = countdown_words(countdown)
    return page, options


def table_page_of(game, playing, lines, stations, version, box=None, qr=None):
    """The table page of a game (the replica): its public view, and the referee's legal actions in words."""
    public = game.public_view()
    options = game.legal_actions(-1)
    referee = action_items(playing, public, options, stations)
    page = table_page(playing, public, lines, stations, version, box, qr, referee)
    page["waiting"] = waiting_words(game.actors(), stations, None, game.phase == game.rules.FLOW.end)
    return page, options


__all__ = ["seat_page", "table_page", "event_line", "sound", "view_text"]
