"""Many independent jobs (simulated games) on all the cores, the results in job order.

run(fn, jobs) calls fn(*args) for each argument tuple of jobs and returns the results in the
order of jobs, whichever worker finished first: whatever adds them up in that order gives the
same figures with 1 worker or 16. The jobs go out in chunks, so that a job of a few
milliseconds does not pay a round trip between processes of its own, and a progress callback
hears the number of jobs done after each chunk.

With more than one worker, fn, its arguments and its results cross between processes: fn must
be a module-level function, and it should return a small summary (counters), not a game.
With one worker everything runs in this process, with no pool: for tests and debuggers.
Instead of a number of processes, workers may be a Dask cluster (ultimus_host.cluster.Cluster,
`--scheduler`): the jobs then run in chunks on its workers, here or on other machines (chunks it
cuts itself, by what the first ones cost: ultimus_host.cluster.Cluster.run_jobs), and come back in
the same order, so that the figures are the same again.
"""

import math
import multiprocessing
import os
import signal

# Chunks per worker: enough that the workers finish at nearly the same time and the progress
# bar moves, few enough that each carries several jobs.
CHUNKS_PER_WORKER = 8
# At most this many jobs in a chunk, so that even a long run reports often: 32 Munera bouts take
# a fraction of a second, 32 ULTIMUS games a few seconds; the round trip of a chunk is well
# under a millisecond.
MAX_CHUNK = 32


def default_workers():
    """The cores this process may run on (its affinity mask where the system has one), at least 1."""
    counts = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counts is not None:
        n = counts()
    elif hasattr(os, "sched_getaffinity"):
        n = len(os.sched_getaffinity(0))
    else:
        n = os.cpu_count()
    return max(1, n or 1)


def chunk_size(jobs, workers):
    """Jobs per chunk for this many jobs and workers."""
    return max(1, min(MAX_CHUNK, math.ceil(jobs / (workers * CHUNKS_PER_WORKER))))


def chunks(jobs, size):
    """jobs cut into consecutive lists of size jobs (the last one shorter)."""
    return [jobs[i : i + size] for i in range(0, len(jobs), size)]


def run(fn, jobs, workers=None, chunk=None, progress=None, tell=None):
    """[fn(*args) for args in jobs], on `workers` processes (default: all cores; 1: here, no pool),
    or on a Dask cluster (an ultimus_host.cluster.Cluster).

    chunk: jobs per chunk (default: chunk_size(); a cluster cuts its own, see Cluster.run_jobs);
    progress(done) is called in this process after each chunk with the number of jobs done so far;
    tell(line): what a cluster says of its workers lost and come during the run (default: progress.tell,
    where simulate.progress_bar gives one, else stderr).
    A Ctrl-C stops the workers and is raised here as KeyboardInterrupt.
    """
    jobs = [tuple(args) for args in jobs]
    if _is_cluster(workers):
        return _run_on_cluster(fn, jobs, workers, chunk, progress, tell)
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ValueError("workers must be 1 or more, not %r" % workers)
    parts = chunks(jobs, chunk or chunk_size(len(jobs), workers))
    results = [[] for _ in parts]
    done = 0
    if workers == 1 or len(parts) < 2:
        for i, part in enumerate(parts):
            results[i] = _run_chunk(fn, part)
            done += len(part)
            if progress is not None:
                progress(done)
    else:
        tasks = [(i, fn, part) for i, part in enumerate(parts)]
        # leaving the with block terminates the pool: on a Ctrl-C or an error in a job too
        with _context().Pool(min(workers, len(parts)), initializer=_ignore_interrupt) as pool:
            # chunks come back as they finish, so that progress is told at once; each one
            # goes back in its place
            for i, out in pool.imap_unordered(_run_numbered, tasks):
                results[i] = out
                done += len(out)
                if progress is not None:
                    progress(done)
    return [result for part in results for result in part]


def _is_cluster(workers):
    return hasattr(workers, "run_jobs")  # duck-typed: this module never imports Dask


def _run_on_cluster(fn, jobs, cluster, chunk, progress, tell):
    if not jobs:
        return []
    tell = tell or getattr(progress, "tell", None)
    with _opened(cluster):
        if progress is not None:
            progress(0)  # the cluster is up (a local one takes seconds to start): the games start now
        return cluster.run_jobs(fn, jobs, progress, chunk, tell)


class _opened:
    """The cluster open for the run: left as found (a cluster opened by the caller stays open)."""

    def __init__(self, cluster):
        self.cluster = cluster
        self.mine = cluster.client is None

    def __enter__(self):
        if self.mine:
            self.cluster.open()

    def __exit__(self, kind, exc, tb):
        if self.mine:
            self.cluster.close(abandon=kind is not None)


def _run_chunk(fn, part):
    return [fn(*args) for args in part]


def _run_numbered(task):
    i, fn, part = task
    return i, _run_chunk(fn, part)


def _ignore_interrupt():
    # A Ctrl-C in the terminal reaches every process of its group. Only the parent answers it,
    # by terminating the pool: a worker left to it would print a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from ultimus_host import watch

    watch.install()  # a worker watches its games as the command does (ultimus_host.watch)


def _context():
    # Not fork: the parent has threads by then (the progress bar's), and a child forked while one
    # of them held a lock would inherit it locked. forkserver forks from a clean single-threaded
    # process (it is Python 3.14's default for that reason); spawn where there is no forkserver.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
