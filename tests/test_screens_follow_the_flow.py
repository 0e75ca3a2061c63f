"""Every box screen follows the engine's flow, both ways, at states of random games of every game of the
registry.

At each state (tests/screens_harness.py walks seeded random games, ULTIMUS in both modes; a game with no
tuning below: random games of its example set-ups, its entries told apart whole) the
game's screen is pressed the way the box presses it, from every entry a few presses reach, and
what it hands the shell is judged against the engine:
- who and when: an action the screen sends for the seat it works out itself is one the flow lets
  that seat take now (the phase has it, the seat may act); one a station's own button sends (a
  seat's SHOUT, its THINK) is at least one the phase has: refusing that seat is the engine's word;
- legal -> screen: every legal action's name, for its seat, is sent by some presses (but the ones
  the box leaves to the link: the full ULTIMUS's bets, cards and trades, gold given);
- screen -> legal, where a screen offers a menu (MODE cycles what may be done: Munera's act menu,
  Ultimatum's, the board game's): every name it sends is legal for its seat now. ULTIMUS's modes
  are the entry of what a card did (the engine judges it) and Morituri's wheels name figures: both
  are held to the flow (above), not to this;
- the acting seat a screen works out (whose light blinks, for whom the controls act) is the one
  the engine lists as acting.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

import screens_harness as harness  # noqa: E402
from games.ultimus.state import MODE_BOX, MODE_FULL  # noqa: E402
from referee.engine import REFEREE  # noqa: E402
from ultimus_host import registry  # noqa: E402
from ultimusbox import board  # noqa: E402
from ultimusbox.screens.ultimatum.entry import KIND, VESSEL  # noqa: E402

SEAT_BUTTONS = frozenset(range(board.WHEEL_0))  # a station's SHOUT and THINK: that seat presses
# what the box leaves to the link in the full ULTIMUS game: bets, the cards' play, trades
LINK_ONLY = {
    MODE_FULL: frozenset(
        (
            "bet",
            "ready",
            "think",
            "choose",
            "move",
            "rise",
            "step",
            "melee",
            "ranged",
            "net",
            "unnet",
            "heal",
            "bleed",
            "draw",
            "loudest",
            "rebet",
            "discard",
            "end",
            "give",
            "pass_card",
        )
    ),
    MODE_BOX: frozenset(("give",)),  # gold handed between seats: over the link
}


def _ultimatum_key(e):
    """An Ultimatum entry told apart by its action, field and which values are set (a kind's value
    decides the fields after it): every action name is reached without trying every nation."""
    vals = []
    for i in range(len(e.fields())):
        kind = e.kind(i)
        vals.append(e.vals[i] if kind in (KIND, VESSEL) else e.vals[i] >= 0)
    return (e.seat, e.name, e.field, tuple(vals))


def _ultimus_key(e):
    return (
        e.gladiator,
        e.mode,
        e.points > 0,
        e.seat_mode,
        e.pollice_verso,
        e.payer,
        e.bet_kind,
        e.coins,
        e.countdown_start is not None,
    )


def _morituri_key(e):
    return (e.fighter, e.target, e.side, e.menu[0] > 0, e.menu[1] > 0, e.ending, e.fallen, e.table_die > 0)


def _munera_key(e):
    return (e.menu, e.param, e.target >= 0, len(e.table) > 0)


def _board_key(e):
    return (e.menu, tuple(e.vs), e.table_die > 0, e.round_n)


def _states(game):
    """The states a game's screen is pressed at: its tuned walks (ULTIMUS in both modes, the seeds that
    once found a fault), else random games of its examples."""
    if game == "ultimus":
        states = [g for seed in (1, 2) for g in harness.ultimus_states(seed, MODE_BOX, most=30)]
        return states + harness.ultimus_states(3, MODE_FULL, most=30)
    if game == "morituri":
        return [g for seed in (1, 2, 3, 4) for g in harness.morituri_states(seed)]
    if game == "munera":
        return [g for seed in (1, 2, 3) for g in harness.munera_states(seed)]
    if game == "ultimatum":
        # 13: an Airlift card in a battle with no troop free to fly
        return [g for seed in (1, 2, 13) for g in harness.ultimatum_states(seed, most=30)]
    if game == "morituri_board":
        return [g for seed in (1, 2, 3) for g in harness.board_states(seed)]
    return harness.example_states(game)


def _whole_entry(e):
    """An entry told apart by every field it has: any screen (a game with no key of its own below)."""
    return repr(sorted(vars(e).items()))


GAMES = registry.names()  # every game of the registry: a new one is held here the moment it is listed
# a game's (entry key, presses deep, box settings, a screen with menus), tuned for the five games' screens
# (a key that tells entries apart by less reaches every action in fewer presses); any other game: UNTUNED
TUNED = {
    "ultimus": (_ultimus_key, 12, {"beginner": 0}, False),
    "morituri": (_morituri_key, 8, None, False),
    "munera": (_munera_key, 16, None, True),
    "ultimatum": (_ultimatum_key, 16, None, True),
    "morituri_board": (_board_key, 12, None, True),
}
UNTUNED = (_whole_entry, 6, None, True)  # a new game's menu is held to the legal listing until it says otherwise
_SEEN = {}


def case(game):
    return TUNED.get(game, UNTUNED)


def seen(game):
    """[(game at a state, its screen, [(presses, action), ...]), ...], worked out once per game."""
    if game not in _SEEN:
        key, depth, settings, _ = case(game)
        out = []
        for g in _states(game):
            reach = harness.Reach(game, g, harness.stations_for(g.state["players"], 1), key, depth, settings)
            out.append((g, reach.screen, reach.explore()))
        _SEEN[game] = out
    return _SEEN[game]


def entry_now(game, action):
    """The flow's (who, handler) of an action at the game's state, or None (not now)."""
    s, rules = game.state, game.rules
    if s["phase"] == rules.FLOW.end:
        return None
    return rules.FLOW.entry(rules.variant(s), s["phase"], action["a"])


def actor(game, action):
    """Who takes an action: -1 for the referee's, else its seat "p"."""
    found = entry_now(game, action)
    return -1 if found is not None and found[0] is REFEREE else harness.seat_of(action)


