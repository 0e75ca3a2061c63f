"""Properties of random legal play of whole battles and games (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.ultimus import randomplay
from games.ultimus.content import BANK_START, MAX_HEALTH
from games.ultimus.errors import Illegal
from games.ultimus.rng import Rng
from games.ultimus.rules import RULES, new_setup
from games.ultimus.state import ARENA, DEAD, PARDONED, UNDECIDED
from games.ultimus.views import public_view
from games.ultimus.yelling import CARDS
from referee.engine import Game, copy_data

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ACTING_EVENTS = ("attack", "shoot", "step", "movement", "yell")


def coins(s):
    return s["bank"] + sum(s["gold"]) + sum(s["new_gold"]) + sum(c for seat in s["bets"] for _, c in seat)


def check_invariants(game, events):
    s = game.state
    for g in range(6):
        assert 0 <= s["hp"][g] <= MAX_HEALTH[g]
        if s["status"][g] in (DEAD, PARDONED):
            assert s["hp"][g] == 0 and s["pos"][g] == -1 and not s["fallen"][g] and s["net"] != g
        if s["status"][g] == ARENA and not s["pollice_verso"]:
            assert s["hp"][g] > 0
    assert coins(s) == BANK_START
    if s["mode"] == "full":
        placed = [s["pos"][g] for g in range(6) if s["status"][g] == ARENA]
        assert -1 not in placed and len(set(placed)) == len(placed)
        cards = list(s["deck"]) + list(s["discard"]) + [c for h in s["hands"] for c in h]
        cards += [c for c in s["shout_card"] if c >= 0]
        if s["phase"] in ("betting", "entrance", "shout", "action", "battle_end", "over"):
            assert sorted(cards) == list(range(len(CARDS)))
    seats = game.actors()
    for p in range(s["players"]):
        assert (p in seats) == bool(game.legal_actions(p))
    for e in events:  # dead gladiators never act
        if e["e"] in ACTING_EVENTS:
            assert s["status"][e["g"]] == ARENA
    if s["phase"] == "battle_end":
        assert [g for g in range(6) if s["status"][g] == ARENA] == [s["winner"]]


def scramble_secrets(s):
    """The same public situation with every secret changed."""
    t = copy_data(s)
    t["rng"] = t["rng"] ^ 0x1234567 if type(t["rng"]) is int else ["%064x" % 7, t["rng"][1] + 3]
    everything = t["deck"] + [c for h in t["hands"] for c in h]
    everything.reverse()
    t["deck"] = everything[: len(t["deck"])]
    rest = everything[len(t["deck"]) :]
    for h in t["hands"]:
        h[:] = rest[: len(h)]
        rest = rest[len(h) :]
    t["discard"].reverse()
    if t["phase"] not in ("battle_end", "over"):
        for seat in t["bets"]:
            for bet in seat:
                bet[0] = (bet[0] + 7) % 16
    if t["phase"] == "shout":
        t["shout"] = [x if x == UNDECIDED else 1 - x for x in t["shout"]]
    t["shout_card"] = [c if c < 0 else (c + 1) % len(CARDS) for c in t["shout_card"]]
    return t


def play_checked(players, seed, mode, battles, per_action=None):
    game = Game(RULES, new_setup(players, seed, mode, battles=battles))
    rng = Rng(seed)
    while game.phase != "over":
        seat = rng.choice(game.actors() or [-1])
        options = game.legal_actions(seat)
        if seat >= 0 and rng.below(8) == 0:
            options = options + game.trade_actions(seat)
        action = rng.choice(options)
        events = game.apply(action)  # every legal action is accepted
        check_invariants(game, events)
        if per_action:
            per_action(game)
        assert len(game.log) < 30000
    return game


@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6))
def test_random_legal_games_keep_every_invariant(seed, players):
    game = play_checked(players, seed, "full", 2)
    assert game.state["champions"]


@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6))
def test_random_box_games_keep_every_invariant(seed, players):
    play_checked(players, seed, "box", 1)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6))
def test_the_public_view_holds_no_secret(seed, players):
    def same_view(game):
        assert public_view(scramble_secrets(game.state)) == public_view(game.state)

    play_checked(players, seed, "full", 1, same_view)


ints = st.integers(-3, 90)
FIELDS = ("p", "g", "i", "d", "f", "k", "c", "n", "to", "up", "won", "shout", "src", "t", "b", "coins")
NAMES = st.sampled_from(
    [
        "commit",
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
        "end",
        "bet",
        "ready",
        "place",
        "thumb",
        "give",
        "pass_card",
        "rebet",
        "discard",
        "damage",
        "knock",
        "stand",
        "revive",
        "come_back",
        "drunk",
        "done",
        "payout",
        "next",
        "finish",
        "clamo",
        "draw_loudest",
        "set_loudest",
        "bets_placed",
        "fly",
        "",
    ]
)
ACTIONS = st.one_of(
    st.fixed_dictionaries(
        {"a": NAMES},
        optional={
            k: st.one_of(ints, st.none(), st.text(max_size=3), st.lists(ints, max_size=3), st.booleans())
            for k in FIELDS
        },
    ),
    st.none(),
    st.integers(),
    st.text(max_size=5),
    st.lists(ints, max_size=3),
)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 400),
    mode=st.sampled_from(["full", "box"]),
    junk=st.lists(ACTIONS, min_size=1, max_size=25),
)
def test_an_illegal_action_never_changes_the_digest(seed, steps, mode, junk):
    game = Game(RULES, new_setup(3, seed, mode, battles=1))
    rng = Rng(seed)
    for _ in range(steps):
        if game.phase in ("battle_end", "over"):
            break
        game.apply(randomplay.choose_action(game, rng))
    for action in junk:
        before, log = game.digest(), len(game.log)
        try:
            game.apply(action)
        except Illegal as exc:
            assert exc.code != "internal", exc
            assert game.digest() == before and len(game.log) == log
        else:
            assert len(game.log) == log + 1
