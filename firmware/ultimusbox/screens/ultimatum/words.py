"""The Ultimatum screen in words: the one-line "what now" of the virtual box, with its keys.

Only a PC loads this module; the Pico's screen never needs it. Keys in
brackets are the virtual box's (ultimus_host.virtualbox.KEYS): wheels
a s d f g h, +/-, confirm Enter, mode m, thumbs down n, THINK q w e r t y.
"""

from games.ultimatum.content import (
    ALLIANCE_OF,
    ALLIANCE_SIZES,
    ALLIANCES,
    CHEST,
    FIRST_NATIONS,
    N_NATIONS,
    N_SEAS,
    NATIONS,
    SAVINGS,
    SHIP,
    SUB,
    WORLDPOWER,
    sea_name,
)
from games.ultimatum.state import alliance_counts, movable, nations_of
from ultimusbox.screens.ultimatum.entry import COUNT, FIRST_OF, KIND, NATION, PLACE, SEA, UNSET, VESSEL, VESSELS

WHEEL_KEYS = "asdfgh"
THINK_KEYS = "qwerty"
SHORT = {"U.S.A.": "USA", "Great Britain": "GB", "France": "Fra", "Japan": "Jap", "U.S.S.R.": "USSR", "China": "Chi"}
KIND_WORDS = {"troop": "troops", "ship": "battleships", "sub": "submarines", "laser": "lasers"}
ACTION_WORDS = {
    "roll_off": "roll off",
    "take": "take a nation",
    "fleet": "place 2 battleships on a blockade",
    "buy": "buy",
    "reinforce": "reinforcement card (troops, battleships or submarines, as it says)",
    "intelligence": "Intelligence Report card (the box counts it spent)",
    "war": "done buying: to war",
    "end": "end the turn",
    "attack": "attack with troops",
    "commando": "Helicopter Commando card",
    "airlift": "Airlift card",
    "sail": "sail vessels",
    "bomber": "Jet Bomber card",
    "laser": "launch a laser",
    "fire_back": "fire a laser back",
    "roll": "roll one exchange",
    "blitz": "blitz (roll on)",
    "stop": "stop the attack",
    "fire": "fire (green die)",
    "minefield": "Minefield card",
    "ocean_mine": "Ocean Mine card",
    "anti_aircraft": "Anti-Aircraft Missile card",
    "occupy": "move troops in",
}
FIELD_WORDS = {
    "n": "nation",
    "b": "blockade",
    "from": "from",
    "to": "to",
    "at": "where",
    "kind": "what",
    "ships": "battleships",
    "subs": "submarines",
    "w": "your vessel",
    "t": "their vessel",
}
KEYS = {
    NATION: "wheels [a s d f]: Western, Communist, Peace, Oil (again: the next nation); +/-: next/previous",
    SEA: "wheels [g h]: sea places 1-12, 13-23 (again: the next); +/-: next/previous",
    PLACE: "wheels [a s d f]: a nation, [g h]: a sea place; +/-: next/previous",
    COUNT: "+/-: how many",
    KIND: "+/-: troop $1, battleship $2, submarine $5, laser $10",
    "card": "+/-: troops, battleships or submarines, as the card says",
    VESSEL: "+/-: battleship or submarine",
}


def nation(n):
    """A nation's name and alliance, and "Worldpower" for the six (the set-up's first four need one)."""
    return "%s (%s%s)" % (NATIONS[n][0], ALLIANCES[ALLIANCE_OF[n]], ", Worldpower" if WORLDPOWER[n] else "")


def station(screen, seat):
    return "station %d" % (screen.shell.station_of_seat(seat) + 1)


def _value(screen, kind, key, v):
    s = screen.state()
    if v == UNSET:
        return "?"
    if kind == PLACE:
        kind, v = (NATION, v) if v < N_NATIONS else (SEA, v - N_NATIONS)
    if kind == NATION:
        holder = s["owner"][v]
        who = station(screen, holder) if holder >= 0 else "free"
        return "%s, %s, %d troops" % (nation(v), who, s["troops"][v])
    if kind == SEA:
        holder = s["sea"][v]
        who = station(screen, holder) if holder >= 0 else "vacant"
        return "%s, %s, %d battleships %d submarines%s" % (sea_name(v), who, s["ships"][v], s["subs"][v], _moved(s, v))
    if kind == KIND:
        return KIND_WORDS[screen.entry.kinds()[v]]
    if kind == VESSEL:
        return KIND_WORDS[VESSELS[v]]
    return str(v)


