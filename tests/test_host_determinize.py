"""Bots see what their seat may see: determinized samples agree with the view, and secrets change no choice."""

import collections
import copy
import random

from games.ultimus.content import BETTING_CARDS
from games.ultimus.rng import Rng, shuffle_in_place
from games.ultimus.rules import RULES, new_setup
from games.ultimus.yelling import CARDS
from referee.engine import Game
from ultimus_host.games.ultimus.bots import HeuristicBot, RandomBot
from ultimus_host.games.ultimus.determinize import TRIAL_WRITES, _shuffled, copy_state, determinize, sandbox_for
from ultimus_host.loop import run_game


def as_game(setup_game, state):
    """A game of the same set-up holding `state`, to ask it for views and legal actions."""
    s = setup_game.state
    game = Game(RULES, new_setup(s["players"], 0, s["mode"], battles=s["battles"]))
    game.state = state
    return game


def yelling_census(s):
    cards = list(s["deck"]) + list(s["discard"]) + [c for h in s["hands"] for c in h]
    return sorted(cards + [c for c in s["shout_card"] if c >= 0])


def betting_census(s):
    return sorted([b for seat in s["bets"] for b, _ in seat] + list(s["bdeck"]))


class Probe:
    """Plays a seat with `bot`; before each choice, checks determinize for every seat at this moment."""

    def __init__(self, game, bot, stats):
        self.game, self.bot, self.stats = game, bot, stats
        self.rng = Rng(99)

    def choose(self, view, options):
        game = self.game
        truth = game.state
        for seat in range(truth["players"]):
            seat_view = game.seat_view(seat)
            sample = determinize(seat_view, self.rng)
            sampled = as_game(game, sample)
            assert sampled.seat_view(seat) == seat_view
            assert sampled.legal_actions(seat) == game.legal_actions(seat)
            assert sampled.actors() == game.actors()
            if truth["deck"] or truth["hands"][seat]:  # once cards are dealt, every card is in one place
                assert yelling_census(truth) == yelling_census(sample) == list(range(len(CARDS)))
                assert betting_census(truth) == betting_census(sample) == list(range(len(BETTING_CARDS)))
            others = [p for p in range(truth["players"]) if p != seat and truth["hands"][p]]
            if others:
                self.stats["hands"] += 1
                self.stats["same_hands"] += all(sorted(sample["hands"][p]) == sorted(truth["hands"][p]) for p in others)
                self.stats["same_deck"] += len(truth["deck"]) > 3 and sample["deck"] == truth["deck"]
            self.stats["face_down"] += sum(
                1
                for p in range(truth["players"])
                if p != seat
                and sample["shout_card"][p] >= 0
                and (sampled.state["card"] is None or sampled.state["card"]["owner"] != p)
            )
            after = copy_state(sample)  # the sample plays on like a real game
            actors = sampled.actors()
            trial = as_game(game, after)
            trial.apply((trial.legal_actions(actors[0]) if actors else trial.legal_actions(-1))[0])
        return self.bot.choose(view, options)


def test_a_determinized_state_agrees_with_the_seats_view_and_hides_nothing_it_should_not():
    stats = {"hands": 0, "same_hands": 0, "same_deck": 0, "face_down": 0}
    for seed in range(3):
        game = Game(RULES, new_setup(4, seed, battles=2))
        bots = [HeuristicBot(seed), RandomBot(seed), RandomBot(seed + 1), HeuristicBot(seed + 2)]
        run_game(game, {p: Probe(game, bots[p], stats) for p in range(4)}, max_actions=400)
    assert stats["hands"] > 1000 and stats["face_down"] > 100  # shouted cards face down were sampled too
    assert stats["same_hands"] < stats["hands"] * 0.05 and stats["same_deck"] == 0  # the secrets are drawn anew


def test_the_sample_keeps_the_public_state_and_redraws_the_generator():
    game = Game(RULES, new_setup(3, 4))
    run_game(game, {p: RandomBot(p) for p in range(3)}, until=lambda g: g.phase == "shout")
    sample = determinize(game.seat_view(1), Rng(5))
    for key in ("hp", "status", "pos", "gold", "new_gold", "order", "loudest", "bank"):
        assert sample[key] == game.state[key]
    assert sample["rng"] != game.state["rng"] and sample["hands"][1] == game.state["hands"][1]
    assert sample != determinize(game.seat_view(1), Rng(6))


