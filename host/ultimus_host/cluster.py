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

    def run_chunks(self, run_chunk, fn, parts, told):
        """[run_chunk(fn, part) for part in parts] on the workers, in the order of parts; told(i, out)
        is called here as each chunk i comes back. A Ctrl-C cancels the chunks left and is raised here.
        The cluster is open (open(), or a with block)."""
        import distributed

        client = self.client
        if client is None:
            raise ValueError("run_chunks() on a cluster not open")
        # one message for all the chunks, and each result comes with the news that its chunk is
        # done: a few milliseconds a chunk less than a submit() and a result() for each
        futures = client.map(run_chunk, [fn] * len(parts), parts, pure=False)
        index = {future.key: i for i, future in enumerate(futures)}
        results = [None] * len(parts)
        try:
            for future, out in distributed.as_completed(futures, loop=client.loop, with_results=True):
                if future.status != "finished":  # cancelled, its exception for a result: the scheduler is gone
                    raise ClusterError("lost %s in the middle of the run (gone, or stopped)" % self.describe())
                i = index[future.key]
                results[i] = out
                told(i, out)
        except distributed.KilledWorker:
            client.cancel(futures)
            raise ClusterError(
                "a chunk of jobs lost its worker more times than the scheduler allows"
                " (distributed.scheduler.allowed-failures): %s cannot keep its workers alive" % self.describe()
            ) from None
        except BaseException:
            client.cancel(futures)
            raise
        return results


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
