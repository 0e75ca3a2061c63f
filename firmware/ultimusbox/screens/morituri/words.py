"""The Morituri screen in words: the one-line "what now" of the virtual box, with its keys.

Only a PC loads this module; the Pico's screen never needs it. Keys in
brackets are the virtual box's (ultimus_host.virtualbox.KEYS): wheels
a s d f g h, confirm Enter, mode m, thumbs u / n, SHOUT 1-6.
"""

from games.morituri.content import MENU
from games.morituri.state import hp, is_lying, is_out, is_spared

WHEEL_KEYS = "asdfgh"


def _menu(i):
    name, mod = MENU[i]
    return "%s %+d" % (name, mod) if mod else name


def _name(s, f):
    return "%s %d" % (s["cls"][f], f + 1)


def _fig(s, f):
    return "%s [%s]" % (_name(s, f), WHEEL_KEYS[f])


def describe(screen):
    e, shell = screen.entry, screen.shell
    if shell.game is None:
        joined = shell.seats.joined
        classes = ", ".join("station %d %s" % (st + 1, e.class_name(st)) for st in sorted(joined)) or "nobody yet"
        return (
            "Morituri: SHOUT joins a station (keys 1-6: stations 1-6); mode [m]: the class of the last to join; "
            "+/- figures per station: %d; %s; confirm [Enter] starts" % (e.per_station, classes)
        )
    s = screen.state()
    phase = s["phase"]
    caesar = "Caesar (station %d)" % (shell.station_of_seat(s["caesar"]) + 1) if s["caesar"] >= 0 else ""
    if phase == "initiative":
        return (
            "round %d, initiative: confirm [Enter] and the box rolls 2D6 for each player; the highest is Caesar"
            % (s["round"])
        )
    if phase == "movement":
        return (
            '%s: press the wheel of each figure as it moves on the table [asdfgh] (straight, up to heavy 5", '
            'light 7", animals 10", turning before and after; a pinned figure stays); confirm [Enter] '
            "calls the rest" % (caesar)
        )
    if phase == "melee":
        if e.fighter < 0:
            if e.ending:
                return "%s: confirm [Enter] again ends the melee; any other button goes on fighting" % caesar
            return (
                "%s: melee: wheel of the figure who acts [asdfgh], then his target's; "
                "confirm [Enter] twice with nothing picked ends the melee" % caesar
            )
        text = "%s: %s (%s)" % (caesar, _fig(s, e.fighter), _menu(e.menu[0]))
        if e.target < 0:
            return text + " fights ... press his target's wheel"
        for pair in s["fought"]:  # the core would refuse the roll: say so before confirm, not after
            if e.fighter in pair and e.target in pair:
                return text + " v %s: these two have already fought this round; another target's wheel" % (
                    _fig(s, e.target)
                )
        side = e.target if e.side else e.fighter
        text += " v %s (%s); mode [m]: how %s fights (none, moved to contact +1, side -1, back -2, ...; " % (
            _fig(s, e.target),
            _menu(e.menu[1]),
            _name(s, side),
        )
        return text + "his wheel: the other side); confirm [Enter] rolls"
        return text
    if phase == "implore":
        if s["crowd"]:
            f, yes = s["crowd"][0]["data"]
            return "the crowd %s %s: %s, thumbs up [u] spares, down [n] kills (against the crowd: he sits out %s" % (
                "SPARES" if yes else "KILLS",
                _fig(s, f),
                caesar,
                "the next initiative)",
            )
        waiting = ", ".join(_fig(s, f) for f in s["waiting"])
        die = "the table's die: %d (+/-)" % e.table_die if e.table_die else "+/- to enter a die rolled on the table"
        waive = "; thumbs down [n]: %s does not implore (he dies)" % _name(s, e.fallen) if e.fallen >= 0 else ""
        return "%s: the fallen implore the crowd (%s): wheel picks one, confirm [Enter] rolls %s's appeal; %s%s" % (
            caesar,
            waiting,
            _name(s, screen.called()),
            die,
            waive,
        )
    if phase == "over":
        if s["winner"] < 0:
            return "nobody is left standing; confirm [Enter] returns to the seat selection"
        return "station %d wins! confirm [Enter] returns to the seat selection" % (
            shell.station_of_seat(s["winner"]) + 1
        )
    return ""


def describe_ring(screen, g):
    """(label, words) of wheel g: its figure, owner, hit points and state."""
    s = screen.state()
    if g >= len(s["cls"]):
        return "-", ""
    shell = screen.shell
    label = "%s %d" % (s["cls"][g], g + 1)
    words = "station %d  %d HP" % (shell.station_of_seat(s["owner"][g]) + 1, hp(s, g))
    if is_out(s, g):
        words += "  DEAD" if s["cls"][g] in ("heavy", "light") else "  removed"
    elif g in s["waiting"]:
        words += "  down: waiting to implore"
    elif is_spared(s, g):
        words += "  spared: resting, stands up in round %d" % s["up"][g]
    elif is_lying(s, g):
        words += "  down"
    if s["kills"][g]:
        words += "  kills %d (+1)" % s["kills"][g]
    if g in s["activated"] and s["phase"] == "movement":
        words += "  moved"
    return label, words