def scramble(game, seat, rng):
    """The game with every secret its seat cannot see shuffled anew: other hands, face-down shouts and bets,
    the deck and discard, the betting deck and the generator (an independent shuffle, not determinize)."""
    s = copy.deepcopy(game.state)
    n = s["players"]
    played = s["card"]["c"] if s["card"] is not None else -1
    slots = [(s["deck"], i) for i in range(len(s["deck"]))] + [(s["discard"], i) for i in range(len(s["discard"]))]
    for p in range(n):
        if p != seat:
            slots += [(s["hands"][p], i) for i in range(len(s["hands"][p]))]
            if s["shout_card"][p] >= 0 and s["shout_card"][p] != played:
                slots.append((s["shout_card"], p))
    cards = [where[i] for where, i in slots]
    rng.shuffle(cards)
    for (where, i), c in zip(slots, cards):
        where[i] = c
    if s["phase"] not in ("battle_end", "over"):
        bets = [(s["bets"][p], k) for p in range(n) if p != seat for k in range(len(s["bets"][p]))]
        pool = [b[k][0] for b, k in bets] + s["bdeck"]
        rng.shuffle(pool)
        for b, k in bets:
            b[k][0] = pool.pop()
        s["bdeck"] = pool
    if s["phase"] == "shout":
        for p in range(n):
            if p != seat and s["shout"][p] >= 0 and s["shout_card"][p] < 0:
                s["shout"][p] = rng.choice((0, 1)) if not s["hands"][p] else 0
    s["rng"] = rng.randrange(1, 1 << 32)
    return as_game(game, s)


class Twin:
    """A heuristic seat that also asks two copies of itself: one on the game, one on a scrambled game."""

    def __init__(self, game, seat, checks):
        self.game, self.seat, self.checks = game, seat, checks
        self.bot = HeuristicBot(seat + 10)
        self.rng = random.Random(seat)

    def choose(self, view, options):
        scrambled = scramble(self.game, self.seat, self.rng)
        other_view = scrambled.seat_view(self.seat)
        assert other_view == view and scrambled.legal_actions(self.seat) == options
        if scrambled.state["hands"] != self.game.state["hands"] or scrambled.state["deck"] != self.game.state["deck"]:
            self.checks["scrambled"] += 1
        a, b = copy.deepcopy(self.bot), copy.deepcopy(self.bot)
        choice = self.bot.choose(view, options)
        assert a.choose(view, options) == choice == b.choose(other_view, options)
        self.checks["choices"] += 1
        return choice


def test_the_heuristic_bot_chooses_the_same_whatever_the_secrets_it_cannot_see():
    checks = {"choices": 0, "scrambled": 0}
    game = Game(RULES, new_setup(3, 0))
    run_game(game, {p: Twin(game, p, checks) for p in range(3)})
    assert game.phase == "over"
    assert checks["choices"] > 200 and checks["scrambled"] > checks["choices"] * 0.9


def test_a_state_copy_is_equal_and_shares_nothing_that_can_change():
    game = Game(RULES, new_setup(4, 2))
    run_game(game, {p: RandomBot(p) for p in range(4)}, until=lambda g: g.state["card"] is not None)
    s = game.state
    twin = copy_state(s)
    assert twin == s

    def lists_and_dicts(x, found):
        if type(x) in (list, dict):
            found.append(x)
            for v in x.values() if type(x) is dict else x:
                lists_and_dicts(v, found)
        return found

    originals = set(id(x) for x in lists_and_dicts(s, []))
    assert not any(id(x) in originals for x in lists_and_dicts(twin, []))


class TrialCheck:
    """A random seat that first tries each of its options on a sample as the heuristic bot does (Sandbox.trial),
    and checks the trial against a whole copy: the same state after, and the sample untouched."""

    def __init__(self, seed, tried):
        self.bot, self.rng, self.tried = RandomBot(seed), Rng(seed + 50), tried

    def choose(self, view, options):
        sample = determinize(view, self.rng)
        before = copy_state(sample)
        sandbox = sandbox_for(view)
        for a in options:
            trial = sandbox.trial(sample, a)
            assert trial is not None  # the sample accepts what the game lists (a bot may skip trying some)
            whole = copy_state(before)
            sandbox.apply(whole, a)
            assert trial == whole and sample == before, a
            self.tried[a["a"] if a["a"] in TRIAL_WRITES else "copied whole"] += 1
        return self.bot.choose(view, options)


def test_a_trial_changes_only_its_own_copy_of_what_the_action_writes():
    tried = collections.Counter()
    for seed in range(4):
        game = Game(RULES, new_setup(3 + seed, seed, battles=2))
        run_game(game, {p: TrialCheck(seed * 10 + p, tried) for p in range(3 + seed)}, max_actions=1500)
    assert all(tried[kind] for kind in list(TRIAL_WRITES) + ["copied whole"]), tried


def test_a_samples_shuffle_draws_as_the_generators_own_shuffle():
    for seed in range(20):
        items = list(range(seed * 4))
        rng, twin = Rng(seed), Rng(seed)
        state = shuffle_in_place(twin.state, items)
        assert _shuffled(range(seed * 4), rng) == items and rng.state == state
