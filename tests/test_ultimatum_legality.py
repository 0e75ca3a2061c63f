"""Ultimatum's one source of legality, held in both directions over random games.

legal_actions lists exactly what apply accepts:
- every listed action is accepted (tried on a copy);
- every accepted action of a bounded candidate space (every action name, every
  seat and the referee, parameters within generous bounds, including values
  that must be refused) is listed.
Candidates use the canonical spelling legal_actions uses (no "dice": the box
rolls), so the two sets compare as sets of JSON. Refusals must change nothing
(the digest is checked) and never be "internal".
"""

from hypothesis import given
from hypothesis import strategies as st

import legality
from games.ultimatum import randomplay, rules
from games.ultimatum.content import KINDS, N_NATIONS, N_SEAS
from games.ultimatum.flow import FLOW
from legality import SETTINGS, key  # noqa: F401  (key: for this file's candidates)
from referee.engine import Game
from referee.rng import Rng

VESSELS = ("ship", "sub", "boat")


def candidates(s):
    out = [{"a": "roll_off"}]
    for p in range(s["players"]):

        def add(name, p=p, **fields):
            a = {"a": name, "p": p}
            a.update(fields)
            out.append(a)

        _placing(s, p, add)
        for name in ("war", "end", "roll", "blitz", "stop", "minefield", "anti_aircraft", "intelligence"):
            add(name)
        _moving(s, p, add)
        _firing(s, add)
    assert all(a["a"] in FLOW.known for a in out)
    return out


NATIONS_TRIED = range(-1, N_NATIONS + 1)
SEAS_TRIED = range(-1, N_SEAS + 1)


def _placing(s, p, add):
    """Nations taken, commandos dropped, fleets placed, pieces bought and reinforcements landed."""
    for x in NATIONS_TRIED:
        add("take", n=x)
        add("commando", to=x)
    for b in SEAS_TRIED:
        add("fleet", b=b)
    money = s["purses"]["savings"][p] + s["purses"]["chest"][p]
    for kind in KINDS + ("tank",):
        for count in range(0, min(money, 12) + 2):
            if kind == "laser":
                add("buy", kind=kind, n=count)
            for at in NATIONS_TRIED if kind == "troop" else SEAS_TRIED:
                add("buy", kind=kind, n=count, at=at)
    for kind in ("troop", "ship", "sub", "laser"):
        for count in (0, 1, 10, 11):
            for at in NATIONS_TRIED if kind == "troop" else SEAS_TRIED:
                add("reinforce", kind=kind, n=count, at=at)


def _moving(s, p, add):
    """Attacks and airlifts from his nations (and two others), sailings from his seas (and one other)."""
    mine = [x for x in range(N_NATIONS) if s["owner"][x] == p]
    others = [x for x in range(N_NATIONS) if s["owner"][x] != p][:2]
    my_seas = [b for b in range(N_SEAS) if s["sea"][b] == p]
    for src in mine + others:
        for dst in range(N_NATIONS):
            add("attack", **{"from": src, "to": dst})
            for count in range(0, s["troops"][src] + 2):
                add("airlift", **{"from": src, "to": dst, "n": count})
    for src in my_seas + [b for b in range(N_SEAS) if b not in my_seas][:1]:
        for dst in range(N_SEAS):
            for ships in range(0, s["ships"][src] + 2):
                for subs in range(0, s["subs"][src] + 2):
                    add("sail", **{"from": src, "to": dst, "ships": ships, "subs": subs})


def _firing(s, add):
    """Bombers and lasers at every place, the sea battle's shots and mines, troops moved in after a conquest."""
    for name in ("bomber", "laser", "fire_back"):
        for x in NATIONS_TRIED:
            add(name, n=x)
        for b in SEAS_TRIED:
            add(name, b=b)
    for w in VESSELS:
        add("ocean_mine", w=w)
        for t in VESSELS:
            add("fire", w=w, t=t)
    battle = s["battle"]
    top = s["troops"][battle["from"]] if battle is not None and "from" in battle else 3
    for count in range(0, top + 2):
        add("occupy", n=count)


def check_both_directions(game):
    shown = legality.check_both_directions(rules.RULES, game, candidates)
    return shown


def walk(players, seed, steps, stride, edition=rules.EDITION):
    game = Game(rules.RULES, {"players": players, "seed": seed, "edition": edition})
    rng = Rng(seed)
    seen = set()
    for step in range(steps):
        if game.phase == "over":
            break
        if step % stride == 0 or game.phase not in seen:
            seen.add(game.phase)
            check_both_directions(game)
        game.apply(randomplay.choose_action(game, rng))
    return game


@SETTINGS
@given(st.integers(2, 6), st.integers(0, 2**30))
def test_ultimatum_lists_exactly_what_it_accepts(players, seed):
    walk(players, seed, 700, 61)


def test_a_game_of_the_first_reading_edition_1_lists_exactly_what_it_accepts():
    """A game begun before edition 2 (no limits on the navy, no defender's laser) is held too."""
    for players, seed in ((2, 3), (4, 8)):
        game = walk(players, seed, 700, 61, edition=1)
        assert game.state["edition"] == 1 and "moved_ships" not in game.state


def test_ultimatum_lists_exactly_what_it_accepts_in_every_kind_of_battle():
    """A long two-player game checked at the first battle of each kind and in each phase."""
    game = Game(rules.RULES, {"players": 2, "seed": 11})
    rng = Rng(11)
    kinds = set()
    for _ in range(6000):
        if game.phase == "over":
            break
        battle = game.state["battle"]
        kind = game.phase if battle is None else (game.phase, battle["k"])
        if kind not in kinds:
            kinds.add(kind)
            check_both_directions(game)
        game.apply(randomplay.choose_action(game, rng))
    assert {("battle", "troops"), ("battle", "naval"), ("occupy", "troops"), "war", "buy"} <= kinds
