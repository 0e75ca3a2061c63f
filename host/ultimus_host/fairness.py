"""What a run of simulated games says about fairness, for any game: the counting, the intervals,
the tests, and the figures written out (JSON document, terminal lines, Markdown sheet, chart).

A game's simulation (ultimus_host.games.<name>.simulation, see ultimus_host.simulations) plays
one seeded game and returns its summary, a small dict:

  players: the seats; winners: the seats that won (several share a win: each gets 1/k; none: a
  draw); finished: 0 for a game stopped at its action limit; actions, rounds (None where the game
  counts none); labels: {group: [label of each seat]} (a figure's class, a place in the turn
  order), each seat counted under its label with its share of the win; entries: {group: [[label,
  credit], ...]} counted as given (ULTIMUS's gladiators: one entry each a battle, 1 for the winner).

A Tally adds summaries in job order, so that the same seeds give the same figures with one
process, many, or a cluster. A share's interval is Wilson's (95 %); whether the seats (or a
group's labels) share the wins alike is a chi-square test of homogeneity: a p-value under 0.05
says their shares differ more than chance would make them.
"""

import math

Z95 = 1.959963984540054
SIGNIFICANT = 0.05  # below this p-value, the shares are told apart
DIGITS = 6  # rates in the JSON document: enough to redraw, stable to compare


class Counter:
    """Wins (credits) and appearances per label, in the order the labels first came."""

    def __init__(self):
        self.wins = {}
        self.seen = {}

    def add(self, label, credit):
        self.wins[label] = self.wins.get(label, 0.0) + credit
        self.seen[label] = self.seen.get(label, 0) + 1

    def figures(self, order=None):
        labels = list(order) if order is not None else sorted(self.seen)
        total_wins = sum(self.wins.values())
        total_seen = sum(self.seen.values())
        expected = total_wins / total_seen if total_seen else 0.0
        rows = []
        for label in labels:
            n, w = self.seen.get(label, 0), self.wins.get(label, 0.0)
            low, high = wilson(w, n)
            rows.append({"label": label, "games": n, "wins": _r(w), "rate": _r(w / n if n else 0.0)})
            rows[-1].update({"low": _r(low), "high": _r(high)})
        chi2, df = homogeneity(rows, expected)
        return {"expected": _r(expected), "chi2": _r(chi2), "df": df, "p": _r(chi2_sf(chi2, df)), "rows": rows}


class Tally:
    """One player count's summaries added up."""

    def __init__(self, players):
        self.players = players
        self.games = self.finished = self.draws = 0
        self.seats = Counter()
        self.groups = {}
        self.actions = []
        self.rounds = []

    def add(self, s):
        self.games += 1
        self.finished += s["finished"]
        winners = s["winners"]
        self.draws += 1 if s["finished"] and not winners else 0
        credit = 1.0 / len(winners) if winners else 0.0
        for p in range(s["players"]):
            self.seats.add(str(p + 1), credit if p in winners else 0.0)
        for name, labels in s.get("labels", {}).items():
            group = self.groups.setdefault(name, Counter())
            for p, label in enumerate(labels):
                group.add(label, credit if p in winners else 0.0)
        for name, entries in s.get("entries", {}).items():
            group = self.groups.setdefault(name, Counter())
            for label, got in entries:
                group.add(label, got)
        self.actions.append(s["actions"])
        if s["rounds"] is not None:
            self.rounds.append(s["rounds"])

    def figures(self, group_order=()):
        names = [g for g in group_order if g in self.groups] + sorted(set(self.groups) - set(group_order))
        return {
            "players": self.players,
            "games": self.games,
            "finished": self.finished,
            "draws": self.draws,
            "unfinished": self.games - self.finished,
            "seats": self.seats.figures([str(p + 1) for p in range(self.players)]),
            "groups": {name: self.groups[name].figures() for name in names},
            "actions": spread(self.actions),
            "rounds": spread(self.rounds) if self.rounds else None,
        }


