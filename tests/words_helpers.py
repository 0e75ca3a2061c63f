"""Every event of every game, for the tests of the words: whole random games of each game replayed,
and what a person reads of them checked for the marks of words the host did not have."""

import copy
import re

from games.ultimus.content import GLADIATOR_NAMES
from games.ultimus.errors import Illegal
from referee import engine
from referee.engine import public_event
from referee.play import play_out
from referee.rng import Rng
from ultimus_host import registry
from ultimus_host.words import NO_WORDS
from ultimusbox import games

GAMES = registry.names()
STATIONS = [2, 0, 5, 3, 1, 4]  # seat 1 at station 3...: a seat told as a station shows the box's numbering


def random_games(name, count=4):
    """`count` whole random games of `name` (at most 3000 actions each), as its own random play plays
    them: its examples in turn (between them every variant of its flow), seeds 0, 1, ..."""
    host = registry.get(name)
    out = []
    for seed in range(count):
        game, choose = host.random_game(seed % len(host.examples), seed)
        out.append(play_out(game, choose, Rng(seed ^ 0x5EED), 3000))
    return out


def enough(name, most, each):
    """How many lines (or kinds) a test of the words wants to have seen, that the game was really played:
    `most`, or `each` per action of its flow for a game of fewer actions (a coin game tells less than
    ULTIMUS, for no fault of its words)."""
    flow = games.rules_of(name).FLOW
    actions = {a for phases in flow.variants.values() for moves in phases.values() for a in moves}
    return min(most, each * len(actions))


def events_of(name, count=4):
    """[(public event, the game's state when it was told, a public view)] of random games of `name`, and the
    refusals of actions tried out of turn or of kinds the game does not have (as the box's refused events)."""
    out = []
    rules = games.rules_of(name)
    for played in random_games(name, count):
        game = engine.Game(rules, played.setup)
        for i, action in enumerate(played.log):
            if i % 7 == 0:
                _refusals(game, action, out)
            for e in game.apply(action):
                out.append((public_event(e), game.state, game.public_view()))
    return out


def _refusals(game, action, out):
    """What the box says when the action is taken by a seat not to act, or is of no kind it knows."""
    tries = [{"a": "fly"}]
    if "p" in action:
        wrong = dict(action, p=(action["p"] + 1) % game.state.get("players", 2))
        tries.append(wrong)
    for a in tries:
        try:
            engine.Game(game.rules, game.setup, list(game.log)).apply(copy.deepcopy(a))
        except Illegal as exc:
            out.append(({"e": "refused", "code": exc.code, "message": exc.message}, game.state, game.public_view()))


OTHER_NAMES = re.compile(r"\b(%s)\b" % "|".join(GLADIATOR_NAMES))
ZERO = re.compile(r"\b(seat|station|figure|wheel|round|space|door|battle|turn|gladiator|player|action) 0\b")
REPR = re.compile(r"[\[\]{}]|\bNone\b|\(-?\d+, -?\d+\)|\b[a-z]+_[a-z_]+\b|\w=\w")
PLURAL = re.compile(r"\w\(s\)")  # "2 card(s)": a plural left to the reader


def faults(name, text):
    """What is wrong with a line a person reads of a game `name`: a dump of an event the host has no words
    for, a Python repr, a seat counted from 0, an internal code, "card(s)", another game's names. [] if nothing."""
    out = []
    if NO_WORDS in text:
        out.append("no words")
    if REPR.search(text):
        out.append("a repr or a code: %r" % REPR.search(text).group(0))
    if PLURAL.search(text):
        out.append("a plural left to the reader: %r" % PLURAL.search(text).group(0))
    if ZERO.search(text):
        out.append("counted from 0: %r" % ZERO.search(text).group(0))
    if name != "ultimus" and OTHER_NAMES.search(text):
        out.append("ULTIMUS's names: %r" % OTHER_NAMES.search(text).group(0))
    return out


# events of the games that random play seldom or never reaches, as the cores make them
RARE = {
    "ultimus": [{"e": "give", "p": 0, "to": 1, "n": 2}, {"e": "pass_card", "p": 1, "to": 0}],
    "munera": [
        {"e": "gives_in", "g": 0, "mods": [["front", 0]]},
        {"e": "cut", "g": 1, "die": 4, "free": 1},
        {"e": "grapple_ends", "why": "third_party"},
        {"e": "down_again", "g": 0},
        {"e": "shredded", "g": 0, "t": 1, "w": "net"},
        {"e": "cut_through", "g": 1, "w": "net"},
        {"e": "item", "item": "small", "at": [-2, 0], "owner": 1, "why": "double_5"},
    ],
    "morituri_board": [{"e": "debt", "seat": 1}],
}
# the box's own events, for every game
BOX = [
    {"e": "button", "b": 14},
    {"e": "button", "b": 3},
    {"e": "joined", "stations": [0, 3]},
    {"e": "seat_selection"},
    {"e": "claim", "ms": 15000},
    {"e": "claimed"},
    {"e": "overflow", "dropped": 3},
    {"e": "storage", "message": "the flash is full"},
]


def every_event(name, count=3):
    """events_of(name), the rare ones and the box's own, each with a state and a view of the game."""
    out = events_of(name, count)
    _, state, view = out[-1]
    return out + [(e, state, view) for e in RARE.get(name, []) + BOX]
