"""Each game's words, found by the game's name: every surface that tells a game to a person asks here.

The virtual box, `connect` (its events, `actions` and refusals), `demo` and `play`
all call tell() for an event and action() for a legal action, so that a game is
told in the same words wherever it is watched. Each game keeps its sentences in
its own package, which its HostGame names (ultimus_host.registry: its event, action,
refusal and button words); this module only asks the registry whose they are, and
tells the box's own events (a button, the seat selection, a refusal) in the words
of the game being played: wheels are named as that game names them, never after
another game's gladiators.
"""

from ultimus_host import narrate
from ultimus_host import registry as games

NO_WORDS = "an event this host has no words for"  # narrate.unknown's lead: the tests look for it


def _host(game):
    """The HostGame whose words tell `game`'s events: None before one is chosen or known means the
    default game's, as on the link."""
    return games.find(games.default() if game is None else game)


def tell(game, e, state=None, stations=None):
    """A sentence for one public event of `game` (its name on the link; None before one is chosen or
    known: a game's event then is the default game's, as on the link), or None for one its table needs
    not hear. state: the game's state or a view of it (names its figures); stations: the box's station
    of each seat, where the events come from a box."""
    kind = e.get("e") if isinstance(e, dict) else None
    if kind == "refused":
        return "refused: %s; nothing changed" % refusal(game, e.get("message", ""), state, stations)
    if kind == "button":
        return "pressed: %s" % button_name(game, e["b"])
    host = _host(game)
    event = host.load("event") if host is not None else None
    own = host.own_words if host is not None and game is not None else ()
    if event is None or (kind in narrate.BOX_EVENTS and kind not in own):
        return narrate.line(e, stations)
    try:
        return event(e, state, stations)
    except (KeyError, IndexError, TypeError, ValueError):
        return narrate.unknown(e)


def refusal(game, message, state=None, stations=None):
    """A refusal's message as the table names its people (Munera's "gladiator 0" is the table's retiarius,
    Morituri's "figure 0" its heavy 1)."""
    host = games.find(game)
    words = host.load("refusal") if host is not None else None
    if words is None:
        return message
    return words(message, state, stations)


def action(game, view, a, stations=None):
    """A legal action as a menu line, from the view of whoever takes it."""
    return games.get(game).load("action")(view, a, stations)


def button_name(game, b):
    """A button of the box in the words of its lid: a game that names its wheels (ULTIMUS's gladiators)
    says so in its own words (at the game menu, game None, they choose the game)."""
    host = games.find(game)
    words = host.load("button") if host is not None else None
    return (words or narrate.button_name)(b)
