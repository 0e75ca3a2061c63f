"""The Munera screen in words: the one-line "what now" of the virtual box, with its keys.

Only a PC loads this module; the Pico's screen never needs it. Keys in brackets are the
virtual box's (ultimus_host.virtualbox.KEYS): wheels a s d f g h, confirm Enter, mode m,
+/-, thumbs u / n, THINK q w e r t y (a table die of 1-6), SHOUT 1-6. Each menu item says
what it costs and, when the rules forbid it now, why (the core's own checks).
"""

from games.munera import checks
from games.munera.content import COST, OPTIONS, PROFILES, kit_save
from games.munera.rules import START_DIRS, START_OUT
from games.munera.state import ap_mods, dist, exhausted, injured, quadrant_of, tired, total
from ultimusbox.screens.munera.entry import (
    ATTACK,
    CUT,
    DISCARD,
    DISCARDABLE,
    DRAW,
    END,
    FEINT,
    GRAPPLE,
    HAZE,
    KICK,
    MENU,
    MOVE,
    PICKUP,
    THUMB_PHASES,
    TURN,
    WHIRL,
    weapon_of,
)

WHEEL_KEYS = "asdfgh"
COMPASS = ("E", "NE", "NW", "W", "SW", "SE")  # hex sides 0-5, counter-clockwise from east
RELATIVE = ("ahead", "ahead-left", "back-left", "back", "back-right", "ahead-right")
DICE_KEYS = "THINK q-y types a table die of 1-6"


def line_name(line):
    """A seat selection line in short: "murmillo", "provocator with buckler", "gaul with axe"."""
    if type(line) is not dict:
        return line
    extra = line.get("option") or line.get("two_handed")
    return "%s with %s" % (line["profile"], extra.replace("_", " "))


def profile_text(line):
    """A line of the seat selection (a profile's name, or a set-up entry with its option)."""
    entry = line if type(line) is dict else {"profile": line}
    prof = entry["profile"]
    cls, armour, shield, helmet, kit = PROFILES[prof][:5]
    names = [w[0] for w in kit]
    for option, old, new in OPTIONS.get(prof, ()):
        if entry.get("option") == option:
            shield = new if shield == old else shield
            names = [new if n == old else n for n in names]
    if entry.get("two_handed"):
        names[0] = entry["two_handed"]
    gear = ", ".join(n.replace("_", " ") for n in names)
    if shield:
        gear += ", %s shield" % shield if shield not in ("galerus", "cape") else ", " + shield
    return "%s (%s; %s armour%s; save %d)" % (
        line_name(line),
        gear,
        "no" if armour == "none" else armour,
        ", helmet" if helmet else "",
        kit_save(armour, shield, helmet),
    )


def who(screen, g):
    """A gladiator as the table knows him: his line and his player's station and wheel."""
    s = screen.state()
    w = screen.ring_of(g)
    return "%s (station %d [%s])" % (s["g"][g]["prof"], w + 1, WHEEL_KEYS[w])


def named(s, message):
    """A core message with its gladiators by name ("gladiator 0" -> "the murmillo")."""
    for g in range(s["players"]):
        message = message.replace("gladiator %d" % g, "the " + s["g"][g]["prof"])
    return message


def _table(screen):
    table = screen.entry.table
    if not table:
        return ""
    clear = "" if screen.state()["phase"] in THUMB_PHASES else " (thumbs down [n] clears them)"
    return "; table dice %s%s" % (" ".join(str(d) for d in table), clear)


