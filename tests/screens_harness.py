"""Drive a box screen the way the box does, at any state of a game, and collect what it would send.

A screen is built on a fake shell whose game holds the state; every button is pressed from every
entry the screen can reach in a few presses (its entry copied before and put back after each press),
and every action it hands the shell is kept, not applied. tests/test_screens_follow_the_flow.py
holds what it sends to the engine's legal actions and acting seats, both ways.
"""

import copy
from collections import deque

from games.morituri import randomplay as morituri_play
from games.morituri_board import randomplay as board_play
from games.munera import randomplay as munera_play
from games.ultimatum import randomplay as ultimatum_play
from games.ultimus import randomplay as ultimus_play
from games.ultimus.rules import new_setup
from referee import engine
from referee.rng import Rng
from ultimus_host.fakes import FakeClock
from ultimusbox import board, games

BUTTONS = tuple(range(board.MODE + 1))  # every button of the lid: SHOUT 0-5, THINK 0-5, wheels, -, +, ...
GAP_US = 60000  # between two presses, as a person presses (no countdown runs out meanwhile)
COUNTDOWN_US = 10000000  # longer than any countdown of a screen (ULTIMUS's: 5 s to CLAMO)


class Joined:
    def __init__(self, stations):
        self.joined = stations


class FakeShell:
    """What a screen asks of the box's shell, with the game at one state; act() keeps the action."""

    def __init__(self, game, stations, **settings):
        self.game = game
        self.settings = {"stations": stations}
        self.settings.update(settings)
        self.seats = Joined(stations)
        self.clock = FakeClock(10**9)
        self.sent = []  # the actions the screen handed over, in order
        self.refused = []  # (code, message) of what the screen refused itself
        self.ended = 0

    def act(self, action):
        self.sent.append(copy.deepcopy(action))
        return None  # as a refusal: the entry stays as it was; the test judges the action itself

    def refuse(self, code, message):
        self.refused.append((code, message))

    def note(self, event):
        pass

    def flash(self, key, ms):
        pass

    def flashing(self, key, now_ms):
        return False

    def end_game(self):
        self.ended += 1

    def seat_of_station(self, station):
        stations = self.settings["stations"]
        return stations.index(station) if station in stations else -1

    def station_of_seat(self, seat):
        return self.settings["stations"][seat]


def stations_for(players, seed):
    """Where the seats sit: `players` stations of the six, in order, drawn from the seed."""
    r = Rng(seed ^ 0x57A7)
    left = list(range(board.STATIONS))
    while len(left) > players:
        left.pop(r.below(len(left)))
    return left


def _copy(v):
    """A copy of an entry's field: its lists and dicts are changed in place by the presses."""
    t = type(v)
    if t is list:
        return [_copy(x) for x in v] if v and type(v[0]) in (list, dict) else v[:]
    if t is dict:
        return {k: _copy(x) for k, x in v.items()}
    return v


def snapshot(entry):
    return {k: _copy(v) for k, v in vars(entry).items()}


def restore(entry, snap):
    for k, v in snap.items():
        setattr(entry, k, _copy(v))


class Reach:
    """What a screen sends from one state: every action of every press sequence (of at most `depth`
    presses, entries told apart by `key`)."""

    def __init__(self, name, game, stations, key, depth, settings=None):
        self.shell = FakeShell(game, stations, **(settings or {}))
        self.screen = games.screen_module(name).Screen(self.shell)
        self.screen.start()
        self.key = key
        self.depth = depth

    def explore(self):
        """[(presses, action), ...] of every action sent, with the presses that sent it."""
        screen, shell = self.screen, self.shell
        entry = screen.entry
        first = snapshot(entry)
        seen = {self.key(entry)}
        start: tuple = ()
        queue = deque([(first, start)])
        out = []
        t_us = shell.clock.us()
        counting = getattr(screen, "counting", None)
        while queue:
            snap, presses = queue.popleft()
            for button in BUTTONS:
                restore(entry, snap)
                del shell.sent[:]
                t_us += GAP_US
                shell.clock.now = t_us
                screen.press(button, t_us)
                if counting is not None and counting():  # a countdown began: let it run out
                    t_us += COUNTDOWN_US
                    shell.clock.now = t_us
                    screen.tick(t_us)
                path = presses + (button,)
                for action in shell.sent:
                    out.append((path, action))
                k = self.key(entry)
                if k not in seen and len(path) < self.depth:
                    seen.add(k)
                    queue.append((snapshot(entry), path))
        restore(entry, first)
        return out


def seat_of(action):
    p = action.get("p")
    return p if type(p) is int else -1


def legal_pairs(game):
    """{(name, seat)} of every legal action now (seat -1: the referee's)."""
    out = set()
    for seat in range(-1, game.state["players"]):
        for a in game.legal_actions(seat):
            out.add((a["a"], seat))
    return out


def frozen(game):
    """A copy of a game at its state: the screen may look, nothing it does reaches the walk."""
    other = copy.copy(game)
    other.state = copy.deepcopy(game.state)
    other.log = engine.CountingLog()
    return other


def walk(game, choose, rng, every, most, max_actions):
    """Copies of the game at states of a random game: every `every`-th and each first of a phase."""
    out = []
    phases = set()
    for i in range(max_actions):
        s = game.state
        if s["phase"] not in phases or i % every == 0:
            phases.add(s["phase"])
            out.append(frozen(game))
            if len(out) >= most:
                break
        if s["phase"] == "over":
            break
        action = choose(game, rng)
        if action is None:
            break
        game.apply(action)
    return out


def example_states(name, seeds=(1, 2), every=3, most=30):
    """Copies of the game at states of random games of each of its example set-ups (the registry's), each
    with each seed, played by its own random play: any game of the registry."""
    from ultimus_host import registry

    host = registry.get(name)
    out = []
    for k in range(len(host.examples)):
        for seed in seeds:
            game, choose = host.random_game(k, seed)
            out += walk(game, choose, Rng(seed ^ 0x5EED), every, most, 3000)
    return out


def ultimus_states(seed, mode, every=7, most=60):
    r = Rng(seed)
    game = engine.Game(games.rules_of("ultimus"), new_setup(3 + r.below(4), seed, mode, 2))
    return walk(game, ultimus_play.choose_action, Rng(seed ^ 0x5EED), every, most, 20000)


def morituri_states(seed, every=3, most=60):
    game = engine.Game(games.rules_of("morituri"), morituri_play.setup_for(seed))
    return walk(game, morituri_play.choose_action, Rng(seed ^ 0x5EED), every, most, 5000)


def munera_states(seed, every=3, most=60):
    game = engine.Game(games.rules_of("munera"), munera_play.setup_for(seed))
    return walk(game, munera_play.choose_action, Rng(seed ^ 0x5EED), every, most, 3000)


def ultimatum_states(seed, every=23, most=60):
    r = Rng(seed)
    game = engine.Game(games.rules_of("ultimatum"), {"players": 2 + r.below(5), "seed": seed})
    return walk(game, ultimatum_play.choose_action, Rng(seed ^ 0x5EED), every, most, 20000)


def board_states(seed, every=3, most=60):
    game = engine.Game(games.rules_of("morituri_board"), board_play.setup_for(seed))
    chooser = board_play.Chooser(game.state["players"])
    return walk(game, chooser.choose, Rng(seed ^ 0x5EED), every, most, 4000)
