import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

# Every test runs with the flows' declared transitions checked: a handler that leads to a phase its
# flow does not declare as next (a typo, a forgotten entry) raises referee.play.UndeclaredPhase.
from referee.flow import Flow  # noqa: E402
from referee.play import check_next  # noqa: E402

Flow.checking = staticmethod(check_next)

# Hypothesis's profiles: "dev" (the default: a developer's run stays short) and "ci"
# (HYPOTHESIS_PROFILE=ci make test), where the legality properties play many more whole games
# (tests/legality.py: examples).
from hypothesis import settings  # noqa: E402

settings.register_profile("dev")
settings.register_profile("ci", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
