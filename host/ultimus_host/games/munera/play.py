"""`ultimus play --game munera` and `ultimus demo --game munera`: a bout in the terminal.

Everything in Munera is public, so one screen serves the table: the arena's gladiators
(stamina, fatigue, AP, hex and facing), the events in words, then the numbered legal
actions of the gladiator whose turn it is. Bots and people are choosers of the one host
loop (ultimus_host.loop.run_game); the box's own rolls (stamina, order) are the referee's.
"""

from games.munera import rules
from games.munera.checks import weapon_name
from games.munera.content import OPTIONS, PROFILE_NAMES, TWO_HANDED
from games.munera.state import exhausted, injured, tired
from referee.engine import Game
from ultimus_host.games.munera.bots import BOTS, BoxReferee
from ultimus_host.loop import run_game
from ultimus_host.menu import Menu
from ultimus_host.narrate import phase_words

FACING = ("E", "NE", "NW", "W", "SW", "SE")


class SetupError(ValueError):
    """A set-up the command line cannot start, with a one-line reason."""


def parse_gladiators(text):
    """[entry, ...] from "murmillo,retiarius,provocator+buckler,gaul+axe"; None for no text. A
    "+" names the line's printed alternative (content.OPTIONS) or a two-handed weapon."""
    if not text:
        return None
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    out = []
    for n in names:
        prof, _, extra = n.partition("+")
        if prof not in PROFILE_NAMES:
            raise SetupError("%r is not a gladiator: the profiles are %s" % (prof, ", ".join(PROFILE_NAMES)))
        if not extra:
            out.append(prof)
            continue
        options = [o[0] for o in OPTIONS.get(prof, ())]
        if extra in options:
            out.append({"profile": prof, "option": extra})
        elif extra in TWO_HANDED:
            out.append({"profile": prof, "two_handed": extra})
        else:
            raise SetupError(
                "%r: after + comes %s or a two-handed weapon (%s)"
                % (
                    n,
                    "the %s's option %s" % (prof, ", ".join(options)) if options else "no option for a " + prof,
                    ", ".join(TWO_HANDED),
                )
            )
    if not 2 <= len(out) <= 6:
        raise SetupError("a bout has 2 to 6 gladiators, not %d" % len(out))
    return out


def name(view, g):
    return "%d:%s" % (g + 1, profile(view, g))


def profile(view, g):
    """Gladiator g's profile as the table reads it ("laquearius spear")."""
    return view["g"][g]["prof"].replace("_", " ")


def hex_name(pos):
    """A hex as the box names it: "hex (q,r)"."""
    return "hex (%d,%d)" % (pos[0], pos[1])


ITEM_WORDS = {"small": "small shield", "large": "large shield", "improvised": "improvised weapon"}


def item_name(name):
    """A weapon or shield as the table names it ("large shield", never "kick his large")."""
    return ITEM_WORDS.get(name, name.replace("_", " "))


def arena_text(view):
    when = "round %d" % view["round"] if view["round"] else "before round 1"  # counted from 1, as the box does
    out = ["", "%s, %s" % (when, phase_words(view["phase"]))]
    for g, x in enumerate(view["g"]):
        marks = []
        if x["out"]:
            marks.append(x["out"])
        if x["down"]:
            marks.append("down")
        if x["tangle"] >= 0:
            marks.append("entangled (%s)" % x["tangle_w"])
        if x["injured"]:
            marks.append("injured")
        if x["tired"]:
            marks.append("exhausted" if x["tired"] == 2 else "tired")
        kit = ", ".join(
            "%s%s%s" % (item_name(w[0]), "" if w[1] else " (sheathed)", " x%d" % w[2] if w[2] else "") for w in x["kit"]
        )
        out.append(
            "  %-22s stamina %2d/%-2d fatigue %d  at %s facing %-2s  %s%s  (%s)"
            % (
                name(view, g),
                x["stam"],
                x["start"],
                x["fat"],
                hex_name(x["pos"]),
                FACING[x["face"]],
                "%s shield" % x["shield"] if x["shield"] else "no shield",
                ", helmet" if x["helmet"] else "",
                kit,
            )
            + ("  " + ", ".join(marks) if marks else "")
        )
    if view["phase"] in ("act", "start", "wrestle"):
        out.append("%s's turn: %d AP left, %d spent" % (name(view, view["turn"]), view["ap"], view["spent"]))
    if view["ground"]:
        out.append("on the sand: " + ", ".join("%s at %s" % (item_name(i[0]), hex_name(i[1:])) for i in view["ground"]))
    return "\n".join(out)


