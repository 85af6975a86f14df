"""The bundled maps' difficulty, measured as the issue asks: the greedy bot's mean solo score
over 1,000 seeded games falls from Amsterdam through Berlin and Paris to Madrid."""

from __future__ import annotations

import itertools

import pytest

from scorepad.play.voll_verplant.simulate import play_game, summarize
from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules

pytestmark = pytest.mark.slow  # 4,000 bot games: half a minute


def test_greedy_mean_score_falls_from_amsterdam_to_madrid():
    assert BUNDLED_MAPS == ("amsterdam", "berlin", "paris", "madrid")
    means = []
    for map_id in BUNDLED_MAPS:
        network = bundled_map(map_id)
        states = [play_game(network, default_rules(), ["solo"], "greedy", f"sim-{i}").state
                  for i in range(1000)]
        means.append(summarize(states).mean)
    assert means == sorted(means, reverse=True), means
    assert all(a - b >= 1.0 for a, b in itertools.pairwise(means)), means
