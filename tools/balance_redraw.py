"""Draw the chart and the Markdown tables of a saved `ultimus balance --json` run again, without
playing it again: `python tools/balance_redraw.py figures.json chart.png [tables.md]`.

docs/balance/ keeps each final run's JSON; this redraws its chart when the chart's look changes.
"""

import json
import sys

from ultimus_host.games.ultimus import balance_report


def main(argv):
    if len(argv) not in (2, 3):
        sys.exit("usage: python tools/balance_redraw.py figures.json chart.png [tables.md]")
    with open(argv[0]) as f:
        document = json.load(f)
    tallies = balance_report.tallies_of(document)
    balance_report.chart(tallies, argv[1])
    if len(argv) == 3:
        with open(argv[2], "w") as f:
            parameters = document["parameters"]
            f.write(balance_report.markdown(tallies, "/".join(parameters["bots"]), parameters.get("content")))


if __name__ == "__main__":
    main(sys.argv[1:])
