"""The joins between a game's tables, checked on a PC: every name they key by is one its flow declares.

"What may this seat do now" lives in tables joined by name strings: the flow (FLOW, games/<game>/flow.py),
its pre-checks (CHECKS, prechecks.py: {variant: {action: check}}), where each phase leads (NEXT, legal.py or
Flow(next=...): {phase: (phase, ...)}) and its listers (LISTERS, legal.py: {action: lister}, or
{variant: {action: lister}} for a flow of several variants). A misspelt key would drop a rule in silence
(a pre-check never asked, a transition never allowed); problems() names each such key in one line.

A box never imports this module (it never loads a game's legal listing, and every byte of code there
shortens the largest free block a game's data can have): the host checks each game it takes up
(ultimus_host.watch) and the suite every game of the registry (tests/test_joins.py).
"""

from referee.flow import ANY_PHASE


class JoinError(ValueError):
    """A game's tables name a phase or an action its flow does not declare (the message: each, in words)."""


def _module(path):
    return __import__(path, None, None, ["_"])


def _where(table, key):
    return "%s[%r]" % (table, key)


def problems(rules, prechecks=None, legal=None):
    """One line for each key of the game's CHECKS, NEXT, LISTERS and the flow's turns that names no phase or
    action of its flow, and for each action of the flow its LISTERS leave out; [] when every join holds.
    prechecks, legal: the modules to read (default: those the game's define() names)."""
    flow = rules.FLOW
    if prechecks is None and rules.prechecks is not None:
        prechecks = _module(rules.prechecks)
    if legal is None:
        legal = rules.legal()
    out = []
    known = set()  # every phase but the end
    actions = {}  # variant -> the names of its actions, in every phase
    for v in flow.variants:
        actions[v] = set()
        for phase in flow.variants[v]:
            if phase != ANY_PHASE:
                known.add(phase)
            actions[v].update(flow.variants[v][phase])
    name = rules.NAME
    out += _check_problems(name, flow, actions, getattr(prechecks, "CHECKS", None) if prechecks is not None else None)
    table = flow.next if flow.next is not None else getattr(legal, "NEXT", None)
    where = "Flow(next=)" if flow.next is not None else "NEXT"
    for phase in table or ():
        if phase not in known:
            out.append("%s: %s names the phase %r, which its flow has not" % (name, _where(where, phase), phase))
        for after in table[phase]:
            if after not in known and after != flow.end:
                out.append("%s: %s leads to %r, no phase of its flow" % (name, _where(where, phase), after))
    for phase in flow.turns:
        if phase not in known:
            out.append("%s: Flow(turns=) names the phase %r, which its flow has not" % (name, phase))
    out += _lister_problems(name, flow, actions, getattr(legal, "LISTERS", None))
    return out


def _check_problems(name, flow, actions, checks):
    """The CHECKS keys that name no variant or no action of the flow."""
    out = []
    for v in checks or ():
        if v not in flow.variants:
            out.append("%s: %s names the variant %r, which its flow has not" % (name, _where("CHECKS", v), v))
            continue
        for action in checks[v]:
            if action not in actions[v]:
                out.append("%s: CHECKS[%r] names %r, no action of its flow%s" % (name, v, action, _of(flow, v)))
    return out


def _of(flow, v):
    return " (variant %r)" % v if len(flow.variants) > 1 else ""


def _lister_problems(name, flow, actions, listers):
    """The LISTERS keys that name no action of the flow, and the flow's actions it has no key for."""
    if listers is None:
        return []
    if len(flow.variants) == 1 and not (set(listers) == set(flow.variants) and isinstance(listers.get(""), dict)):
        listers = {v: listers for v in flow.variants}  # a flow of one variant: one table
    out = []
    for v in listers:
        if v not in flow.variants:
            out.append("%s: %s names the variant %r, which its flow has not" % (name, _where("LISTERS", v), v))
            continue
        where = "LISTERS" if len(flow.variants) == 1 else _where("LISTERS", v)
        for action in listers[v]:
            if action not in actions[v]:
                out.append("%s: %s names %r, no action of its flow%s" % (name, where, action, _of(flow, v)))
        for action in sorted(actions[v]):
            if action not in listers[v]:
                out.append("%s: %s has no lister for %r%s (None: none listed)" % (name, where, action, _of(flow, v)))
    return out


def check(rules, prechecks=None, legal=None):
    """JoinError naming every broken join of a game (problems()), else None."""
    found = problems(rules, prechecks, legal)
    if found:
        raise JoinError("; ".join(found))
