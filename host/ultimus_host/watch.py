"""The PC's watch over the games it runs: every handler's change of phase held to its flow's NEXT, and each
game's tables to their joins (referee.joins), reported in one line on the log, never raised.

The engine asks Flow.checking after every handler that changed the phase (referee.engine.apply_clean). A
box never sets it (it never loads a game's NEXT: the heap); the tests set referee.play.check_next, which
raises, so that a wrong transition fails there; the host's command line (ultimus_host/cli.py: play, demo,
simulate, the virtual box, connect, serve) and each worker of a parallel run (ultimus_host.parallel) set
report(), so that a wrong transition in a game on a PC is told to whoever runs it, once per game and
transition, and the game goes on as the box would play it. A box's own tests on fakes set none: they
import no command line, and the box loads no listing.
The first time it sees a game it checks its joins too: a misspelt key of CHECKS, NEXT or LISTERS.
"""

import logging

from referee.flow import Flow

LOG = logging.getLogger(__name__)  # ultimus_host.watch
_told = set()  # (game, before, after) already reported
_joined = set()  # ids of the rules whose joins were checked


def report(rules, before, after):
    """Flow.checking on a PC: a transition `before` -> `after` the game's flow does not declare, or a broken
    join of its tables, as a warning line on the log (the logging module's: stderr unless configured)."""
    name = getattr(rules, "NAME", "a game")
    try:
        if id(rules) not in _joined:
            _joined.add(id(rules))
            from referee.joins import problems

            for line in problems(rules):
                LOG.warning("ultimus: warning: %s", line)
        from referee.play import UndeclaredPhase, check_next

        try:
            check_next(rules, before, after)
        except UndeclaredPhase:
            key = (name, before, after)
            if key not in _told:
                _told.add(key)
                LOG.warning(
                    "ultimus: warning: %s went from the %r phase to %r, which its flow does not declare (NEXT);"
                    " the game goes on",
                    name,
                    before,
                    after,
                )
    except Exception as exc:  # the watch must never cost a game its action
        LOG.warning("ultimus: warning: %s's phases could not be checked: %s", name, exc)


def install():
    """Make report() the engine's check, unless another is set (the tests' check_next, which raises)."""
    if Flow.checking is None:
        Flow.checking = staticmethod(report)  # pyright: ignore[reportAttributeAccessIssue]  (declared None)
