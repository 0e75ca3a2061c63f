"""Each game's words, found by the game's name: every surface that tells a game to a person asks here.

The virtual box, `connect` (its events, `actions` and refusals), `demo` and `play`
all call tell() for an event and action() for a legal action, so that a game is
told in the same words wherever it is watched. Each game keeps its sentences in
its own narrator (ultimus_host.games.<game>.narrate, the board game's play); this module only knows which is whose, and
tells the box's own events (a button, the seat selection, a refusal) in the
words of the game being played: wheels are named as that game names them, never
after another game's gladiators.
"""

from ultimus_host import narrate
from ultimusbox.games import DEFAULT

NO_WORDS = "an event this host has no words for"  # narrate.unknown's lead: the tests look for it


def _cls(state):
    """Morituri's figure classes from its state ("cls") or a view of it ("figures")."""
    if not state:
        return ()
    if "cls" in state:
        return state["cls"]
    return [f["cls"] for f in state.get("figures") or ()]


def _ultimus_event(e, state, stations):
    from ultimus_host.games.ultimus.narrate import words

    return words(e, stations)


def _morituri_event(e, state, stations):
    from ultimus_host.games.morituri.narrate import line

    return line(e, _cls(state), stations)


def _ultimatum_event(e, state, stations):
    from ultimus_host.games.ultimatum.narrate import line

    return line(e, stations)


def _munera_event(e, state, stations):
    from ultimus_host.games.munera.narrate import line

    return line(e, state or None, stations)


def _board_event(e, state, stations):
    from ultimus_host.games.morituri_board.play import line

    return line(e, stations)


def _ultimus_action(view, a, stations):
    from ultimus_host.games.ultimus.narrate import action_text

    return action_text(view, a, stations)


def _morituri_action(view, a, stations):
    from ultimus_host.games.morituri.narrate import action_text

    return action_text(view, a)


def _ultimatum_action(view, a, stations):
    from ultimus_host.games.ultimatum.narrate import action_text

    return action_text(a)


def _munera_action(view, a, stations):
    from ultimus_host.games.munera.play import action_text

    return action_text(view, a)


def _board_action(view, a, stations):
    from ultimus_host.games.morituri_board.play import action_text

    return action_text(a)


def _morituri_refusal(message, state, stations):
    from ultimus_host.games.morituri.narrate import named

    return named(message, _cls(state))


def _munera_refusal(message, state, stations):
    from ultimus_host.games.munera.narrate import named

    return named(state, message, stations) if state else message


# name: (its events, its players' actions, its refusals' messages as the table names people)
GAMES = {
    "ultimus": (_ultimus_event, _ultimus_action, None),
    "morituri": (_morituri_event, _morituri_action, _morituri_refusal),
    "ultimatum": (_ultimatum_event, _ultimatum_action, None),
    "munera": (_munera_event, _munera_action, _munera_refusal),
    "morituri_board": (_board_event, _board_action, None),
}


# the box's events a game tells in its own words (Morituri's new game names each station's figures)
OWN_WORDS = {"morituri": ("new_game",), "ultimus": ("new_game",)}


def tell(game, e, state=None, stations=None):
    """A sentence for one public event of `game` ("ultimus", "munera"...; None before one is chosen or
    known: a game's event then is the default game's, as on the link), or None for one its table needs
    not hear. state: the game's state or a view of it (names its figures); stations: the box's station
    of each seat, where the events come from a box."""
    kind = e.get("e") if isinstance(e, dict) else None
    if kind == "refused":
        return "refused: %s; nothing changed" % refusal(game, e.get("message", ""), state, stations)
    if kind == "button":
        return "pressed: %s" % button_name(game, e["b"])
    words = GAMES.get(DEFAULT if game is None else game)
    if words is None or (kind in narrate.BOX_EVENTS and kind not in OWN_WORDS.get(game or "", ())):
        return narrate.line(e, stations)
    try:
        return words[0](e, state, stations)
    except (KeyError, IndexError, TypeError, ValueError):
        return narrate.unknown(e)


def refusal(game, message, state=None, stations=None):
    """A refusal's message as the table names its people (Munera's "gladiator 0" is the table's retiarius,
    Morituri's "figure 0" its heavy 1)."""
    words = GAMES.get(game)
    if words is None or words[2] is None:
        return message
    return words[2](message, state, stations)


def action(game, view, a, stations=None):
    """A legal action as a menu line, from the view of whoever takes it."""
    return GAMES[game][1](view, a, stations)


def button_name(game, b):
    """A button of the box in the words of its lid: the wheels are ULTIMUS's gladiators in ULTIMUS only
    (at the game menu, game None, they choose the game)."""
    if game == "ultimus":
        from ultimus_host.games.ultimus.narrate import button_name

        return button_name(b)
    return narrate.button_name(b)
