"""Turn walkers: who acts next, in the orders the rulebooks use.

- clockwise from a first seat (ULTIMUS: from the loudest spectator; the
  Morituri board game: from the winner of the roll-off);
- an order a player chooses (Caesar activates the figures one by one).

Orders are plain lists of seat or figure numbers, kept in the game state.
"""


def clockwise(first, n):
    """The n seats from `first`, clockwise."""
    return [(first + i) % n for i in range(n)]


def choice_problem(chosen, done, allowed):
    """Whether a player may activate `chosen` next in an order he chooses.

    done: what he has activated this round; allowed: what may be activated.
    None if fine, else (code, message).
    """
    if chosen not in allowed:
        return ("not_activatable", "that figure cannot be activated now")
    if chosen in done:
        return ("already_activated", "each figure is activated once a round")
    return None
