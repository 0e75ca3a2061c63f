"""Bots for Ultimatum: choosers that see one seat's view and its legal actions, nothing else.

choose(view, options) plays the seat's turn (or its set-up pick); respond(view,
options) is asked when the seat may answer out of turn (a defender's card, a
laser fired back) and returns an action or None (it passes).

RandomBot picks any legal action (answering half the time). SensibleBot
takes nations where it already holds most of an alliance (Oil first: every
victory needs it), buys troops for its strongest nation, attacks the weakest
opponent nation its strongest can beat by 3 or more (blitzing to the end,
moving all but one in), plays Helicopter Commandos on the weakest opponent
nation, a Jet Bomber on the strongest, defends with Minefields and
Anti-Aircraft Missiles, fires lasers (back, and under attack) at the strongest
opponent nation, puts a reinforcement card's troops on its strongest nation,
and ends its turn when nothing is worth doing.
"""

from games.ultimatum.content import ALLIANCE_OF, ALLIANCE_SIZES, OIL
from referee.rng import Rng

MARGIN = 3  # attack only with this many troops more than the defender


class RandomBot:
    name = "random"

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, view, options):
        return options[self.rng.below(len(options))]

    def respond(self, view, options):
        return self.choose(view, options) if self.rng.below(2) else None


def _share(view, p, a):
    """The part of alliance a seat p holds (0 to 1)."""
    return view["alliances"][p][a] / float(ALLIANCE_SIZES[a])


def _wanted(view, p, n):
    """How much seat p wants nation n: alliances it holds most of, Oil most of all."""
    a = ALLIANCE_OF[n]
    return _share(view, p, a) + (0.5 if a == OIL else 0.0)


def by_name(options):
    """{action name: its options, in their order}. A listing gives each name's options one after another:
    the name is looked up once a run of them (a turn of a war lists a hundred attacks and more)."""
    kinds = {}
    name = same = None
    for a in options:
        if a["a"] != name:
            name = a["a"]
            same = kinds.setdefault(name, [])
        same.append(a)  # pyright: ignore[reportOptionalMemberAccess]
    return kinds


class SensibleBot:
    name = "sensible"

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, view, options):
        kinds = by_name(options)
        chosen = self._settle(view, kinds)
        if chosen is None:
            chosen = self._troops(view, kinds)
        if chosen is not None:
            return chosen
        for name in ("laser", "bomber"):
            if name in kinds:
                return self._strongest(view, kinds[name])
        for name in ("war", "end", "stop"):
            if name in kinds:
                return kinds[name][0]
        return options[0]

    def _settle(self, view, kinds):
        """What comes first: nations to take, troops to move in, battles to roll on, money to spend."""
        if "take" in kinds:
            return max(kinds["take"], key=lambda a: (_wanted(view, view["seat"], a["n"]), -a["n"]))
        if "occupy" in kinds:
            return max(kinds["occupy"], key=lambda a: a["n"])
        for name in ("blitz", "roll", "fire"):
            if name in kinds:
                return kinds[name][0]
        if "buy" in kinds:
            return self._buy(view, kinds["buy"])
        return None

    def _troops(self, view, kinds):
        """Troops to land or send: a reinforcement, commandos, an attack with a margin (None: none)."""
        me, troops = view["seat"], view["troops"]
        if "reinforce" in kinds:  # the card's troops (the most it may say) on the strongest nation
            troops_in = [a for a in kinds["reinforce"] if a["kind"] == "troop"]
            if troops_in:
                return max(troops_in, key=lambda a: (a["n"], troops[a["at"]], -a["at"]))
        if "commando" in kinds:
            return min(kinds["commando"], key=lambda a: (troops[a["to"]] - 3 * _wanted(view, me, a["to"]), a["to"]))
        good = [a for a in kinds.get("attack", ()) if troops[a["from"]] >= troops[a["to"]] + MARGIN]
        if good:
            return max(
                good,
                key=lambda a: (
                    troops[a["from"]] - troops[a["to"]] + 5 * _wanted(view, me, a["to"]),
                    -a["to"],
                    -a["from"],
                ),
            )
        return None

    def _buy(self, view, buys):
        """All the money on troops for the strongest nation (lasers first when it can)."""
        lasers = [a for a in buys if a["kind"] == "laser"]
        if lasers:
            return max(lasers, key=lambda a: a["n"])
        troops = [a for a in buys if a["kind"] == "troop"]
        if not troops:
            return None
        t = view["troops"]
        return max(troops, key=lambda a: (a["n"], t[a["at"]], -a["at"]))

    def _strongest(self, view, options):
        """The option aimed at the opponent nation with most troops (a sea place only when no nation)."""
        t = view["troops"]
        nations = [a for a in options if "n" in a]
        if nations:
            return max(nations, key=lambda a: (t[a["n"]], -a["n"]))
        return options[0]

    def respond(self, view, options):
        kinds = by_name(options)
        for name in ("anti_aircraft", "minefield", "ocean_mine"):
            if name in kinds:
                return kinds[name][0]
        for name in ("fire_back", "laser"):  # a laser back, or one launched under attack
            if name in kinds:
                return self._strongest(view, kinds[name])
        return None


BOTS = {"random": RandomBot, "sensible": SensibleBot}
