"""The fairness sheets of docs/balance.md, made again from the runs kept in docs/fairness/.

Each game's run is `ultimus simulate GAME ... --json docs/fairness/<GAME>.json` (the command line
is in the sheet). This tool writes each run's tables (ultimus_host.fairness.markdown) between the
doc's markers

    <!-- fairness:GAME -->
    ...
    <!-- /fairness:GAME -->

and leaves every word outside them alone (what the figures mean for the game is written by hand).

    python tools/fairness.py          # rewrite the tables of docs/balance.md
    python tools/fairness.py --check  # exit 1, naming the games, if a table is not its run's
"""

import argparse
import json
import re
import sys
from pathlib import Path

from ultimus_host import fairness

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "balance.md"
RUNS = ROOT / "docs" / "fairness"


def runs(folder=RUNS):
    """{game: its run's JSON document}, for every docs/fairness/<GAME>.json."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(Path(folder).glob("*.json"))}


def block(name):
    return re.compile(
        r"(<!-- fairness:%s -->\n)(.*?)(<!-- /fairness:%s -->)" % (re.escape(name), re.escape(name)), re.S
    )


def tables(text, name):
    """The text between a game's markers, or None where the doc has none."""
    found = block(name).search(text)
    return None if found is None else found.group(2)


def rewrite(text, documents):
    """The doc's text with every game's tables made from its run; (text, games without markers)."""
    missing = []
    for name, document in documents.items():
        pattern = block(name)
        if not pattern.search(text):
            missing.append(name)
            continue
        sheet = fairness.markdown(document)
        text = pattern.sub(lambda m, sheet=sheet: m.group(1) + sheet + m.group(3), text)
    return text, missing


def stale(text, documents):
    """The games whose tables in the doc are not what their run makes (or that have no markers)."""
    return [name for name, d in documents.items() if tables(text, name) != fairness.markdown(d)]


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="The fairness sheets of docs/balance.md, made again from docs/fairness/."
    )
    parser.add_argument("--check", action="store_true", help="Change nothing: exit 1 if a table is not its run's.")
    args = parser.parse_args(argv)
    documents = runs()
    text = DOC.read_text(encoding="utf-8")
    if args.check:
        bad = stale(text, documents)
        if bad:
            print("docs/balance.md: the tables of %s are not their runs' (python tools/fairness.py)" % ", ".join(bad))
            return 1
        return 0
    new, missing = rewrite(text, documents)
    if missing:
        print("docs/balance.md has no markers for %s: add <!-- fairness:GAME --> and its end" % ", ".join(missing))
        return 1
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print("docs/balance.md: tables written for %s" % ", ".join(documents))
    return 0


if __name__ == "__main__":
    sys.exit(main())
