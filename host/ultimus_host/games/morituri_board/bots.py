"""Bots for the Morituri board game: choosers for ultimus_host.loop.run_game on the host's table.

Every bot walks the made-up road of ultimus_host.games.morituri_board.table (the table
says what each space does and which card was drawn). RandomBot picks any of
the answers the table allows; SensibleBot keeps a card when it raises its
exact chance of beating a gladiator of the same kit with nothing changed
(odds.py), takes the crowd's mercy, and fights the 4/4 beast in Roma when
it must (alternate rule 1, last one alive) or when it wins it half the time.
"""

from games.morituri_board import kit
from games.morituri_board.content import ROMA_PENNANTS
from referee.rng import Rng
from ultimus_host.games.morituri_board.odds import ARENA, BEAST, fight

REFEREE_ACTIONS = ("roll_off", "round")


class Referee:
    """The box's own part: the roll-off and the combat rounds, rolled by the box."""

    def choose(self, view, options):
        return options[0]


def _side(view, kit_list):
    return kit.side(view["values"], kit_list)


def strength(view, kit_list, hp):
    """A kit's worth: its exact chance of beating an unarmed gladiator (Pugio, 2 HP) outside Roma."""
    me = _side(view, kit_list)
    plain = _side(view, kit.empty())
    odds = fight(me, plain, hp, 2, ARENA)
    return odds["a_kills"] + odds["a_beats"] - odds["b_kills"] - odds["b_beats"]


class TableBot:
    """A bot that walks the host's table; subclasses choose among the table's answers."""

    name = "table"

    def __init__(self, table, seed=0):
        self.table = table
        self.rng = Rng(seed)

    def choose(self, view, options):
        kind = options[0]["a"]
        p = view["seat"]
        if kind in ("nothing", "hp_space", "draw", "arena", "roma", "flux") and view["phase"] == "space":
            return self.table.suggest(view, p)
        if view["phase"] == "draw":
            return self.pick_card(view, self.table.answers(view, p, options))
        return self.other(view, options)

    def pick_card(self, view, answers):
        return self.rng.choice(answers)

    def other(self, view, options):
        return self.rng.choice(options)


class RandomBot(TableBot):
    name = "random"


class SensibleBot(TableBot):
    name = "sensible"

    def pick_card(self, view, answers):
        keep = [a for a in answers if a["a"] == "card" and a["keep"]]
        if not keep:
            return answers[0]
        me = view["seats"][view["seat"]]
        now = list(me["kit"])
        after = list(now)
        for c in keep[0]["discard"]:
            after[after.index(c)] = ""
        after[kit.slot_index(keep[0]["c"])] = keep[0]["c"]
        better = strength(view, after, me["hp"]) > strength(view, now, me["hp"])
        return keep[0] if better else [a for a in answers if not a["keep"]][0]

    def other(self, view, options):
        kind = options[0]["a"]
        if kind == "thumb":
            return [a for a in options if a["up"] == 1][0]  # takes the crowd's mercy
        if kind in ("beast", "wait"):
            me = view["seats"][view["seat"]]
            alone = sum(1 for s in view["seats"] if s["where"] in ("road", "roma", "rest", "back")) == 1
            odds = fight(_side(view, me["kit"]), kit.beast(ROMA_PENNANTS), me["hp"], 1, BEAST)
            go = (view["last_alive"] and alone) or odds["a_kills"] >= odds["b_kills"] + odds["both_die"]
            return [a for a in options if a["a"] == ("beast" if go else "wait")][0]
        return options[0]


BOTS = {"random": RandomBot, "sensible": SensibleBot}
