import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

# Every test runs with the flows' declared transitions checked: a handler that leads to a phase its
# flow does not declare as next (a typo, a forgotten entry) raises referee.play.UndeclaredPhase.
from referee.flow import Flow  # noqa: E402
from referee.play import check_next  # noqa: E402

Flow.checking = staticmethod(check_next)
