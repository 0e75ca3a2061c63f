"""Who acts now, and what may they do: asked of a game's flow, once for every game.

  actors(rules, s)            the seats that have something to do now, the main seat first
  main_seat(rules, s)         the seat whose turn it is, in a phase that declares one (turns)
  responders(rules, s)        the other seats that may answer now, out of the main seat's turn
  options(rules, s, seat)     the names of the actions a seat may take now (a menu)
  refusal(rules, s, seat, name)  why a seat may not take an action now, or None

rules is a game's RULES (referee.engine.define: its FLOW, variant(s) and prechecks), as for
referee.engine.apply. Each asks only the flow (its Who entries) and the pre-checks beside it
(games/<game>/prechecks.py, define(prechecks=...): CHECKS by variant and action name), never a
game's legal listing; a box imports this module and a game's pre-checks when it first asks, not
at power-on (every byte of code there shortens the largest free block a game's data can have).

apply does not run the pre-checks: a handler refuses every action with the very rule checks a
pre-check tries on the action's choices, so an action apply accepts has always passed its pre-check
(and a box that only applies never loads them); tests/test_flow.py holds options() to the legal
listing, and the legality tests hold the listing to apply, both ways.
"""

from referee.flow import REFEREE, may_act

_WAITS = {}  # rules -> {variant: {phase: ((who, pre-checks or None), ...)}}, each phase's computed once
_CHECKS = {}  # rules -> {variant: {action: pre-check}}, from its prechecks module


def pre_check(rules, variant, name, entry):
    """The pre-check of the action `name` (None: it has something to do whenever its Who lets a seat
    act): the flow entry's own (a fifth slot, move(..., check=)), else the one the game's prechecks
    module keeps in CHECKS[variant] under that name, imported on first use."""
    check = entry[4] if len(entry) > 4 else None
    if check is None:
        table = _CHECKS.get(rules)
        if table is None:
            table = _CHECKS[rules] = _prechecks(rules)
        found = table.get(variant)
        check = found.get(name) if found is not None else None
    return check


def _first(pair):
    return pair[0]


def _rank(rules, variant, name):
    """Where the game's CHECKS table lists the action's pre-check (0 first), after every listed one if not."""
    found = _CHECKS.get(rules, {}).get(variant) or ()
    i = 0
    for listed in found:
        if listed == name:
            return i
        i += 1
    return i


def _prechecks(rules, table="CHECKS"):
    """A table of the prechecks module beside a game's rules (CHECKS: {variant: {action: pre-check}};
    ACTORS: {variant: {phase: seats(s)}}), or {}."""
    path = rules.prechecks  # define(prechecks="games.X.prechecks")
    if path is None:
        return {}  # a game without the module (a test's own flow): its entries carry their checks
    try:
        module = __import__(path, None, None, [table])
    except ImportError:
        return {}
    return getattr(module, table, {})


def waiting(rules, variant, phase):
    """((who, checks), ...): whom a phase waits on, one pair per Who of its own seated actions
    (ANY_PHASE's, gifts and trades, wait on nobody), in the order of the actions' names. checks:
    the actions' pre-checks, a seat having something to do if it passes one; None if one of them
    has none (then every seat the Who names has). Worked out once per phase, from the flow."""
    phases = _WAITS.get(rules)
    if phases is None:
        phases = _WAITS[rules] = {}
    found = phases.get(variant)
    if found is None:
        found = phases[variant] = {}
    out = found.get(phase)
    if out is None:
        out = found[phase] = _waits_of(rules, variant, phase)
    return out


def _waits_of(rules, variant, phase):
    """waiting()'s answer, worked out from the flow's table of the phase."""
    flow = rules.FLOW
    out = []
    own = flow.variants[variant].get(phase) if phase != flow.end else None
    for name in sorted(own or ()):
        entry = own[name]
        who, check = entry[0], pre_check(rules, variant, name, entry)
        if who is REFEREE:
            continue
        if getattr(who, "acts", False):
            check = None  # every seat it names has something to do: no pre-check to ask (referee.flow.Who)
        for pair in out:
            if pair[0] is who:
                if pair[1] is not None:
                    pair[1] = None if check is None else pair[1] + [(_rank(rules, variant, name), check)]
                break
        else:
            out.append([who, None if check is None else [(_rank(rules, variant, name), check)]])
    # a seat's checks in the order the game's table lists them (its cheap ones first: the first to
    # pass ends the asking)
    for pair in out:
        if pair[1] is not None:
            pair[1] = tuple(c for _, c in sorted(pair[1], key=_first))
    return tuple((pair[0], pair[1]) for pair in out)