def legal(game):
    """{(name, seat)} of every legal action now (seat -1: the referee)."""
    return harness.legal_pairs(game)


def where(game):
    s = game.state
    return "%s at phase %s (seed %s)" % (game.rules.NAME, s["phase"], game.setup.get("seed"))


@pytest.mark.parametrize("game", GAMES)
def test_a_screen_sends_only_what_the_flow_allows_now(game):
    for g, _screen, sent in seen(game):
        s = g.state
        for presses, action in sent:
            found = entry_now(g, action)
            assert found is not None, "%s: %r (presses %r) is not an action of this phase" % (where(g), action, presses)
            if SEAT_BUTTONS.isdisjoint(presses):  # the screen chose the seat itself
                who = found[0]
                p = actor(g, action)
                ok = p < 0 if who is REFEREE else p >= 0 and (who.seats is None or p in who.seats(s))
                assert ok, "%s: %r (presses %r) is not the acting seat's" % (where(g), action, presses)


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_can_be_pressed_on_its_screen(game):
    for g, _screen, sent in seen(game):
        link = LINK_ONLY.get(g.state.get("mode"), frozenset()) if g.rules.NAME == "ultimus" else frozenset()
        pressed = set((a["a"], actor(g, a)) for _, a in sent)
        missing = [pair for pair in legal(g) if pair not in pressed and pair[0] not in link]
        assert not missing, "%s: no presses send %r" % (where(g), sorted(missing))


# one item of a menu, two actions, the number picking which: Munera's "draw" draws a sheathed weapon
# and sheathes a drawn one
SAME_ITEM = {"munera": {"sheathe": "draw"}}


@pytest.mark.parametrize("game", [game for game in GAMES if case(game)[3]])
def test_a_screen_s_menu_offers_only_what_is_legal_now(game):
    same = SAME_ITEM.get(game, {})
    for g, _screen, sent in seen(game):
        allowed = set((same.get(name, name), seat) for name, seat in legal(g))
        offered = set((same.get(a["a"], a["a"]), actor(g, a)) for _, a in sent)
        wrong = sorted(pair for pair in offered if pair not in allowed)
        assert not wrong, "%s: the menu offers %r, not legal now" % (where(g), wrong)


def acting_now(game):
    """The seats the engine lets act now: those with a legal action."""
    return set(p for p in range(game.state["players"]) if game.legal_actions(p))


def screen_s_seat(game, screen):
    """The acting seat a screen works out itself (its lights blink it, its controls act for it), or
    None where it works out none: Morituri's is Caesar in each step, held by the flow's test above;
    ULTIMUS's active seat is the one whose turn it is, the loudest spectator's thumb apart."""
    s = game.state
    name = game.rules.NAME
    if name == "munera":
        return screen.entry.acting
    if name == "morituri_board":
        return screen.actor()
    if name == "ultimatum":
        return screen.seat()
    if name == "ultimus" and s["phase"] == "action" and not s["pollice_verso"]:
        return screen.active_seat()
    return None


@pytest.mark.parametrize("game", GAMES)
def test_the_seat_a_screen_works_out_is_one_the_engine_lets_act(game):
    for g, screen, _sent in seen(game):
        seat = screen_s_seat(g, screen)
        if seat is None:
            continue
        acting = acting_now(g)
        if g.rules.NAME == "ultimatum":  # the seat entering: one of those acting (THINK hands over to another)
            assert seat in acting if acting else seat < 0, "%s: the screen's seat %d, acting %r" % (
                where(g),
                seat,
                acting,
            )
        else:
            expected = set([seat]) if seat >= 0 else set()
            assert expected == acting, "%s: the screen's seat %d, acting %r" % (where(g), seat, acting)
