"""The simulations on a Dask cluster (--scheduler, ultimus_host.cluster): the same figures as -j 1,
progress after each chunk, a worker killed mid-run costing a retry and not the run, and every way
the option can go wrong told in one line. One local cluster of 2 worker processes serves the
module; the Ctrl-C test starts the command's own."""

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import VERSION
from ultimus_host import cluster as dask_cluster
from ultimus_host import parallel
from ultimus_host.cli import main
from ultimus_host.games.munera.bouts import bout_summary
from ultimus_host.games.ultimus.balance import play_summary

ROOT = Path(__file__).resolve().parent.parent
KINDS = ["heuristic", "random"]


@pytest.fixture(scope="module")
def local2():
    with dask_cluster.Cluster(local=2) as cluster:
        yield cluster


@pytest.fixture
def on_local2(local2, monkeypatch):
    """--scheduler local:2 given to a command plays on the module's cluster, not on one started for it."""
    asked = []

    def parse(text, default_workers=1):
        asked.append(text)
        return local2

    monkeypatch.setattr(dask_cluster, "parse", parse)
    return asked


def _figures(output, folder):
    """A command's output without its timing line(s), which differ from run to run, and the files written."""
    return [line for line in output.splitlines() if "/s" not in line and str(folder) not in line]


def test_scheduler_values():
    assert dask_cluster.parse("local:3").local == 3 and dask_cluster.parse(" local ", 5).local == 5
    assert dask_cluster.parse("tcp://10.0.0.5:8786").address == "tcp://10.0.0.5:8786"
    for bad in ("local:0", "local:x", "local:", "local:-1", "", "tcp://a b:1"):
        with pytest.raises(dask_cluster.ClusterError):
            dask_cluster.parse(bad)


def test_results_in_job_order_with_progress_after_each_chunk(local2):
    told = []
    out = parallel.run(divmod, [(i, 3) for i in range(10)], local2, chunk=3, progress=told.append)
    assert out == [divmod(i, 3) for i in range(10)]
    assert told == sorted(told) and told[0] == 0 and len(told) == 1 + 4 and told[-1] == 10  # 0: the cluster is up
    assert parallel.run(divmod, [], local2) == []
    with pytest.raises(ZeroDivisionError):  # a job's own error, raised here as with -j
        parallel.run(divmod, [(1, 1), (1, 0), (2, 1)], local2, chunk=1)


def test_balance_is_the_same_on_j1_and_a_local_dask_cluster(on_local2, tmp_path):
    runs = {}
    for name, how in (("j1", ["-j", "1"]), ("dask", ["--scheduler", "local:2"])):
        args = ["balance", "-n", "8", "-p", "3,4", "--seed", "7", "--chart", str(tmp_path / (name + ".png"))]
        result = CliRunner().invoke(main, args + ["--json", str(tmp_path / (name + ".json"))] + how)
        assert result.exit_code == 0, result.output
        runs[name] = (_figures(result.output, tmp_path), json.loads((tmp_path / (name + ".json")).read_text()))
    assert on_local2 == ["local:2"]
    assert runs["j1"] == runs["dask"] and runs["j1"][1]["parameters"]["games_per_count"] == 4


def test_munera_bout_and_matrix_are_the_same_on_j1_and_a_local_dask_cluster(on_local2, tmp_path):
    matrix = ["matrix", "--profiles", "gaul,samnite,velite", "-n", "4"]
    for command in (["bout", "gaul", "samnite", "-n", "30"], matrix):
        outputs = []
        for name, how in (("j1", ["-j", "1"]), ("dask", ["--scheduler", "local:2"])):
            chart = ["--chart", str(tmp_path / (name + ".png"))] if command[0] == "matrix" else []
            result = CliRunner().invoke(main, ["munera", *command, "--seed", "3", *chart, *how])
            assert result.exit_code == 0, result.output
            outputs.append(_figures(result.output, tmp_path))
        assert outputs[0] == outputs[1] and len(outputs[0]) >= 3


def test_a_worker_killed_mid_run_costs_a_retry_not_the_run(local2):
    jobs = [(3, seed, KINDS, 1, "balanced") for seed in range(12)]
    client = local2.client
    killed = []

    def progress(done):
        if done and not killed:  # the first chunk is back: kill a worker that plays another, and the chunk with it
            busy = [(address, keys) for address, keys in client.processing().items() if keys]
            pids = client.run(os.getpid)
            os.kill(pids[busy[0][0]], signal.SIGKILL)
            killed.append((pids[busy[0][0]], list(busy[0][1]), done))

    said = []
    out = parallel.run(play_summary, jobs, local2, chunk=1, progress=progress, tell=said.append)
    pid, chunks_lost, done = killed[0]
    assert chunks_lost and done < len(jobs)
    assert out == parallel.run(play_summary, jobs, 1)
    # the run said so, with the workers it has now (the nanny may have started the new one already)
    assert len(said) >= 1 and said[0].startswith("lost 1 Dask worker (the games it played are played again): ")
    assert said[0].endswith(("1 worker now", "2 workers now")), said
    # the killed worker's nanny starts a new one: the cluster keeps its two workers for the tests after
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(client.nthreads()) < 2:
        time.sleep(0.2)
    assert pid not in local2.local_worker_pids() and len(client.nthreads()) == 2


