"""``--cluster ADDRESS``: self-play on a Dask distributed scheduler gives the figures of
``--jobs 1`` for the same seed, and the logs are written by the command's own process.

The cluster is a ``distributed.LocalCluster`` started here: a scheduler and two workers
in this process, talking over Dask's in-process transport (no network at all)."""

from __future__ import annotations

import json

import pytest

from scorepad.main import root

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.slow  # a Dask cluster and its workers: seconds a test


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address="127.0.0.1:0") as local:
        yield local.scheduler_address


def _figures(runner, args):
    result = runner.invoke(root, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    data.pop("games_per_second", None)
    return data


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_vv_cluster_gives_the_figures_of_one_job(runner, cluster, bot):
    args = ["vv", "simulate", "paris", "-n", "150", "--players", "2", "--bot", bot,
            "--seed", "clu"]
    assert _figures(runner, [*args, "--cluster", cluster]) == \
        _figures(runner, [*args, "--jobs", "1"])


def test_vv_search_on_a_cluster(runner, cluster):
    args = ["vv", "simulate", "berlin", "-n", "3", "--bot", "search", "--rollouts", "2"]
    assert _figures(runner, [*args, "--cluster", cluster]) == \
        _figures(runner, [*args, "--jobs", "1"])


def test_mf_cluster_gives_the_figures_of_one_job(runner, cluster):
    args = ["mf", "simulate", "-n", "60", "-p", "3", "--bot", "greedy,random"]
    assert _figures(runner, [*args, "--cluster", cluster]) == \
        _figures(runner, [*args, "--jobs", "1"])


def test_logs_are_written_by_the_client(runner, cluster, tmp_path):
    for where in ("here", "there"):
        folder = tmp_path / where
        extra = ["--cluster", cluster] if where == "there" else ["--jobs", "1"]
        result = runner.invoke(root, ["vv", "simulate", "berlin", "-n", "7", "--bot", "greedy",
                                      "--logs", str(folder), *extra])
        assert result.exit_code == 0, result.output
    here = sorted(p.name for p in (tmp_path / "here").iterdir())
    assert here == [f"game-{i}.yaml" for i in range(7)]
    for name in here:
        assert (tmp_path / "there" / name).read_text() == (tmp_path / "here" / name).read_text()
    result = runner.invoke(root, ["vv", "check", *map(str, (tmp_path / "there").iterdir())])
    assert result.exit_code == 0, result.output


def test_no_scheduler_is_one_line_and_exit_2(runner):
    result = runner.invoke(root, ["vv", "simulate", "berlin", "-n", "5",
                                  "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "--cluster" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_worker_process_on_the_loopback_gets_the_map_by_pickle(runner):
    """A worker in its own process (the map, rules and bots pickled to it once)."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address="127.0.0.1:0") as local:
        args = ["vv", "simulate", "madrid", "-n", "40", "--players", "2", "--bot", "greedy"]
        assert _figures(runner, [*args, "--cluster", local.scheduler_address]) == \
            _figures(runner, [*args, "--jobs", "1"])
