"""Every surface speaks every game: each event of each game's random games, its refusals and the box's own
events, told by the words of the game (ultimus_host.words) on the virtual box, in `connect`'s console and
in `demo`, and each legal action as `connect`'s `actions` lists it: never a dump of an event the host has
no words for, a Python repr, a seat counted from 0, an internal code or another game's names."""

from types import SimpleNamespace

import pytest

from referee import engine
from ultimus_host import words
from ultimus_host.console import Console
from ultimus_host.virtualbox import _narrate
from words_helpers import GAMES, STATIONS, enough, every_event, faults, random_games

EVENTS = {}


def _events(name):
    if name not in EVENTS:
        EVENTS[name] = every_event(name)
    return EVENTS[name]


def _check(name, told, where):
    bad = {}
    for e, text in told:
        if text is None:
            continue
        problems = faults(name, text)
        if problems:
            bad.setdefault(e["e"], (text, problems, e))
    assert not bad, "%s of %s: %s" % (where, name, "\n".join(map(repr, bad.values())))


@pytest.mark.parametrize("name", GAMES)
def test_every_event_of_every_game_is_told_in_its_own_words(name):
    told = []
    for e, state, view in _events(name):
        for stations in (None, STATIONS):
            told.append((e, words.tell(name, e, view, stations)))
            told.append((e, words.tell(name, e, state, stations)))
    _check(name, told, "words.tell")
    kinds = {e["e"] for e, text in told if text}
    assert len(kinds) > enough(name, 12, 2), kinds  # the games were played, not a line or two


class FakeLink:
    """A box's link as `connect`'s console asks it: what the box plays, its stations and the game's view."""

    def __init__(self, name, view):
        self.reply = {"game": "g-1", "playing": name, "chosen": name, "settings": {"stations": STATIONS}}
        self.reply.update(state=view, eye=None, digest="d", public="d", actions=1)

    def call(self, op, **args):
        return self.reply


