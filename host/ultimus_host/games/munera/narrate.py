"""Munera events on the virtual box, one line of plain English each.

The bout's own events are told by the terminal bout's narrator (play.line, beside this module), with each
gladiator named as the table knows him: his line and his player's station ("the retiarius
(station 4)"). The box's events around them (refusals, the seat selection's choices, dice
typed in from the table, a resumed bout) are told here or by the box's narrator.
"""

from ultimus_host.games.munera.play import line as bout_line
from ultimus_host.narrate import BOX_EVENTS, station_name, unknown
from ultimus_host.narrate import line as box_line
from ultimusbox.screens.munera.words import line_name


def gladiator_name(s, g, stations=None):
    """Gladiator g as the table knows him."""
    prof = s["g"][g]["prof"].replace("_", " ")
    if stations and 0 <= g < len(stations):
        return "the %s (%s)" % (prof, station_name(stations[g]))
    return "the %s (seat %d)" % (prof, g + 1)


def named(s, message, stations=None):
    """A core message with "gladiator N" written as the table names him."""
    for g in range(len(s["g"])):
        message = message.replace("gladiator %d" % g, gladiator_name(s, g, stations))  # the core counts from 0
    return message


def line(e, s=None, stations=None):
    """A sentence for one public event (None for one the table needs not hear); s: the bout's
    state when one runs."""
    kind = e["e"]
    if kind == "gladiator":
        return "%s will fight as a %s" % (station_name(e["station"]), line_name(e["profile"]))
    if kind == "table_die":
        return "a die from the table: %d (typed so far: %s)" % (e["die"], " ".join(str(d) for d in e["dice"]))
    if kind == "refused":
        message = named(s, e["message"], stations) if s is not None else e["message"]
        return "refused: %s; nothing changed" % message
    if kind == "roll":
        return None  # the lines around it tell the dice
    if s is not None and kind in _MINE:
        return _MINE[kind](e, s, lambda g: gladiator_name(s, g, stations))
    if s is not None and kind not in ("resumed", "new_game", "seat_selection", "game_chosen", "claim", "claimed"):
        text = bout_line(s, e, lambda view, g: gladiator_name(view, g, stations))
        if text is not None or kind in _BOUT_EVENTS:
            return text
    if kind in BOX_EVENTS:
        return box_line(e, stations)  # the box's own, as for every game
    return unknown(e)


FACING = ("E", "NE", "NW", "W", "SW", "SE")


# why an item lies on the sand, where the line before does not say it
ITEM_WHY = {
    "double_5": ": DOUBLE 5 knocked it off",
    "double_1": ": DOUBLE 1 made him drop it",
    "missed": ": the throw missed",
    "grapple": ": dropped in the grapple",
    "discarded": ": discarded for good",
}


def _item(name):
    return name + " shield" if name in ("small", "large") else name.replace("_", " ")


def _strike(e):
    """An attack's outcome: by how much it hit or missed, and the save the defender rolls."""
    if not e["hit"]:
        return "  a miss by %d" % -e["margin"] if e["margin"] else "  a miss (level scores)"
    save = "; his armour saves on a D6 of %d or less" % e["save"] if e["save"] else "; no armour save"
    return "  a hit by %d%s" % (e["margin"], save)


def _mods(mods):
    return " ".join("%s %+d" % (m[0].replace("_", " "), m[1]) for m in mods if m[1]) or "no modifiers"


# what the table must do or know that the terminal bout's narrator leaves to its arena picture
_MINE = {
    "move": lambda e, s, n: (
        "%s moves to hex (%d,%d): move his model; %d AP left" % (n(e["g"]), e["to"][0], e["to"][1], e["ap"])
    ),
    "face": lambda e, s, n: "%s turns to face %s: turn his model; %d AP left" % (n(e["g"]), FACING[e["face"]], e["ap"]),
    "end_turn": lambda e, s, n: "%s ends his turn (%d AP spent)" % (n(e["g"]), e["spent"]),
    "draw": lambda e, s, n: "%s draws his %s" % (n(e["g"]), e["w"]),
    "sheathe": lambda e, s, n: "%s sheathes his %s" % (n(e["g"]), e["w"]),
    "pickup": lambda e, s, n: (
        "%s picks up %s %s"
        % (n(e["g"]), "his" if e.get("owner", e["g"]) == e["g"] else n(e["owner"]) + "'s", _item(e["item"]))
    ),
    "kick": lambda e, s, n: "%s kicks the %s away" % (n(e["g"]), _item(e["item"])),
    "item": lambda e, s, n: (
        "  %s's %s lies on the sand at hex (%d,%d)%s"
        % (n(e["owner"]), _item(e["item"]), e["at"][0], e["at"][1], ITEM_WHY.get(e.get("why"), ""))
    ),
    "ap": lambda e, s, n: "%s rolls %d for AP (%s): %d AP" % (n(e["g"]), e["die"], _mods(e["mods"]), e["ap"]),
    "attack": lambda e, s, n: (
        "%s attacks %s with the %s%s from his %s (%s)"
        % (n(e["g"]), n(e["t"]), _item(e["w"]), ", whirling," if e["whirl"] else "", e["from"], _mods(e["mods"]))
    ),
    "strike": lambda e, s, n: None if e["double"] else _strike(e),
    "feint": lambda e, s, n: "%s feints: he may roll a miss again this turn" % n(e["g"]),
    "reroll_offer": lambda e, s, n: (
        "  %s rolls %d, %s %d: a miss; his feint lets him roll again if he will"
        % (n(e["g"]), e["a"], n(e["t"]), e["d"])
    ),
    "miss_kept": lambda e, s, n: "  %s keeps the miss" % n(e["g"]),
    "ap_lost": lambda e, s, n: "  %s loses his %d AP left" % (n(e["g"]), e["n"]),
    "appeal": lambda e, s, n: "%s appeals to the crowd (%s)" % (n(e["g"]), _mods(e["mods"])),
    "whirl": lambda e, s, n: "  %s whirls round to hex (%d,%d)" % (n(e["g"]), e["to"][0], e["to"][1]),
    "disengaged": lambda e, s, n: "  %s steps back to hex (%d,%d)" % (n(e["g"]), e["at"][0], e["at"][1]),
    "broken": lambda e, s, n: "  %s's %s is broken" % (n(e["g"]), e["item"]),
    "verdict": lambda e, s, n: (
        "  the crowd: %s rolled, %d with the modifiers (7 or more spares): %s"
        % ("+".join(str(d) for d in e["dice"]), e["total"], "MERCY" if e["yes"] else "DEATH")
    ),
    "grapple_tied": lambda e, s, n: "  the grapple test is tied (%d so far): the turn ends" % e["ties"],
    "grapple_ends": lambda e, s, n: "  the grapple ends",
    "down_again": lambda e, s, n: "  %s is knocked down again" % n(e["g"]),
    "pushed": lambda e, s, n: (
        "  %s jumps back to hex (%d,%d): move his model" % (n(e["g"]), e["to"][0], e["to"][1])
        if e["to"]
        else "  %s cannot give ground: he is knocked down" % n(e["g"])
    ),
}

# the bout's events play.line keeps quiet on purpose (told by the lines around them)
_BOUT_EVENTS = ("strike",)
