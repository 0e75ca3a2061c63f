"""How the simulations scale with their executor: the README's figures of `--scheduler` (printed, never asserted).

For each executor (-j 1, -j 2, --scheduler local:1, local:2 by default), the same ULTIMUS balance games
(`ultimus balance`'s job: 4 players, heuristic/random bots) and the same many tiny jobs (one divmod each,
one a chunk):

- the games: games per second (wall time), games per CPU-second of the worker that played them (each
  job's own process time: what a game costs a core, whatever else runs on the machine), and games per
  second per worker (wall): beside the CPU rate, how much of its core each worker had;
- the local cluster's start-up (the scheduler and its worker processes up) and its close, apart;
- what a chunk costs beyond its jobs: the tiny jobs' wall time a chunk (a round trip through the pool,
  or through the scheduler to a worker and back), and this process's CPU a chunk (with a local cluster,
  the scheduler's work is in it).

On a machine that others share, wall time says how busy it was; the CPU rate is the steady figure.

  PYTHONPATH=firmware:host .venv/bin/python tools/scaling.py [--games 200] [--tiny 2000]
      [--executors -j1,-j2,local:1,local:2]

The figures are the same on every executor (checked: the games' summaries are compared with the first
executor's). A running cluster is measured too: --executors -j1,tcp://10.0.0.5:8786.
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host")]

from ultimus_host import cluster, parallel  # noqa: E402
from ultimus_host.games.ultimus.balance import play_summary  # noqa: E402

KINDS = ["heuristic", "random"]


def timed(fn, *args):
    """fn(*args) and the CPU seconds it took in the worker that played it: (result, seconds)."""
    started = time.process_time()
    result = fn(*args)
    return result, time.process_time() - started


def executor(name):
    """-jN: N processes; anything else: --scheduler's value."""
    if name.startswith("-j"):
        return int(name[2:])
    return cluster.parse(name, parallel.default_workers())


def measure(name, games, tiny):
    """One executor's figures: a dict of seconds, and the games' summaries."""
    who = executor(name)
    out = {"executor": name, "workers": who.local if isinstance(who, cluster.Cluster) else who}
    if isinstance(who, cluster.Cluster):
        started = time.monotonic()
        who.open()
        out["start"] = time.monotonic() - started
        out["workers"] = who.workers()
    jobs = [(play_summary, 4, seed, KINDS, 1, "balanced") for seed in range(1, games + 1)]
    started = time.monotonic()
    played = parallel.run(timed, jobs, who)
    out["games_wall"] = time.monotonic() - started
    out["summaries"] = [summary for summary, _ in played]
    out["games_cpu"] = sum(seconds for _, seconds in played)
    started, here = time.monotonic(), time.process_time()
    parallel.run(divmod, [(i, 7) for i in range(tiny)], who, chunk=1)
    out["tiny_wall"] = time.monotonic() - started
    out["tiny_here"] = time.process_time() - here
    if isinstance(who, cluster.Cluster):
        started = time.monotonic()
        who.close()
        out["close"] = time.monotonic() - started
    return out


def main():
    parser = argparse.ArgumentParser(description="How the simulations scale with their executor.")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--tiny", type=int, default=2000)
    parser.add_argument("--executors", default="-j1,-j2,local:1,local:2")
    args = parser.parse_args()
    cluster._quiet()
    rows = [measure(name, args.games, args.tiny) for name in args.executors.split(",")]
    same = all(row["summaries"] == rows[0]["summaries"] for row in rows)
    load = os.getloadavg()[0]
    print(
        "%d ULTIMUS games (4 players, %s), %d tiny jobs; %d cores, load average %.1f at the end; figures the same"
        " on every executor: %s" % (args.games, "/".join(KINDS), args.tiny, os.cpu_count() or 0, load, same)
    )
    print()
    print(
        "| executor | start-up s | games/s | games per CPU-s of a worker | games/s per worker | "
        "ms a chunk | ms of this process's CPU a chunk | close s |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        rate = args.games / row["games_wall"]
        print(
            "| %s | %s | %.1f | %.1f | %.1f | %.2f | %.2f | %s |"
            % (
                row["executor"],
                "%.1f" % row["start"] if "start" in row else "-",
                rate,
                args.games / max(row["games_cpu"], 1e-9),
                rate / row["workers"],
                1000 * row["tiny_wall"] / args.tiny,
                1000 * row["tiny_here"] / args.tiny,
                "%.1f" % row["close"] if "close" in row else "-",
            )
        )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
