"""How the simulations scale with their executor: the README's figures of -j and --scheduler (printed, never
asserted).

For each run (a game's `ultimus simulate` jobs: its default table, its first bot kind; ULTIMUS 400 games and
Munera 10,000 bouts by default) and each executor (-j 1, -j 2, --scheduler local:1, local:2 by default):

- CPU a game: of a Dask cluster, its workers' whole processes over the run (each asked for its process time
  before and after: the games, and Dask's own work between and beside them); of -j N, the jobs' own process
  time in the pool's workers (a pool worker does nothing else); of -j 1, this process's;
- this process's share: its CPU over the run (with a local cluster, the scheduler's too: it runs here) per
  CPU of the workers;
- wall times: the run's, a local cluster's start-up and close apart, and the whole (start, run, close);
- whether every executor gave the same summaries, game for game.

The load average is printed before and after: on a machine that others share the wall times say how busy
it was, the CPU figures are the steady ones.

  PYTHONPATH=firmware:host .venv/bin/python tools/scaling.py [--runs ultimus:400,munera:10000]
      [--executors -j1,-j2,local:1,local:2]

A running cluster is measured too: --executors -j1,tcp://10.0.0.5:8786.
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from ultimus_host import cluster, parallel, simulations  # noqa: E402


def timed(fn, *args):
    """fn(*args) and the CPU seconds it took in the worker that played it: (result, seconds)."""
    started = time.process_time()
    result = fn(*args)
    return result, time.process_time() - started


def _cpu():
    return time.process_time()


def executor(name):
    """-jN: N processes; anything else: --scheduler's value."""
    if name.startswith("-j"):
        return int(name[2:])
    return cluster.parse(name, parallel.default_workers())


def jobs_of(game, games):
    sim = simulations.get(game)
    _, todo = simulations.jobs([sim.DEFAULT_PLAYERS], games, 1, list(sim.BOTS[:1]))
    return [(sim.play,) + job for job in todo]


def measure(name, jobs):
    """One executor's figures on one run's jobs: a dict of seconds, and the games' summaries."""
    who = executor(name)
    dask = isinstance(who, cluster.Cluster)
    out = {"executor": name}
    whole = time.monotonic()
    if dask:
        who.open()
        out["start"] = time.monotonic() - whole
        before = who.client.run(_cpu)  # pyright: ignore[reportOptionalMemberAccess]
    started, here = time.monotonic(), time.process_time()
    played = parallel.run(timed, jobs, who)
    out["wall"] = time.monotonic() - started
    out["here"] = time.process_time() - here
    out["summaries"] = [summary for summary, _ in played]
    out["jobs_cpu"] = sum(seconds for _, seconds in played)
    if dask:
        after = who.client.run(_cpu)  # pyright: ignore[reportOptionalMemberAccess]
        out["workers_cpu"] = sum(after[k] - before[k] for k in after if k in before)
        started = time.monotonic()
        who.close()
        out["close"] = time.monotonic() - started
    elif who == 1:
        out["workers_cpu"] = out["here"]  # the games are this process's own work
        out["here"] = 0.0
    else:
        out["workers_cpu"] = out["jobs_cpu"]
    out["whole"] = time.monotonic() - whole
    return out


def table(game, games, rows):
    base = rows[0]["workers_cpu"] / games
    print()
    print("%s, %d games:" % (game, games))
    print()
    print(
        "| executor | ms of CPU a game | beside %s | this process's CPU per workers' CPU | start-up s | run s (wall)"
        " | close s | whole s |" % rows[0]["executor"]
    )
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        per_game = row["workers_cpu"] / games
        print(
            "| %s | %.2f | %+.0f %% | %.2f %% | %s | %.1f | %s | %.1f |"
            % (
                row["executor"],
                1000 * per_game,
                100 * (per_game / base - 1),
                100 * row["here"] / max(row["workers_cpu"], 1e-9),
                "%.1f" % row["start"] if "start" in row else "-",
                row["wall"],
                "%.2f" % row["close"] if "close" in row else "-",
                row["whole"],
            )
        )


def main():
    parser = argparse.ArgumentParser(description="How the simulations scale with their executor.")
    parser.add_argument("--runs", default="ultimus:400,munera:10000", help="GAME:GAMES, comma-separated")
    parser.add_argument("--executors", default="-j1,-j2,local:1,local:2")
    args = parser.parse_args()
    cluster._quiet()
    print("%d cores, load average %.1f %.1f %.1f at the start" % ((os.cpu_count() or 0,) + tuple(os.getloadavg())))
    same = True
    for run in args.runs.split(","):
        game, games = run.split(":")
        jobs = jobs_of(game, int(games))
        rows = [measure(name, jobs) for name in args.executors.split(",")]
        same = same and all(row["summaries"] == rows[0]["summaries"] for row in rows)
        table(game, len(jobs), rows)
    print()
    print("load average %.1f %.1f %.1f at the end; the same games on every executor: %s" % (os.getloadavg() + (same,)))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
