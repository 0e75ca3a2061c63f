"""The one game loop of the host: whose turn, what they choose, apply, tell.

`ultimus demo`, `ultimus balance`, `ultimus play` and the tests all run games
through run_game. Each seat is a chooser (a bot or a person at the
keyboard) with choose(view, options): it is handed the seat's own view
(game.seat_view: the public view plus its own hand, bets and shout) and its
legal actions, never the game itself, so no seat can read another's secrets.
The referee (the box's own part: draw the loudest spectator, CLAMO, next
battle or finish) is a chooser too and sees the public view.

Reproducible: the loop draws nothing at random itself; for a seed, the same
choosers make the same game.
"""

from games.ultimus.randomplay import play_on


class PlayOn:
    """The referee of simulations: plays every planned battle, takes the only choice otherwise.

    It shares randomplay's policy (play_on) so that bots, random play and the
    box's tests agree on when a game ends.
    """

    def choose(self, view, options):
        return play_on(options) or options[0]


def first_actor(actors):
    """Which of several seats that may act now goes first: the lowest (betting and shouting are secret
    and simultaneous, so the order does not change what anyone knows)."""
    return actors[0]


def run_game(game, seats, referee=None, on_event=None, max_actions=40000, pick_seat=first_actor, until=None):
    """Play `game` on until it is over (or `until(game)` says stop, or max_actions were applied).

    seats: seat -> chooser with choose(view, options) returning one of the options.
    referee: chooser for the referee's actions (default PlayOn()); it sees the public view.
    on_event(event): called with every event of every applied action, hidden parts included
    (a narrator strips them with games.ultimus.views.public_event).
    pick_seat(actors): which of the seats that may act now acts next.
    Returns the number of actions applied.
    """
    referee = referee or PlayOn()
    applied = 0
    while applied < max_actions and game.phase != "over":
        if until is not None and until(game):
            break
        actors = game.actors()
        if actors:
            seat = pick_seat(actors)
            options = game.legal_actions(seat)
            action = seats[seat].choose(game.seat_view(seat), options)
        else:
            options = game.legal_actions(-1)
            if not options:
                break  # nobody can act: a stuck game is the caller's to report, not to loop on
            action = referee.choose(game.public_view(), options)
        events = game.apply(action)
        applied += 1
        if on_event is not None:
            for e in events:
                on_event(e)
    return applied
