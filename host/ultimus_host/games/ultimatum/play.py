"""`ultimus play --game ultimatum` and `ultimus demo --game ultimatum`: Ultimatum in the terminal.

Everything the box knows of Ultimatum is public (the cards' faces stay in the
players' hands), so one screen serves the whole table, as for Morituri: the
world, then the choice of the seat that acts. The host's loop (run_game) asks the
seat whose turn it is, and first every other seat that may answer now (a
defender's card, a laser fired back): each may pass, and is asked again only
after something changed. Bots and people see only their seat's view
(game.seat_view) and their legal actions. A person picks an action by name,
then each of its numbers (nation, place, how many) from what is legal.
"""

from games.ultimatum import rules
from games.ultimatum.content import ALLIANCE_SIZES, ALLIANCES, CHEST, N_SEAS, NATIONS, SAVINGS, sea_name
from games.ultimatum.state import movable
from referee.engine import Game
from ultimus_host.games.ultimatum.bots import BOTS
from ultimus_host.games.ultimatum.narrate import KIND_WORDS, VESSEL_WORDS, action_text, line, nation
from ultimus_host.loop import run_game
from ultimus_host.menu import ENTRY, NOT_NOW, pick
from ultimus_host.narrate import some

MAX_ACTIONS = 20000
ASKED_ORDER = ("kind", "from", "to", "at", "b", "w", "t", "n", "ships", "subs")  # what, where, then how many
SEA_ACTIONS = ("fleet", "sail")
TARGET_ACTIONS = ("bomber", "laser", "fire_back")  # aimed at a nation or a sea place
KEY_WORDS = {
    "n": "nation",
    "b": "sea place",
    "from": "from",
    "to": "to",
    "at": "where",
    "kind": "what to buy",
    "ships": "battleships",
    "subs": "submarines",
    "w": "your vessel",
    "t": "their vessel",
}


def world_text(v):
    """The world as the whole table sees it: each seat's purse and cards, then every nation and sea place."""
    out = [""]
    for p in range(v["players"]):
        counts = v["alliances"][p]
        out.append(
            "seat %d: savings $%d, war chest $%d, %s, %s; %s"
            % (
                p + 1,
                v["purses"][SAVINGS][p],
                v["purses"][CHEST][p],
                some(v["cards"][p], "card"),
                some(v["lasers"][p], "laser"),
                ", ".join("%s %d/%d" % (ALLIANCES[a], counts[a], ALLIANCE_SIZES[a]) for a in range(len(ALLIANCES))),
            )
        )
    first = 0
    for a in range(len(ALLIANCES)):
        cells = []
        for n in range(first, first + ALLIANCE_SIZES[a]):
            owner = v["owner"][n]
            cells.append("%s %s" % (NATIONS[n][0], "s%d:%d" % (owner + 1, v["troops"][n]) if owner >= 0 else "free"))
        out.append("  %-9s %s" % (ALLIANCES[a], ", ".join(cells)))
        first += ALLIANCE_SIZES[a]
    held = [
        "%s s%d:%d/%d%s" % (sea_name(b), v["sea"][b] + 1, v["ships"][b], v["subs"][b], _moved(v, b))
        for b in range(N_SEAS)
        if v["sea"][b] >= 0
    ]
    out.append(
        "  seas (seat:battleships/submarines, * those moved or new this turn): %s" % (", ".join(held) or "none held")
    )
    b = v["battle"]
    if b is not None and v["phase"] == "occupy":
        out.append(
            "  CONQUERED: seat %d takes %s; troops move in from %s (%d there, one stays)"
            % (b["att"] + 1, NATIONS[b["n"]][0], NATIONS[b["from"]][0], v["troops"][b["from"]])
        )
    elif b is not None:
        out.append("  BATTLE: %s" % _battle_text(v))
    return "\n".join(out)


def _moved(v, b):
    """(2*1): of a place's battleships and submarines, those that may not move again this turn."""
    ships = v["ships"][b] - movable(v, b, "ship")
    subs = v["subs"][b] - movable(v, b, "sub")
    return " (%d*%d)" % (ships, subs) if ships + subs else ""