def action_text(view, a):
    kind = a["a"]
    if kind == "attack":
        text = "attack %s with %s" % (name(view, a["t"]), item_name(weapon_name(view, a["p"], a["w"])))
        return text + (" (whirling)" if a["whirl"] else "")
    if kind == "move":
        return "move one hex %s" % FACING[a["d"]]
    if kind == "turn":
        return "turn %s" % ("left" if a["by"] == 1 else "right")
    if kind in ("draw", "sheathe"):
        return "%s the %s" % (kind, item_name(view["g"][a["p"]]["kit"][a["k"]][0]))
    if kind in ("pickup", "kick"):
        item = view["ground"][a["i"]]
        whose = "his" if item[3] == a["p"] else "%s's" % name(view, item[3])
        where = hex_name(item[1:])
        return "%s %s %s at %s" % ("pick up" if kind == "pickup" else kind, whose, item_name(item[0]), where)
    if kind in ("haze", "grapple"):
        return "%s %s" % ("throw sand at" if kind == "haze" else "grapple", name(view, a["t"]))
    if kind == "discard":
        return "discard the %s" % item_name(a["item"])
    texts = {
        "end": "end the turn",
        "cut": "try to cut free",
        "feint": "declare a feint",
        "reroll": "roll the missed die again (the feint; a second miss tires twice)",
        "keep": "keep the miss",
        "stamina": "roll each gladiator's stamina",
        "order": "roll the order of play",
        "ap": "roll for his AP",
        "wrestle": "roll the grapple test",
        "throw": "throw him",
        "release": "let him go",
        "appeal": "appeal to the crowd",
    }
    return texts.get(kind, kind)


def line(s, e, name=name):
    """One event in words, or None for the quiet ones; name(view, g) names a gladiator (the
    virtual box: by his line and station)."""
    g = e.get("g", -1)
    who = name(s, g) if 0 <= g < len(s["g"]) else ""
    k = e["e"]
    if k in STATE_WORDS:
        return "  %s %s" % (who, STATE_WORDS[k])
    told = _LINES.get(k)
    return told(e, who, lambda other: name(s, other)) if told is not None else None


def _mods(mods):
    return "".join(" %s %+d" % (m[0], m[1]) for m in mods)


# each event of the bout: e, the name of its gladiator (g) and n(g) naming any other -> its line
_LINES = {
    "stamina": lambda e, who, n: "stamina: " + ", ".join("%s %d" % (n(i), x) for i, x in enumerate(e["stam"])),
    "order": lambda e, who, n: "order of play: " + ", ".join(n(i) for i in e["seats"]),
    "turn": lambda e, who, n: "-- %s's turn (round %d)" % (who, e["round"]),
    "ap": lambda e, who, n: "%s rolls %d for AP%s: %d AP" % (who, e["die"], _mods(e["mods"]), e["ap"]),
    "attack": lambda e, who, n: (
        "%s attacks %s with the %s from his %s%s (%+d)"
        % (who, n(e["t"]), e["w"], e["from"], ", whirling" if e["whirl"] else "", sum(m[1] for m in e["mods"]))
    ),
    "strike": lambda e, who, n: (
        None
        if e["double"]
        else "  %s (margin %+d, save %d)" % ("a hit" if e["hit"] else "a miss", e["margin"], e["save"])
    ),
    "double": lambda e, who, n: "  DOUBLE %d!" % e["face"],
    "reroll_offer": lambda e, who, n: (
        "  %s rolls %d against %d: a miss by %d; his feint lets him roll again" % (who, e["a"], e["d"], -e["margin"])
    ),
    "miss_kept": lambda e, who, n: "  %s keeps the miss" % who,
    "pickup": lambda e, who, n: (
        "%s picks up %s %s"
        % (who, "his" if e.get("owner", e["g"]) == e["g"] else "%s's" % n(e["owner"]), item_name(e["item"]))
    ),
    "wound": lambda e, who, n: "  %s loses %d stamina: %d left" % (who, e["n"], e["stam"]),
    "saved": lambda e, who, n: "  %s's armour holds" % who,
    "shredded": lambda e, who, n: "  %s's %s is shredded by %s's cone" % (who, item_name(e["w"]), n(e["t"])),
    "pushed": lambda e, who, n: "  %s %s" % (who, "jumps back" if e["to"] else "cannot give ground"),
    "beaten": lambda e, who, n: "  %s is beaten (%s) and must appeal to the crowd" % (who, e["why"].replace("_", " ")),
    "verdict": lambda e, who, n: (
        "  the crowd (%s = %d): %s" % ("+".join(map(str, e["dice"])), e["total"], "MERCY" if e["yes"] else "DEATH")
    ),
    "spared": lambda e, who, n: "%s is spared" % who,
    "killed": lambda e, who, n: "%s is killed" % who,
    "dead": lambda e, who, n: "%s is mortally wounded" % who,
    "bout_over": lambda e, who, n: "the bout is over: %s wins" % (n(e["winner"]) if e["winner"] >= 0 else "nobody"),
    "fatigue": lambda e, who, n: "  %s tires: fatigue %d" % (who, e["fat"]),
    "weapon_lost": lambda e, who, n: "  %s loses a weapon%s" % (who, " for good" if e["for_good"] else ""),
    "grapple": lambda e, who, n: "%s grapples %s (margin %+d)" % (who, n(e["t"]), e["margin"]),
    "wrestle": lambda e, who, n: "  the grapple test: %d against %d" % tuple(e["scores"]),
    "thrown": lambda e, who, n: "  %s is thrown" % who,
    "haze": lambda e, who, n: "%s throws sand at %s: %s" % (who, n(e["t"]), "blinded" if e["ok"] else "no effect"),
    "cut": lambda e, who, n: "%s tries to cut free: %s" % (who, "free" if e["free"] else "still caught"),
    "skill_gained": lambda e, who, n: "%s gains a skill" % who,
}


