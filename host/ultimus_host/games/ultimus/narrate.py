"""ULTIMUS's events and actions as one line of plain English each, for terminals and logs.

The numbering of ultimus_host.narrate (stations 1-6, seats 1-N), and ULTIMUS's own:
doors 1-6, wheels named after the gladiators they stand for, gladiators always by name.
The numbers on the link (seat 0, station 0, field 18) stay the protocol's. The box's own
events are told in the words every game shares (ultimus_host.narrate).
"""

from games.ultimus.content import BET_KIND_NAMES, BETTING_CARDS, GLADIATOR_NAMES
from games.ultimus.hexmap import COORDS, DOORS
from games.ultimus.state import content_of, payout_row
from games.ultimus.yelling import CARDS, SPECIAL_NAMES, SPECIAL_PLAYING_DEAD, SYMBOL_NAMES
from ultimus_host import narrate
from ultimus_host.narrate import COUNTDOWN, station_name, unknown, who

SHOUTS = {-1: "undecided", 0: "thinks", 1: "shouts"}
DIRECTIONS = ("east", "south-east", "south-west", "west", "north-west", "north-east")
EXTRA_WHY = {"symbol": "for a card symbol", "kill": "for a kill", "pardon": "for the pardon"}


def door_name(door):
    """A door of the arena (0-5 in actions) as people read it: "door 1" to "door 6"."""
    return "door %d" % (door + 1)


def place_name(field):
    """A field of the arena: its door if it is one, else its coordinates; "" where the box has no arena (-1)."""
    if field is None or field < 0:
        return ""
    if field in DOORS:
        return door_name(DOORS.index(field))
    return "field (%d,%d)" % COORDS[field]


def button_name(b):
    """A button id (ultimusbox.board) in the words of ULTIMUS's lid: each wheel is a gladiator's."""
    if 12 <= b < 18:
        return "the wheel of %s" % GLADIATOR_NAMES[b - 12]
    return narrate.button_name(b)


def describe(card_id):
    """A short human text of a card, for logs and terminals."""
    icons, helmet, special, symbols, pv = CARDS[card_id]
    if special:
        who = SPECIAL_NAMES[special].replace("_", " ")
    elif helmet:
        who = "any gladiator"
    else:
        who = "/".join(GLADIATOR_NAMES[g] for g in icons)
    parts = []
    for kind, value, pattern, knock, blood in symbols:
        text = SYMBOL_NAMES[kind].replace("_", " ")
        if pattern is not None:
            text += "(" + ",".join("%s%d" % ("FBLR"[p], w) for p, w in pattern) + ")"
        elif value:
            text += " %d" % value
        if knock:
            text += " knock-down"
        if blood:
            text += " (blood)"
        parts.append(text)
    if pv:
        parts.append("pollice verso")
    return "#%d %s: %s" % (card_id, who, ", ".join(parts))


def line(e, stations=None):
    """A sentence for one public event of ULTIMUS or of the box (hidden parts are never read here).

    stations: the box's list of the station of each seat, where the events come from a box;
    people are then named by their station, else by their seat (see who). An event these
    tables do not know, or of a shape they do not expect (another firmware's), is told by
    its name and fields rather than stopping the terminal that shows it.
    """
    try:
        return words(e, stations)
    except (KeyError, IndexError, TypeError, ValueError):
        return unknown(e)


def words(e, stations=None):
    """Like line, but an unknown event or a missing field raises (KeyError...): for the tests."""
    kind = e["e"]
    if kind in _SEAT_EVENTS:
        return who(e["p"], stations) + _SEAT_EVENTS[kind](e, stations)
    return _EVENTS[kind](e, stations)


def _new_game(e, stations):
    """A new game with ULTIMUS's cards in its words: which numbers it plays."""
    return narrate.new_game(e, ", the %s cards" % content_of(e.get("setup") or {}))


def _coins(n):
    return "%d coin%s" % (n, "" if n == 1 else "s")


def _bet_revealed(e, stations):
    g, k, _ = BETTING_CARDS[e["b"]]
    if not e["coins"]:
        return ": %s %s had no coins" % (BET_KIND_NAMES[k], GLADIATOR_NAMES[g])
    return ": %s %s with %s: %s" % (
        BET_KIND_NAMES[k],
        GLADIATOR_NAMES[g],
        _coins(e["coins"]),
        "won %d gold" % e["paid"] if e["won"] else "lost",
    )


