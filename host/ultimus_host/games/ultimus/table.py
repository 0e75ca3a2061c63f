"""ULTIMUS's table as the virtual box and `connect` show it beside the box's lights: where the battles
stand, each wheel's gladiator (health, net, drunk, fallen) or its station's gold at the final count."""

from games.ultimus.content import GLADIATOR_NAMES
from games.ultimus.state import ARENA, content_of, max_health
from ultimus_host.narrate import station_name
from ultimusbox.screens.ultimus.words import set_up_ring


def header(s):
    """Where the battles stand, for the virtual box's first line: "battle 1 of 3, round 2, balanced cards";
    "the final count after battle 2 of 3" once the game is over (its last battle's round is no more)."""
    if s["phase"] == "over":
        out = "the final count after battle %d of %d" % (s["battle"], s["battles"])
    elif s["battle"]:
        out = "battle %d of %d" % (s["battle"], s["battles"])
        out += ", round %d" % s["round"] if s["round"] else ", betting and entrance"
    else:
        out = "before battle 1 of %d" % s["battles"]
    return out + ", %s cards" % content_of(s)  # which numbers, also after a resume


def wheel(shell, g):
    """(label, words) of wheel g: the final count's gold, the deal, else the gladiator and his state."""
    s = shell.game.state
    if shell.phase == "over":  # the final count: each station's gold on the wheel in front of it
        seat = shell.seat_of_station(g)
        if seat < 0:
            return station_name(g), ""
        return station_name(g), "%d gold%s" % (s["gold"][seat], "  CHAMPION" if seat in s["champions"] else "")
    deal = set_up_ring(s, g)  # before the gladiators
    if deal is not None:
        return deal[0], deal[1]
    tags = []
    if s["status"][g] == ARENA:
        tags.append("%d/%d" % (s["hp"][g], max_health(s)[g]))
    tags += [
        name
        for name, on in (("fallen", s["fallen"][g]), ("netted", s["net"] == g), ("drunk", s["drunk"][g] >= 0))
        if on
    ]
    tags.append(("waiting", "", "DEAD", "pardoned")[s["status"][g]])
    return GLADIATOR_NAMES[g], " ".join(t for t in tags if t)


def summary(s):
    """The gladiators' health under `connect`'s state line; None where the state has none to show."""
    if not s or "hp" not in s:
        return None
    return ", ".join("%s %d" % (GLADIATOR_NAMES[g], s["hp"][g]) for g in range(6))
