"""What the simulation commands (`ultimus simulate`, `balance`, `munera bout|matrix`) share on the
command line: who plays the games (--workers/-j N processes, or --scheduler, a Dask cluster), and
their jobs run by ultimus_host.parallel under a transient progress bar (done/total, rate, time
left). A Ctrl-C stops the games: one line, exit status 130."""

import contextlib
import functools
import time

import click

from ultimus_host import parallel

SCHEDULER_HELP = (
    "Play the games on a Dask cluster instead of local processes: the address of a running Dask scheduler"
    " (e.g. tcp://10.0.0.5:8786; each worker needs this package installed), or local[:N], a local Dask"
    " cluster of N worker processes (default: all cores). Needs the [cluster] extra."
)


def workers_option(command):
    """--workers/-j N and --scheduler ADDRESS|local[:N], given to the command as one `workers`:
    a number of processes (None: all cores) or a Dask cluster (ultimus_host.cluster.Cluster), what
    parallel.run takes. Also: a cluster that cannot play and a Ctrl-C end the command in one line."""

    @functools.wraps(command)
    def with_workers(*args, workers=None, scheduler=None, **kwargs):
        from ultimus_host.cluster import ClusterError

        try:
            return command(*args, workers=_who_plays(workers, scheduler), **kwargs)
        except ClusterError as exc:
            raise click.ClickException(str(exc)) from None
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            raise click.exceptions.Exit(130) from None

    with_workers = click.option("--scheduler", metavar="ADDRESS|local[:N]", default=None, help=SCHEDULER_HELP)(
        with_workers
    )
    return click.option(
        "--workers",
        "-j",
        type=click.IntRange(min=1),
        default=None,
        help="Processes that play the games at once (default: all cores, %d here); 1 plays them in this process."
        % parallel.default_workers(),
    )(with_workers)


def _who_plays(workers, scheduler):
    from ultimus_host import cluster

    if scheduler is None:
        return workers
    if workers is not None:
        raise cluster.ClusterError("--workers/-j and --scheduler: one or the other (processes here, or a Dask cluster)")
    return cluster.parse(scheduler, parallel.default_workers())


@contextlib.contextmanager
def progress_bar(total, what="games"):
    """A transient progress bar of `total` jobs, on stderr; yields progress(done), the callback parallel.run
    calls, whose progress.tell(line) prints a line above the bar (a Dask worker lost: parallel.run's tell)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
    with Progress(TextColumn("{task.description}"), *columns, transient=True, console=Console(stderr=True)) as bar:
        task = bar.add_task(what, total=total, rate="")
        started = time.monotonic()

        def progress(done):
            nonlocal started
            if done == 0:  # the workers are ready now (a Dask cluster has started): the rate counts from here
                started = time.monotonic()
            rate = done / max(time.monotonic() - started, 1e-9)
            bar.update(task, completed=done, rate="%.1f %s/s" % (rate, what))

        progress.tell = lambda line: bar.console.print(line, markup=False, highlight=False)  # pyright: ignore
        yield progress


def run_with_bar(fn, jobs, workers, what="games"):
    """parallel.run(fn, jobs, workers) under a progress bar that counts `what`: the results, in job order."""
    with progress_bar(len(jobs), what) as progress:
        return parallel.run(fn, jobs, workers, progress=progress)
