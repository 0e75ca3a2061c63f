"""Bots for Morituri: choosers for ultimus_host.loop.run_game that see a seat's view and its legal actions.

In Morituri only Caesar acts (the box rolls the initiative), so a seat's bot
plays when its seat is Caesar. RandomBot (ultimus_host.bots) picks any legal
action. SensibleBot calls the figures in wheel order; in the melee it picks
the pair with the best exact expected wounds for its own seat (its figure
moved to contact, +1; pairs of two rivals count a little: let them hurt each
other), and ends the melee when no pair is worth fighting; it spares its own
fallen and otherwise turns its thumb with the crowd (overriding it costs
the next initiative).
"""

from games.morituri.content import KILLED_BONUS, MENU
from referee.rng import Rng
from ultimus_host.bots import RandomBot
from ultimus_host.games.morituri.odds import wound_odds
from ultimus_host.games.morituri.wound_table import EXPECTED

CONTACT = 1  # MENU: moved to contact (+1)
RIVALS = 0.05  # the worth of a fight between two other seats' figures


class InitiativeReferee:
    """The box's own part: it rolls the initiative whenever it is due."""

    def choose(self, view, options):
        return options[0]


# Every modifier a side of a melee may add to its dice: a menu entry's, with the killer's bonus or without.
MODIFIERS = tuple(sorted(set(m + k for _, m in MENU for k in (0, KILLED_BONUS))))
# expected_wounds of every pair of classes and modifiers, shipped (tools/morituri_wounds.py writes it from
# computed_wounds, and tests/test_morituri_odds.py holds it to it): a process's first games cost what later
# ones do, where filling the table as they went made them 8-14x slower
_EXPECTED = dict(EXPECTED)


def computed_wounds(a_cls, b_cls, a_mod, b_mod):
    """(HP b is expected to lose, HP a is expected to lose) in one exchange, exactly, from every die."""
    on_b = on_a = 0.0
    for (wb, wa), p in wound_odds(a_cls, b_cls, a_mod, b_mod).items():
        on_b += wb * float(p)
        on_a += wa * float(p)
    return (on_b, on_a)


def expected_wounds(a_cls, b_cls, a_mod, b_mod):
    """computed_wounds, from the shipped table (a pair outside it is computed once and kept)."""
    key = (a_cls, b_cls, a_mod, b_mod)
    found = _EXPECTED.get(key)
    if found is None:
        found = _EXPECTED[key] = computed_wounds(a_cls, b_cls, a_mod, b_mod)
    return found


class SensibleBot:
    name = "sensible"

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, view, options):
        kind = options[0]["a"]
        if kind == "thumb":
            f, crowd = view["crowd"][0]["f"], view["crowd"][0]["crowd"]
            up = 1 if view["figures"][f]["owner"] == view["seat"] else crowd
            return [a for a in options if a["up"] == up][0]
        if kind in ("melee", "end_melee"):
            return self._melee(view, options)
        return options[0]  # call the figures, and the fallen (to implore: listed before waive), in wheel order

    def _melee(self, view, options):
        me, figs = view["seat"], view["figures"]
        best, best_value = None, 0.0
        for a in options:
            if a["a"] != "melee":
                continue
            f, t = figs[a["f"]], figs[a["t"]]
            if f["owner"] == me:
                wanted = (CONTACT, 0)
            elif t["owner"] == me:
                continue  # fought the other way round: his own figure first
            else:
                wanted = (0, 0)
            if (a["fm"], a["tm"]) != wanted:
                continue
            f_mod = MENU[a["fm"]][1] + (KILLED_BONUS if f["kills"] else 0)
            t_mod = MENU[a["tm"]][1] + (KILLED_BONUS if t["kills"] else 0)
            dealt, taken = expected_wounds(f["cls"], t["cls"], f_mod, t_mod)
            value = RIVALS if f["owner"] != me else dealt * (1.0 + 1.0 / t["hp"]) - taken * (1.0 + 1.0 / f["hp"])
            if value > best_value or (best is not None and value == best_value and self.rng.below(2)):
                best, best_value = a, value
        if best is not None:
            return best
        return [a for a in options if a["a"] == "end_melee"][0]


BOTS = {"random": RandomBot, "sensible": SensibleBot}
