"""The crowd: verdicts (a roll against a target, natural rolls first) and the box's
pending yes/no questions, answered by a thumb that may override the crowd.

- verdict / appeal: Munera's appeal (2D6 + modifiers, 7+ spares, a natural 12
  spares and a natural 2 kills), Morituri's implore (D6, 5+ first, 6+ later, +1
  if he killed), the board game's mercy roll and its natural 2 / 12 to hit.
- ask / pending / answer: a queue of questions in the state, s[key], answered
  first come first served. A question is {"who", "kind", "data"}; "who" is the
  seat that must answer, ANYONE (every thumb, or the referee), or the name of
  a state key holding that seat when it is answered ("caesar", "loudest").
  A bare question (kind None) is its data alone, so ULTIMUS's pollice verso
  queue ([gladiator, attacker] per entry, answered by s["loudest"]) fits as it is.
- override: Caesar's thumb against the crowd, with the flag the game acts on
  (Morituri: he sits out the next initiative).
"""

from referee.dice import natural as natural_of
from referee.dice import roll
from referee.errors import need

YES = 1
NO = 0
ANYONE = -1  # a question every thumb (or the referee) may answer


def verdict(total, target, natural=None, natural_yes=(), natural_no=()):
    """YES if total >= target, except that a natural roll in natural_yes is always YES
    and one in natural_no always NO (natural_yes wins if a value is in both)."""
    if natural is not None:
        if natural in natural_yes:
            return YES
        if natural in natural_no:
            return NO
    return YES if total >= target else NO


def appeal(s, who, n, faces, modifier, target, natural_yes=(), natural_no=(), given=None, ev=None, why="appeal"):
    """Roll n dice (or take the table's), add modifier and judge against target:
    (verdict, dice, total). Appends the roll and {"e": "verdict", ...} to ev."""
    dice = roll(s, n, faces, given, ev, who, why)
    total = natural_of(dice) + modifier
    yes = verdict(total, target, natural_of(dice), natural_yes, natural_no)
    if ev is not None:
        ev.append({"e": "verdict", "who": who, "dice": dice, "total": total, "target": target, "yes": yes, "why": why})
    return yes, dice, total


def override(crowd, thumb):
    """(final, overridden): the thumb decides; overridden is 1 when it went against the
    crowd, so that the caller applies the consequence."""
    final = YES if thumb else NO
    return final, (1 if final != (YES if crowd else NO) else 0)


# ---- the queue of questions ----


def ask(s, key, who, kind, data, ev=None):
    """Queue a question in s[key] (created if missing). kind None queues `data` bare."""
    queue = s.get(key)
    if queue is None:
        queue = s[key] = []
    if kind is None:
        queue.append(data)
    else:
        queue.append({"who": who, "kind": kind, "data": data})
    if ev is not None and kind is not None:
        ev.append({"e": "ask", "kind": kind, "who": asked(s, queue[-1]), "data": data})


def pending(s, key):
    """The question to answer first, or None."""
    queue = s.get(key)
    return queue[0] if queue else None


def waiting(s, key, kind=None):
    """How many questions (of a kind) wait in s[key]."""
    queue = s.get(key) or ()
    if kind is None:
        return len(queue)
    return len([q for q in queue if type(q) is dict and q.get("kind") == kind])


def asked(s, question, who=None):
    """The seat that answers a question (ANYONE for every thumb). who: for a bare
    question, who answers it (a seat or a state key); it replaces the question's own."""
    if who is None:
        who = question["who"] if type(question) is dict else ANYONE
    if type(who) is str:
        return s[who]
    return who


NO_QUESTION = ("no_question", "no question waits for an answer")
NOT_ASKED = ("not_asked", "another seat answers this question")


def answer_problem(s, key, seat, who=None, none=NO_QUESTION, wrong=NOT_ASKED):
    """None, or why `seat` may not answer the first question of s[key] now.
    none / wrong: the game's own (code, message) for "nothing to answer" and
    "not yours to answer" (ULTIMUS: no_pollice_verso, not_loudest)."""
    q = pending(s, key)
    if q is None:
        return none
    asked_seat = asked(s, q, who)
    if asked_seat != ANYONE and seat != asked_seat:
        return wrong
    return None


def answer(s, key, seat, yes, ev=None, who=None, none=NO_QUESTION, wrong=NOT_ASKED):
    """Take the first question off s[key] as answered by seat's thumb (yes: 1 up, 0 down)
    and return it; refuses (changing nothing) as answer_problem says."""
    need(answer_problem(s, key, seat, who, none, wrong))
    q = s[key].pop(0)
    if ev is not None and type(q) is dict:
        ev.append({"e": "answer", "kind": q["kind"], "who": seat, "yes": YES if yes else NO})
    return q


def withdraw(s, key, kind, data=None):
    """Drop the questions of a kind (and with this data, if given): their figure left
    the arena. Returns how many."""
    queue = s.get(key)
    if not queue:
        return 0
    keep = [q for q in queue if not (type(q) is dict and q["kind"] == kind and (data is None or q["data"] == data))]
    dropped = len(queue) - len(keep)
    queue.clear()
    queue.extend(keep)
    return dropped
