"""Morituri events as one line of English each: for `ultimus demo`/`play --game morituri` and the virtual box.

line(e, cls) reads one public event; cls (the figures' classes, if known)
names figure f "heavy 1" instead of "figure 1" (figures are numbered from 1,
as the box's wheels). Events the table needs not hear (a figure called to
move) are still told: the narration is the whole story of the round.
"""

import re

from games.morituri.content import MENU, MOVE, cls_value
from ultimus_host.narrate import BOX_EVENTS, some, station_name, unknown
from ultimus_host.narrate import line as box_line

QUIET = ("roll", "answer")  # told by the lines around them
FIGURES = re.compile(r"\bfigures? (\d+)(?: and (\d+))?")  # the core's "figure 0", "figures 0 and 3"


def figure(f, cls=()):
    return "%s %d" % (cls[f] if f < len(cls) else "figure", f + 1)


def named(message, cls=()):
    """A core message with its figures written as the table names them: the core counts them from 0
    ("figures 0 and 3 have already fought"), the box's wheels and the table from 1 ("heavy 1 and light 4")."""

    def names(m):
        return " and ".join(figure(int(f), cls) for f in m.groups() if f is not None)

    return FIGURES.sub(names, message)


def _dice(dice):
    return " ".join(str(d) for d in dice)


def line(e, cls=(), stations=None):
    """A sentence for one event (None for one that needs none); stations: the box's station of
    each seat, to name a seat as the table sees it ("station 3")."""
    kind = e["e"]
    told = _LINES.get(kind)
    if told is not None:
        return told(e, _Names(cls, stations))
    if kind == "roll" and e["why"] == "caesar":
        return "%s rolls %s for Caesar" % (_Names(cls, stations).seat(e["who"]), _dice(e["dice"]))
    if kind in QUIET:
        return None
    if kind in BOX_EVENTS or kind in ("game_chosen", "resumed"):  # the box's own, in the words of every game
        return box_line(e, stations)
    return unknown(e)


class _Names:
    """How a line names seats (by station on a box) and figures (by class, when known)."""

    def __init__(self, cls, stations):
        self.cls, self.stations = cls, stations

    def seat(self, p):
        stations = self.stations
        return station_name(stations[p]) if stations and 0 <= p < len(stations) else "seat %d" % (p + 1)

    def fig(self, e, key="f"):
        return figure(e[key], self.cls)


def _activate(e, n):
    if e["f"] < len(n.cls):  # the table moves him: the box tells how far (Movement)
        return 'Caesar calls on %s: he moves up to %d" in a straight line, turning before and after' % (
            n.fig(e),
            cls_value(n.cls[e["f"]], MOVE),
        )
    return "Caesar calls on %s: he moves" % n.fig(e)


def _verdict(e, n):
    bonus = e["total"] - sum(e["dice"])
    rolled = "%s %+d = %d" % (_dice(e["dice"]), bonus, e["total"]) if bonus else _dice(e["dice"])
    return "  appeal: %s against %d+: the crowd %s" % (
        rolled,
        e["target"],
        "SPARES him" if e["yes"] else "wants him DEAD",
    )


def _over(e, n):
    if e["winner"] < 0:
        return "=== nobody is left standing: no winner ==="
    return "=== %s's figures are the last in the arena: %s WINS ===" % (n.seat(e["winner"]), n.seat(e["winner"]))


# each event: e and n (_Names) -> its line
_LINES = {
    "round": lambda e, n: "--- round %d ---" % e["round"],
    "caesar": lambda e, n: "%s is Caesar for round %d" % (n.seat(e["seat"]), e["round"]),
    "sits_out": lambda e, n: "%s overrode the crowd: it sits this initiative out" % n.seat(e["seat"]),
    "roll_off": lambda e, n: (
        "initiative settled in %s: %s rolled highest" % (some(e["rounds"], "roll"), n.seat(e["winner"]))
    ),
    "activate": _activate,
    "stand": lambda e, n: "%s stands up with %d HP" % (n.fig(e), e["hp"]),
    "melee": lambda e, n: (
        "melee: %s (%+d to every die) fights %s (%+d)" % (n.fig(e), e["fmod"], n.fig(e, "t"), e["tmod"])
    ),
    "hits": lambda e, n: (
        "  %s on %s, %d on %s; armour lets through %d and %d"
        % (some(e["on_t"], "hit"), n.fig(e, "t"), e["on_f"], n.fig(e), e["wounds_t"], e["wounds_f"])
    ),
    "wound": lambda e, n: "  %s loses %d HP: %d left" % (n.fig(e), e["n"], e["hp"]),
    "kill": lambda e, n: "  %s takes %s to 0 HP (+1 from now on)" % (n.fig(e, "by"), n.fig(e)),
    "down": lambda e, n: "  %s falls: he lies on his back and will implore the crowd" % n.fig(e),
    "removed": lambda e, n: "  %s is removed from the arena" % n.fig(e),
    "verdict": _verdict,
    "ask": lambda e, n: "  %s waits for Caesar's thumb (%s)" % (figure(e["data"][0], n.cls), n.seat(e["who"])),
    "override": lambda e, n: "  Caesar (%s) overrides the crowd: he sits out the next initiative" % n.seat(e["seat"]),
    "spared": lambda e, n: "  %s is SPARED: he lies a full round, then stands up with 1 HP" % n.fig(e),
    "waives": lambda e, n: "%s does not implore the crowd" % n.fig(e),
    "killed": lambda e, n: "  %s is KILLED" % n.fig(e),
    "over": _over,
    "phase": lambda e, n: "the melee begins: Caesar picks the pairs" if e["phase"] == "melee" else "the melee is over",
    "class": lambda e, n: "%s brings %s figures" % (station_name(e["station"]), e["cls"]),
    "joined": lambda e, n: "joined: %s" % (", ".join(station_name(st) for st in e["stations"]) or "nobody"),
    "refused": lambda e, n: "refused: %s; nothing changed" % named(e["message"], n.cls),
    "new_game": lambda e, n: (
        "a new game: %s" % " v ".join("%s %s" % (n.seat(p), "+".join(c)) for p, c in enumerate(e["setup"]["figures"]))
    ),
}


def roll_text(e, cls=()):
    """A roll event (verbose narration): whose dice and why."""
    who = "seat %d" % (e["who"] + 1) if e["who"] >= 0 else "the box"
    return "  %s rolls %s (%s)" % (who, _dice(e["dice"]), e["why"])


def action_text(view, a):
    """A legal action in words, for a person choosing at the keyboard."""
    cls = [f["cls"] for f in view["figures"]]
    kind = a["a"]
    if kind == "initiative":
        return "roll for Caesar"
    if kind == "activate":
        return "call on %s (he moves)" % figure(a["f"], cls)
    if kind == "melee":
        return "%s (%s) fights %s (%s)" % (figure(a["f"], cls), MENU[a["fm"]][0], figure(a["t"], cls), MENU[a["tm"]][0])
    if kind == "end_melee":
        return "end the melee"
    if kind == "implore":
        return "%s implores the crowd" % figure(a["f"], cls)
    if kind == "thumb":
        return "thumbs %s" % ("UP: spare him" if a["up"] else "DOWN: kill him")
    if kind == "waive":
        return "%s does not implore the crowd (he dies)" % figure(a["f"], cls)
    return " ".join("%s=%s" % (k, a[k]) for k in sorted(a))
