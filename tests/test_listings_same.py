"""The legal listings that skip what cannot change (issue 34) list exactly what the full ones did, in the same
order: every field of an action tried against its rule check, as games.ultimatum.legal and games.munera.legal
listed before.

Each full lister below is the one those modules had: the product of every field, each candidate asked of its
rule check (with the only shortcuts the listings already had: buy stops at a number's first refusal, attack at
a source's first too_few_troops, airlift at a pair's refusal of 1 troop, Munera's attack skips a target every
attack is refused). At every position of many games (random play and the bots, several seeds and table sizes)
and for every seat and the referee, the game's listing is compared with the same listing made with the full
listers, as lists: same actions, same order (the bots pick by position among equals, so the order is part of
the games they play).
"""

import pytest

from games.munera import checks as munera_checks
from games.munera import legal as munera_legal
from games.munera import randomplay as munera_random
from games.munera.flow import FLOW as MUNERA_FLOW
from games.munera.state import gladiators
from games.ultimatum import checks
from games.ultimatum import legal as ultimatum_legal
from games.ultimatum import rules as ultimatum_rules
from games.ultimatum.bank import MAX_BUY
from games.ultimatum.content import KINDS, LASER, N_NATIONS, N_SEAS, TROOP
from referee.engine import Game
from referee.play import Listing
from referee.rng import Rng
from ultimus_host.games.munera import simulation as munera_simulation
from ultimus_host.games.ultimatum import simulation as ultimatum_simulation

# --- the full listers (as the listings had them before issue 34) -------------------------------------


def full_buy(s, seat, out):
    for kind in KINDS:
        if kind == LASER:
            places = (-1,)
        elif kind == TROOP:
            places = range(N_NATIONS)
        else:
            places = range(N_SEAS)
        for at in places:
            n = 1
            while n <= MAX_BUY and checks.buy_problem(s, seat, kind, n, at) is None:
                a = {"a": "buy", "p": seat, "kind": kind, "n": n}
                if at >= 0:
                    a["at"] = at
                out.append(a)
                n += 1


def full_attack(s, seat, out):
    for src in range(N_NATIONS):
        if s["owner"][src] != seat:
            continue
        for dst in range(N_NATIONS):
            problem = checks.attack_problem(s, seat, src, dst)
            if problem is None:
                out.append({"a": "attack", "p": seat, "from": src, "to": dst})
            elif problem[0] == "too_few_troops":
                break


def full_sail(s, seat, out):
    for src in range(N_SEAS):
        if s["sea"][src] != seat:
            continue
        for dst in range(N_SEAS):
            for ships in range(s["ships"][src] + 1):
                for subs in range(s["subs"][src] + 1):
                    if checks.sail_problem(s, seat, src, dst, ships, subs) is None:
                        out.append({"a": "sail", "p": seat, "from": src, "to": dst, "ships": ships, "subs": subs})


def full_commando(s, seat, out):
    for dst in range(N_NATIONS):
        if checks.commando_problem(s, seat, dst) is None:
            out.append({"a": "commando", "p": seat, "to": dst})


def full_airlift(s, seat, out):
    if checks.card_problem(s, seat) is not None:
        return
    mine = [n for n in range(N_NATIONS) if s["owner"][n] == seat]
    for src in mine:
        for dst in mine:
            if checks.airlift_problem(s, seat, src, dst, 1) is not None:
                continue
            for n in range(1, s["troops"][src]):
                if checks.airlift_problem(s, seat, src, dst, n) is None:
                    out.append({"a": "airlift", "p": seat, "from": src, "to": dst, "n": n})


def full_targets(name, problem):
    def lister(s, seat, out):
        for n in range(N_NATIONS):
            if problem(s, seat, n, -1) is None:
                out.append({"a": name, "p": seat, "n": n})
        for b in range(N_SEAS):
            if problem(s, seat, -1, b) is None:
                out.append({"a": name, "p": seat, "b": b})

    return lister


