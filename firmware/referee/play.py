"""What only legal listing and random play need from the engine: a box that applies what its
buttons and the link ask for never loads this module.

list_actions walks a phase of a game's flow for one seat (every game's legal_actions);
trusted and apply_listed apply an action listed so, without the door's checks (a bot's choice, issue 34);
play_out is every game's random-play loop; seat_for names the seat of an action; check_next holds
every handler to the phases its flow declares as next (the tests set it as Flow.checking).
"""

from referee.acting import pre_check
from referee.engine import handle
from referee.flow import REFEREE, may_act  # noqa: F401  (may_act: the box's screens ask it too)


class UndeclaredPhase(BaseException):
    """A handler led to a phase its flow does not declare as next (Flow.checking: the tests).
    Not an Exception: no caller may take it for a refusal or a failure to recover from."""


def seat_for(rules, s, name):
    """The seat that takes the action `name` now: -1 when it is the referee's, None when nobody
    may or any seat may; otherwise the one seat the flow names (pre-check passed)."""
    flow, phase, variant = rules.FLOW, s["phase"], rules.variant(s)
    entry = flow.entry(variant, phase, name) if phase != flow.end else None
    if entry is None:
        return None
    who = entry[0]
    if who is REFEREE:
        return -1
    if who.seats is None:
        return None
    check = pre_check(rules, variant, name, entry)
    found = None
    for p in who.seats(s):
        if check is None or check(s, p) is None:
            if found is not None and found != p:
                return None
            found = p
    return found


def check_next(rules, before, after):
    """UndeclaredPhase if a handler led from the phase `before` to `after` and the game does not
    declare it: in its flow's `next`, or else as NEXT in its legal module (staying is always
    allowed; a game that declares neither checks nothing)."""
    if after == before:
        return
    table = rules.FLOW.next
    if table is None:
        table = getattr(rules.legal(), "NEXT", None)
        if table is None:
            return
    allowed = table.get(before)
    if allowed is None or after not in allowed:
        raise UndeclaredPhase("the flow leads from the %r phase to %r, which it does not declare" % (before, after))


_MOVES = {}  # (flow, variant, phase) -> moves(), computed once


def moves(flow, variant, phase):
    """((name, who), ...) of the actions of a phase and of every phase, sorted by name, computed once:
    a listing's plan. Here, not on the Flow: a box never lists, and every byte of code it holds at
    power-on shortens the largest free block (tests/test_mboard_box.py's peak: 208 bytes)."""
    key = (flow, variant, phase)
    out = _MOVES.get(key)
    if out is None:
        out = _MOVES[key] = tuple((name, flow.entry(variant, phase, name)[0]) for name in flow.actions(variant, phase))
    return out


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
                plan = tuple((who, self.listers[name]) for name, who in moves(self.flow, self.variant, phase))
            self.plans[phase] = plan
        return list_actions(s, seat, plan, [])


def trusted(rules, s, action):
    """referee.engine.apply for an action the game's legal_actions listed for this very state (or for a copy
    of it), unchanged since: a bot's choice (issue 34). The door's checks (clean's plain fields and known
    name, the phase, the action's fields, the seat the flow lets act) passed when it was listed, so they are
    not asked again; its handler still refuses what its rule checks refuse. Never for what comes from
    anywhere else: the box, the link, `serve` and a person's typing go through apply, and a box never loads
    this module (tests/test_apply_listed.py)."""
    phase = s["phase"]
    moves = rules.FLOW._now[rules.variant(s)][phase]
    found = moves[action["a"]]
    handler = found[1]
    if type(handler) is str or found[5] or rules.FLOW.checking is not None:
        return handle(rules, s, action, found, moves, phase)  # a first use, an atomic one, the tests
    events = []
    handler(s, action, events)
    return events


def apply_listed(game, action):
    """Game.apply for one of the actions game.legal_actions listed for its state as it is now: applied
    without the door's checks (trusted), logged, the state rebuilt from the log on a failure."""
    return game._logged(trusted, action)


def play_out(game, choose, rng, max_actions, stop=None, listed=False):
    """Random play: apply choose(game, rng) until the game is over, in the phase `stop` (or
    stop(game) says so), nothing is left to choose or max_actions are played; returns the game.
    Every game's randomplay uses it. listed: choose returns one of the game's legal_actions of the
    state, as listed, which is applied without the door's checks (apply_listed); else game.apply."""
    state = game.state
    game_apply = game.apply
    stop_phase = stop if type(stop) is str else None
    stop_when = stop if callable(stop) else None
    for _ in range(max_actions):
        phase = state["phase"]
        if phase == "over" or phase == stop_phase or (stop_when is not None and stop_when(game)):
            break
        action = choose(game, rng)
        if action is None:
            break
        if listed:
            apply_listed(game, action)
        else:
            game_apply(action)
    return game  # a flow's actions allowed in every phase but the end
