"""The board game screen in words: the one-line "what now" of the virtual box, with its keys.

Only a PC loads this module; the Pico's screen never needs it. Keys in
brackets are the virtual box's (ultimus_host.virtualbox.KEYS): wheels
a s d f g h, confirm Enter, mode m, +/-, thumbs u / n, SHOUT 1-6.
"""

from games.morituri_board import kit
from games.morituri_board.content import ATTACK_ONE, ATTACK_TWO, DEFENCE, ENCUMBRANCE, SLOTS
from games.morituri_board.state import BACK, DEAD, REST, ROMA
from ultimusbox.screens.morituri_board.entry import OPTION_ITEMS, RULE_1, RULE_2, VALUE_ITEMS

WHEEL_KEYS = "asdfgh"
SPACE_WORDS = {
    "nothing": "nothing happens",
    "hp_space": "a hit point space",
    "draw": "draw a card",
    "arena": "an arena",
    "roma": "ROMA",
    "flux": "hit points change (Bandits, Pirates...)",
}
DRAW_WORDS = {
    "keep": "an Armor/Weapon card he KEEPS",
    "discard": "an Armor/Weapon card he discards",
    "flux": "hit points change (Flux, a Hit Point card)",
    "lose": "the Thief!: he loses a card",
    "debt": "Owner in Debt!: to the Dalmatian Coast, turn over; shuffle the deck as it says",
    "other": "another card (nothing to keep)",
}
ROMA_WORDS = {"wait": "wait for the next arrival", "beast": "fight the 4/4 beast"}
VALUE_WORDS = {
    ATTACK_ONE: "attack",
    ATTACK_TWO: "attack two-handed",
    DEFENCE: "defence",
    ENCUMBRANCE: "encumbrance",
}


def card_name(c):
    return c.replace("_", " ").title()


def _vs_bandits(s, p):
    """His attack value against Bandits and Pirates, for the table to settle what they do."""
    return " (Bandits, Pirates: his attack against them %d, the casses counting 1)" % kit.vs_bandits(
        s["values"], s["kit"][p]
    )


def _menu(items, words, current):
    return ", ".join(("[%s]" if x == current else "%s") % words[x] for x in items)


def options(entry):
    """The seat selection's options in words."""
    rules = "alternate rule 1 (the last one alive must still win in Roma) %s, rule 2 (the dead come back) %s" % (
        "ON" if entry.last_alive else "off",
        "ON" if entry.rejoin else "off",
    )
    if entry.item == RULE_1:
        now = "editing rule 1: +/- turns it on or off"
    elif entry.item == RULE_2:
        now = "editing rule 2: +/- turns it on or off"
    else:
        card, what = VALUE_ITEMS[entry.item - 2]
        label = VALUE_WORDS[what]
        if what == ATTACK_ONE and card in ("trident", "hasta"):
            label = "attack one-handed"
        now = "editing the %s's %s: %d (+/- change it, thumbs u/n: next/previous card)" % (
            card_name(card),
            label,
            entry.values[card][what - 2],
        )
    typed = entry.typed()
    mine = "; typed in: %s" % ", ".join(card_name(c) for c in sorted(typed)) if typed else ""
    return "%s; mode [m]: next of %d options; %s%s" % (rules, OPTION_ITEMS, now, mine)


def describe(screen):
    e, shell = screen.entry, screen.shell
    if shell.game is None:
        joined = ", ".join("station %d" % (st + 1) for st in sorted(shell.seats.joined)) or "nobody yet"
        return "Morituri board game: SHOUT joins a station (keys 1-6), joined: %s; %s; confirm [Enter] starts" % (
            joined,
            options(e),
        )
    s = screen.state()
    told = _PHASES.get(s["phase"])
    if told is None:
        return ""
    p = screen.actor()
    return told(screen, s, p, _who(screen, p) if p >= 0 else "")


def _start(screen, s, p, who):
    setup = screen.shell.game.setup
    typed = ", ".join(card_name(c) for c in sorted(setup.get("values", {}))) or "none, the box's own values"
    return (
        "the roll-off: confirm [Enter] and the box rolls 1D6 for every player; the highest moves first "
        "(alternate rule 1 %s, rule 2 %s; cards typed in: %s)"
        % ("on" if setup["last_alive"] else "off", "on" if setup["rejoin"] else "off", typed)
    )


def _move(screen, s, p, who):
    e = screen.entry
    die = (
        "the table's die: %d, confirm [Enter] enters it (+/- change, 0: the box rolls)" % e.table_die
        if e.table_die
        else "confirm [Enter]: the box rolls 1D6 (or +/- enter the die rolled on the table)"
    )
    return "turn %d, %s moves: %s; then move the pawn" % (s["turn"], who, die)


def _space(screen, s, p, who):
    e, item = screen.entry, screen.item()
    text = "%s moved %d: what did the space do? mode [m]: %s" % (
        who,
        s["moved"],
        _menu(screen.item_list(), SPACE_WORDS, item),
    )
    if item == "hp_space":
        text += "; +/-: which hit point space: %d" % e.number
    elif item == "flux":
        text += "; +/-: the change: %+d HP%s" % (e.number, _vs_bandits(s, p))
    elif item == "arena":
        picked = [st for st in range(6) if e.vs[st]]
        there = ", ".join("station %d" % (st + 1) for st in picked) or "nobody: he fights a beast"
        text += "; +/-: pennants %d; wheels [asdfgh]: who already stands there: %s" % (e.number, there)
    return text + "; confirm [Enter]"


