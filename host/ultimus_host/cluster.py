"""The simulations on a Dask cluster (`--scheduler ADDRESS | local[:N]`): the connection to a
running Dask scheduler, or a local cluster of worker processes started for the run, and the
chunks of jobs sent to its workers (ultimus_host.parallel cuts them, and puts the results back in
job order, as it does for its own processes).

Dask's `distributed` is an optional extra (`pip install -e '.[cluster]'`), imported only when a
command is given --scheduler. The workers unpickle the jobs' function by its module name: each
worker machine needs this package installed, at this version (checked before the first chunk).

A worker lost in the middle of a run (its machine or process gone) costs its chunks a retry on
another worker, not the run: the scheduler starts them again elsewhere, up to its
`distributed.scheduler.allowed-failures` losses per chunk (3 by default). An exception raised by a
job is not retried: the same seed would raise it again; it is raised here, as with -j.
"""

import asyncio
import logging
import os
import signal
import sys
import time
import warnings
from typing import cast

from referee import VERSION

# Seconds to reach a scheduler, and then to see a worker on it: a wrong address is told in this time.
CONNECT_TIMEOUT = 5
# What the user types for a local cluster: local (all cores) or local:N.
LOCAL = "local"


class ClusterError(Exception):
    """A cluster that cannot run the jobs: no Dask installed, a bad address, no workers... One line for the user."""


def parse(text, default_workers=1):
    """A Cluster from --scheduler's value: local, local:N (N workers), or a scheduler's address."""
    text = text.strip()
    if text == LOCAL:
        return Cluster(local=default_workers)
    if text.startswith(LOCAL + ":"):
        count = text[len(LOCAL) + 1 :]
        if not count.isdigit() or int(count) < 1:
            raise ClusterError("--scheduler local:N takes a number of workers, 1 or more, not %r" % count)
        return Cluster(local=int(count))
    if not text or any(c.isspace() for c in text):
        raise ClusterError(
            "--scheduler is local, local:N or a Dask scheduler's address such as tcp://10.0.0.5:8786, not %r" % text
        )
    return Cluster(address=text)