ULTIMATUM_FULL = dict(
    ultimatum_legal.LISTERS,
    buy=full_buy,
    attack=full_attack,
    sail=full_sail,
    commando=full_commando,
    airlift=full_airlift,
    bomber=full_targets("bomber", checks.bomber_problem),
    laser=full_targets("laser", checks.laser_problem),
)


def ultimatum_full(s, seat):
    out = []
    for name in ultimatum_legal.names(s, seat):
        ULTIMATUM_FULL[name](s, seat, out)
    return out


def full_munera_attack(s, seat, out):
    weapons = list(range(len(s["g"][seat]["kit"]))) + [munera_checks.IMPROVISED_W, munera_checks.SHIELD_W]
    for t in gladiators(s):
        if munera_legal._target_refused(s, seat, t):
            continue
        for w in weapons:
            for whirl in (0, 1):
                if munera_checks.attack_problem(s, seat, t, w, whirl) is None:
                    out.append({"a": "attack", "p": seat, "t": t, "w": w, "whirl": whirl})


munera_full = Listing(MUNERA_FLOW, dict(munera_legal.LISTERS, attack=full_munera_attack)).legal_actions


# --- the comparison, at every position of many games ---------------------------------------------


class Comparing:
    """A game whose every listing is checked against the full listers' before it is handed on."""

    def __init__(self, game, full):
        self.game, self.full, self.compared = game, full, 0

    def __getattr__(self, name):
        return getattr(self.game, name)

    def legal_actions(self, seat):
        listed = self.game.legal_actions(seat)
        assert listed == self.full(self.game.state, seat), "phase %s, seat %d" % (self.game.phase, seat)
        self.compared += 1
        return listed


def _every_seat(game, full):
    s = game.state
    for seat in range(-1, s["players"]):
        assert game.legal_actions(seat) == full(s, seat), "phase %s, seat %d" % (s["phase"], seat)


def _bot_games(sim, full, games, monkeypatch):
    """The simulation's own games (its first bot kind, then its kinds mixed), every listing compared."""
    caught = []
    real = sim.play_out if hasattr(sim, "play_out") else sim.run_game
    name = "play_out" if hasattr(sim, "play_out") else "run_game"

    def comparing(game, *args, **kwargs):
        caught.append(Comparing(game, full))
        return real(caught[-1], *args, **kwargs)

    monkeypatch.setattr(sim, name, comparing)
    for players, seed, bots in games:
        sim.play(players, seed, bots)
    return sum(c.compared for c in caught)


def test_ultimatum_listings_are_the_full_ones_in_bot_games(monkeypatch):
    games = [(p, seed, bots) for seed, p in ((1, 2), (2, 4), (3, 6), (4, 3)) for bots in (["sensible"], ["random"])]
    games += [(5, 5, ["sensible", "random"])]
    assert _bot_games(ultimatum_simulation, ultimatum_full, games, monkeypatch) > 5000


@pytest.mark.parametrize("seed", range(1, 9))
def test_ultimatum_listings_are_the_full_ones_in_random_play(seed):
    game = Game(ultimatum_rules.RULES, {"players": 2 + seed % 5, "seed": seed})
    rng = Rng(seed)
    for _ in range(600):
        if game.phase == "over":
            break
        _every_seat(game, ultimatum_full)
        options = []
        for seat in range(-1, game.state["players"]):
            options += game.legal_actions(seat)
        if not options:
            break
        game.apply(options[rng.below(len(options))])


def test_munera_listings_are_the_full_ones_in_bot_games(monkeypatch):
    kinds = munera_simulation.BOTS
    games = [(2 + seed % 3, seed, [kinds[seed % len(kinds)], kinds[(seed + 1) % len(kinds)]]) for seed in range(1, 41)]
    assert _bot_games(munera_simulation, munera_full, games, monkeypatch) > 2000


@pytest.mark.parametrize("seed", range(1, 31))
def test_munera_listings_are_the_full_ones_in_random_play(seed):
    game = munera_random.play(seed)
    replayed = Game(game.rules, game.setup)
    for action in game.log:
        _every_seat(replayed, munera_full)
        replayed.apply(action)
    _every_seat(replayed, munera_full)
