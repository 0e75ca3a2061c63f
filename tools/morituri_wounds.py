"""Writes host/ultimus_host/games/morituri/wound_table.py: the Morituri bots' expected wounds of one exchange
for every pair of classes and modifiers (ultimus_host.games.morituri.bots.computed_wounds, from every die),
so that no process computes them while it plays. Run it again when the classes, the menu or the resolver
change; tests/test_morituri_odds.py fails until then.

  PYTHONPATH=firmware:host .venv/bin/python tools/morituri_wounds.py
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from games.morituri.content import CLASS_NAMES  # noqa: E402
from ultimus_host.games.morituri.bots import MODIFIERS, computed_wounds  # noqa: E402

TABLE = os.path.join(ROOT, "host", "ultimus_host", "games", "morituri", "wound_table.py")


def keys():
    """Every pair of classes and modifiers, in a fixed order."""
    return [(a, b, am, bm) for a in CLASS_NAMES for b in CLASS_NAMES for am in MODIFIERS for bm in MODIFIERS]


def text():
    lines = [
        "\"\"\"The Morituri bots' expected wounds of one exchange: (class, foe's class, modifier, foe's modifier) ->",
        "(HP the foe is expected to lose, HP the figure is expected to lose), exactly as",
        "ultimus_host.games.morituri.bots.computed_wounds works them out from every die. Written by",
        'tools/morituri_wounds.py: not edited by hand."""',
        "",
        "EXPECTED = {",
    ]
    for key in keys():
        lines.append('    ("%s", "%s", %d, %d): (%r, %r),' % (key + computed_wounds(*key)))
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    with open(TABLE, "w", encoding="utf-8") as f:
        f.write(text())
    print("%d pairs: %s" % (len(keys()), os.path.relpath(TABLE, ROOT)))
