"""What only legal listing and random play need from the engine: a box that applies what its
buttons and the link ask for never loads this module.

list_actions walks a phase of a game's flow for one seat (every game's legal_actions);
play_out is every game's random-play loop.
"""

from referee.flow import REFEREE, may_act  # noqa: F401  (may_act: the box's screens ask it too)


def list_actions(s, seat, plan, out):
    """Every game's legal listing: call each lister of `plan` ((who, lister), ...: a phase's
    actions from the flow, worked out once) that `seat` (-1: the referee) may use, as may_act says."""
    if seat < 0:
        for who, lister in plan:
            if who is REFEREE:
                lister(s, seat, out)
    else:
        for who, lister in plan:
            if who is not REFEREE and (who.seats is None or seat in who.seats(s)):
                lister(s, seat, out)
    return out


class Listing:
    """A game's legal listing from its flow and its listers ({action name: lister(s, seat, out)}):
    each phase's plan worked out once, then list_actions. `Listing(FLOW, LISTERS).legal_actions`
    is the legal_actions of a game without variants or trades."""

    def __init__(self, flow, listers, variant=""):
        self.flow, self.listers, self.variant = flow, listers, variant
        self.plans = {}  # phase -> ((who, lister), ...)

    def legal_actions(self, s, seat):
        """Every legal action of `seat` (-1: the referee) now: exactly what apply accepts."""
        phase = s["phase"]
        plan = self.plans.get(phase)
        if plan is None:
            plan = ()
            if phase != self.flow.end:
                plan = tuple((who, self.listers[name]) for name, who in self.flow.moves(self.variant, phase))
            self.plans[phase] = plan
        return list_actions(s, seat, plan, [])


def play_out(game, choose, rng, max_actions, stop=None):
    """Random play: apply choose(game, rng) until the game is over, in the phase `stop` (or
    stop(game) says so), nothing is left to choose or max_actions are played; returns the game.
    Every game's randomplay uses it."""
    state = game.state
    stop_phase = stop if type(stop) is str else None
    stop_when = stop if callable(stop) else None
    for _ in range(max_actions):
        phase = state["phase"]
        if phase == "over" or phase == stop_phase or (stop_when is not None and stop_when(game)):
            break
        action = choose(game, rng)
        if action is None:
            break
        game.apply(action)
    return game  # a flow's actions allowed in every phase but the end