def describe(screen):
    e, shell = screen.entry, screen.shell
    if shell.game is None:
        joined = shell.seats.joined
        chosen = (
            ", ".join("station %d %s" % (st + 1, line_name(e.profile(st))) for st in sorted(joined)) or "nobody yet"
        )
        last = ""
        if joined:
            st = joined[-1]
            last = "mode [m] or +/-: station %d's gladiator: %s; " % (st + 1, profile_text(e.profile(st)))
        return "Munera: SHOUT joins a station (keys 1-6); %s%s; confirm [Enter] starts the bout (2-6 gladiators)" % (
            last,
            chosen,
        )
    s = screen.state()
    phase = s["phase"]
    tail = _table(screen)
    if phase == "stamina":
        places = "; ".join(
            "%s %d hexes %s of the centre, facing %s"
            % (who(screen, g), START_OUT, COMPASS[START_DIRS[g]], COMPASS[s["g"][g]["face"]])
            for g in range(s["players"])
        )
        return (
            "place the models on your hex arena (north up; the box names a hex (q,r): q steps east, then r steps "
            "north-east from the centre): %s. confirm [Enter]: the box rolls stamina (4+D6 each), "
            "or %s first%s" % (places, DICE_KEYS, tail)
        )
    if phase == "order":
        return "confirm [Enter]: the box rolls the order of play (D6 each, ties again)%s" % tail
    g = s["turn"]
    if phase == "start":
        x = s["g"][g]
        mods = ap_mods(s, g, x["down"])
        parts = " ".join("%s %+d" % (m[0].replace("_", " "), m[1]) for m in mods if m[1])
        return "round %d, %s's turn: confirm [Enter] rolls his AP: D6 %+d (%s)%s; or %s" % (
            s["round"],
            who(screen, g),
            total(mods),
            parts or "no modifiers",
            " - he stands up first" if x["down"] else "",
            DICE_KEYS + tail,
        )
    if phase == "act":
        spent = " (none left: END, then confirm, ends his turn)" if s["ap"] == 0 and screen.entry.menu != END else ""
        return "%s, %d AP left%s: %s%s" % (who(screen, g), s["ap"], spent, _menu(screen, s, g), tail)
    if phase == "wrestle":
        return "%s is locked in a grapple: confirm [Enter] rolls the grapple test (D6 + stamina each)%s" % (
            who(screen, g),
            tail,
        )
    if phase == "reroll":
        o = s["offer"]
        return (
            "%s misses %s (%d against %d, a miss by %d) after his feint: thumbs up [u] rolls his die again "
            "(a second miss tires him twice), thumbs down [n] keeps the miss%s"
            % (who(screen, g), who(screen, o["t"]), o["a"], o["d"], o["d"] - o["a"] - o["mod"], tail)
        )
    if phase == "grip":
        return "%s wins the grapple: thumbs up [u] throws his foe (D3 wounds, down), thumbs down [n] lets go%s" % (
            who(screen, s["grip"]),
            tail,
        )
    if phase == "appeal":
        a = s["waiting"][0]
        from games.munera.appeal import appeal_mods

        mods = appeal_mods(s, a)
        parts = " ".join("%s %+d" % (m[0].replace("_", " "), m[1]) for m in mods)
        return "%s is beaten and appeals to the crowd: confirm [Enter] rolls 2D6 %+d (%s); 7+ spares him%s" % (
            who(screen, a),
            total(mods),
            parts or "no modifiers",
            tail,
        )
    if phase == "over":
        if s["winner"] < 0:
            return "nobody is left in the arena; confirm [Enter] returns to the seat selection"
        return "%s wins the bout! confirm [Enter] returns to the seat selection" % who(screen, s["winner"])
    return ""


def _at_foe(screen, s, g, m):
    """A menu item aimed at a foe (attack, whirl, haze, grapple): its words and why it is refused (or None)."""
    e, x = screen.entry, s["g"][g]
    t = e.target
    problem = None
    text = "; wheel: the foe %s" % (who(screen, t) if t >= 0 else "(press his wheel)")
    if m == ATTACK or m == WHIRL:
        w = weapon_of(x, e.param)
        text += "; +/-: with the %s" % checks.weapon_name(s, g, w).replace("_", " ")
        if t >= 0:
            text += ", %d AP" % checks.attack_cost(s, g, w, 1 if m == WHIRL else 0)
            d = dist(s, g, t)
            text += ", %d hex%s away, you strike his %s" % (d, "" if d == 1 else "es", quadrant_of(s, t, g))
            problem = checks.attack_problem(s, g, t, w, 1 if m == WHIRL else 0)
    elif t >= 0:
        problem = checks.haze_problem(s, g, t) if m == HAZE else checks.grapple_problem(s, g, t)
    return text + "; table dice: THINK q-y before confirm", problem


