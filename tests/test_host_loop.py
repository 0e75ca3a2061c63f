"""The host's one game loop: who acts, what each seat is shown, when it stops, what it tells."""

from games.ultimus import randomplay
from games.ultimus.rules import RULES, new_setup
from referee.engine import Game
from ultimus_host.games.ultimus.bots import PlayOn, RandomBot, random_table
from ultimus_host.loop import run_game


def test_random_play_through_the_loop_is_randomplay_game_for_game():
    # The demo and randomplay (the cross-port digests) play the same games for a seed.
    for seed in range(8):
        game = Game(RULES, new_setup(4, seed))
        run_game(game, until=lambda g: g.phase == "battle_end", **random_table(4, seed))
        assert game.log == randomplay.play(4, seed).log


class Watcher:
    """A random seat that records what it was shown, next to what the game held at that moment."""

    def __init__(self, game, seat, seen):
        self.game, self.seat, self.seen = game, seat, seen
        self.bot = RandomBot(seat)

    def choose(self, view, options):
        self.seen.append((self.seat, view, self.game.seat_view(self.seat), options, self.game.legal_actions(self.seat)))
        return self.bot.choose(view, options)


def test_each_seat_is_shown_its_own_view_and_its_own_legal_actions_only():
    game = Game(RULES, new_setup(3, 11))
    seen = []
    run_game(game, {p: Watcher(game, p, seen) for p in range(3)})
    assert game.phase == "over" and len(seen) > 100
    for seat, view, own_view, options, legal in seen:
        assert view == own_view and view["seat"] == seat and options == legal
        assert "hands" not in view and "rng" not in view and "bdeck" not in view
        assert all(a.get("p") == seat for a in options)


def test_the_referee_sees_the_public_view_and_plays_every_planned_battle():
    game = Game(RULES, new_setup(2, 3, battles=2))
    shown = []

    class Referee(PlayOn):
        def choose(self, view, options):
            shown.append(view == game.public_view())
            return PlayOn.choose(self, view, options)

    run_game(game, {p: RandomBot(p) for p in range(2)}, referee=Referee())
    assert game.phase == "over" and game.state["battle"] == 2 and shown and all(shown)


def test_the_loop_stops_at_max_actions_or_when_asked_and_tells_every_event():
    game = Game(RULES, new_setup(3, 5))
    events = []
    applied = run_game(game, {p: RandomBot(p) for p in range(3)}, on_event=events.append, max_actions=25)
    assert applied == 25 == len(game.log) and events and events[0]["e"] == "loudest_draw"
    applied = run_game(game, {p: RandomBot(p) for p in range(3)}, until=lambda g: g.phase == "shout")
    assert game.phase == "shout" and applied == len(game.log) - 25


def test_the_same_seed_and_bots_give_the_same_game():
    from ultimus_host.games.ultimus.balance import play_game

    a, b = play_game(3, 9, ["heuristic", "random"]), play_game(3, 9, ["heuristic", "random"])
    assert a[0].log == b[0].log and a[0].digest() == b[0].digest()


def test_a_listed_option_is_applied_trusted_and_anything_else_through_the_door(monkeypatch):
    # issue 34: the bots' choices skip the door's checks (referee.play.apply_listed), which passed when they were
    # listed; a chooser's own dict, equal to an option or not (a person's, a page's), is checked as ever
    from referee.errors import Illegal
    from ultimus_host import loop

    ways = []
    real_listed, real_apply = loop.apply_listed, Game.apply
    monkeypatch.setattr(loop, "apply_listed", lambda g, a: ways.append("listed") or real_listed(g, a))
    monkeypatch.setattr(Game, "apply", lambda self, a: ways.append("door") or real_apply(self, a))

    class Copying:
        def choose(self, view, options):
            return dict(options[0])

    class Forging:
        def choose(self, view, options):
            return dict(options[0], p=(options[0]["p"] + 1) % 4)  # another seat's action, as a dict

    table = random_table(4, 1)
    game = Game(RULES, new_setup(4, 1))
    run_game(game, max_actions=30, **table)
    assert ways == ["listed"] * 30
    del ways[:]
    run_game(game, {p: Copying() for p in range(4)}, referee=table["referee"], max_actions=5)
    assert ways == ["door"] * 5
    try:
        run_game(game, {p: Forging() for p in range(4)}, referee=table["referee"], max_actions=1)
    except Illegal as exc:
        assert exc.code != "internal"
    else:
        raise AssertionError("another seat's action was applied")