class Cluster:
    """A Dask cluster to play the jobs on: a scheduler's address, or `local` worker processes started here.

    `with cluster:` connects (starting the local cluster) and leaves it closed; parallel.run() given
    a closed cluster opens it for that one run. Opening takes seconds (a local cluster starts
    Python processes): a program that runs several batches opens it once around them.
    """

    def __init__(self, address=None, local=None):
        if (address is None) == (local is None):
            raise ValueError("a cluster is an address or a number of local workers")
        self.address = address
        self.local = local
        self.client = None
        self._cluster = None
        self.started_in = None  # seconds the last open() took

    def __repr__(self):
        return "Cluster(%s)" % ("local=%d" % self.local if self.local else "address=%r" % self.address)

    def describe(self):
        if self.local:
            return "a local Dask cluster of %d worker%s" % (self.local, "s" * (self.local != 1))
        return "the Dask scheduler at %s" % self.address

    def __enter__(self):
        self.open()
        return self

    def __exit__(self, *exc):
        self.close()

    def open(self):
        """Connect: start the local cluster, or reach the scheduler and see one of its workers."""
        if self.client is not None:
            return
        distributed = _import_distributed()
        _quiet()
        _lean()
        started = time.monotonic()
        try:
            if self.local:
                self._start_local(distributed)
            else:
                self.client = self._connect(distributed)
        except BaseException:
            self.close(abandon=True)
            raise
        self.started_in = time.monotonic() - started

    def _start_local(self, distributed):
        try:
            self._cluster = _local_cluster(distributed, self.local)
            self.client = distributed.Client(self._cluster, set_as_default=False)
        except Exception as exc:  # no worker process would start: a full process table, no free port...
            raise ClusterError("could not start %s: %s" % (self.describe(), _reason(exc))) from None

    def _connect(self, distributed):
        # The address is tried first on a connection of its own: a Client that fails to connect
        # lingers, and spends twice its timeout closing as it is collected.
        try:
            asyncio.run(asyncio.wait_for(_probe(self.address), CONNECT_TIMEOUT + 1))
        except (OSError, ValueError) as exc:  # refused, timed out (an OSError), no such host, malformed
            raise ClusterError("could not reach %s: %s" % (self.describe(), _reason(exc))) from None
        except Exception:  # someone else's server: its first bytes make no sense as a Dask message
            raise ClusterError("%s does not answer as a Dask scheduler" % self.address) from None
        try:
            client = distributed.Client(self.address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except Exception as exc:  # it answered the probe, but not to a client (another Dask version...)
            raise ClusterError("could not connect to %s: %s" % (self.describe(), _reason(exc))) from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
            versions = set(client.run(_version).values())
        except (OSError, distributed.TimeoutError):
            client.close()
            raise ClusterError(
                "%s has no workers: start `dask worker %s` on the machines that play" % (self.describe(), self.address)
            ) from None
        except Exception as exc:  # the workers could not unpickle _version: no ultimus_host there
            client.close()
            raise ClusterError(
                "the workers of %s cannot run this package (%s): install ultimus-box on each of them"
                % (self.describe(), _reason(exc))
            ) from None
        if versions != {VERSION}:
            client.close()
            raise ClusterError(
                "the workers of %s run ultimus-box %s, this is %s: their figures would not be this version's"
                % (self.describe(), ", ".join(sorted(map(str, versions))), VERSION)
            )
        return client

    def close(self, abandon=False):
        """Disconnect, and stop the local cluster's processes. abandon (a Ctrl-C, an error): its workers
        are killed at once, not asked to stop after the chunk they play, which may take seconds."""
        client, cluster, self.client, self._cluster = self.client, self._cluster, None, None
        if abandon and cluster is not None:
            for pid in self.local_worker_pids(cluster):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:  # gone already
                    pass
        for part in (client, cluster):
            if part is not None:
                try:
                    part.close()
                except Exception:  # closing a half-started or interrupted cluster: it is going anyway
                    pass

    def local_worker_pids(self, cluster=None):
        """The process ids of the local cluster's workers (none for a remote scheduler)."""
        cluster = cluster or self._cluster
        nannies = getattr(cluster, "workers", {}).values()
        pids = [getattr(nanny, "pid", None) for nanny in nannies]
        return [pid for pid in pids if pid]

    def workers(self):
        """The jobs the cluster plays at once: its workers' threads (at least 1)."""
        if self.client is None:
            return self.local or 1
        threads = cast(dict, self.client.nthreads())  # a dict, as the client is not asynchronous
        return max(1, sum(threads.values()))

    def run_jobs(self, fn, jobs, progress=None, chunk=None, tell=None):
        """[fn(*args) for args in jobs] on the workers, in job order. progress(done) is called here as each
        chunk comes back; tell(line) hears the workers lost and found meanwhile (default: stderr). A Ctrl-C
        cancels the chunks left and is raised here. The cluster is open (open(), or a with block).

        chunk: jobs per chunk; by default the first chunks are small, and the rest are cut to about
        CHUNK_SECONDS of a worker's CPU from what the chunks back so far cost (a chunk costs this process
        and the scheduler a millisecond or two, whatever its size), never more than a share of the jobs
        left, so that the workers finish together. Each worker has two chunks at a time: the next one
        waits on it, not on a round trip through this process."""
        import distributed

        client = self.client
        if client is None:
            raise ValueError("run_jobs() on a cluster not open")
        tell = tell or _stderr
        feed = _Feed(jobs, self.workers(), chunk)
        results = [None] * len(jobs)
        flight = {}  # future key -> (first job, jobs, future)
        watch = _Watch(self, tell)
        ready = distributed.as_completed(loop=client.loop, with_results=True)

        def submit():
            while feed.left() and len(flight) < IN_FLIGHT * max(1, watch.count):
                first, part = feed.next()
                future = client.submit(_timed_chunk, fn, part, pure=False)
                flight[future.key] = (first, part, future)
                ready.add(future)

        try:
            submit()
            for future, out in ready:
                if future.status != "finished":  # cancelled, its exception for a result: the scheduler is gone
                    raise ClusterError("lost %s in the middle of the run (gone, or stopped)" % self.describe())
                first, part, _ = flight.pop(future.key)
                played, seconds = out
                results[first : first + len(part)] = played
                feed.cost(len(part), seconds)
                if progress is not None:
                    progress(feed.back)
                watch.check()
                submit()
            watch.check(now=True)  # a worker lost near the end is told too
        except distributed.KilledWorker:
            client.cancel([f for _, _, f in flight.values()])
            raise ClusterError(
                "a chunk of jobs lost its worker more times than the scheduler allows"
                " (distributed.scheduler.allowed-failures): %s cannot keep its workers alive" % self.describe()
            ) from None
        except BaseException:
            client.cancel([f for _, _, f in flight.values()])
            raise
        return results


# Seconds of a worker's CPU a chunk is cut to, once the first chunks told what a job costs: a chunk costs
# this process and the scheduler a few milliseconds (4 on a loaded machine), a fraction of a percent of one.
CHUNK_SECONDS = 2.0
# Jobs in a first chunk, before any cost is known: a fraction of a second of most games.
FIRST_CHUNK = 4
# Chunks each worker holds at once (one played, one waiting for it).
IN_FLIGHT = 2
# Seconds between two looks at how many workers the cluster has (a round trip to the scheduler).
WATCH_EVERY = 1.0


class _Feed:
    """The jobs cut into chunks as the run goes: small ones first, then ones of CHUNK_SECONDS."""

    def __init__(self, jobs, workers, chunk):
        self.jobs, self.workers, self.fixed = jobs, workers, chunk
        self.sent = self.back = 0
        self.seconds = 0.0  # the CPU of the jobs back so far

    def left(self):
        return len(self.jobs) - self.sent

    def size(self):
        if self.fixed:
            return self.fixed
        if not self.back or self.seconds <= 0:
            return FIRST_CHUNK
        per_job = self.seconds / self.back
        size = max(1, int(CHUNK_SECONDS / per_job))
        if self.workers < 2:
            return size
        # at most a share of what is left, so that the last chunks end together on every worker (but
        # not less than an eighth of a full one: a chunk's round trip is not free either)
        share = -(-self.left() // (self.workers * IN_FLIGHT))
        return max(1, min(size, max(share, size // 8)))

    def next(self):
        first = self.sent
        part = self.jobs[first : first + self.size()]
        self.sent += len(part)
        return first, part

    def cost(self, jobs, seconds):
        self.back += jobs
        self.seconds += seconds


class _Watch:
    """The cluster's workers, looked at now and then: one lost (its process or machine gone, even if its
    nanny starts another at once) or one come is told in one line, with how many there are now."""

    def __init__(self, cluster, tell):
        self.cluster, self.tell = cluster, tell
        self.seen = self._workers() or set()
        self.count = len(self.seen)
        self.last = time.monotonic()

    def _workers(self):
        try:
            return set(cast(dict, self.cluster.client.nthreads()))
        except Exception:  # the scheduler is gone: the run's next result says so
            return None

    def check(self, now=False):
        """Look again (at most once in WATCH_EVERY seconds, unless now)."""
        if not now and time.monotonic() - self.last < WATCH_EVERY:
            return
        self.last = time.monotonic()
        workers = self._workers()
        if workers is None or workers == self.seen:
            return
        lost, came = len(self.seen - workers), len(workers - self.seen)
        self.seen, self.count = workers, len(workers)
        now_line = "%d worker%s now" % (self.count, "s" * (self.count != 1))
        if lost:
            self.tell(
                "lost %d Dask worker%s (the games %s played are played again): %s"
                % (lost, "s" * (lost != 1), "they" if lost > 1 else "it", now_line)
            )
        elif came:
            self.tell("%d more Dask worker%s: %s" % (came, "s" * (came != 1), now_line))


def _timed_chunk(fn, part):
    """A chunk played on a worker: its results, and the CPU it took there (the next chunks are cut by it)."""
    started = time.process_time()
    out = [fn(*args) for args in part]
    return out, time.process_time() - started


def _stderr(line):
    print(line, file=sys.stderr)


def _local_cluster(distributed, workers):
    """A LocalCluster of `workers` processes whose workers never see a Ctrl-C.

    A Ctrl-C in the terminal reaches every process of its group: only this one, which stops the
    run, answers it; a worker would print a traceback, even while it still imports Dask. So SIGINT
    is blocked in this thread while the cluster starts: its event loop's thread, which starts the
    worker processes, inherits the mask, and they from it, exec or not. A Ctrl-C meanwhile waits,
    and is raised here as soon as the cluster is up (a few seconds at most).
    """
    blocked = hasattr(signal, "pthread_sigmask")  # not on Windows, where a Ctrl-C goes its own way
    if blocked:
        # multiprocessing's resource tracker, started by the first worker, would unblock SIGINT in
        # the thread that starts it (the event loop's) once it is up: it is started here, first.
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,  # the games are pure Python: one a process, not threads under the GIL
            processes=True,
            dashboard_address=None,  # no web page, and no port taken
            scheduler_port=0,
            silence_logs=logging.CRITICAL,
        )
    finally:
        if blocked:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


async def _probe(address):
    """Connect to the scheduler at address and shake hands (Dask's own handshake), then hang up."""
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.core import connect

    parse_host_port(parse_address(address)[1])  # a ValueError for a missing port and the like
    comm = await connect(address, timeout=CONNECT_TIMEOUT)
    await comm.close()


def _version():
    return VERSION


def _reason(exc):
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise ClusterError(
            "--scheduler needs Dask's distributed package: pip install 'ultimus-box[cluster]'"
            " (or pip install -e '.[cluster]' in a checkout)"
        ) from None
    return distributed


# Dask's periodic work, made rare for a run of pure-Python games (issue 34: with Dask's defaults a
# worker took 16 % more CPU a Munera bout than -j 1, and this process 8 % of the workers' CPU). The
# local cluster's workers get it from this process (their nannies pass on its configuration); the
# workers of a running scheduler keep their own (README: how to start them alike).
LEAN = {
    "distributed.worker.profile.enabled": False,  # a sampling profiler: a thread waking every 10 ms
    "distributed.admin.tick.interval": "1s",  # a check of a blocked event loop, every 20 ms
    "distributed.admin.system-monitor.interval": "5s",  # CPU, memory and network read every 0.5 s
    "distributed.worker.memory.monitor-interval": "1s",  # the memory limit looked at every 0.1 s
    "distributed.deploy.cluster-repr-interval": "10s",  # a local cluster's description, every 0.5 s
    "distributed.client.scheduler-info-interval": "10s",  # the client asks for the workers every 2 s
    "distributed.scheduler.active-memory-manager.start": False,  # no data kept on the workers to move
    "distributed.scheduler.work-stealing": False,  # run_jobs gives each worker its own two chunks
}
# Seconds between a local cluster's workers' heartbeats to its scheduler (in this process), which Dask
# sets to 0.5 s for a few workers: a lost worker is seen when its connection drops, not by heartbeats.
HEARTBEAT = 5.0


def _lean():
    import multiprocessing

    import dask.config
    import distributed.scheduler

    dask.config.set(LEAN)
    if hasattr(distributed.scheduler, "heartbeat_interval"):  # a Dask that has it: its scheduler's choice
        distributed.scheduler.heartbeat_interval = lambda workers: max(HEARTBEAT, workers / 200 + 1)
    if "forkserver" in multiprocessing.get_all_start_methods():
        # a local cluster's workers forked from one process that has imported Dask already, not each
        # a new Python importing it (as -j's pool): about 1 s less to start, and 0.4 s less to close
        dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"})


def _quiet():
    # Dask tells its life (workers started, a worker lost and restarted, a connection closed at
    # the end) in log lines and warnings on stderr; they are the cluster's business, not the
    # figures'. Errors reach the user as ClusterError or the job's own exception.
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "error")  # the worker processes, as they import
    # Dask's configuration gives some of its loggers levels of their own (distributed.client...):
    # each one is quietened, not only their parent.
    names = [name for name in logging.root.manager.loggerDict if name.split(".")[0] == "distributed"]
    for name in ["distributed", "tornado", "bokeh", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    warnings.filterwarnings("ignore", module=r"distributed(\.|$)")
    warnings.filterwarnings("ignore", module=r"dask(\.|$)")
