"""The numpy batch of random solo games plays by the simulator's rules: over many games
its figures are the seeded random games' (the two draw chance differently, so they agree
in distribution, not game by game), every game ends, and maps with special stations are
refused."""

from __future__ import annotations

import math
import random

import pytest

from scorepad.play.voll_verplant.batch import _tables, random_games
from scorepad.play.voll_verplant.simulate import tally_games
from scorepad.rules.voll_verplant.engine import CCW, CW, walk
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules

GAMES = 6000


@pytest.mark.parametrize("map_id", ["amsterdam", "berlin"])
@pytest.mark.parametrize("options", [{}, {"empty_rounding": "up", "free_ride_may_decline": False,
                                          "deck": [3, 4, "E3", "T", "F", 5], "shuffle_cards": []}])
def test_the_batch_plays_the_random_games_distribution(map_id, options):
    network, rules = bundled_map(map_id), default_rules().with_overrides(options)
    batch = random_games(network, rules, GAMES, f"b-{map_id}")
    tally = tally_games(network, rules, ["P1"], "random", (f"s-{i}" for i in range(GAMES)))
    stats = tally.stats()
    spread = float(batch.totals.std())
    # five standard errors of the difference of two means of GAMES games each
    assert abs(float(batch.totals.mean()) - stats.mean) < 5 * spread * math.sqrt(2 / GAMES)
    assert abs(float(batch.empty.mean()) - stats.empty_mean) < 5 * float(batch.empty.std()) * \
        math.sqrt(2 / GAMES)
    assert abs(float(batch.rounds.mean()) - stats.rounds_mean) < 0.3
    # no special stations: a line card fills one window, a free ride none
    assert batch.rounds.min() >= network.total_windows


def test_the_same_seed_gives_the_same_batch_and_games_end():
    network, rules = bundled_map("berlin"), default_rules()
    one, two = random_games(network, rules, 300, "x"), random_games(network, rules, 300, "x")
    assert (one.totals == two.totals).all() and (one.rounds == two.rounds).all()
    assert (one.rounds < 400).all() and (one.empty >= 0).all()


def test_maps_with_special_stations_are_refused():
    with pytest.raises(ValueError, match="special"):
        random_games(bundled_map("paris"), default_rules(), 10, "x")


def test_the_tables_cross_what_the_engines_walk_crosses():
    """Per line, direction, marks and card: the batch's table reaches and takes the stations
    the engine's walk crosses (rings both ways, crossings' marks from other lines)."""
    network = bundled_map("berlin")
    most = 6
    tables = _tables(network, most)
    rng = random.Random(27)
    for line in network.lines:
        for ccw, direction in enumerate((CW, CCW) if line.ring else (CW,)):
            path = tuple(1 << s for s in line.path(direction))
            for _ in range(150):
                local = rng.getrandbits(len(line.order))
                marks = sum(1 << s for i, s in enumerate(line.order) if local >> i & 1)
                for express in (0, 1):
                    row = 2 * (int(tables.offset[2 * line.index + ccw]) + local) + express
                    for value in range(1, most + 1):
                        walked = walk(path, marks, bool(express), value)
                        assert min(int(tables.reach[row]), value) == len(walked) - 1
                        for k, crossed in enumerate(walked):
                            bits = int(tables.take[row * tables.columns + k])
                            assert sum(1 << s for i, s in enumerate(line.order)
                                       if bits >> i & 1) == crossed
