"""Streaming, parallel self-play: exact figures in flat memory, the same for every --jobs
and every chunking, and a progress bar on a terminal only."""

from __future__ import annotations

import json
import os
import pty
import random
import select
import statistics
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from scorepad.main import root
from scorepad.parallel import chunks, run_games
from scorepad.play.voll_verplant.simulate import Tally, play_game, summarize, tally_games
from scorepad.rules.common.stats import Histogram
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.vv.simulate import play_chunk

half_points = st.integers(-40, 400).map(lambda n: n / 2)


@given(st.lists(half_points, min_size=1, max_size=300))
def test_histogram_figures_equal_the_statistics_module(values):
    h = Histogram(values)
    assert h.mean() == statistics.fmean(values)
    assert h.median() == statistics.median(values)
    expected = statistics.quantiles(values, n=10, method="inclusive") if len(values) > 1 \
        else values * 9
    assert h.quantiles(10) == expected
    assert (h.min(), h.max()) == (min(values), max(values))


@given(st.lists(half_points, min_size=1, max_size=200), st.integers(0, 200))
def test_merged_histograms_equal_one_histogram(values, cut):
    left, right = Histogram(values[:cut]), Histogram(values[cut:])
    assert right.merge(left) == Histogram(values)


def test_tally_of_games_equals_summary_of_kept_states():
    network, rules = bundled_map("berlin"), default_rules()
    states = [play_game(network, rules, ["A", "B"], "random", f"t-{i}").state for i in range(30)]
    tally = Tally()
    for state in states:
        tally.add(state)
    assert tally.stats() == summarize(states)
    assert tally.games == 30


def test_games_that_share_generators_are_the_games_played_alone():
    # tally_games seeds two generators again for every game: the same cards and bot draws
    # as two new ones a game, whoever draws more from them (greedy ties, free rides)
    network, rules = bundled_map("madrid"), default_rules()
    seeds = [f"share-{i}" for i in range(12)] + ["a{b}-1", "ümlaut-2"]
    for bot in ("random", "greedy"):
        alone = [play_game(network, rules, ["A", "B"], bot, seed).state for seed in seeds]
        generators = (random.Random(), random.Random())
        states = [play_game(network, rules, ["A", "B"], bot, seed,
                            generators=generators).state for seed in seeds]
        assert states == alone
        assert tally_games(network, rules, ["A", "B"], bot, seeds).stats() == \
            summarize(alone)


def test_the_chunk_with_logs_and_the_one_without_play_the_same_games(tmp_path):
    network, rules = bundled_map("berlin"), default_rules()
    args = (network, rules, ["P1"], "random", "x{y}z")
    logged, files = play_chunk(*args, True, "berlin", range(3, 9))
    plain, none = play_chunk(*args, False, "berlin", range(3, 9))
    assert plain.stats() == logged.stats() and not none
    assert [name for name, _ in files] == [f"game-{i}.yaml" for i in range(3, 9)]


def test_figures_are_the_same_for_every_jobs_and_chunking():
    network, rules = bundled_map("paris"), default_rules()
    args = (network, rules, ["P1", "P2"], "random", "same", False, "paris")
    one = run_games(play_chunk, args, 45, 1, label="", quiet=True, chunk=45).stats()
    for jobs, chunk in ((1, 7), (2, 10), (2, 1), (3, 16)):
        assert run_games(play_chunk, args, 45, jobs, label="", quiet=True,
                         chunk=chunk).stats() == one


def test_chunks_cover_every_game_once():
    assert [list(c) for c in chunks(5, 2)] == [[0, 1], [2, 3], [4]]
    assert sum(len(c) for c in chunks(1001)) == 1001


def test_cli_jobs_give_identical_json(runner):
    outputs = []
    for jobs in ("1", "2"):
        result = runner.invoke(root, ["vv", "simulate", "madrid", "-n", "250", "--bot", "random",
                                      "--players", "2", "--jobs", jobs, "--json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        data.pop("games_per_second")
        outputs.append(data)
    assert outputs[0] == outputs[1]
    for jobs in ("1", "2"):
        result = runner.invoke(root, ["mf", "simulate", "-n", "250", "-p", "3", "--jobs", jobs,
                                      "--json"])
        assert result.exit_code == 0, result.output
        outputs.append(json.loads(result.stdout))
    assert outputs[2] == outputs[3]


def _run_with_terminal_stderr(args: list[str]) -> tuple[str, str]:
    """Run scorepad with stderr on a pseudo-terminal and stdout on a pipe."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "scorepad", *args], stdout=subprocess.PIPE,
                            stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    seen = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    with proc:  # closes its stdout (a ResourceWarning otherwise)
        out = proc.stdout.read().decode() if proc.stdout else ""
        proc.wait(timeout=60)
    os.close(leader)
    return out, seen.decode(errors="replace")


def test_progress_bar_on_a_terminal_only(runner):
    out, err = _run_with_terminal_stderr(["vv", "simulate", "berlin", "-n", "400",
                                          "--bot", "random", "--jobs", "1"])
    assert "Berlin: random bot" in err and "400/400" in err
    assert "games/s" in out
    out, err = _run_with_terminal_stderr(["vv", "simulate", "berlin", "-n", "400",
                                          "--bot", "random", "--json"])
    assert err == ""
    json.loads(out)
    piped = runner.invoke(root, ["vv", "simulate", "berlin", "-n", "300", "--bot", "random"])
    assert piped.exit_code == 0 and "random bot" not in piped.stderr


def test_a_maps_tables_make_no_reference_cycle():
    """A map's engine and simulator tables, filled by games, are freed by reference
    counting alone when the map goes: no cycle for the collector (--jobs workers run
    with a high threshold)."""
    import gc

    from scorepad.play.voll_verplant.simulator import SimMap
    from scorepad.rules.voll_verplant.engine import MapTables
    from scorepad.rules.voll_verplant.maps import bundled_map as cached_map

    def alive() -> int:
        return sum(isinstance(o, (MapTables, SimMap)) for o in gc.get_objects())

    gc.collect()
    before = alive()
    gc.disable()
    try:
        network = cached_map.__wrapped__("madrid")  # a fresh copy, not the cached one
        for bot in ("random", "greedy"):
            play_game(network, default_rules(), ["A", "B"], bot, "cyc")
            play_game(network, default_rules(), ["A"], bot, "cyc", record=True)
        assert alive() == before + 2
        del network
        assert alive() == before
    finally:
        gc.enable()
