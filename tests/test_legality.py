"""One source of legality, held in both directions over random games.

legal_actions (and trade_actions) list exactly what apply accepts:
- every listed action is accepted;
- every accepted action of a bounded candidate space (every action name of
  the game, every seat and the referee, every parameter within generous
  bounds, including values that must be refused) is listed.
Candidates use the canonical spelling legal_actions uses (optional fields
written out as it writes them), so the two sets compare as sets of JSON.
"""

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import legality
from games.ultimus import randomplay, rules
from games.ultimus.flow import FLOW
from games.ultimus.hexmap import FIELDS
from games.ultimus.rng import Rng
from games.ultimus.rules import RULES, new_setup
from games.ultimus.yelling import CARDS
from legality import examples, key
from referee.engine import Game

# No shrinking: a failure names its players and seed, and walk() replays it in a second.
SETTINGS = settings(
    max_examples=examples(12, 100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
SIX = range(6)


def cards_to_try(s):
    """Every card in a hand, plus one held by nobody (a refusal to exercise)."""
    held = sorted(set(c for hand in s["hands"] for c in hand))
    others = [c for c in range(len(CARDS)) if c not in held]
    return held + others[:1]


def candidates(s):
    """Every action worth trying now: all names, all seats, parameters within bounds."""
    full = s["mode"] == "full"
    cards = cards_to_try(s)
    out: list = [{"a": name} for name in ("draw_loudest", "clamo", "next", "finish", "bets_placed")]
    for p in range(s["players"]):

        def add(name, p=p, **fields):
            a = {"a": name, "p": p}
            a.update(fields)
            out.append(a)

        out.append({"a": "set_loudest", "p": p})
        _before_the_cards(s, p, full, cards, add)
        _the_card_in_play(s, p, full, cards, add)
        _the_box_entries(full, add)
        _between_seats(s, p, cards, add)
    known = FLOW.known
    assert all(a["a"] in known for a in out)
    return out


def _before_the_cards(s, p, full, cards, add):
    """Bets, the gladiators' entrance, the shout and the thinking."""
    add("ready")
    add("end")
    add("done")
    if not full:  # the box's spelling of the actions both levels share by name
        add("loudest")
        add("draw")
    for k in range(7):
        for won in (0, 1):
            add("bet", k=k, won=won)
    for g in SIX:
        if full:
            for f in SIX:
                add("place", g=g, f=f)
        else:
            add("place", g=g)
    add("commit", shout=0)
    if full:
        for c in cards:
            add("commit", shout=1, c=c)
    else:
        add("commit", shout=1)
    hand = s["hands"][p] + cards[-1:]
    add("think", c=[])
    for x in hand:
        add("think", c=[x])
        for y in hand:
            add("think", c=[x, y])


def _the_card_in_play(s, p, full, cards, add):
    """Choosing the card's gladiator, its symbols, steps, the stupid bet's rebets and discards."""
    add("choose", g=-1)  # no gladiator can be chosen: no field either
    for g in SIX:
        add("choose", g=g)
        for f in range(FIELDS):
            add("choose", g=g, f=f)
    for i in range(6):
        add("move", i=i)
        add("rise", i=i)
        if full:  # the card level's spelling: a symbol of the card in play
            for name in ("unnet", "heal", "bleed", "draw", "loudest"):
                add(name, i=i)
        for d in SIX:
            add("melee", i=i, d=d)
        for t in SIX:
            add("ranged", i=i, g=t)
            if full:
                add("net", i=i, t=t)
    for d in SIX:
        add("step", d=d)
    for src in range(-1, 7):
        for k in range(7):
            add("rebet", src=src, k=k)
    for c in cards:
        add("discard", c=c)


def _the_box_entries(full, add):
    """What the table enters on the box (and the full game's own spelling of some), the thumb, the payouts."""
    for g in SIX:
        for name in ("knock", "stand", "revive", "come_back", "drunk"):
            add(name, g=g)
        if not full:
            add("net", g=g)
            add("unnet", g=g)
        for w in range(1, 14):
            if not full:
                add("bleed", g=g, n=w)
                add("heal", g=g, n=w)
            for pv in (0, 1):
                for knock in (0, 1):
                    add("damage", g=g, n=w, pv=pv, knock=knock)
    for up in (0, 1):
        add("thumb", up=up)
    for b in range(17):
        for coins in range(1, 4):
            add("payout", b=b, coins=coins)


def _between_seats(s, p, cards, add):
    """Gold and cards given to each seat."""
    for to in range(s["players"]):
        for amount in range(1, s["gold"][p] + 2):
            add("give", to=to, n=amount)
        for c in cards:
            add("pass_card", to=to, c=c)


def listed(game):
    """The legal actions and the trades: both are lists apply trusts."""
    out = []
    for seat in range(-1, game.state["players"]):
        out += game.legal_actions(seat) + game.trade_actions(seat)
    return out


def check_both_directions(game):
    legality.check_both_directions(rules.RULES, game, candidates, listed)


def walk(players, seed, mode, stride, battles=2, payout=None):
    """A random game, checked every `stride` actions and at each phase change."""
    game = Game(RULES, new_setup(players, seed, mode, battles=battles, payout=payout))
    rng = Rng(seed)
    phase = None
    for step in range(4000):
        if game.phase == "over":
            break
        if step % stride == 0 or game.phase != phase:
            check_both_directions(game)
            phase = game.phase
        action = randomplay.choose_action(game, rng)
        if action is None:
            break
        game.apply(action)
    return game


@SETTINGS
@given(st.integers(2, 6), st.integers(0, 2**30))
def test_the_box_lists_exactly_what_it_accepts(players, seed):
    walk(players, seed, "box", 7)


@settings(SETTINGS, max_examples=examples(10, 60))
@given(st.integers(2, 6), st.integers(0, 2**30))
def test_a_box_game_that_accounts_for_every_coin_lists_exactly_what_it_accepts(players, seed):
    game = walk(players, seed, "box", 5, payout="every_coin")
    assert "unsettled" in game.state


@settings(SETTINGS, max_examples=examples(6, 30))
@given(st.integers(2, 6), st.integers(0, 2**30))
def test_the_full_game_lists_exactly_what_it_accepts(players, seed):
    walk(players, seed, "full", 53, battles=1)


def test_the_two_actions_0_1_0_accepted_without_listing_are_listed_now():
    """Healing at full health and more wounds than health: apply took them, legal_actions left them out."""
    game = Game(RULES, new_setup(3, 1, "box"))
    game.apply({"a": "set_loudest", "p": 0})
    game.apply({"a": "bets_placed"})
    for g in SIX:
        game.apply({"a": "place", "p": g % 3, "g": g})
    for p in range(3):
        game.apply({"a": "commit", "p": p, "shout": 1})
    shown = [key(a) for a in game.legal_actions(0)]
    assert key({"a": "heal", "p": 0, "g": 5, "n": 1}) in shown  # Dimachaerus at full health
    assert key({"a": "damage", "p": 0, "g": 5, "n": 12, "pv": 0, "knock": 0}) in shown  # 12 wounds on 7 health
