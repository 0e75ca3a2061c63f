"""`ultimus play --game morituri` and `ultimus demo --game morituri`: Morituri in the terminal.

Everything in Morituri is public, so one screen serves the whole table: the
arena's figures, then Caesar's choices. Bots and people are choosers of the
one host loop (ultimus_host.loop.run_game); the box's own part (the
initiative roll) is the referee. parse_figures reads the set-up from the
command line ("heavy,light/animal": seats separated by "/").
"""

from games.morituri import rules
from games.morituri.content import CLASS_NAMES, MAX_FIGURES, MENU
from games.morituri.randomplay import setup_for
from referee.engine import Game
from ultimus_host.games.morituri.bots import BOTS, InitiativeReferee
from ultimus_host.games.morituri.narrate import action_text, figure, line, roll_text
from ultimus_host.loop import run_game
from ultimus_host.menu import pick
from ultimus_host.narrate import phase_words, some

MENU_WORDS = (
    "nothing special",
    "he moved to contact",
    "attacked from the side",
    "attacked from the back",
    "he moved to contact, attacked from the side",
    "he moved to contact, attacked from the back",
)  # content.MENU in words


class SetupError(ValueError):
    """A set-up the command line cannot start, with a one-line reason."""


def parse_figures(text, players=None):
    """[[class, ...] per seat] from "heavy,light/animal"; None for no text (every seat one heavy)."""
    if not text:
        return None
    seats = []
    for part in text.split("/"):
        names = [c.strip().lower() for c in part.split(",") if c.strip()]
        if not names:
            raise SetupError("every seat needs at least one figure: %r" % text)
        for c in names:
            if c not in CLASS_NAMES:
                raise SetupError("%r is not a class: the classes are %s" % (c, ", ".join(CLASS_NAMES)))
        seats.append(names)
    if len(seats) < 2:
        raise SetupError("at least two seats: separate them with '/', e.g. heavy/animal")
    total = sum(len(s) for s in seats)
    if total > MAX_FIGURES:
        raise SetupError("at most %d figures in all (one per ring of the box), not %d" % (MAX_FIGURES, total))
    if players is not None and players != len(seats):
        raise SetupError("--figures names %d seats but --players says %d" % (len(seats), players))
    return seats


def new_game(players, seed, figures=None):
    setup = {"players": players if figures is None else len(figures), "seed": seed}
    if figures is not None:
        setup["figures"] = figures
    return Game(rules.RULES, setup)


def arena_text(v):
    """The arena as the whole table sees it: round, Caesar, every figure."""
    cls = [f["cls"] for f in v["figures"]]
    caesar = "seat %d" % (v["caesar"] + 1) if v["caesar"] >= 0 else "not yet rolled"
    out = ["", "round %d, %s, Caesar: %s" % (v["round"], phase_words(v["phase"]), caesar)]
    for i, f in enumerate(v["figures"]):
        marks = [f["status"]]
        if f["kills"]:
            marks.append("%s: +1" % some(f["kills"], "kill"))
        if f["status"] == "spared":
            marks.append("stands up in round %d" % f["up"])
        if i in v["activated"] and v["phase"] == "movement":
            marks.append("moved")
        out.append(
            "  %-9s seat %d  %s  %s"
            % (figure(i, cls), f["owner"] + 1, "#" * f["hp"] + "." * (3 - f["hp"]), ", ".join(marks))
        )
    if any(v["barred"]):
        barred = ["seat %d" % (p + 1) for p, b in enumerate(v["barred"]) if b]
        out.append("sitting out the next initiative: %s" % ", ".join(barred))
    if v["crowd"]:
        q = v["crowd"][0]
        out.append("the crowd %s %s: Caesar's thumb" % ("SPARES" if q["crowd"] else "KILLS", figure(q["f"], cls)))
    return "\n".join(out)


class Narrator:
    """Tells every event of a game in one line each (rolls too when verbose)."""

    def __init__(self, game, say, verbose=False):
        self.game, self.say, self.verbose = game, say, verbose

    def __call__(self, e):
        cls = self.game.state["cls"]
        if e["e"] == "roll" and self.verbose:
            self.say(roll_text(e, cls))
            return
        text = line(e, cls)
        if text:
            self.say(text)


class HotSeat:
    """One terminal for the table; bots take any seats; the referee rolls the initiative."""

    def __init__(self, players, seed, bots, figures=None, ask=input, say=print):
        self.game = new_game(players, seed, figures)
        self.ask, self.say = ask, say
        self.bots = {seat: BOTS[kind](seed * 7 + seat) for seat, kind in bots.items()}

    def run(self):
        seats = {}
        for p in range(self.game.state["players"]):
            seats[p] = self.bots[p] if p in self.bots else Person(self, p)
        self.say(arena_text(self.game.public_view()))
        run_game(self.game, seats, referee=InitiativeReferee(), on_event=Narrator(self.game, self.say))
        return self.game


class Person:
    """Caesar at the keyboard: the arena, then his choices; a melee pair first, then each side's menu."""

    def __init__(self, table, seat):
        self.table, self.seat = table, seat

    def choose(self, view, options):
        say = self.table.say
        say(arena_text(view))
        if options[0]["a"] in ("melee", "end_melee"):
            return self._melee(view, options)
        return options[self._pick("seat %d (Caesar)" % (self.seat + 1), [action_text(view, a) for a in options])]

    def _pick(self, who, texts, default=None):
        return pick(self.table.ask, self.table.say, "%s, your choice" % who, texts, default)

    def _melee(self, view, options):
        cls = [f["cls"] for f in view["figures"]]
        pairs = []
        for a in options:
            if a["a"] == "melee" and (a["f"], a["t"]) not in pairs:
                pairs.append((a["f"], a["t"]))
        texts = ["%s fights %s" % (figure(f, cls), figure(t, cls)) for f, t in pairs] + ["end the melee"]
        i = self._pick("seat %d (Caesar), melee" % (self.seat + 1), texts)
        if i == len(pairs):
            return [a for a in options if a["a"] == "end_melee"][0]
        f, t = pairs[i]
        menu = ["%s (%+d to every die)" % (MENU_WORDS[i], MENU[i][1]) for i in range(len(MENU))]
        fm = self._pick("how does %s fight" % figure(f, cls), menu, 0)
        tm = self._pick("how does %s fight" % figure(t, cls), menu, 0)
        return {"a": "melee", "p": self.seat, "f": f, "t": t, "fm": fm, "tm": tm}


def demo(seed, figures=None, say=print, verbose=False):
    """A narrated game between sensible bots; the set-up is randomplay's for the seed unless given."""
    setup = {"players": len(figures), "figures": figures, "seed": seed} if figures else setup_for(seed)
    game = Game(rules.RULES, setup)
    say(
        "Morituri Te Salutamus v1.1: seed %d, %s"
        % (seed, " v ".join("seat %d %s" % (p + 1, "+".join(c)) for p, c in enumerate(game.setup["figures"])))
    )
    seats = {p: BOTS["sensible"](seed * 7 + p) for p in range(game.state["players"])}
    run_game(game, seats, referee=InitiativeReferee(), on_event=Narrator(game, say, verbose))
    return game
