"""The box's own events (a button, the seat selection, a saved game resumed...) as one line of plain English each,
and the words every game's narrator shares: stations, seats, phases, an event no narrator knows.

One numbering wherever a person reads it: stations 1-6 (the keys 1-6 of the
virtual box, SHOUT at station 1 is button 0), seats 1-N where there is no box
(`ultimus play`, `demo`). The numbers on the link (seat 0, station 0) stay the
protocol's. Each game's own events are told by its narrator in
ultimus_host.games.<game>; those narrators tell the box's events through line().
"""

COUNTDOWN = ("Unus", "Duo", "Tres", "Quattuor", "Quinque")  # a beat event's n: 5 is the first beat
# What each of the box's tunes (ultimusbox.sounds.TUNES) means, for a terminal that cannot play it.
TUNE_WORDS = {
    "beat": "countdown beat",
    "clamo": "CLAMO! call",
    "error": "refusal buzz",
    "verso": "pollice verso call",
    "death": "death knell",
    "pardon": "pardon fanfare",
    "fanfare": "victory fanfare",
    "extra": "extra card chime",
    "start": "start jingle",
    "rattle": "dice rattle",
    "resume": "resume chime",
}


def some(n, noun, plural=None):
    """A count in words: "1 card", "2 cards", "0 cards" (never "card(s)")."""
    return "%d %s" % (n, noun if n == 1 else plural or noun + "s")


def station_name(station):
    """A station of the box (0-5 on the link) as people read it: "station 1" to "station 6"."""
    return "station %d" % (station + 1)


def phase_words(phase):
    """A game's phase as people read it: "the action phase" for act, "the roll off phase" for roll_off."""
    return "the %s phase" % ("action" if phase == "act" else str(phase).replace("_", " "))


def who(p, stations=None):
    """Seat p (0-based, as the core counts) as people read it.

    On a box, stations is its settings' list of the station of each seat: seat p is
    "station N" as printed on the keys. Without a box, "seat 1" is the first seat.
    """
    if stations is not None and 0 <= p < len(stations):
        return station_name(stations[p])
    return "seat %d" % (p + 1)


def button_name(b):
    """A button id (ultimusbox.board) in the words of the box's lid and keys; the wheels by their number
    (a game that names its wheels says so in its own narrator)."""
    if 0 <= b < 6:
        return "SHOUT at %s" % station_name(b)
    if 6 <= b < 12:
        return "THINK at %s" % station_name(b - 6)
    if 12 <= b < 18:
        return "wheel %d" % (b - 11)
    names = ("damage -", "heal +", "confirm", "thumbs up", "thumbs down", "mode")
    return names[b - 18] if 18 <= b < 24 else "button %d" % b


def line(e, stations=None):
    """A sentence for one of the box's own events (BOX_EVENTS, or a refusal); any other event is told by
    its name and fields (unknown) rather than stopping the terminal that shows it.

    stations: the box's list of the station of each seat; people are then named by their station.
    """
    try:
        return words(e, stations)
    except (KeyError, IndexError, TypeError, ValueError):
        return unknown(e)


def words(e, stations=None):
    """Like line, but an unknown event or a missing field raises (KeyError...): for the tests."""
    return _EVENTS[e["e"]](e, stations)


def unknown(e):
    """An event no narrator knows (a newer firmware's): said to be one, with its name and fields, rather
    than stopping the terminal that shows it (every game's narrator ends here; the tests look for it)."""
    parts = []
    if not isinstance(e, dict) or not isinstance(e.get("e"), str):
        return "an event this host has no words for: %r" % (e,)
    for key, value in sorted(e.items()):
        if key not in ("e", "hidden"):
            parts.append("%s %s" % (key, value))
    return "an event this host has no words for: %s" % e["e"].replace("_", " ") + (
        " (%s)" % ", ".join(parts) if parts else ""
    )


def _resumed(e, stations):
    """Where a resumed game stands: "resumed: battle 2, round 5, station 3 to act"."""
    where = ["%s %d" % (key, e[key]) for key in ("battle", "round") if type(e.get(key)) is int]
    to_act = e.get("to_act")
    if to_act:
        where.append("%s to act" % " and ".join(who(p, stations) for p in to_act))
    elif "phase" in e:
        where.append("the %s phase" % str(e["phase"]).replace("_", " "))
    game = "the saved game of %s, %s" % (game_title(e["game"]), some(e["actions"], "action"))
    return "resumed: %s (%s)" % (", ".join(where), game) if where else "resumed %s" % game


def game_title(name):
    """A game as its players know it ("Morituri board game"), not its name on the link ("morituri_board")."""
    from ultimusbox import games

    entry = games.find(name)
    return entry[1] if entry else str(name)


def new_game(e, extra=""):
    """A new game's sentence: "a new game of Ultimatum for 4 players" and what a game adds (extra)."""
    return "a new game of %s for %d players%s" % (game_title(e["game"]), e["players"], extra)


def _notice(what):
    return lambda e, stations: (
        "%s: %s%s" % (what, e.get("message", ""), " (kept as %s)" % e["file"] if e.get("file") else "")
    )


# the box's own events (ultimusbox.shell, seats, selftest), told in these words whichever game it plays
_BOX_EVENTS = {
    "button": lambda e, st: "pressed: %s" % button_name(e["b"]),
    "joined": lambda e, st: "at the table: %s" % (", ".join(station_name(s) for s in e["stations"]) or "nobody yet"),
    "game_chosen": lambda e, st: "game chosen: %s" % game_title(e["game"]),
    "new_game": lambda e, st: new_game(e),
    "resumed": lambda e, st: _resumed(e, st),
    "seat_selection": lambda e, st: "seat selection: SHOUT or THINK at your station to join, confirm to start",
    "selftest": lambda e, st: "self-test %s" % ("on: press every button in turn" if e["on"] else "off"),
    "selftest_button": lambda e, st: "self-test: %s (GP%d)" % (button_name(e["b"]), e["gpio"]),
    "storage": lambda e, st: "the box could not save the action, so it was not applied: %s" % e["message"],
    "fault": lambda e, st: "a task of the box failed (%s): %s; the box goes on" % (e["task"], e["message"]),
    "claim": lambda e, st: (
        "a link asks to become the referee: press MODE on the box within %d s to grant it"
        % (e.get("ms", 15000) // 1000)
    ),
    "claimed": lambda e, st: "MODE pressed: that link is now the referee",
    "overflow": lambda e, st: "%d events were missed while nobody read the link" % e["dropped"],
    "journal_refused": _notice("saved game NOT resumed"),
    "journal_cut": _notice("saved game resumed with a loss"),
}
BOX_EVENTS = tuple(_BOX_EVENTS)
_EVENTS = dict(_BOX_EVENTS, refused=lambda e, st: "refused: %s" % e["message"])
EVENTS = _EVENTS  # what a game's narrator adds its own events to (a copy: dict(narrate.EVENTS, ...))


def sound(e):
    """What an event sounds like on the box, in words ("countdown: Tres", "pardon fanfare"); None if silent."""
    from ultimusbox.sounds import EVENT_TUNES

    tune = EVENT_TUNES.get(e["e"])
    if tune is None:
        return None
    if e["e"] == "beat":
        return "countdown: %s" % COUNTDOWN[e["n"] - 1]
    return TUNE_WORDS.get(tune, tune)
