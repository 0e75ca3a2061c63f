"""Refusals: every illegal action raises Illegal with a stable code and a message.

The codes are part of the link protocol, so they only ever get added to.
"""


class Illegal(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self):
        return "%s: %s" % (self.code, self.message)


def refuse(code, message):
    raise Illegal(code, message)


def int_arg(action, key, lo, hi):
    """The integer action[key] within lo..hi, or a bad_action refusal."""
    value = action.get(key)
    if type(value) is not int or value < lo or value > hi:
        raise Illegal("bad_action", "'%s' must be a whole number from %d to %d" % (key, lo, hi))
    return value


def need(problem):
    """Refuse with a rule check's problem, if it found one.

    Rule checks return None (allowed) or a (code, message) pair, so that the
    same check serves apply (which refuses) and legal_actions (which lists).
    """
    if problem is not None:
        raise Illegal(problem[0], problem[1])