def _plan(rules, variant, phase):
    """How the actors of a phase are found, worked out once: the function the game's ACTORS declares for
    it (beside its pre-checks), else the phase's Who entries and their pre-checks (waiting)."""
    declared = _prechecks(rules, "ACTORS").get(variant)
    found = declared.get(phase) if declared is not None else None
    plan = found if found is not None else waiting(rules, variant, phase)
    _PLANS.setdefault(rules, {}).setdefault(variant, {})[phase] = plan
    return plan


_PLANS = {}  # rules -> {variant: {phase: a declared seats(s), or waiting()'s pairs}}


def actors(rules, s):
    """The seats that have something to do now (the referee is not listed): the main seat first
    (main_seat), then the others in seat order. A phase the game's ACTORS declares asks its function;
    the tests (Flow.checking set) hold its answer to the walk of the phase's Who entries every time."""
    phases = _PLANS.get(rules)
    phase = s["phase"]
    found = phases.get(rules.variant(s)) if phases is not None else None
    plan = found.get(phase) if found is not None else None
    if plan is None:
        plan = _plan(rules, rules.variant(s), phase)
    if type(plan) is tuple:
        out = walk(s, plan)
    else:
        out = plan(s)  # pyright: ignore[reportCallIssue] (a plan is a walk's tuple or a game's own function)
        if rules.FLOW.checking is not None:
            walked = walk(s, waiting(rules, rules.variant(s), phase))
            if out != walked:
                raise AssertionError("the %s phase's declared actors %r, its Who entries %r" % (phase, out, walked))
    if len(out) > 1:
        turn = rules.FLOW.turns.get(phase)  # main_seat(), written out
        seats = turn.seats(s) if turn is not None else None
        main = seats[0] if seats else None
        if main is not None and main in out and out[0] != main:
            out.remove(main)
            out.insert(0, main)
    return out


def walk(s, plan):
    """The seats, in seat order, that waiting()'s pairs let act: those a Who names that pass one of its
    pre-checks (every one it names where it has none)."""
    out = []
    for who, checks in plan:
        for p in range(s["players"]) if who.seats is None else who.seats(s):
            if p in out:
                continue
            if checks is not None:  # the seat must pass one of them
                for check in checks:
                    if check(s, p) is None:
                        break
                else:
                    continue
            out.append(p)
    out.sort()
    return out


def main_seat(rules, s):
    """The seat whose turn it is, in a phase the flow declares one for (turns), else None."""
    turn = rules.FLOW.turns.get(s["phase"])
    if turn is None:
        return None
    seats = turn.seats(s)
    return seats[0] if seats else None


def responders(rules, s):
    """The seats other than the main seat that may act now, out of its turn (in seat order); none
    in a phase without a main seat (its actors act in any order)."""
    main = main_seat(rules, s)
    if main is None:
        return []
    return [p for p in actors(rules, s) if p != main]


def refusal(rules, s, seat, name):
    """Why `seat` (-1: the referee) may not take the action `name` now: None if the flow lets it
    (who, then the action's pre-check), else (code, message), as apply would refuse it for what is
    not in its fields."""
    flow, phase, variant = rules.FLOW, s["phase"], rules.variant(s)
    if phase == flow.end:
        return ("game_over", "the game is over")
    entry = flow.entry(variant, phase, name)
    if entry is None:
        return ("wrong_phase", "not possible in the %s phase" % phase.replace("_", " "))
    who = entry[0]
    if not may_act(s, who, seat):
        if who is REFEREE:
            return ("referee_only", "only the box does this")
        if seat < 0:
            return ("bad_action", "a seat takes this action")
        why = who.reason(s) if who.reason is not None else None
        return why or (who.code, who.message)
    check = pre_check(rules, variant, name, entry)
    return check(s, seat) if check is not None else None


def options(rules, s, seat):
    """The names of the actions `seat` (-1: the referee) may take now, in a fixed order: the flow
    lets it and each pre-check passes (a box's menu in one call, without legal listing)."""
    flow, phase, variant = rules.FLOW, s["phase"], rules.variant(s)
    out = []
    if phase == flow.end:
        return out
    asked = []  # (who, whether it lets the seat): each Who asked once
    for name in flow.actions(variant, phase):
        entry = flow.entry(variant, phase, name)
        who = entry[0]
        for pair in asked:
            if pair[0] is who:
                ok = pair[1]
                break
        else:
            ok = may_act(s, who, seat)
            asked.append((who, ok))
        if ok:
            check = pre_check(rules, variant, name, entry)
            if check is None or check(s, seat) is None:
                out.append(name)
    return out
