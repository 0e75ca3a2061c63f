"""Random legal play of whole Morituri games, with the core's own generator (same game on every port).

Caesar ends the melee only one time in eight while a pair could still fight,
so that games end; the thumb goes with the crowd three times in four.
"""

from games.morituri import rules
from games.morituri.content import CLASS_NAMES, MAX_FIGURES, MENU
from games.morituri.melee import pairs
from referee import engine
from referee.play import play_out
from referee.rng import Rng


def setup_for(seed):
    """A seeded set-up: 2-6 seats, 1-3 figures each (6 in all at most), every class."""
    r = Rng(seed)
    players = 2 + r.below(5)
    figures = []
    room = MAX_FIGURES
    for p in range(players):
        most = min(3, room - (players - 1 - p))
        k = 1 + r.below(most)
        room -= k
        figures.append([CLASS_NAMES[r.below(len(CLASS_NAMES))] for _ in range(k)])
    return {"players": players, "figures": figures, "seed": seed}


def _melee(seat, found, rng):
    """The melee action a uniform draw among the listed melee actions of these pairs gives, worked out
    from the draw: listing pairs x MENU x MENU dicts only to pick one was half of random play."""
    menus = len(MENU)
    r = rng.below(len(found) * menus * menus)
    f, t = found[r // (menus * menus)]
    return {"a": "melee", "p": seat, "f": f, "t": t, "fm": (r // menus) % menus, "tm": r % menus}


def choose_action(game, rng):
    s = game.state
    seats = game.actors()
    if not seats:
        options = game.legal_actions(-1)
        return rng.choice(options) if options else None
    found = pairs(s) if s["phase"] == "melee" else None
    if found:
        # the listing is each pair with every MENU x MENU, then end_melee: more than one action, so
        # seven times in eight a melee action is drawn, as the listing's own draws would
        if rng.below(8):
            return _melee(seats[0], found, rng)
        return rng.choice(game.legal_actions(seats[0]))
    options = game.legal_actions(seats[0])
    if s["phase"] == "melee" and len(options) > 1 and rng.below(8):
        options = [a for a in options if a["a"] == "melee"]
    elif s["phase"] == "implore" and s["crowd"]:
        with_crowd = s["crowd"][0]["data"][1]
        return {"a": "thumb", "p": seats[0], "up": with_crowd if rng.below(4) else 1 - with_crowd}
    elif s["phase"] == "implore" and rng.below(8):
        options = [a for a in options if a["a"] != "waive"]  # now and then one waives his appeal
    return rng.choice(options)


def chooser(game):
    """The random play of a game (the host's registry names this module: HostGame(random=...)): choose_action."""
    return choose_action


def play(seed, max_actions=5000):
    """A random whole game; returns the engine's Game."""
    return play_out(engine.Game(rules.RULES, setup_for(seed)), choose_action, Rng(seed ^ 0x5EED), max_actions)
