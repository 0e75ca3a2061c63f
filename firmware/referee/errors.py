"""Refusals: every illegal action raises Illegal with a stable code and a message.

The codes are part of the link protocol, so they only ever get added to.
"""


class Illegal(Exception):
    def __init__(self, code, message, key=None):
        """key: the set-up key a bad_setup refuses (the link's error names it), else None."""
        super().__init__(message)
        self.code = code
        self.message = message
        self.key = key

    def __str__(self):
        return "%s: %s" % (self.code, self.message)


def refuse(code, message):
    raise Illegal(code, message)


def bad_setup(key, message):
    """A set-up refused for one of its keys: bad_setup, naming the key."""
    raise Illegal("bad_setup", message, key)


def setup_keys(setup, known, game):
    """Refuse a set-up key (or a key of one of its entries) that the game does not have: a misspelt
    option must not start a game without it, nor a journal or a save replay as if it were not there."""
    for key in setup:
        if key not in known:
            raise Illegal("bad_setup", "%s has no set-up option %r; it has %s" % (game, key, ", ".join(known)), key)


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