def _menu(screen, s, g):
    """The act menu's item, its number, its cost, why it is refused now; then the keys."""
    e = screen.entry
    m = e.menu
    x = s["g"][g]
    text = "mode [m]: %s (%d of %d)" % (MENU[m].upper(), m + 1, len(MENU))
    problem = None
    if m == MOVE:
        d = (x["face"] + e.param) % 6
        cost = checks.move_cost(s, g, d)
        text += "; +/-: one hex %s (%s), %d AP" % (RELATIVE[e.param], COMPASS[d], cost)
        problem = checks.move_problem(s, g, d)
    elif m == TURN:
        by = 1 if e.param == 0 else -1
        text += "; +/-: turn %s to face %s, %d AP" % (
            "left" if by == 1 else "right",
            COMPASS[(x["face"] + by) % 6],
            COST["turn"],
        )
        problem = checks.turn_problem(s, g)
    elif m in (ATTACK, WHIRL, HAZE, GRAPPLE):
        more, problem = _at_foe(screen, s, g, m)
        text += more
    elif m == DRAW:
        if x["kit"]:
            k = e.param % len(x["kit"])
            w = x["kit"][k]
            text += "; +/-: %s the %s, %d AP" % ("sheathe" if w[1] else "draw", w[0], COST["draw"])
            problem = checks.sheathe_problem(s, g, k) if w[1] else checks.draw_problem(s, g, k)
        else:
            problem = ("no_weapon", "he carries no weapon")
    elif m == PICKUP or m == KICK:
        if s["ground"]:
            i = e.param % len(s["ground"])
            item = s["ground"][i]
            whose = "his" if item[3] == g else "%s's" % named(s, "gladiator %d" % item[3])
            text += "; +/-: %s %s at (%d,%d)" % (whose, item[0], item[1], item[2])
            problem = checks.pickup_problem(s, g, i) if m == PICKUP else checks.kick_problem(s, g, i)
        else:
            problem = ("no_item", "nothing lies on the sand")
    elif m == DISCARD:
        item = DISCARDABLE[e.param % len(DISCARDABLE)]
        text += "; +/-: the %s, 0 AP" % item
        problem = checks.drop_problem(s, g, item)
    elif m == CUT:
        text += "; try to cut free of the net (%d AP)" % COST["cut"]
        problem = checks.cut_problem(s, g)
    elif m == FEINT:
        text += "; he may roll a miss of his again this turn (%d AP)" % COST["feint"]
        problem = checks.feint_problem(s, g)
    elif m == END:
        text += "; he ends his turn (%d AP spent)" % s["spent"]
    if problem is not None:
        text += " - NOT NOW: %s" % named(s, problem[1])
    return text + "; confirm [Enter]"


def describe_ring(screen, wheel):
    """(label, words) of a wheel: its gladiator's stamina, fatigue, hex, facing, kit and state."""
    s = screen.state()
    g = screen.shell.seat_of_station(wheel)
    if g < 0:
        return "-", ""
    x = s["g"][g]
    label = x["prof"]
    stamina = "stamina %d/%d" % (x["stam"], x["start"]) if x["start"] else "stamina not rolled"
    words = "station %d  %s  fatigue %d  hex (%d,%d) facing %s" % (
        wheel + 1,
        stamina,
        x["fat"],
        x["pos"][0],
        x["pos"][1],
        COMPASS[x["face"]],
    )
    if x["out"]:
        return label, words + "  " + x["out"].upper()
    kit = ", ".join("%s%s" % (w[0].replace("_", " "), "" if w[1] else " (sheathed)") for w in x["kit"])
    shield = x["shield"]
    if shield in ("small", "large"):
        shield += " shield"
    words += "  %s%s" % (kit or "no weapon", ", " + shield if shield else "")
    marks = []
    if x["down"]:
        marks.append("DOWN")
    if x["tangle"] >= 0:
        marks.append("ENTANGLED")
    if injured(s, g):
        marks.append("injured")
    if exhausted(s, g):
        marks.append("exhausted")
    elif tired(s, g):
        marks.append("tired")
    if s["turn"] == g and s["phase"] == "act":
        marks.append("his turn: %d AP" % s["ap"])
    if marks:
        words += "  " + ", ".join(marks)
    return label, words