def _moved(s, b):
    """Of a sea place's vessels, those that may not move again this turn (edition 2)."""
    ships = s["ships"][b] - movable(s, b, SHIP)
    subs = s["subs"][b] - movable(s, b, SUB)
    if ships + subs == 0:
        return ""
    return " (%d and %d moved or new this turn)" % (ships, subs)


def first_four(s, seat):
    """The set-up's first round for a seat: the alliances it holds one of, and its Worldpower."""
    mine = nations_of(s, seat)
    if not mine:
        return "your first four: one of each alliance, one of them a Worldpower (10 troops)"
    used = [ALLIANCE_OF[n] for n in mine]
    power = ["yours: " + NATIONS[n][0] for n in mine if WORLDPOWER[n]]
    if not power:
        free = [
            NATIONS[n][0]
            for n in range(N_NATIONS)
            if WORLDPOWER[n] and s["owner"][n] < 0 and ALLIANCE_OF[n] not in used
        ]
        power = ["not yet: take one of %s while an alliance of theirs is left to you" % ", ".join(free)]
    return "your first four: one of each alliance (you hold %s), one of them a Worldpower (%s)" % (
        ", ".join([ALLIANCES[a] for a in used]),
        power[0],
    )


def describe(screen):
    shell = screen.shell
    if shell.game is None:
        return (
            "Ultimatum: SHOUT joins a station (keys 1-6), 2 to 6 players; confirm [Enter] starts "
            "(the box rolls who chooses nations first)"
        )
    s = screen.state()
    phase = s["phase"]
    if phase == "roll_off":
        return "everyone rolls the black die: who takes nations first. Confirm [Enter]: the box rolls"
    if phase == "fleet_roll_off":
        return "every nation is taken; everyone rolls again: who places fleets first. Confirm [Enter]: the box rolls"
    if phase == "over":
        return "%s wins: Oil and %s! Confirm [Enter] returns to the seat selection" % (
            station(screen, s["winner"]),
            "two other alliances" if s["players"] == 2 else "another alliance",
        )
    e = screen.entry
    seat = screen.seat()
    parts = [_head(screen, s, seat)]
    if phase == "nations":
        if s["picks"] < FIRST_NATIONS * s["players"]:
            parts.append(first_four(s, seat))
        else:
            parts.append("one free nation each in turn (5 troops)")
    elif phase == "fleets":
        parts.append("2 battleships on a vacant blockade, in turn until all 14 are held")
    menu = screen.menu()
    if len(menu) > 1:
        nxt = menu[(menu.index(e.name) + 1) % len(menu)] if e.name in menu else menu[0]
        parts.append("mode [m]: next '%s' (all: %s)" % (ACTION_WORDS.get(nxt, nxt), ", ".join(menu)))
    _entered(screen, parts)
    others = _others(screen, seat)
    if others:
        parts.append(others)
    if phase == "battle":
        parts.insert(0, _battle(screen))
    elif phase == "occupy":
        battle = s["battle"]
        parts.insert(
            0,
            "CONQUERED %s: move troops in from %s (%d there, one stays)"
            % (nation(battle["n"]), NATIONS[battle["from"]][0], s["troops"][battle["from"]]),
        )
    return " | ".join(parts)


def _head(screen, s, seat):
    """Whose action it is, and, on his own turn, the purse he spends from."""
    name = screen.entry.name
    phase = s["phase"]
    if phase == "buy":
        return "%s's turn, buying with savings ($%d): %s" % (
            station(screen, seat),
            s["purses"][SAVINGS][seat],
            ACTION_WORDS.get(name, name),
        )
    if phase in ("war", "battle", "occupy") and seat == s["active"]:
        return "%s's turn (war chest $%d, %d cards): %s" % (
            station(screen, seat),
            s["purses"][CHEST][seat],
            s["cards"][seat],
            ACTION_WORDS.get(name, name),
        )
    return "%s: %s" % (station(screen, seat), ACTION_WORDS.get(name, name))


