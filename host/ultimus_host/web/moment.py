"""What a seat decides now, as its phone shows it, asked of the game and never decided here:

  decision(told, view, kinds)          the sentence of the decision (the game's own words: its host part
                                       `decision`), or "" for a game or a moment that has none
  costs(cost, game, seat, options)     each legal action's cost in words (the game's part `cost`, told the
                                       seat's view before and after the action tried on a copy of the state:
                                       what the rules themselves charge, not a table restated here)
  refused(game, playing, seat, kinds, stations)
                                       the kinds of action of this moment the flow lets this seat take but
                                       the rules refuse now, each with the rules' own reason
                                       (referee.acting.refusal, as the box's screens ask), in the table's words

A kind is an action's name ("attack", "think"): the phone groups its buttons by it, and a refused kind is
a greyed-out button with its reason under it.
"""

from referee import acting
from referee.engine import apply, copy_data
from referee.errors import Illegal
from referee.flow import ANY_PHASE, REFEREE, may_act
from ultimus_host import words


def kind_words(name):
    """An action's name as people read it: "end_turn" -> "end turn"."""
    return str(name).replace("_", " ")


def decision(told, view, kinds):
    """The sentence that says what this seat decides now, by the game's part `told` ("" where the game has none
    for it, or none for this moment)."""
    if told is None or view is None or not kinds:
        return ""
    try:
        return told(view, tuple(kinds)) or ""
    except (KeyError, IndexError, TypeError, ValueError):
        return ""


def costs(cost, game, seat, options):
    """Each option's cost in words (None: it costs nothing, or the game counts no costs). Each action is tried
    on a copy of the state and the game's part `cost` reads the seat's own view before and after: the cost is
    the rules' own, whatever the action does (an attack's roll changes only the copy)."""
    if cost is None or not options:
        return [None] * len(options)
    rules = game.rules
    before = rules.seat_view(game.state, seat)
    out = []
    for a in options:
        s = copy_data(game.state)
        try:
            apply(rules, s, copy_data(a))
            out.append(cost(before, rules.seat_view(s, seat), a))
        except (Illegal, KeyError, IndexError, TypeError, ValueError):
            out.append(None)
    return out


def refused(game, playing, seat, kinds, view=None, stations=None):
    """[{"kind", "why"}]: the kinds of action of this phase (its own, not those of every phase: gifts) whose Who
    lets this seat act now but which the rules refuse (a pre-check fails), with the rules' reason in words.
    Only while the seat has something to do (kinds): a seat that waits is told whom the table waits for."""
    if not kinds:
        return []
    rules, s = game.rules, game.state
    flow = rules.FLOW
    variant, phase = rules.variant(s), s["phase"]
    own = flow.variants[variant].get(phase) if phase != flow.end and phase != ANY_PHASE else None
    out, by_why = [], {}
    for name in flow.actions(variant, phase):
        entry = own.get(name) if own else None
        if entry is None or name in kinds or entry[0] is REFEREE or not may_act(s, entry[0], seat):
            continue
        why = acting.refusal(rules, s, seat, name)
        if why is not None:
            message = words.refusal(playing, why[1], view, stations) or kind_words(why[0])
            if message in by_why:  # one greyed-out line for the kinds refused for one reason
                by_why[message]["kind"] += ", " + kind_words(name)
            else:
                by_why[message] = {"kind": kind_words(name), "why": message}
                out.append(by_why[message])
    return out
