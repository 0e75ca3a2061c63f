"""ultimus_host.parallel: the results come back in job order whatever the number of workers and
the chunks, progress is told after each chunk, and the simulations' tallies are the same on 1
worker as on 2."""

import time

import pytest

from ultimus_host import parallel
from ultimus_host.games.munera.bouts import matrix
from ultimus_host.games.ultimus.balance import Tally, play_game, play_summary, summarise


def _late_first(i, n):
    """A job whose result is its index; the early jobs take longest, so that they finish last."""
    time.sleep(0.02 * (n - i) / n)
    return i


def _with_args(a, b, *rest):
    return (a, b, rest)


def test_chunks_keep_the_order_and_cover_every_job():
    jobs = list(range(10))
    for size in (1, 3, 4, 10, 11):
        parts = parallel.chunks(jobs, size)
        assert [j for part in parts for j in part] == jobs and all(len(p) <= size for p in parts)
    assert parallel.chunk_size(10000, 2) == parallel.MAX_CHUNK and parallel.chunk_size(3, 8) == 1


@pytest.mark.parametrize("workers,chunk", [(1, None), (1, 3), (2, 1), (2, 3)])
def test_results_come_back_in_job_order(workers, chunk):
    n = 12
    told = []
    out = parallel.run(_late_first, [(i, n) for i in range(n)], workers, chunk=chunk, progress=told.append)
    assert out == list(range(n))
    assert (
        told == sorted(told)
        and told[-1] == n
        and len(told) == len(parallel.chunks(list(range(n)), chunk or parallel.chunk_size(n, workers)))
    )


def test_each_job_gets_its_arguments_and_no_jobs_is_no_results():
    assert parallel.run(_with_args, [(1, "a"), (2, "b", 3)], 2, chunk=1) == [(1, "a", ()), (2, "b", (3,))]
    assert parallel.run(_with_args, [], 2) == []
    with pytest.raises(ValueError):
        parallel.run(_with_args, [(1, 2)], 0)


def test_a_failing_job_raises_its_error_here():
    with pytest.raises(ZeroDivisionError):
        parallel.run(divmod, [(1, 1), (1, 0), (2, 1)], 2, chunk=1)


def test_a_game_summary_tallies_as_the_game_does():
    by_game, by_summary = Tally(), Tally()
    for seed in (3, 4):
        game, events = play_game(3, seed, ["heuristic", "random"])
        by_game.add(game, events)
        by_summary.add_summary(summarise(game, events))
    assert by_game.summary() == by_summary.summary() and by_game.games == 2 and by_game.battles == 2
    merged = Tally()
    merged.merge(by_game)
    merged.merge(by_summary)
    assert merged.games == 4 and merged.won == [2 * w for w in by_game.won]


def test_balance_figures_are_the_same_on_1_and_2_workers():
    jobs = [(players, seed, ["heuristic", "random"], 1) for players in (3, 4) for seed in (1, 2, 3)]
    one = parallel.run(play_summary, jobs, 1)
    two = parallel.run(play_summary, jobs, 2, chunk=2)
    assert one == two
    tallies = []
    for summaries in (one, two):
        t = Tally()
        for s in summaries:
            t.add_summary(s)
        tallies.append(t.summary())
    assert tallies[0] == tallies[1] and tallies[0]["games"] == 6


def test_the_munera_matrix_is_the_same_on_1_and_2_workers():
    profiles = ["gaul", "samnite", "velite"]
    one = matrix(profiles, 4, seed=5, workers=1)
    told = []
    two = matrix(profiles, 4, seed=5, workers=2, progress=told.append)
    assert sorted(one) == sorted(two) and told[-1] == 6 * 4
    for pair in one:
        assert (one[pair].n, one[pair].wins, one[pair].counts, one[pair].actions, one[pair].rounds) == (
            two[pair].n,
            two[pair].wins,
            two[pair].counts,
            two[pair].actions,
            two[pair].rounds,
        )