def _draw(screen, s, p, who):
    item = screen.item()
    text = "%s drew a card: mode [m]: %s" % (who, _menu(screen.item_list(), DRAW_WORDS, item))
    c = screen.picked_card()
    if item == "keep":
        given = kit.clashing(s["kit"][p], c)
        cost = " (giving up the %s)" % " and the ".join(card_name(x) for x in given) if given else ""
        text += "; +/-: which card: %s%s" % (card_name(c), cost)
    elif item == "discard":
        text += "; +/-: which card: %s" % card_name(c)
    elif item == "flux":
        text += "; +/-: the change: %+d HP (never to 0)%s" % (screen.entry.number, _vs_bandits(s, p))
    elif item == "lose":
        text += "; +/-: which: %s" % (card_name(c) if c else "he holds no card")
    return text + "; confirm [Enter]"


def _fight(screen, s, p, who):
    f = s["fight"]
    foe = (
        _who(screen, f["b"])
        if f["b"] >= 0
        else "a beast of %d pennant%s" % (f["pennants"], "" if f["pennants"] == 1 else "s")
    )
    how = "to the death" if f["roma"] or f["b"] < 0 else "before the crowd"
    last = " (the crowd's one more round)" if f["last"] else ""
    text = "%s fights %s %s, combat HP %d and %d: round %d%s" % (
        _who(screen, f["a"]),
        foe,
        how,
        max(0, f["hp"][0]),
        max(0, f["hp"][1]),
        f["round"] + 1,
        last,
    )
    return text + "; " + _round_dice(screen, foe)


def _crowd(screen, s, p, who):
    e = screen.entry
    die = "the table's die: %d (+/-)" % e.table_die if e.table_die else "or +/- enter the table's die"
    text = "%s is at 1 HP: confirm [Enter] rolls the crowd's 1D6 (%s)" % (who, die)
    return text + ": 1-2 one more round, 3-6 mercy"


def _mercy(screen, s, p, who):
    text = "the crowd shows %s mercy: thumbs up [u] takes it (the opponent wins)" % who
    return text + ", down [n] refuses it and fights one more round"


def _roma(screen, s, p, who):
    return "%s waits alone in Roma: mode [m]: %s; confirm [Enter]" % (
        who,
        _menu(screen.item_list(), ROMA_WORDS, screen.item()),
    )


def _over(screen, s, p, who):
    if s["winner"] < 0:
        return "nobody wins the rudis; confirm [Enter] returns to the seat selection"
    return "%s WINS THE RUDIS! confirm [Enter] returns to the seat selection" % _who(screen, s["winner"])


# each phase: the screen, its state s, the seat p to act and his name -> the what-now line
_PHASES = {
    "start": _start,
    "move": _move,
    "space": _space,
    "draw": _draw,
    "fight": _fight,
    "crowd": _crowd,
    "mercy": _mercy,
    "roma": _roma,
    "over": _over,
}


def _round_dice(screen, foe):
    """A combat round's dice: the box's, or the table's entered one by one."""
    e = screen.entry
    if not e.round_n and not e.table_die:
        return "confirm [Enter]: the box rolls (or +/- and mode [m] enter the table's dice one by one)"
    f = screen.state()["fight"]
    beast = "the beast" if f["b"] < 0 else foe
    groups = zip(screen.round_needs(), ("the casses", _who(screen, f["a"]), beast))
    shown, i, next_die = [], 0, ""
    for n, name in groups:
        if not n:
            continue
        dice = []
        for k in range(n):
            dice.append(str(e.round_dice[i]) if i < e.round_n else "_")
            if i == e.round_n:
                next_die = "%s's die %d of %d" % (name, k + 1, n) if name != "the casses" else "a casses die"
            i += 1
        shown.append("%s %s" % (name, " ".join(dice)))
    if e.round_n >= i:
        return "the table's dice: %s; confirm [Enter] applies them, thumbs down [n] lets them go" % "; ".join(shown)
    now = ("+/-: %d, mode [m] stores it" % e.table_die) if e.table_die else "+/- set it"
    return "the table's dice: %s; next %s: %s; thumbs down [n] lets them go" % ("; ".join(shown), next_die, now)


def _who(screen, p):
    k = screen.shell.station_of_seat(p)
    return "station %d [%s]" % (k + 1, WHEEL_KEYS[k])


def describe_ring(screen, g):
    """(label, words) of wheel g: its player's hit points, place and loadout."""
    s = screen.state()
    p = screen.shell.seat_of_station(g)
    if p < 0:
        return "-", ""
    label = "station %d" % (g + 1)
    where = s["where"][p]
    if where == DEAD:
        return label, "DEAD"
    if where == REST:
        return label, "dead: sits out his next turn, then comes back"
    words = "%d HP" % s["hp"][p]
    f = s["fight"]
    if f is not None and p in (f["a"], f["b"]):
        words += ", combat HP %d" % f["hp"][0 if f["a"] == p else 1]
    if where == ROMA:
        words += "  in ROMA"
    elif where == BACK:
        words += "  back at Start"
    side = kit.side(s["values"], s["kit"][p])
    cards = [card_name(s["kit"][p][i]) for i in range(len(SLOTS)) if s["kit"][p][i]]
    words += "  attack %d%s, defence %d, encumbrance %d  %s" % (
        side[kit.ATTACK],
        " x2" if side[kit.N_ATTACKS] > 1 else "",
        side[kit.DEF],
        side[kit.ENC],
        ", ".join(cards) or "Pugio only",
    )
    if s["phase"] == "over" and p == s["winner"]:
        words += "  WINNER"
    elif p == s["active"] and s["phase"] != "over":
        words += "  his turn"
    return label, words