@pytest.mark.parametrize("name", GAMES)
def test_connect_and_the_virtual_box_tell_every_event_of_every_game(name):
    shown = []
    events = _events(name)
    console = Console(FakeLink(name, events[-1][2]), lambda text, err=False, nl=True: shown.append(text))
    console.show_events([{"e": "joined", "stations": [0]}])  # the console asks the box what it plays
    assert console.playing == name and console.stations == STATIONS
    for e, state, view in events:
        del shown[:]
        console.view = view  # as the box would answer for the game of this event (random games follow)
        console.show_events([e])
        shell = SimpleNamespace(game=SimpleNamespace(state=state), playing=name, chosen=name)
        told = [(e, text) for text in shown] + [(e, _narrate(shell, e, STATIONS))]
        _check(name, told, "connect and the virtual box")


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_of_every_game_is_a_line_of_words(name):
    """What `connect`'s actions and the terminal games' menus list: each action of each seat in words."""
    told = []
    for played in random_games(name, 2):
        game = engine.Game(played.rules, played.setup)
        # every 5th position, or about 150 of a long game (an Ultimatum game runs to thousands of actions, and
        # its listings are long: every 5th took minutes); spread over the whole game, they still meet each phase
        every = max(5, len(played.log) // 150)
        for i, action in enumerate(played.log):
            if i % every == 0:
                for seat in game.actors() or [-1]:
                    view = game.seat_view(seat) if seat >= 0 else game.public_view()
                    for a in game.legal_actions(seat):
                        told.append(({"e": a["a"]}, words.action(name, view, a, STATIONS)))
            game.apply(action)
    _check(name, told, "the actions")
    assert len(told) > enough(name, 20, 5)


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_evening_at_the_box_is_told_in_words_on_every_surface(name, tmp_path):
    """The monkey's evening (tests/monkey_host.py): every line the virtual box's log, connect's console and
    the game's demo narration print, from the box's own events to the last of the game's, as a person reads it."""
    import monkey_host

    told = []

    def check(surface, text):
        if surface != "frame":  # the pictures' rows: columns of figures, checked by the fitting tests
            told.append(({"e": surface}, text))

    monkey_host.LINE_CHECKS.append(check)
    try:
        monkey_host.Evening(name, 5, 60, str(tmp_path)).run()
    finally:
        monkey_host.LINE_CHECKS.remove(check)
    _check(name, told, "the evening")
    assert len(told) > enough(name, 100, 20)


def test_morituri_refusals_name_the_figures_as_the_wheels_do():
    """The core's refusals count figures from 0 ("figures 0 and 3 have already fought this round"): every
    surface names them as the box's wheels do, by class and from 1 (the virtual box said "figures 0 and 3")."""
    from morituri_helpers import fight, new_game, refused, to_melee

    game = new_game(["heavy", "heavy"], ["light", "light"])
    to_melee(game, 1)
    fight(game, 0, 3, [[1, 1], [1, 1]])
    told = {}
    for action, code in (({"f": 3, "t": 0}, "pair_fought"), ({"f": 0, "t": 1}, "same_side")):
        message = refused(game, dict(action, a="melee", p=1), code)
        e = {"e": "refused", "code": code, "message": message}
        view = game.public_view()
        shell = SimpleNamespace(
            game=SimpleNamespace(state=game.state), playing="morituri", chosen="morituri", settings=None
        )
        told[code] = [words.tell("morituri", e, view), words.tell("morituri", e, game.state), _narrate(shell, e)]
    assert set(told["pair_fought"]) == {"refused: light 4 and heavy 1 have already fought this round; nothing changed"}
    assert set(told["same_side"]) == {"refused: heavy 1 and heavy 2 belong to the same seat; nothing changed"}


def _said(name, text):
    """faults() of a line the terminal games print, less their prompts' "[1-4]" (a range to type, not a repr)."""
    return [f for f in faults(name, text) if not f.startswith("a repr or a code: '[") and f != "a repr or a code: ']'"]


@pytest.mark.parametrize("name", GAMES)
def test_play_and_demo_of_every_game_speak_in_words(name):
    """`ultimus play` (bots, and a person choosing the first line of every menu) and `ultimus demo` of every game:
    every line in words ("2 cards", never "card(s)"), no seat counted from 0."""
    from click.testing import CliRunner

    from ultimus_host import registry
    from ultimus_host.cli import main

    host = registry.get(name)
    fewest = host.players[0]
    bots = ",".join("%d=%s" % (seat + 1, host.bots[0]) for seat in range(fewest))
    told = []
    for args in (
        ["play", "--game", name, "-p", str(fewest), "--bot", bots, "--seed", "1"],
        ["play", "--game", name, "-p", str(fewest), "--bot", "2=%s" % host.bots[0], "--seed", "2"],
        ["demo", "--game", name, "--seed", "1"],
    ):
        result = CliRunner().invoke(main, args, input="1\n" * 3000)
        assert "Traceback" not in result.output
        told += [({"e": args[0]}, line) for line in result.output.split("\n")]
    bad = {}
    for _e, text in told:
        problems = _said(name, text)
        if problems:
            bad.setdefault(problems[0], text)
    assert not bad, "%s of %s: %s" % ("play and demo", name, bad)
    assert len(told) > enough(name, 100, 20)


@pytest.mark.parametrize("name", GAMES)
def test_the_pages_texts_of_every_game_are_words_at_their_source(name):
    """What `serve`'s pages show of a game, as the game's own parts write it (its view and a seat's secrets,
    before the pages' own rewriting): "2 cards", never "card(s)"."""
    from ultimus_host import registry

    host = registry.get(name)
    told = []
    for e, _state, view in _events(name)[::5]:
        if host.has("view"):
            told += [(e, line) for line in host.load("view")(view).split("\n")]
    for played in random_games(name, 1):
        game = engine.Game(played.rules, played.setup)
        for i, action in enumerate(played.log):
            if host.has("secrets") and i % 10 == 0:
                for seat in range(game.state["players"]):
                    told += [({"e": "secrets"}, line) for line in host.load("secrets")(game.seat_view(seat))]
            game.apply(action)
    bad = [(text, faults(name, text)) for _, text in told if any(f.startswith("a plural") for f in faults(name, text))]
    assert not bad, bad[:5]
    assert told