def _back(verb):
    def say(e, stations):
        where = place_name(e.get("f"))
        return "%s %s%s with %d health" % (GLADIATOR_NAMES[e["g"]], verb, " at " + where if where else "", e["hp"])

    return say


def _game_over(e, stations):
    gold = ", ".join("%s has %d" % (who(p, stations), n) for p, n in enumerate(e["gold"]))
    champions = [who(p, stations) for p in e["champions"]]
    return "=== final count: %s gold; %s win%s ===" % (gold, " and ".join(champions), "" if len(champions) > 1 else "s")


def _g(e, key="g"):
    return GLADIATOR_NAMES[e[key]]


# Events about one seat ("p"): the text after the person's name.
_SEAT_EVENTS = {
    "loudest_draw": lambda e, st: " draws %s (%d movement)" % (describe(e["c"]), e["n"]),
    "loudest": lambda e, st: " is the loudest spectator",
    "bet": lambda e, st: " puts a coin on betting card %d (%s on it now)" % (e["k"] + 1, _coins(e["coins"])),
    "ready": lambda e, st: " has placed the bets",
    "rebet": lambda e, st: (
        " moves a coin from %s to betting card %d"
        % ("the won gold" if e["src"] < 0 else "betting card %d" % (e["src"] + 1), e["k"] + 1)
    ),
    "entrance": lambda e, st: " places the next gladiator",
    "enter": lambda e, st: (
        " sends %s into the arena%s" % (_g(e), " at " + place_name(e.get("f")) if place_name(e.get("f")) else "")
    ),
    "commit": lambda e, st: " has chosen in secret",
    "card": lambda e, st: " reveals %s" % describe(e["c"]),
    "yell": lambda e, st: " yells at %s%s" % (_g(e), " (blood splatter only)" if e["blood"] else ""),
    "turn": lambda e, st: "'s turn (%s)" % ("shouted" if e["shout"] == 1 else "thinks"),
    "draw": lambda e, st: " draws %d yelling card%s" % (e["n"], "" if e["n"] == 1 else "s"),
    "think": lambda e, st: " thinks: trades %d yelling card%s" % (e["n"], "" if e["n"] == 1 else "s"),
    "extra_card": lambda e, st: " earns an extra yelling card %s" % EXTRA_WHY.get(e.get("why"), "").strip(),
    "card_done": lambda e, st: " has played the card",
    "no_effect": lambda e, st: "'s card %s has no effect" % describe(e["c"]),
    "discard": lambda e, st: " discards %s" % (describe(e["c"]) if "c" in e else "a yelling card"),
    "drunk": lambda e, st: " makes %s drunk" % _g(e),
    "drunk_plays": lambda e, st: " plays the drunk %s" % _g(e),
    "thumb": lambda e, st: " turns the thumb %s for %s" % ("UP" if e["up"] else "DOWN", _g(e)),
    "bet_revealed": _bet_revealed,
    "give": lambda e, st: " gives %d gold to %s" % (e["n"], who(e["to"], st)),
    "pass_card": lambda e, st: " gives a yelling card to %s" % who(e["to"], st),
}

