"""The one game loop of the host: whose turn, what they choose, apply, tell.

`ultimus demo`, `ultimus balance`, `ultimus play` and the tests all run games
through run_game. Each seat is a chooser (a bot or a person at the
keyboard) with choose(view, options): it is handed the seat's own view
(game.seat_view: the public view plus its own hand, bets and shout) and its
legal actions, never the game itself, so no seat can read another's secrets.
The referee (the box's own part: ULTIMUS's loudest spectator, CLAMO, next
battle or finish) is a chooser too and sees the public view; without one,
the game's HostGame names its referee (ultimus_host.registry), else the first
of the referee's options is taken.

Reproducible: the loop draws nothing at random itself; for a seed, the same
choosers make the same game.
"""

from referee.acting import responders
from referee.play import apply_listed
from ultimus_host import registry as games


class FirstOption:
    """The referee of a game whose HostGame names none: the first of its options."""

    def choose(self, view, options):
        return options[0]


def default_referee(game):
    """The referee run_game uses when given none: the one the game's HostGame names, else FirstOption."""
    host = games.find(getattr(game.rules, "NAME", None))
    make = host.load("referee") if host is not None else None
    return make() if make is not None else FirstOption()


def first_actor(actors):
    """Which of several seats that may act now goes first: the lowest (betting and shouting are secret
    and simultaneous, so the order does not change what anyone knows)."""
    return actors[0]


def run_game(game, seats, referee=None, on_event=None, max_actions=40000, pick_seat=first_actor, until=None):
    """Play `game` on until it is over (or `until(game)` says stop, or max_actions were applied).

    seats: seat -> chooser with choose(view, options) returning one of the options. The seat pick_seat
    picks (by default the first of game.actors(): the main seat, whose turn it is) chooses, unless a seat
    the flow lets answer out of its turn (referee.acting.responders: Ultimatum's defender, a laser fired
    back) answers first: a chooser with respond(view, options) is asked before it, in seat order, and
    returns an action or None to pass (asked again only after an action was applied). A phase without a
    main seat has no responders: its actors (simultaneous bets and shouts) go as pick_seat says.
    referee: chooser for the referee's actions (default: default_referee(game)); it sees the public view.
    on_event(event): called with every event of every applied action, hidden parts included
    (a narrator strips them with referee.engine.public_event).
    pick_seat(actors): which of the seats that may act now acts next.
    Returns the number of actions applied.
    """
    referee = referee or default_referee(game)
    end = game.rules.FLOW.end  # the phase its flow ends in
    applied = 0
    while applied < max_actions and game.phase != end:
        if until is not None and until(game):
            break
        chosen = next_choice(game, seats, referee, pick_seat)
        if chosen is None:
            break  # nobody can act: a stuck game is the caller's to report, not to loop on
        _, action, options = chosen
        # an option of the listing itself, not a dict made like one (a person's, a page's): the door's
        # checks passed when it was listed (issue 34's trusted apply); anything else goes through them
        events = apply_listed(game, action) if _listed(action, options) else game.apply(action)
        applied += 1
        if on_event is not None:
            for e in events:
                on_event(e)
    return applied


def next_choice(game, seats, referee, pick_seat=first_actor):
    """(seat, action, options) of the next action as run_game chooses it: a seat that answers out of turn
    first, else the seat pick_seat picks; -1 for the referee when no seat acts; None when nobody can act."""
    actors = game.actors()
    if not actors:
        options = game.legal_actions(-1)
        return (-1, referee.choose(game.public_view(), options), options) if options else None
    seat = pick_seat(actors)
    answered = _answer(game, seats, seat)
    if answered is not None:
        return answered
    options = game.legal_actions(seat)
    return seat, seats[seat].choose(game.seat_view(seat), options), options


def _answer(game, seats, seat):
    """(the seat, its action, the options it was given) of the first seat other than `seat` that takes an
    action out of turn (its chooser's respond), or None."""
    for other in responders(game.rules, game.state):
        respond = getattr(seats[other], "respond", None) if other != seat else None
        if respond is not None:
            options = game.legal_actions(other)
            action = respond(game.seat_view(other), options)
            if action is not None:
                return other, action, options
    return None


def _listed(action, options):
    """Whether action is one of the options, the very object."""
    for a in options:
        if a is action:
            return True
    return False
