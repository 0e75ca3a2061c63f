"""Random legal play of whole Ultimatum games, for the property tests and the cross-port digests.

An actor is drawn among those with something to do, then an action name among
the ones the flow allows it, then one action of that name, all from the core's
own generator, so a seed gives the same game on every port. Actions with many
numbers (buy, sail, airlift, attack: a rich fleet has thousands of ways to
sail) are drawn at random and kept only if the rule check passes; a name none
of whose draws passed is listed in full only when no other name gave an action
(listing a whole fleet's sails only to find none left to move was most of the
time of random play); every action played is legal either way.
"""

from games.ultimatum import checks, rules
from games.ultimatum.content import BLOCKADES, KINDS, LASER, N_NATIONS, N_SEAS, TROOP
from referee.engine import Game
from referee.play import play_out
from referee.rng import Rng

TRIES = 8


def _sample(s, seat, name, rng):
    """A random action of `name` that passes its rule check, or None."""
    if name == "attack":
        mine = [n for n in range(N_NATIONS) if s["owner"][n] == seat]
        if not mine:
            return None
        a = {"a": "attack", "p": seat, "from": rng.choice(mine), "to": rng.below(N_NATIONS)}
        ok = checks.attack_problem(s, seat, a["from"], a["to"]) is None
    elif name == "sail":
        mine = [b for b in range(N_SEAS) if s["sea"][b] == seat]
        if not mine:
            return None
        src = rng.choice(mine)
        a = {
            "a": "sail",
            "p": seat,
            "from": src,
            "to": rng.below(N_SEAS),
            "ships": rng.below(s["ships"][src] + 1),
            "subs": rng.below(s["subs"][src] + 1),
        }
        ok = checks.sail_problem(s, seat, src, a["to"], a["ships"], a["subs"]) is None
    elif name == "airlift":
        mine = [n for n in range(N_NATIONS) if s["owner"][n] == seat]
        src = rng.choice(mine) if mine else 0
        dst = rng.choice(mine) if mine else 0
        a = {"a": "airlift", "p": seat, "from": src, "to": dst, "n": 1 + rng.below(s["troops"][src] + 1)}
        ok = checks.airlift_problem(s, seat, src, dst, a["n"]) is None
    else:
        kind = rng.choice(KINDS)
        money = s["purses"][checks.purse_now(s)][seat]
        a = {"a": "buy", "p": seat, "kind": kind, "n": 1 + rng.below(money if 0 < money < 99 else 99)}
        if kind == TROOP:
            a["at"] = rng.below(N_NATIONS)
        elif kind != LASER:
            a["at"] = rng.below(BLOCKADES)
        ok = checks.buy_problem(s, seat, kind, a["n"], a.get("at", -1)) is None
    return a if ok else None


SAMPLED = ("sail", "airlift", "buy", "attack")


def choose_action(game, rng):
    seats = game.actors()
    seat = rng.choice(seats) if seats else -1
    legal = game.legal()
    s = game.state
    names = legal.names(s, seat)
    unsampled = []  # names whose draws all failed: listed only if no other name gives an action
    while names:
        name = names.pop(rng.below(len(names)))
        if name in SAMPLED:
            for _ in range(TRIES):
                a = _sample(s, seat, name, rng)
                if a is not None:
                    return a
            unsampled.append(name)
            continue
        options = legal.of_name(s, seat, name)
        if options:
            return rng.choice(options)
    for name in unsampled:
        options = legal.of_name(s, seat, name)
        if options:
            return rng.choice(options)
    return None


def setup_for(seed):
    """The set-up random play plays for a seed (the bench's): 2 to 6 players."""
    return {"players": 2 + seed % 5, "seed": seed}


def chooser(game):
    """The random play of a game (the host's registry names this module: HostGame(random=...)): choose_action."""
    return choose_action


def play(players, seed, max_actions=20000):
    """A random game, stopped at the end or after max_actions."""
    return play_out(
        Game(rules.RULES, {"players": players, "seed": seed}), choose_action, Rng(seed ^ 0x5EED), max_actions
    )