# Every other event: the whole sentence.
_EVENTS = {
    "battle": lambda e, st: (
        "=== battle %d: %d yelling cards, %d betting cards, %d new gold each ==="
        % (e["n"], e["yelling"], e["betting"], e["gold"])
    ),
    "round": lambda e, st: "--- round %d: shout or shut up! ---" % e.get("n", e.get("round", 0)),
    "reveal": lambda e, st: "CLAMO! " + ", ".join("%s %s" % (who(i, st), SHOUTS[s]) for i, s in enumerate(e["shouts"])),
    "movement": lambda e, st: "%s may move %d" % (_g(e), e["n"]),
    "step": lambda e, st: "%s steps to %s" % (_g(e), place_name(e["f"])),
    "attack": lambda e, st: "%s attacks to the %s" % (_g(e), DIRECTIONS[e["d"]]),
    "shoot": lambda e, st: "%s shoots at %s" % (_g(e), _g(e, "t")),
    "wound": lambda e, st: "%s takes %d wound%s, health %d" % (_g(e), e["n"], "" if e["n"] == 1 else "s", e["hp"]),
    "heal": lambda e, st: "%s heals %d, health %d" % (_g(e), e["n"], e["hp"]),
    "knocked_down": lambda e, st: "%s is knocked down" % _g(e),
    "stood_up": lambda e, st: "%s stands up" % _g(e),
    "netted": lambda e, st: "%s is caught in the net" % _g(e),
    "net_removed": lambda e, st: "the net comes off %s" % _g(e),
    "net_returned": lambda e, st: "the net goes back to %s" % _g(e),
    "dead": lambda e, st: "%s is DEAD%s" % (_g(e), " (by %s's card)" % who(e["p"], st) if e.get("p", -1) >= 0 else ""),
    "pardoned": lambda e, st: "%s is PARDONED%s" % (_g(e), " by %s" % who(e["p"], st) if e.get("p", -1) >= 0 else ""),
    "coming_back": _back("comes back"),
    "playing_dead": _back("was playing dead: rises"),
    "pollice_verso": lambda e, st: (
        "pollice verso for %s: %s decides (thumbs up: pardon, down: death)" % (_g(e), who(e["p"], st))
    ),
    "battle_end": lambda e, st: "=== %s is the ultimum gladiator ===" % _g(e, "winner"),
    "game_over": _game_over,
    "beat": lambda e, st: COUNTDOWN[e["n"] - 1] + "...",
    "clamo": lambda e, st: "CLAMO! the choices are locked",
    "too_late": lambda e, st: "%s pressed after CLAMO: it does not count" % station_name(e["station"]),
}
_EVENTS.update((kind, say) for kind, say in narrate.EVENTS.items() if kind not in _EVENTS)
_EVENTS["new_game"] = _new_game
_EVENTS["button"] = lambda e, st: "pressed: %s" % button_name(e["b"])
OWN_WORDS = ("new_game", "button")  # the box's events ULTIMUS tells in its own words


def bet_card_text(b, v=None):
    """A betting card in words, with what it pays in the game's content
    (v: a view or state; None: the reconstruction)."""
    g, kind, _ = BETTING_CARDS[b]
    row = payout_row(v or {}, b)
    return "%s %s (pays %s)" % (BET_KIND_NAMES[kind], GLADIATOR_NAMES[g], "/".join(map(str, row)))


def action_text(v, a, stations=None):
    """A legal action as a menu line, from the view of the seat that takes it (game.seat_view).

    stations: as for line, where the action is for a box.
    """
    kind = a["a"]
    if kind in _REFEREE_ACTIONS:
        return _REFEREE_ACTIONS[kind](a, stations)
    if kind == "payout":  # what the card pays depends on the game's content
        return "pay out %s with %s" % (bet_card_text(a["b"], v), _coins(a["coins"]))
    if v.get("mode") == "box" and kind in _BOX_ACTIONS:
        return _BOX_ACTIONS[kind](a)
    if kind in _SYMBOL_ACTIONS:
        sym = _symbol(v, a)
        return "%s (symbol %d: %s%s)" % (
            kind.replace("rise", "stand up"),
            a["i"] + 1,  # the card's symbols counted from 1, as people count
            SYMBOL_NAMES[sym[0]],
            " %d" % sym[1] if sym[1] else "",
        )
    told = _ACTIONS.get(kind)
    if told is None:
        return " ".join("%s=%s" % (k, v) for k, v in sorted(a.items()))
    return told(v, a, stations)


def _symbol(v, a):
    """The symbol of the card in play an action spends ((0, 0) for one that names none)."""
    card = v["card"] or {"c": 0}  # the symbol and choose actions come only with a card in play
    return CARDS[card["c"]][3][a["i"]] if "i" in a else (0, 0)


def _commit(v, a, st):
    if not a["shout"]:
        return "shut up and think"
    return "SHOUT with %s" % describe(a["c"]) if "c" in a else "SHOUT"


def _bet(v, a, st):
    b, coins = v["my_bets"][a["k"]]
    return "a coin%s on betting card %d: %s, %s on it now" % (
        " of won gold" if a["won"] else "",
        a["k"] + 1,
        bet_card_text(b, v),
        _coins(coins),
    )


def _place(v, a, st):
    if "f" not in a:  # the box: the table places the figure
        return "send %s into the arena" % GLADIATOR_NAMES[a["g"]]
    return "send %s in front of %s" % (GLADIATOR_NAMES[a["g"]], door_name(a["f"]))