def wilson(wins, n, z=Z95):
    """Wilson's score interval (low, high) of a share of wins in n games."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)


def homogeneity(rows, expected):
    """Chi-square statistic and degrees of freedom of "every label wins the same share" (rows as figures())."""
    used = [r for r in rows if r["games"]]
    if len(used) < 2 or not 0 < expected < 1:
        return 0.0, 0
    chi2 = sum((r["wins"] - r["games"] * expected) ** 2 / (r["games"] * expected * (1 - expected)) for r in used)
    return chi2, len(used) - 1


def chi2_sf(x, df):
    """P(chi-square with df degrees of freedom >= x): the upper regularized gamma Q(df/2, x/2)."""
    if df <= 0 or x <= 0:
        return 1.0
    return _gamma_q(df / 2.0, x / 2.0)


def _gamma_q(a, x):
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # the series of P converges fast here
        term = total = 1.0 / a
        k = a
        while abs(term) > abs(total) * 1e-15:
            k += 1
            term *= x / k
            total += term
        return max(0.0, 1.0 - front * total)
    # elsewhere the continued fraction of Q (modified Lentz)
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return front * h


def spread(values):
    """Mean, median and the 10th and 90th percentiles (nearest rank) of a list of numbers."""
    v = sorted(values)
    n = len(v)

    def rank(q):
        return v[min(n - 1, max(0, math.ceil(q * n) - 1))]

    return {"mean": _r(sum(v) / n), "median": rank(0.5), "p10": rank(0.1), "p90": rank(0.9), "max": v[-1]}


def _r(x):
    return round(x, DIGITS)


def percent(x, digits=1):
    return "%.*f %%" % (digits, 100 * x)


def verdict(f, what):
    """One sentence: do the labels of figures f (seats, a group) share the wins alike?"""
    if f["df"] == 0:
        return "%s: too few to compare" % what
    outside = [r["label"] for r in f["rows"] if r["games"] and not r["low"] <= f["expected"] <= r["high"]]
    if f["p"] >= SIGNIFICANT:
        return "%s: alike within chance (chi-square p = %.2f)" % (what, f["p"])
    return "%s: NOT alike (chi-square p %s); outside their 95 %% interval of the mean %s: %s" % (
        what,
        "< 0.001" if f["p"] < 0.001 else "= %.3f" % f["p"],
        percent(f["expected"]),
        ", ".join(outside) or "none",
    )


def share_table(f, heading):
    """A Markdown table of one set of shares (seats or a group)."""
    lines = [
        "| %s | games | wins | share | 95 %% interval | vs. the mean |" % heading,
        "|---|---:|---:|---:|---|---|",
    ]
    for r in f["rows"]:
        side = "" if r["low"] <= f["expected"] <= r["high"] else ("above" if r["low"] > f["expected"] else "below")
        lines.append(
            "| %s | %d | %s | %s | %s - %s | %s |"
            % (
                r["label"],
                r["games"],
                _wins(r["wins"]),
                percent(r["rate"]),
                percent(r["low"]),
                percent(r["high"]),
                side,
            )
        )
    return lines


def _wins(w):
    return "%d" % w if w == int(w) else "%.1f" % w


def length_line(f, rounds_name):
    a = f["actions"]
    text = "Length: %.1f actions a game (median %d, 10 %% of games under %d, 10 %% over %d, longest %d)" % (
        a["mean"],
        a["median"],
        a["p10"],
        a["p90"],
        a["max"],
    )
    if f["rounds"] is not None and rounds_name:
        r = f["rounds"]
        text += "; %.1f %s (median %d, 10th-90th percentile %d-%d)" % (
            r["mean"],
            rounds_name,
            r["median"],
            r["p10"],
            r["p90"],
        )
    return text + "."


def markdown(document):
    """The fairness sheet of a run (its JSON document) as Markdown: per player count, the outcome
    counts, the seats' shares, each group's, and the length."""
    p = document["parameters"]
    out = [
        "%d games, seeds %d-%d, %s bots (`%s`)."
        % (p["games"], p["seed"], p["seed"] + p["games_per_count"] - 1, "/".join(p["bots"]), command_of(document)),
    ]
    for f in document["by_players"]:
        out += ["", "**%d players** (%d games): %s" % (f["players"], f["games"], outcomes(f)), ""]
        out += ["- " + verdict(f["seats"], "seat order"), ""]
        out += share_table(f["seats"], "seat")
        for name, g in f["groups"].items():
            out += ["", "- " + verdict(g, "by %s" % name), ""]
            out += share_table(g, name)
        out += ["", length_line(f, document.get("rounds_name"))]
    return "\n".join(out) + "\n"


def outcomes(f):
    parts = ["%d won" % (f["finished"] - f["draws"])]
    parts.append("%d without a winner" % f["draws"])
    parts.append("%d stopped unfinished at the action limit" % f["unfinished"])
    return ", ".join(parts) + "."


def command_of(document):
    p = document["parameters"]
    players = ",".join(str(n) for n in p["players"])
    return "ultimus simulate %s -n %d --seed %d --players %s --bots %s" % (
        document["game"],
        p["games"],
        p["seed"],
        players,
        ",".join(p["bots"]),
    )


def text_lines(document):
    """What the terminal shows: per player count, the verdicts, the shares, the length."""
    out = []
    for f in document["by_players"]:
        out += ["%s, %d players: %d games: %s" % (document["title"], f["players"], f["games"], outcomes(f))]
        out += ["  " + verdict(f["seats"], "seat order")]
        out += ["    " + _share_line(r) for r in f["seats"]["rows"]]
        for name, g in f["groups"].items():
            out += ["  " + verdict(g, "by %s" % name)]
            out += ["    " + _share_line(r) for r in g["rows"]]
        out += ["  " + length_line(f, document.get("rounds_name")), ""]
    return out


def _share_line(r):
    return "%-20s %6.1f %% of %d (%.1f-%.1f %%)" % (
        r["label"],
        100 * r["rate"],
        r["games"],
        100 * r["low"],
        100 * r["high"],
    )


def chart(document, path):
    """The shares with their intervals, one row of panels per player count (seats, then each group),
    the mean as a line: a bar whose interval misses the line is told apart by chance's measure."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    counts = document["by_players"]
    columns = 1 + max(len(f["groups"]) for f in counts)
    fig, axes = plt.subplots(len(counts), columns, figsize=(5.5 * columns, 0.8 + 3.4 * len(counts)), squeeze=False)
    for row, f in enumerate(counts):
        panels = [("seat", f["seats"])] + list(f["groups"].items())
        for col in range(columns):
            ax = axes[row][col]
            if col >= len(panels):
                ax.axis("off")
                continue
            _panel(ax, panels[col][1], "%d players: by %s" % (f["players"], panels[col][0]))
    fig.suptitle("%s: %d games (%s)" % (document["title"], document["parameters"]["games"], "95 % intervals"))
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _panel(ax, f, title):
    rows = f["rows"]
    x = list(range(len(rows)))
    rates = [r["rate"] for r in rows]
    below = [r["rate"] - r["low"] for r in rows]
    above = [r["high"] - r["rate"] for r in rows]
    colours = ["#4682b4" if r["low"] <= f["expected"] <= r["high"] else "#b22222" for r in rows]
    ax.bar(x, rates, color=colours, yerr=[below, above], capsize=3)
    ax.axhline(f["expected"], color="#333333", linestyle="--", linewidth=1, label="mean %s" % percent(f["expected"]))
    ax.set_xticks(x)
    ax.set_xticklabels(
        [r["label"] for r in rows],
        rotation=60 if len(rows) > 8 else 0,
        ha="right" if len(rows) > 8 else "center",
        fontsize=8,
    )
    ax.set_ylabel("share of wins")
    ax.set_ylim(0, max(r["high"] for r in rows) * 1.25 + 0.01)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="upper right")
