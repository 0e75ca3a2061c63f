"""The words of the host: every legal action has a menu line, every public event a sentence in plain words."""

import re

from games.ultimus import randomplay
from games.ultimus.hexmap import DOORS
from games.ultimus.rules import RULES, new_setup
from games.ultimus.views import public_event
from referee.engine import Game
from referee.rng import Rng
from ultimus_host.bots import RandomBot
from ultimus_host.games.ultimus.narrate import action_text, button_name, line, words
from ultimus_host.games.ultimus.play import arena_map, table_text
from ultimus_host.loop import run_game
from ultimus_host.narrate import sound, who

# What a raw dump looks like: "g=4", "hp=3", "f=-1" (the fallback of an event or action the words do not know).
RAW = re.compile(r"\b[a-z_]+=-?\d")


class Reader:
    """A random seat that first reads every option of its menu, as a person at `ultimus play` would."""

    def __init__(self, seat, kinds):
        self.bot, self.kinds = RandomBot(seat), kinds

    def choose(self, view, options):
        assert table_text(view)
        for a in options:
            text = action_text(view, a)
            assert text and "=" not in text  # "=" marks the fallback for an action the menu does not know
            self.kinds.add(a["a"])
        return self.bot.choose(view, options)


def test_every_option_and_event_of_whole_games_reads_as_words():
    kinds, events = set(), []
    for seed in range(4):
        game = Game(RULES, new_setup(3, seed, battles=2))
        run_game(game, {p: Reader(p, kinds) for p in range(3)}, on_event=events.append)
    for e in events:
        assert line(public_event(e))
    assert {"bet", "ready", "place", "commit", "think", "choose", "step", "melee", "end", "thumb"} <= kinds


def _random_games(mode, seeds, players=(2, 4, 6)):
    """(game, events) after every action of random games: every event kind and action of a mode shows up."""
    for seed in seeds:
        for n in players:
            game = Game(RULES, new_setup(n, seed, mode, battles=2))
            rng = Rng(seed * 31 + n)
            for _ in range(20000):
                if game.phase == "over":
                    break
                action = randomplay.choose_action(game, rng)
                if action is None:
                    break
                yield game, game.apply(action) or []


def test_no_event_of_either_level_is_a_raw_dump_and_gladiators_have_names():
    stations = [5, 0, 2, 3, 1, 4]  # a box's station of each seat: seat 0 sits at station 6
    seen = set()
    for mode in ("full", "box"):
        for _, events in _random_games(mode, range(12)):
            for e in events:
                seen.add(e["e"])
                for text in (words(public_event(e)), words(public_event(e), stations)):  # words: raises if unknown
                    assert not RAW.search(text), text
                    assert "seat 0" not in text and "station 0" not in text, text  # one numbering: from 1
                if "p" in e and e["p"] >= 0 and e["e"] not in ("battle_end",):
                    assert "station %d" % (stations[e["p"]] + 1) in line(public_event(e), stations)
    assert {"knocked_down", "coming_back", "playing_dead", "netted", "drunk", "attack", "shoot", "step"} <= seen


def test_the_examples_of_the_issue():
    assert line({"e": "knocked_down", "g": 4}) == "Barbarus is knocked down"
    door_3 = DOORS[2]
    assert line({"e": "coming_back", "g": 0, "hp": 3, "f": door_3}) == "Tigris comes back at door 3 with 3 health"
    assert line({"e": "coming_back", "g": 0, "hp": 3, "f": -1}) == "Tigris comes back with 3 health"
    assert sound({"e": "beat", "n": 3}) == "countdown: Tres"
    assert sound({"e": "beat", "n": 5}) == "countdown: Quinque"
    assert sound({"e": "pardoned", "g": 1, "p": 0}) == "pardon fanfare"
    assert sound({"e": "step", "g": 1, "f": 3}) is None


def test_one_numbering_for_stations_buttons_and_doors():
    assert button_name(3) == "SHOUT at station 4"  # key 4 of the virtual box is button 3
    assert button_name(6) == "THINK at station 1" and button_name(16) == "the wheel of Barbarus"
    assert line({"e": "too_late", "station": 3}) == "station 4 pressed after CLAMO: it does not count"
    assert line({"e": "joined", "stations": [0, 3]}) == "at the table: station 1, station 4"
    assert who(0) == "seat 1" and who(1, [2, 5]) == "station 6"
    # the doors on the map are the doors of the menus
    game = randomplay.play(3, 1, stop_at_battle_end=False, max_actions=0)
    picture = arena_map(game.public_view())
    assert all(str(d) in picture for d in range(1, 7)) and "0" not in picture


def test_every_action_of_both_levels_has_words_for_seats_and_the_referee():
    stations = [5, 0, 2, 3, 1, 4]
    kinds = set()
    for mode in ("full", "box"):
        for game, _ in _random_games(mode, range(3), players=(3, 5)):
            for seat in game.actors() or [-1]:
                view = game.seat_view(seat) if seat >= 0 else game.public_view()
                for a in game.legal_actions(seat):
                    kinds.add((mode, a["a"]))
                    text = action_text(view, a, stations)
                    assert text and not RAW.search(text), (a, text)
    assert {("box", "damage"), ("box", "payout"), ("full", "next")} <= kinds, kinds


def test_the_box_and_link_events_read_as_words_and_odd_ones_never_stop_the_terminal():
    for e in (
        {"e": "storage", "message": "no space left"},
        {"e": "fault", "task": "display", "message": "ValueError()"},
        {"e": "claim", "button": 23, "ms": 15000},
        {"e": "claimed"},
        {"e": "overflow", "dropped": 7},
        {"e": "resumed", "game": "ultimus", "actions": 12},
        {"e": "selftest_button", "b": 20, "name": "confirm", "gpio": 20},
        {"e": "discard", "p": 1, "n": 1},  # its card is hidden
    ):
        assert not RAW.search(words(e)), e
    assert "MODE" in words({"e": "claim", "button": 23, "ms": 15000})
    assert line({"e": "dead"}) == "an event this host has no words for: dead"  # a field missing: not a traceback
    odd = line({"e": "kill", "g": 4, "by": 1})  # another game's event: its fields, said to be an odd one
    assert odd == "an event this host has no words for: kill (by 1, g 4)" and "Barbarus" not in odd


def test_a_resumed_game_is_told_by_battle_round_and_who_is_to_act():
    e = {"e": "resumed", "game": "ultimus", "actions": 140, "phase": "shout", "battle": 2, "round": 5, "to_act": [1]}
    told = words(e, [0, 2, 4])
    assert told == "resumed: battle 2, round 5, station 3 to act (the saved game of ULTIMUS, 140 actions)"
    e = {"e": "resumed", "game": "morituri", "actions": 9, "phase": "melee", "round": 2, "to_act": []}
    assert words(e) == "resumed: round 2, the melee phase (the saved game of Morituri Te Salutamus, 9 actions)"
    # an older box's event (protocol 2): only the count
    assert words({"e": "resumed", "game": "ultimus", "actions": 12}) == "resumed the saved game of ULTIMUS, 12 actions"
