"""Events of the rules core as one line of English each, for terminals and logs."""

from ultimus.content import BET_KIND_NAMES, BETTING_CARDS, GLADIATOR_NAMES
from ultimus.yelling import CARDS, SPECIAL_NAMES, SPECIAL_PLAYING_DEAD, SYMBOL_NAMES

SHOUTS = {-1: "undecided", 0: "thinks", 1: "shouts"}


def _g(e, key="g"):
    return GLADIATOR_NAMES[e[key]]


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
        text = SYMBOL_NAMES[kind]
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


def line(e):
    """A sentence for one public event (hidden parts are never read here)."""
    kind = e["e"]
    p = e.get("p")
    if kind == "loudest_draw":
        return "seat %d draws %s (%d movement)" % (p, describe(e["c"]), e["n"])
    if kind == "loudest":
        return "seat %d is the loudest spectator" % p
    if kind == "battle":
        return "=== battle %d: %d yelling cards, %d betting cards, %d new gold each ===" % (
            e["n"],
            e["yelling"],
            e["betting"],
            e["gold"],
        )
    if kind == "bet":
        return "seat %d: %d coin(s) on betting card %d" % (p, e["coins"], e["k"])
    if kind == "enter":
        return "seat %d sends %s into the arena" % (p, _g(e))
    if kind == "round":
        return "--- round %d: shout or shut up! ---" % e["n"]
    if kind == "reveal":
        return "CLAMO! " + ", ".join("seat %d %s" % (i, SHOUTS[s]) for i, s in enumerate(e["shouts"]))
    if kind == "card":
        return "seat %d reveals %s" % (p, describe(e["c"]))
    if kind == "yell":
        return "seat %d yells at %s%s" % (p, _g(e), " (blood splatter only)" if e["blood"] else "")
    if kind == "wound":
        return "%s takes %d wound(s), health %d" % (_g(e), e["n"], e["hp"])
    if kind == "dead":
        return "%s is DEAD" % _g(e)
    if kind == "pardoned":
        return "%s is PARDONED" % _g(e)
    if kind == "pollice_verso":
        return "pollice verso for %s: seat %d decides" % (_g(e), p)
    if kind == "thumb":
        return "seat %d turns the thumb %s" % (p, "UP" if e["up"] else "DOWN")
    if kind == "battle_end":
        return "=== %s is the ultimum gladiator ===" % _g(e, "winner")
    if kind == "bet_revealed" and not e["coins"]:
        return "seat %d: betting card %d had no coins" % (p, e["b"])
    if kind == "bet_revealed":
        g, k, _ = BETTING_CARDS[e["b"]]
        return "seat %d: %s %s with %d coin(s): %s" % (
            p,
            BET_KIND_NAMES[k],
            GLADIATOR_NAMES[g],
            e["coins"],
            "won %d" % e["paid"] if e["won"] else "lost",
        )
    if kind == "beat":
        return ("Unus", "Duo", "Tres", "Quattuor", "Quinque")[e["n"] - 1] + "..."
    if kind == "clamo":
        return "CLAMO! the choices are locked"
    if kind == "too_late":
        return "station %d pressed after CLAMO: it does not count" % e["station"]
    if kind == "refused":
        return "refused (%s): %s" % (e["code"], e["message"])
    if kind == "turn":
        return "seat %d's turn (%s)" % (p, "shouted" if e["shout"] == 1 else "thinks")
    if kind == "game_over":
        return "=== final count %s: seat(s) %s win ===" % (e["gold"], ", ".join(map(str, e["champions"])))
    fields = " ".join("%s=%s" % (k, v) for k, v in sorted(e.items()) if k not in ("e", "hidden"))
    return "%s %s" % (kind.replace("_", " "), fields)


def bet_card_text(b):
    g, kind, row = BETTING_CARDS[b]
    return "%s %s (pays %s)" % (BET_KIND_NAMES[kind], GLADIATOR_NAMES[g], "/".join(map(str, row)))


def action_text(v, a):
    """A legal action as a menu line, from the view of the seat that takes it (game.seat_view)."""
    from ultimus.hexmap import COORDS

    kind = a["a"]
    dirs = ("east", "south-east", "south-west", "west", "north-west", "north-east")
    card = v["card"] or {"c": 0}  # the symbol and choose actions come only with a card in play
    sym = CARDS[card["c"]][3][a["i"]] if "i" in a else (0, 0)
    if kind == "commit":
        return "SHOUT with %s" % describe(a["c"]) if a["shout"] else "shut up and think"
    if kind == "think":
        return "think: discard %s" % (", ".join(describe(c) for c in a["c"]) or "nothing")
    if kind == "bet":
        b, coins = v["my_bets"][a["k"]]
        return "a coin%s on card %d: %s, %d coin(s) on it now" % (
            " of won gold" if a["won"] else "",
            a["k"],
            bet_card_text(b),
            coins,
        )
    if kind == "ready":
        return "bets are placed"
    if kind == "place":
        return "send %s in front of door %d" % (GLADIATOR_NAMES[a["g"]], a["f"])
    if kind == "choose":
        if a["g"] < 0:
            return "no gladiator can be chosen: no effect"
        where = ""
        if "f" in a:
            where = " at %s" % (
                "field (%d, %d)" % COORDS[a["f"]] if CARDS[card["c"]][2] == SPECIAL_PLAYING_DEAD else "door %d" % a["f"]
            )
        return "yell at %s%s" % (GLADIATOR_NAMES[a["g"]], where)
    if kind == "step":
        return "step %s" % dirs[a["d"]]
    if kind == "melee":
        return "%s: attack %s" % (SYMBOL_NAMES[sym[0]], dirs[a["d"]])
    if kind == "ranged":
        return "shoot %s (%d)" % (GLADIATOR_NAMES[a["g"]], sym[1])
    if kind == "net":
        return "throw the net on %s" % GLADIATOR_NAMES[a["t"]]
    if kind in ("move", "rise", "heal", "bleed", "draw", "loudest", "unnet"):
        return "%s (symbol %d: %s%s)" % (
            kind.replace("rise", "stand up"),
            a["i"],
            SYMBOL_NAMES[sym[0]],
            " %d" % sym[1] if sym[1] else "",
        )
    if kind == "rebet":
        return "move a coin from %s to betting card %d" % ("won gold" if a["src"] < 0 else "card %d" % a["src"], a["k"])
    if kind == "discard":
        return "discard %s" % describe(a["c"])
    if kind == "end":
        return "end the card"
    if kind == "thumb":
        return "thumbs %s for %s" % (
            "UP (pardon)" if a["up"] else "DOWN (death)",
            GLADIATOR_NAMES[v["pollice_verso"][0][0]],
        )
    if kind == "give":
        return "give %d gold to seat %d" % (a["n"], a["to"])
    if kind == "pass_card":
        return "give %s to seat %d" % (describe(a["c"]), a["to"])
    return " ".join("%s=%s" % (k, v) for k, v in sorted(a.items()))