def _battle_text(v):
    b = v["battle"]
    att, dfn = "seat %d" % (b["att"] + 1), "seat %d" % (b["def"] + 1)
    if b["k"] == "troops":
        return "%s attacks %s (%s, %d troops) from %s (%d troops)" % (
            att,
            NATIONS[b["n"]][0],
            dfn,
            v["troops"][b["n"]],
            NATIONS[b["from"]][0],
            v["troops"][b["from"]],
        )
    if b["k"] == "commando":
        return "%s's %d commandos against %s (%s, %d troops)" % (
            att,
            b["troops"],
            NATIONS[b["n"]][0],
            dfn,
            v["troops"][b["n"]],
        )
    if b["k"] == "naval":
        return "%s (%d battleships, %d submarines) against %s at %s" % (att, b["ship"], b["sub"], dfn, sea_name(b["b"]))
    return "%s's jet bomber over %s (%s)" % (
        att,
        NATIONS[b["n"]][0] if b["n"] >= 0 else sea_name(b["b"]),
        dfn,
    )


def is_number(action, key):
    """Whether a field of an action is how many (troops, vessels) rather than a place."""
    return key in ("ships", "subs") or (key == "n" and action["a"] in ("buy", "reinforce", "airlift", "occupy"))


def is_sea(action, key):
    """Whether a field of an action is a sea place (the board's 23: blockades 1-14, anchors 1-9)."""
    return (
        key == "b"
        or (action["a"] in SEA_ACTIONS and key in ("from", "to"))
        or (key == "at" and action["kind"] != "troop")
    )


def value_text(action, key, value, view=None):
    """One field of an action in words: a nation, a sea place, a vessel, or how many; with a view,
    a place's holder and troops or vessels too."""
    text = _value_text(action, key, value)
    if view is None or is_number(action, key) or key in ("w", "t", "kind"):
        return text
    if is_sea(action, key) or action["a"] in SEA_ACTIONS:
        holder = view["sea"][value]
        return "%s: %s, %d battleships %d submarines" % (
            text,
            "seat %d" % (holder + 1) if holder >= 0 else "vacant",
            view["ships"][value],
            view["subs"][value],
        )
    owner = view["owner"][value]
    return "%s: %s, %d troops" % (text, "seat %d" % (owner + 1) if owner >= 0 else "free", view["troops"][value])


def _value_text(action, key, value):
    if is_number(action, key):
        return str(value)
    if key in ("w", "t"):
        return VESSEL_WORDS[value]
    if key == "kind":
        return KIND_WORDS[value]
    if key == "at":
        return NATIONS[value][0] if action["kind"] == "troop" else sea_name(value)
    if key == "b" or action["a"] in SEA_ACTIONS:
        return sea_name(value)
    return nation(value)


def play_out(game, seats, on_event=None, max_actions=MAX_ACTIONS):
    """Play until the game is over or max_actions were applied (the host's one loop, run_game); returns
    how many were. seats: seat -> chooser with choose(view, options) and respond(view, options) (None:
    pass), asked out of turn before the seat whose turn it is."""
    return run_game(game, seats, on_event=on_event, max_actions=max_actions)


class Narrator:
    def __init__(self, say, verbose=False):
        self.say, self.verbose = say, verbose

    def __call__(self, e):
        text = line(e, verbose=self.verbose)
        if text and (self.verbose or e["e"] not in ("pay", "expire")):
            self.say(text)


class HotSeat:
    """One terminal for the table; bots take any seats; the box rolls the roll-offs."""

    def __init__(self, players, seed, bots, ask=input, say=print, max_actions=MAX_ACTIONS):
        self.game = Game(rules.RULES, {"players": players, "seed": seed})
        self.ask, self.say, self.max_actions = ask, say, max_actions
        self.bots = {seat: BOTS[kind](seed * 7 + seat) for seat, kind in bots.items()}

    def run(self):
        seats = {}
        for p in range(self.game.state["players"]):
            seats[p] = self.bots[p] if p in self.bots else Person(self, p)
        run_game(self.game, seats, on_event=Narrator(self.say), max_actions=self.max_actions)
        return self.game