def _choose(v, a, st):
    if a["g"] < 0:
        return "no gladiator can be chosen: no effect"
    where = ""
    if "f" in a:
        card = v["card"] or {"c": 0}
        where = " at %s" % (place_name(a["f"]) if CARDS[card["c"]][2] == SPECIAL_PLAYING_DEAD else door_name(a["f"]))
    return "yell at %s%s" % (GLADIATOR_NAMES[a["g"]], where)


def _rebet(v, a, st):
    return "move a coin from %s to betting card %d" % (
        "won gold" if a["src"] < 0 else "betting card %d" % (a["src"] + 1),
        a["k"] + 1,
    )


# the actions that spend a symbol of the card in play, told by the symbol
_SYMBOL_ACTIONS = ("move", "rise", "heal", "bleed", "draw", "loudest", "unnet")

# each seat's action: its view v, the action a and the stations st -> its menu line
_ACTIONS = {
    "commit": _commit,
    # the cards in the order of their numbers: both orders of a pair are one choice (apply takes either)
    "think": lambda v, a, st: "think: discard %s" % ("; ".join(describe(c) for c in sorted(a["c"])) or "nothing"),
    "bet": _bet,
    "ready": lambda v, a, st: "bets are placed",
    "place": _place,
    "choose": _choose,
    "step": lambda v, a, st: "step %s" % DIRECTIONS[a["d"]],
    "melee": lambda v, a, st: "%s: attack %s" % (SYMBOL_NAMES[_symbol(v, a)[0]], DIRECTIONS[a["d"]]),
    "ranged": lambda v, a, st: "shoot %s (%d)" % (GLADIATOR_NAMES[a["g"]], _symbol(v, a)[1]),
    "net": lambda v, a, st: "throw the net on %s" % GLADIATOR_NAMES[a["t"]],
    "rebet": _rebet,
    "discard": lambda v, a, st: "discard %s" % describe(a["c"]),
    "end": lambda v, a, st: "end the card",
    "thumb": lambda v, a, st: (
        "thumbs %s for %s" % ("UP (pardon)" if a["up"] else "DOWN (death)", GLADIATOR_NAMES[v["pollice_verso"][0][0]])
    ),
    "give": lambda v, a, st: "give %d gold to %s" % (a["n"], who(a["to"], st)),
    "pass_card": lambda v, a, st: "give %s to %s" % (describe(a["c"]), who(a["to"], st)),
}


def _n_times(a, word):
    return "%s %s %d" % (GLADIATOR_NAMES[a["g"]], word, a["n"])


# The referee's actions (the box's own, or the host's that stands in for it).
_REFEREE_ACTIONS = {
    "draw_loudest": lambda a, st: "draw the loudest spectator",
    "set_loudest": lambda a, st: "make %s the loudest spectator" % who(a["p"], st),
    "bets_placed": lambda a, st: "the bets are placed: on to the entrance",
    "clamo": lambda a, st: "CLAMO! lock the choices",
    "next": lambda a, st: "the next battle",
    "finish": lambda a, st: "the final count",
}

# The box's effect-level actions (mode "box"): what the active player enters with the wheels and buttons.
_BOX_ACTIONS = {
    "damage": lambda a: (
        "%s takes %d wound%s%s%s"
        % (
            GLADIATOR_NAMES[a["g"]],
            a["n"],
            "" if a["n"] == 1 else "s",
            " and is knocked down" if a["knock"] else "",
            " (a pollice verso card)" if a["pv"] else "",
        )
    ),
    "bleed": lambda a: _n_times(a, "bleeds"),
    "heal": lambda a: _n_times(a, "heals"),
    "knock": lambda a: "knock %s down" % GLADIATOR_NAMES[a["g"]],
    "stand": lambda a: "%s stands up" % GLADIATOR_NAMES[a["g"]],
    "net": lambda a: "throw the net on %s" % GLADIATOR_NAMES[a["g"]],
    "unnet": lambda a: "take the net off %s" % GLADIATOR_NAMES[a["g"]],
    "revive": lambda a: "%s was playing dead: back with 1 health" % GLADIATOR_NAMES[a["g"]],
    "come_back": lambda a: "%s comes back with 3 health" % GLADIATOR_NAMES[a["g"]],
    "drunk": lambda a: "make %s drunk" % GLADIATOR_NAMES[a["g"]],
    "loudest": lambda a: "take the loudest spectator marker",
    "draw": lambda a: "draw an extra yelling card",
    "done": lambda a: "end the turn",
}
