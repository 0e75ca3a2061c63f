"""Random legal play of whole Munera bouts, with the core's own generator (the same bout on
every port). The referee and the rolling steps are taken as listed; in a turn an attack is
taken three times in four when one is legal, otherwise a step that closes on the nearest
foe or turns toward him, and the turn ends one time in six (or when nothing else is left).
"""

from games.munera import arena, rules
from games.munera.content import OPTIONS, PROFILE_NAMES, TWO_HANDED
from games.munera.flow import FLOW
from games.munera.legal import LISTERS
from games.munera.state import in_arena
from referee import engine
from referee.play import list_actions, moves, play_out
from referee.rng import Rng


def setup_for(seed):
    """A seeded set-up: 2-4 gladiators of any profiles, now and then with skills; one set-up in
    three with the lines' printed alternatives and a two-handed weapon for the first."""
    r = Rng(seed)
    n = 2 + r.below(3) if r.below(4) == 0 else 2
    gs = []
    for _ in range(n):
        entry = {"profile": PROFILE_NAMES[r.below(len(PROFILE_NAMES))]}
        if r.below(4) == 0:
            entry["skills"] = [("reflexes", "attack", "dodge", "stamina", "popularity")[r.below(5)]]
        gs.append(entry)
    if r.below(3) == 0:  # drawn after the lines, so that a seed's lines stay what they were
        for entry in gs:
            options = OPTIONS.get(entry["profile"], ())
            if options:
                entry["option"] = options[0][0]
        gs[0]["two_handed"] = TWO_HANDED[r.below(len(TWO_HANDED))]
    return {"gladiators": gs, "seed": seed}


def _nearest(s, g):
    best = None
    for o in in_arena(s):
        if o != g:
            d = arena.distance(s["g"][g]["pos"], s["g"][o]["pos"])
            if best is None or d < best[0]:
                best = (d, o)
    return best[1] if best else g


def _closing(s, g, options):
    """The moves and turns that bring g nearer to, or round to face, the nearest foe."""
    x = s["g"][g]
    foe = s["g"][_nearest(s, g)]["pos"]
    want = arena.toward(x["pos"], foe)
    now = arena.distance(x["pos"], foe)
    out = []
    for a in options:
        if a["a"] == "move" and arena.distance(arena.step(x["pos"], a["d"]), foe) < now:
            out.append(a)
        elif a["a"] == "turn" and x["face"] != want:
            if (x["face"] + a["by"] - want) % 6 in (0, 1, 5) and (x["face"] - want) % 6 not in (1, 5):
                out.append(a)
            elif (x["face"] + a["by"]) % 6 == want:
                out.append(a)
    return out


# In a turn the actions are listed a group at a time, and a group only when the draws come to it: the
# attacks first, the steps only when no attack was taken, the rest only when no step closes in. Each
# group comes out in the flow's order, as in the whole listing: the same choices, a third of the listing.
ATTACKS = ("attack", "grapple", "haze")
STEPS = ("move", "turn")
NOT_OTHERS = ("move", "turn", "discard")
_PLANS = {}  # (names, kept) -> the act phase's listers of those names (or of all the others), in the flow's order


def _listed(s, g, names, kept=True):
    """The legal actions of g whose names are (kept) or are not (not kept) among `names`."""
    plan = _PLANS.get((names, kept))
    if plan is None:
        plan = tuple((who, LISTERS[name]) for name, who in moves(FLOW, "", "act") if (name in names) == kept)
        _PLANS[(names, kept)] = plan
    return list_actions(s, g, plan, [])


def choose_action(game, rng):
    s = game.state
    seats = game.actors()
    if not seats:
        options = game.legal_actions(-1)
        return rng.choice(options) if options else None
    g = seats[0]
    if s["phase"] != "act":
        options = game.legal_actions(g)
        return rng.choice(options) if options else None
    # in the act phase "end" is always legal for the gladiator whose turn it is: there are options
    attacks = _listed(s, g, ATTACKS)
    if attacks and rng.below(4):
        return rng.choice(attacks)
    if rng.below(6) == 0:
        return {"a": "end", "p": g}
    closing = _closing(s, g, _listed(s, g, STEPS))
    if closing:
        return rng.choice(closing)
    others = _listed(s, g, NOT_OTHERS, False)
    return rng.choice(others) if others else {"a": "end", "p": g}


def chooser(game):
    """The random play of a game (the host's registry names this module: HostGame(random=...)): choose_action."""
    return choose_action


def play(seed, max_actions=3000):
    """A random whole bout; returns the engine's Game."""
    return play_out(engine.Game(rules.RULES, setup_for(seed)), choose_action, Rng(seed ^ 0x5EED), max_actions)