class Person:
    """A seat at the keyboard: the world, then the action's name, then each of its numbers."""

    def __init__(self, table, seat):
        self.table, self.seat = table, seat

    def choose(self, view, options):
        return self._choose(view, options, None)

    def respond(self, view, options):
        return self._choose(view, options, "pass")

    def _choose(self, view, options, pass_word):
        say = self.table.say
        say(world_text(view))
        who = "seat %d" % (self.seat + 1)
        names = []
        for a in options:
            if a["a"] not in names:
                names.append(a["a"])
        texts = []
        for name in names:
            same = [a for a in options if a["a"] == name]
            texts.append(action_text(same[0]) if len(same) == 1 else "%s (%d ways)" % (name, len(same)))
        if pass_word:
            texts.append(pass_word + ": play nothing now")
        i = self._pick("%s, what now" % who, texts) if len(texts) > 1 else 0
        if pass_word and i == len(names):
            return None
        left = [a for a in options if a["a"] == names[i]]
        if len(left) > 1 and ("n" in left[0] or "b" in left[0]) and left[0]["a"] in TARGET_ACTIONS:
            # a nation "n" or a sea place "b": one list of both, as the options differ in their keys
            texts = [value_text(a, "n" if "n" in a else "b", a.get("n", a.get("b")), view) for a in left]
            left = [left[self._pick("%s, at" % who, texts)]]
        for key in sorted((k for k in left[0] if k not in ("a", "p")), key=ASKED_ORDER.index):
            values = []
            for a in left:
                if a[key] not in values:
                    values.append(a[key])
            if len(values) < 2:
                continue
            if is_number(left[0], key):
                what = KIND_WORDS[left[0]["kind"]] + "s" if "kind" in left[0] else KEY_WORDS.get(key, key)
                chosen = self._number(
                    "%s, how many %s" % (who, "troops" if key == "n" and what == "nation" else what), values
                )
            elif is_sea(left[0], key):
                chosen = self._sea("%s, %s" % (who, KEY_WORDS.get(key, key)), left[0], key, values, view)
            else:
                texts = [value_text(left[0], key, x, view) for x in values]
                chosen = values[self._pick("%s, %s" % (who, KEY_WORDS.get(key, key)), texts)]
            left = [a for a in left if a[key] == chosen]
        say("%s: %s" % (who, action_text(left[0])))
        return left[0]

    def _sea(self, prompt, action, key, values, view):
        """A sea place by the board's own order (the box's wheels: seas 1-23): every place listed under its
        fixed number, those not possible now marked, so that a menu's number never sits beside another
        place's ("12) blockade 13" once blockade 1 was taken)."""
        ask, say = self.table.ask, self.table.say
        for b in range(N_SEAS):
            text = value_text(action, key, b, view) if b in values else "%s%s" % (sea_name(b), NOT_NOW)
            say(ENTRY % (b + 1, text))
        first = min(values)
        while True:
            answer = ask("%s (a number above, Enter: %d): " % (prompt, first + 1)).strip()
            if not answer:
                return first
            if answer.isdigit() and int(answer) - 1 in values:
                return int(answer) - 1
            say("one of %s, please" % ", ".join(str(b + 1) for b in sorted(values)))

    def _pick(self, prompt, texts):
        return pick(self.table.ask, self.table.say, prompt, texts)

    def _number(self, prompt, values):
        """A number of the legal ones; Enter: the most (every troop you can buy, all but one moved in)."""
        ask, say = self.table.ask, self.table.say
        while True:
            answer = ask("%s (%d to %d, Enter: %d): " % (prompt, min(values), max(values), max(values))).strip()
            if not answer:
                return max(values)
            if answer.isdigit() and int(answer) in values:
                return int(answer)
            say("one of %d to %d, please" % (min(values), max(values)))


def demo(players, seed, say=print, verbose=False, bots=("sensible",), max_actions=MAX_ACTIONS):
    """A narrated game between bots (sensible by default, given to the seats in turn)."""
    game = Game(rules.RULES, {"players": players, "seed": seed})
    say("Ultimatum: %d players, seed %d" % (players, seed))
    seats = {p: BOTS[bots[p % len(bots)]](seed * 7 + p) for p in range(players)}
    run_game(game, seats, on_event=Narrator(say, verbose), max_actions=max_actions)
    return game
