"""What the simulation commands (`ultimus balance`, `ultimus munera bout|matrix`) share on the
command line: the --workers/-j option, and their jobs run by ultimus_host.parallel under a
transient progress bar (done/total, rate, time left)."""

import contextlib
import time

import click

from ultimus_host import parallel


def workers_option(command):
    """--workers/-j N: the number of processes that play (default: all cores)."""
    return click.option(
        "--workers",
        "-j",
        type=click.IntRange(min=1),
        default=None,
        help="Processes that play the games at once (default: all cores, %d here); 1 plays them in this process."
        % parallel.default_workers(),
    )(command)


@contextlib.contextmanager
def progress_bar(total, what="games"):
    """A transient progress bar of `total` jobs; yields progress(done), the callback parallel.run calls."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
    with Progress(TextColumn("{task.description}"), *columns, transient=True) as bar:
        task = bar.add_task(what, total=total, rate="")
        started = time.monotonic()

        def progress(done):
            rate = done / max(time.monotonic() - started, 1e-9)
            bar.update(task, completed=done, rate="%.1f %s/s" % (rate, what))

        yield progress


def run_with_bar(fn, jobs, workers, what="games"):
    """parallel.run(fn, jobs, workers) under a progress bar that counts `what`: the results, in job order."""
    with progress_bar(len(jobs), what) as progress:
        return parallel.run(fn, jobs, workers, progress=progress)
