"""The link figures of `make bench`: the round trip of an apply beside a bare pseudo-terminal echo and the
durable write, measured in the same run, and the digests from scratch and kept."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bench  # noqa: E402


def test_a_bare_pty_echo_and_the_durable_write_are_measured():
    echo = bench.pty_echo(20)
    write = bench.durable_write(5)
    assert 0 < echo[0] <= echo[1] and 0 < write[0] <= write[1]


def test_the_apply_round_trip_comes_with_the_digest_requests_after_it():
    median, p99, digest_ms = bench.link_round_trip(20)
    assert 0 < median <= p99 and digest_ms > 0


def test_the_digests_from_scratch_and_kept():
    sys.path.insert(0, os.path.join(ROOT, "tests", "mpy"))
    from digest_cache import measure

    uncached, cached, old = measure(5)
    assert cached < uncached and old > 0


def test_each_link_request_is_measured_whole_here_and_on_0_1_0_from_git(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "LINK_RUNS", 1)
    tree, missing = bench.extract_0_1_0(str(tmp_path))
    assert tree is not None and missing is None
    assert os.path.exists(os.path.join(tree, "firmware", "ultimusbox", "app.py"))  # 0.1.0's box app
    for figures in (bench.link_cost(), bench.link_cost(tree)):  # under Node's NODE_FLAGS
        assert figures["actions"] == 55 and figures["records"] > 150
        # (no order between a whole apply, a median over its several loop turns, and the longest single turn:
        # a run of one on a busy machine put the first over the second)
        assert figures["apply"] > 0 and figures["turn"] > 0 and figures["resume"] > 0 and figures["resume_long"] > 0
        # the longest turn of each kind of request, and the worst's request with its share in shell.apply
        kinds = ("apply_turn", "turn_digest", "turn_fresh", "turn_state", "turn_log")
        assert max(figures[k] for k in kinds) == figures["turn"] and min(figures[k] for k in kinds) > 0
        assert figures["worst"].split(":")[0] in ("apply", "digest", "fresh", "state", "log")
        assert 0 <= figures["worst_core"] <= figures["worst_turn"]


def test_without_git_history_0_1_0_is_left_out_in_words(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "ROOT", str(tmp_path))  # a copy without .git
    tree, missing = bench.extract_0_1_0(str(tmp_path))
    assert tree is None and missing is not None and "0.1.0 (b6cdc2a) is not in this copy's git history" in missing