def _entered(screen, parts):
    """The action's fields as entered so far (the one being entered marked, with its keys), then what
    confirm and thumbs down do."""
    e = screen.entry
    fields = e.fields()
    for i in range(len(fields)):
        kind = e.kind(i)
        if kind == UNSET:
            continue
        key = fields[i][0]
        word = "how many" if kind == COUNT and key == "n" else FIELD_WORDS.get(key, key)
        text = "%s: %s" % (word, _value(screen, kind, key, e.vals[i]))
        if i == e.field:
            text = "> %s <  (%s)" % (text, KEYS["card" if kind == KIND and e.name == "reinforce" else kind])
        parts.append(text)
    if e.field < len(fields) - 1:
        parts.append("confirm [Enter]: next; thumbs down [n]: back")
    else:
        parts.append("confirm [Enter]: do it" + ("; thumbs down [n]: back" if fields else ""))


def _others(screen, seat):
    """Who else may play now (THINK at their station): a defender's cards, a laser fired back."""
    s = screen.state()
    out = []
    for p in range(s["players"]):
        if p != seat and p != s["active"] and screen.menu(p):
            st = screen.shell.station_of_seat(p)
            out.append("THINK [%s] at station %d: %s" % (THINK_KEYS[st], st + 1, ", ".join(screen.menu(p))))
    if seat != s["active"]:
        st = screen.shell.station_of_seat(s["active"])
        out.append("THINK [%s]: give the buttons back to station %d" % (THINK_KEYS[st], st + 1))
    return "; ".join(out)


def _battle(screen):
    s = screen.state()
    battle = s["battle"]
    k = battle["k"]
    att, dfn = station(screen, battle["att"]), station(screen, battle["def"])
    if k == "troops":
        return "BATTLE: %s, %d troops on %s, attacks %s with %d" % (
            att,
            s["troops"][battle["from"]],
            NATIONS[battle["from"]][0],
            nation(battle["n"]),
            s["troops"][battle["n"]],
        )
    if k == "commando":
        return "BATTLE: %s's %d Helicopter Commandos attack %s (%s, %d troops)" % (
            att,
            battle["troops"],
            nation(battle["n"]),
            dfn,
            s["troops"][battle["n"]],
        )
    if k == "naval":
        b = battle["b"]
        return "SEA BATTLE at %s: %s with %d battleships %d submarines against %s with %d and %d" % (
            sea_name(b),
            att,
            battle["ship"],
            battle["sub"],
            dfn,
            s["ships"][b],
            s["subs"][b],
        )
    target = nation(battle["n"]) if battle["n"] >= 0 else sea_name(battle["b"])
    return "JET BOMBER of %s over %s (%s)" % (att, target, dfn)


def describe_ring(screen, g):
    """(label, words) of wheel g: an alliance's nations (station:troops) or sea places (station:ships/subs)."""
    s = screen.state()
    out = []
    if g < 4:
        for i in range(ALLIANCE_SIZES[g]):
            n = FIRST_OF[g] + i
            name = SHORT.get(NATIONS[n][0], str(i + 1))
            holder = s["owner"][n]
            out.append(
                "%s=%s"
                % (name, "%d:%d" % (screen.shell.station_of_seat(holder) + 1, s["troops"][n]) if holder >= 0 else "-")
            )
        return ALLIANCES[g], " ".join(out)
    first = 0 if g == 4 else 12
    last = 12 if g == 4 else N_SEAS
    for b in range(first, last):
        holder = s["sea"][b]
        name = sea_name(b).replace("blockade ", "B").replace("anchor ", "A")
        if holder >= 0:
            out.append("%s=%d:%d/%d" % (name, screen.shell.station_of_seat(holder) + 1, s["ships"][b], s["subs"][b]))
        else:
            out.append("%s=-" % name)
    return "seas %d-%d" % (first + 1, last), " ".join(out)


def alliance_line(s, p):
    """'W 3/11 C 0/10 ...': the counts the box shows for a seat."""
    counts = alliance_counts(s, p)
    return " ".join(["%s %d/%d" % (ALLIANCES[a][0], counts[a], ALLIANCE_SIZES[a]) for a in range(len(counts))])


def describe_table(screen):
    """Each seat's money, cards, lasers and nations per alliance, on one line."""
    s = screen.state()
    out = []
    for p in range(s["players"]):
        out.append(
            "%s: savings $%d, war chest $%d, %d cards, %d lasers, %s"
            % (
                station(screen, p),
                s["purses"][SAVINGS][p],
                s["purses"][CHEST][p],
                s["cards"][p],
                s["lasers"][p],
                alliance_line(s, p),
            )
        )
    return "wheels: alliances (nation=station:troops), seas (place=station:battleships/submarines)\n" + "\n".join(out)