# events that change how a gladiator stands: what is said after his name
STATE_WORDS = {
    "down": "is knocked down",
    "stand": "stands up",
    "entangled": "is entangled",
    "escaped": "escapes the entanglement",
    "cut_through": "cuts through the net with his arbelos",
    "gives_in": "gives in: threatened, he cannot go on",
}


class Narrator:
    """The bout's events as the virtual box and `connect` tell them (ultimus_host.words): each gladiator
    by his line, and what the table must do (move a model, a shield on the sand)."""

    def __init__(self, game, say):
        self.game, self.say = game, say

    def __call__(self, e):
        from ultimus_host.words import tell

        text = tell("munera", e, self.game.state)
        if text:
            self.say(text)


def new_game(gladiators, seed):
    return Game(rules.RULES, {"gladiators": gladiators, "seed": seed})


def _turn(view):
    """The decision a Munera menu belongs to: a gladiator's turn (its numbers stay put all turn long)."""
    return (view["round"], view["turn"], view["phase"] == "wrestle")


class Person:
    """A gladiator at the keyboard: the arena, then the numbered legal actions, each with the number it
    had since his turn began (a move, a turn or a drawn weapon changes what is possible, never a number)."""

    def __init__(self, say, ask, seat):
        self.say, self.ask, self.seat = say, ask, seat
        self.menu = Menu(_turn)

    def choose(self, view, options):
        if len(options) == 1 and options[0]["a"] in ("ap", "appeal", "wrestle"):
            return options[0]  # the box rolls: nothing to choose
        self.say(arena_text(view))
        prompt = "%s, your choice" % name(view, self.seat)
        return self.menu.choose(self.ask, self.say, prompt, view, options, lambda a: action_text(view, a))


class HotSeat:
    def __init__(self, gladiators, seed, bots, ask=input, say=print):
        self.game = new_game(gladiators, seed)
        self.ask, self.say = ask, say
        self.bots = {seat: BOTS[kind](seed * 7 + seat) for seat, kind in bots.items()}

    def run(self):
        seats = {}
        for p in range(self.game.state["players"]):
            seats[p] = self.bots[p] if p in self.bots else Person(self.say, self.ask, p)
        self.say(arena_text(self.game.public_view()))
        run_game(self.game, seats, referee=BoxReferee(), on_event=Narrator(self.game, self.say))
        return self.game


def demo(seed, gladiators=None, bots=("brawler", "netter"), say=print):
    """A narrated bout between bots; murmillo against retiarius unless given."""
    gladiators = gladiators or ["murmillo", "retiarius"]
    game = new_game(gladiators, seed)
    say("Munera Sine Missione: seed %d, %s" % (seed, " v ".join(gladiators)))
    seats = {p: BOTS[bots[p % len(bots)]](seed * 7 + p) for p in range(len(gladiators))}
    run_game(game, seats, referee=BoxReferee(), on_event=Narrator(game, say))
    say(arena_text(game.public_view()))
    return game


__all__ = ["HotSeat", "SetupError", "demo", "parse_gladiators", "exhausted", "injured", "tired"]
