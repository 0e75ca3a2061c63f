"""What `ultimus balance` writes out, per player count: the figures as data (for --json), the
same tables as Markdown (for --markdown, ready to paste into a doc) and the chart (--chart).

Each takes {player count: Tally} (ultimus_host.games.ultimus.balance); the terminal's tables in cli.py show
the very same rows.
"""


def figures(tally):
    """One player count's figures: counts, and the rates the tables show."""
    gladiators, bets = tally.rows()
    rounds, actions = tally.length()
    return {
        "games": tally.games,
        "battles": tally.battles,
        "unfinished": tally.unfinished,
        "rounds_per_battle": rounds,
        "actions_per_game": actions,
        "gladiators": [
            {
                "name": name,
                "wins": win,
                "dies": die,
                "pardoned": pardon,
                "won": tally.won[g],
                "died": tally.died[g],
                "pardons": tally.pardoned[g],
            }
            for g, (name, win, die, pardon) in enumerate(gladiators)
        ],
        "bets": [
            {"kind": kind, "coins_bet": staked, "gold_back": tally.paid[k], "gold_back_per_coin": back}
            for k, (kind, staked, back) in enumerate(bets)
        ],
    }


def tally_of(figures_of_count):
    """The Tally a player count's saved figures (figures(), an item of the --json document's
    "by_players") were made from, as far as a chart and the tables need it: so that a saved
    run can be drawn again without playing it again."""
    from ultimus_host.games.ultimus.balance import Tally

    t = Tally()
    f = figures_of_count
    t.games, t.battles, t.unfinished = f["games"], f["battles"], f["unfinished"]
    t.rounds = round(f["rounds_per_battle"] * f["battles"])
    t.actions = round(f["actions_per_game"] * f["games"])
    for g, row in enumerate(f["gladiators"]):
        t.won[g], t.died[g], t.pardoned[g] = row["won"], row["died"], row["pardons"]
    for k, row in enumerate(f["bets"]):
        t.staked[k], t.paid[k] = row["coins_bet"], row["gold_back"]
    return t


def tallies_of(document):
    """{player count: Tally} of a whole --json document."""
    return {f["players"]: tally_of(f) for f in document["by_players"]}


def report(tallies, parameters, version):
    """The whole --json document: the command's parameters, the package's version and, for each
    player count in increasing order, its figures. Rates are fractions (0.25, not 25 %)."""
    return {
        "command": "ultimus balance",
        "version": version,
        "parameters": parameters,
        "by_players": [dict(players=players, **figures(tallies[players])) for players in sorted(tallies)],
    }


def percent(x):
    return "%.0f %%" % (100 * x)


def markdown(tallies, bots, content=None):
    """The tables of every player count as Markdown: a heading, gladiators, bets, battle length.
    content: ULTIMUS's content variant the games played, named in each heading."""
    lines = []
    for players in sorted(tallies):
        t = tallies[players]
        gladiators, bets = t.rows()
        rounds, actions = t.length()
        lines += [
            "### %d players: %d games, %d battles (%s bots%s)"
            % (players, t.games, t.battles, bots, ", %s content" % content if content else ""),
            "",
            "| gladiator | wins | dies | pardoned |",
            "|---|--:|--:|--:|",
        ]
        lines += ["| %s | %s | %s | %s |" % (n, percent(w), percent(d), percent(p)) for n, w, d, p in gladiators]
        lines += ["", "| bet | coins bet | gold back per coin |", "|---|--:|--:|"]
        lines += ["| %s | %d | %.2f |" % (kind, staked, back) for kind, staked, back in bets]
        lines += ["", "%.1f rounds a battle, %.0f actions a game." % (rounds, actions)]
        if t.unfinished:
            lines[-1] += " %d games stopped unfinished." % t.unfinished
        lines.append("")
    return "\n".join(lines)


def chart(tallies, path):
    """A chart, one row of panels per player count: win, death and pardon rates per gladiator,
    and the gold back per coin of each bet kind. The rows share their scales, to be compared."""
    import matplotlib.pyplot as plt

    fig = figure(tallies)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def figure(tallies):
    """The chart's figure (matplotlib), each aim band named in a legend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    counts = sorted(tallies)
    fig, axes = plt.subplots(
        len(counts),
        2,
        figsize=(11, 0.6 + 3.4 * len(counts)),
        gridspec_kw={"width_ratios": [3, 1]},
        sharey="col",
        squeeze=False,
    )
    for row, players in enumerate(counts):
        left, right = axes[row]
        t = tallies[players]
        gladiators, bets = t.rows()
        names = [g[0] for g in gladiators]
        x = range(len(names))
        for i, (label, colour) in enumerate((("win", "#d4a017"), ("die", "#b22222"), ("pardoned", "#4682b4"))):
            left.bar(
                [v + (i - 1) * 0.27 for v in x], [g[i + 1] for g in gladiators], width=0.27, label=label, color=colour
            )
        left.set_xticks(list(x))
        left.set_xticklabels(names)
        left.set_ylabel("share of battles")
        left.set_ylim(0, 1.15)  # rates are at most 1: the band above holds the legend, clear of the bars
        left.set_title("%d players: %d games, %d battles" % (players, t.games, t.battles))
        # the aims of docs/balance.md, behind the bars
        left.axhspan(0.12, 0.22, color="#d4a017", alpha=0.18, linewidth=0, zorder=0, label="aim for wins")
        if row == 0:
            left.legend(loc="upper center", ncols=4, fontsize=8)
        right.bar([b[0] for b in bets], [b[2] for b in bets], color=["#d4a017", "#b22222", "#2e8b57"])
        right.axhline(1.0, color="grey", linewidth=0.8)  # a bet kind above the line pays more than it takes
        right.axhspan(0.9, 1.1, color="grey", alpha=0.18, linewidth=0, zorder=0, label="aim: 0.9 to 1.1")
        right.set_ylim(0, max(1.45, 1.15 * max([b[2] for b in bets] or [0])))  # room above the bars for the legend
        if row == 0:
            right.legend(loc="upper left", fontsize=8)
        right.set_title("%d players: gold back per coin bet" % players, fontsize=10)
    fig.tight_layout()
    return fig
