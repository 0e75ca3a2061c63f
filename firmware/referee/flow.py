"""A game's declared flow: which actions each phase allows, who may take them, which handler runs.

Who names the seats an action is for (REFEREE: the box itself, ANY_SEAT: every seat); Flow holds
a game's table {variant: {phase: {action: entry}}}, an entry being move(who, handler, fields,
hidden, check, atomic) (its fifth slot, check, an optional pre-check check(s, seat) -> None
or (code, message)), with the phases each phase may lead to (next) and the phases in which one seat
has the turn while others may answer out of turn (turns). The engine (referee.engine) applies
against it; referee.acting answers from it who acts now and what each seat may do, so that a
screen, a host's game loop and apply cannot disagree.
"""

from referee.errors import Illegal


class Who:
    """Who may take an action: the referee (no seat), any seat, or the seats a rule names.

    seats(s) lists the seats allowed now (empty when nobody may); reason(s),
    if given, is a rule check (None or (code, message)) that says why nobody
    may, more tellingly than "not your turn" (the loudest spectator decides first, say).
    acts: every seat it names has one of its actions to take, in each phase that names it (the card in
    play can always be ended): the flow's actors (referee.acting) then ask none of those actions'
    pre-checks, which menus still ask (tests/test_flow.py holds actors to the legal listing both ways).
    """

    acts = False  # a class default: a Who that does not declare it keeps no slot for it (a box's heap)

    def __init__(
        self, name, seats=None, code="not_your_turn", message="it is not this seat's turn", reason=None, acts=False
    ):
        self.name = name
        self.seats = seats
        self.code = code
        self.message = message
        self.reason = reason
        if acts:
            self.acts = True


REFEREE = Who("the referee")
ANY_SEAT = Who("any seat")
ANY_PHASE = "*"


def move(who, handler, fields=(), hidden=(), check=None, atomic=False):
    """One entry of a flow: who may take the action, the handler that runs, the fields it takes besides
    "a" and "p" (the engine refuses any other: bad_field), those of them only its seat may read (hidden:
    the link keeps them from other eyes), an optional cheap pre-check (check(s, seat): None when the
    action may be offered now, else (code, message)), and atomic: the engine snapshots the state around
    the handler, for one that can only find out half-way that it must refuse (referee.engine). A plain
    tuple (who, handler, fields, hidden, check, atomic): a flow of forty entries costs a Pico forty
    small tuples."""
    return (who, handler, fields, hidden, check, atomic)


def may_act(s, who, seat):
    """Whether `seat` (-1: the referee) is who the flow lets take an action now (legal listing and
    a box screen that offers only what a seat may do ask this)."""
    if who is REFEREE:
        return seat < 0
    if seat < 0:
        return False
    return who.seats is None or seat in who.seats(s)