def _one_line_error(args):
    result = CliRunner().invoke(main, args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return lines[0]


def test_wrong_scheduler_options_are_one_line(tmp_path):
    bout = ["munera", "bout", "gaul", "samnite", "-n", "2"]
    assert "one or the other" in _one_line_error(bout + ["-j", "2", "--scheduler", "local:2"])
    assert "local:N takes a number of workers" in _one_line_error(bout + ["--scheduler", "local:0"])
    assert "local:N takes a number of workers" in _one_line_error(bout + ["--scheduler", "local:two"])
    assert "missing port" in _one_line_error(bout + ["--scheduler", "nowhere"])


def test_a_scheduler_that_is_not_there_is_told_in_one_line_in_a_short_time(monkeypatch):
    monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", 1)
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nothing listens there once the socket is closed
    started = time.monotonic()
    line = _one_line_error(["munera", "bout", "gaul", "samnite", "-n", "2", "--scheduler", "tcp://127.0.0.1:%d" % port])
    assert "could not reach the Dask scheduler at tcp://127.0.0.1:%d" % port in line
    assert time.monotonic() - started < 10


def test_a_server_that_is_not_a_dask_scheduler_is_told_in_one_line(monkeypatch):
    monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", 2)
    server = socket.create_server(("127.0.0.1", 0))

    def answer():  # a web server, say: its first bytes are no Dask frame
        with server:
            conn, _ = server.accept()
            with conn:
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n" * 4)
                time.sleep(1)

    threading.Thread(target=answer, daemon=True).start()
    address = "tcp://127.0.0.1:%d" % server.getsockname()[1]
    line = _one_line_error(["munera", "bout", "gaul", "samnite", "-n", "2", "--scheduler", address])
    assert "Dask scheduler" in line and address in line


def test_ctrl_c_stops_a_local_dask_cluster_in_one_line(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "firmware"), str(ROOT / "host")]))
    args = [sys.executable, "-c", "from ultimus_host.start import main; main()", "balance", "-n", "4000"]
    args += ["--scheduler", "local:2", "--chart", str(tmp_path / "b.png")]
    proc = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
    )
    try:
        # the two workers are up when the group has them (and Python's resource tracker) beside the command
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(_group(proc.pid)) < 4:
            time.sleep(0.2)
        time.sleep(1.5)  # their first chunks under way
        assert proc.poll() is None
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C does: to every process of the group
        started = time.monotonic()
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130 and err.strip() == "interrupted", err
    assert "games" not in out and time.monotonic() - started < 15  # ~1 s on an idle machine
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _group(proc.pid, alive_only=True):
        time.sleep(0.1)
    assert not _group(proc.pid, alive_only=True)  # no worker left playing


def _group(pgid, alive_only=False):
    """The processes of process group pgid (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = (Path("/proc") / entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and not (alive_only and fields[0] == "Z"):
                found.append(int(entry))
    return found


def test_a_running_scheduler_without_then_with_a_worker(tmp_path, monkeypatch):
    """The README's way: `dask scheduler`, then `dask worker ADDRESS` (here on this machine), then --scheduler
    ADDRESS. With no worker yet, one line in a short time; with one, the figures of -j 1; with workers of
    another version, one line; the scheduler lost in the middle of a run, one line."""
    monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", 1)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "firmware"), str(ROOT / "host")]))
    started = []

    def start(*args):
        started.append(
            subprocess.Popen(
                [sys.executable, "-m", "dask", *args, "--no-dashboard"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        )

    try:
        where = tmp_path / "scheduler.json"
        start("scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file", str(where))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (where.exists() and where.read_text().strip().endswith("}")):
            time.sleep(0.1)
        address = json.loads(where.read_text())["address"]
        bout = ["munera", "bout", "gaul", "samnite", "-n", "30", "--seed", "9"]
        line = _one_line_error(bout + ["--scheduler", address])
        assert "has no workers: start `dask worker %s`" % address in line
        start("worker", address, "--nworkers", "1", "--nthreads", "1")
        monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", 30)  # the worker's start-up, on a busy machine
        outputs = []
        for how in (["-j", "1"], ["--scheduler", address]):
            result = CliRunner().invoke(main, bout + how)
            assert result.exit_code == 0, result.output
            outputs.append(_figures(result.output, tmp_path))
        assert outputs[0] == outputs[1] and any(line.startswith("30 bouts") for line in outputs[0])
        monkeypatch.setattr(dask_cluster, "VERSION", "0.0.1")  # this side's; the worker tells its own
        line = _one_line_error(bout + ["--scheduler", address])
        assert "run ultimus-box %s, this is 0.0.1" % VERSION in line
        monkeypatch.undo()
        scheduler = started[0]

        def progress(done):
            if done:  # a chunk is back: the scheduler's machine goes down
                os.killpg(scheduler.pid, signal.SIGKILL)

        jobs = [("gaul", "samnite", seed) for seed in range(400)]
        with pytest.raises(dask_cluster.ClusterError, match="lost the Dask scheduler at .* in the middle of the run"):
            parallel.run(bout_summary, jobs, dask_cluster.Cluster(address=address), chunk=2, progress=progress)
    finally:
        for proc in started:
            with contextlib.suppress(ProcessLookupError):  # the scheduler was killed already
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in started:
            proc.wait(timeout=30)


def test_a_ctrl_c_with_processes_ends_the_same_way(monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(parallel, "run", interrupted)
    result = CliRunner().invoke(main, ["munera", "bout", "gaul", "samnite", "-n", "2", "-j", "2"])
    assert result.exit_code == 130 and result.output.strip() == "interrupted", result.output


def test_simulate_is_the_same_on_j1_and_a_local_dask_cluster(on_local2, tmp_path):
    documents = []
    for name, how in (("j1", ["-j", "1"]), ("dask", ["--scheduler", "local:2"])):
        path = tmp_path / (name + ".json")
        result = CliRunner().invoke(main, ["simulate", "morituri", "-n", "12", "--json", str(path), *how])
        assert result.exit_code == 0, result.output
        documents.append(json.loads(path.read_text()))
    assert documents[0] == documents[1] and on_local2 == ["local:2"]