class Flow:
    """A game's declared flow: {variant: {phase: {action: move(who, handler, fields, ...)}}}.

    The phase ANY_PHASE holds actions allowed in every phase but the end (gifts, trades): they
    make nobody an actor. next: {phase: (phase, ...)}, where an action of each phase may lead
    (staying is always allowed); a game may keep that table as NEXT in its legal module instead, which
    a box never loads. Every phase a handler leaves a state in is checked against it when
    Flow.checking is set (tests/conftest.py sets referee.play.check_next; a box never does).
    turns: {phase: Who}, the phases in which the Who's seat has the turn and any other seat the
    flow lets act answers out of turn (a defender's card); other phases have no main seat (one
    actor, or simultaneous ones). referee.acting answers who acts and what they may do from it.
    hidden: {action: its hidden fields}, for the actions that have any (the same wherever it is).
    """

    checking = None  # (rules, before, after) -> None: the tests' check of `next` (referee.play.check_next)

    def __init__(self, variants, end="over", next=None, turns=None):
        self.variants = variants
        self.end = end
        self.next = next
        self.turns = turns or {}
        self.known = {}
        self._names = {}  # (variant, phase) -> actions(), computed once
        self._now = {}  # variant -> phase -> {action: move()}, the phase's and every phase's merged (the engine's)
        self.seated = {}  # the actions a seat takes somewhere in the flow; the others are the referee's alone
        self.hidden = {}  # action -> the fields only its seat may read, for the actions that have any
        for v in variants:
            anytime = variants[v].get(ANY_PHASE, {})
            merged = self._now[v] = {}
            for phase in variants[v]:
                for name in variants[v][phase]:
                    entry = variants[v][phase][name]
                    self.known[name] = 1
                    if entry[0] is not REFEREE:
                        self.seated[name] = 1
                    if entry[3]:
                        self.hidden[name] = entry[3]  # the same in every phase that has the action
                if phase != ANY_PHASE:
                    both = dict(anytime)
                    both.update(variants[v][phase])
                    merged[phase] = both

    def entry(self, variant, phase, name):
        """The flow entry (move()) of an action now, or None."""
        table = self.variants[variant]
        moves = table.get(phase)
        found = moves.get(name) if moves else None
        if found is None and phase != self.end:
            anytime = table.get(ANY_PHASE)
            found = anytime.get(name) if anytime else None
        return found

    def resolve(self, variant, phase, name):
        """The flow entry (move()) of a known action, or the refusal that says why not now."""
        moves = self._now[variant].get(phase)
        found = moves.get(name) if moves is not None else None
        if found is not None and phase != self.end:
            return found
        if phase == self.end:
            raise Illegal("game_over", "the game is over")
        found = self.entry(variant, phase, name)  # a phase with no actions of its own
        if found is not None:
            return found
        for other in self.variants:  # allowed now in another variant: the wrong mode
            table = self.variants[other]
            if name in table.get(phase, ()) or name in table.get(ANY_PHASE, ()):
                raise Illegal("wrong_mode", "'%s' is not part of the %s game" % (name, variant))
        raise Illegal("wrong_phase", "not possible in the %s phase" % phase.replace("_", " "))

    def seat_now(self, variant, s):
        """Who acts now, for a box's screen: the seat whose turn it is (turns), else the first seat an action
        of the phase names (its Who; of two, the action first by name), -1 where only the referee acts or any
        seat may. Keeps nothing and makes nothing but what a Who's seats(s) makes, so a screen asks it when
        the game changes, not per frame. The pre-checks are not asked (referee.acting.actors does: a box
        holds them only once it asks that)."""
        phase = s["phase"]
        turn = self.turns.get(phase)
        if turn is not None:
            seats = turn.seats(s)
            if seats:
                return seats[0]
        moves = self._now[variant].get(phase) if phase != self.end else None
        first, seat = None, -1
        for name in moves or ():  # the dict's own order: MicroPython's is not CPython's, hence the names
            who = moves[name][0]
            if who is not REFEREE and who.seats is not None and (first is None or name < first):
                seats = who.seats(s)
                if seats:
                    first, seat = name, seats[0]
        return seat

    def allows(self, variant, s, seat, name):
        """Whether the action `name` is one of the phase's now and its Who lets `seat` (-1: the referee) take
        it: what a box's menu may offer before the rule checks (apply, or the game's pre-checks, judge the rest)."""
        moves = self._now[variant].get(s["phase"])
        found = moves.get(name) if moves is not None else None
        return found is not None and s["phase"] != self.end and may_act(s, found[0], seat)

    def referee_only(self, variant, phase, name):
        """Whether only the referee may take the action `name` now: the flow names the referee as its actor
        in this phase, or, where it is not possible now, in every phase that has it (a seat asking for it
        is refused for what it is, not for the phase). An unknown name is nobody's: False."""
        found = self.entry(variant, phase, name) if phase != self.end else None
        if found is not None:
            return found[0] is REFEREE
        return name in self.known and name not in self.seated

    def actions(self, variant, phase):
        """The names of the actions of a phase (and of every phase), in a fixed order."""
        key = (variant, phase)
        out = self._names.get(key)
        if out is None:
            table = self.variants[variant]
            out = sorted(table.get(phase, {}))
            if phase != self.end:
                out += sorted(table.get(ANY_PHASE, {}))
            out = tuple(out)
            self._names[key] = out
        return out
