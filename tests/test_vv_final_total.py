"""The engine's final total (``engine.final_total``, what ``vv simulate`` tallies) is the
paper sheet's score: one scoring rule, two ways to reach it."""

from __future__ import annotations

import pytest

from scorepad.play.voll_verplant.simulate import play_game
from scorepad.rules.voll_verplant.engine import final_result, final_total, final_totals
from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
from scorepad.rules.voll_verplant.replay import marked_sheets
from scorepad.rules.voll_verplant.ruleset import default_rules


@pytest.mark.parametrize("rounding", ["exact", "down", "up"])
@pytest.mark.parametrize("map_id", BUNDLED_MAPS)
def test_engine_total_is_the_paper_total(map_id: str, rounding: str) -> None:
    rules = default_rules().with_overrides({"empty_rounding": rounding})
    network = bundled_map(map_id)
    odd = 0
    for i in range(12):
        players = [f"P{k}" for k in range(1 + i % 4)]
        state = play_game(network, rules, players, "greedy" if i % 2 else "random",
                          f"total-{i}").state
        paper = marked_sheets(state)
        assert final_totals(state) == [sheet.score.total for sheet in paper]
        assert [final_result(network, rules, sheet) for sheet in state.sheets] == \
            [(sheet.score.total, sheet.score.empty_stations) for sheet in paper]
        odd += sum(sheet.score.empty_stations % 2 for sheet in paper)
    assert odd  # some sheet had an odd number of empty stations: the rounding was tried


def test_engine_total_counts_bonuses_transfers_and_the_penalty() -> None:
    network = bundled_map("berlin")
    rules = default_rules()
    state = play_game(network, rules, ["P1", "P2"], "greedy", "total-parts").state
    for sheet in state.sheets:
        bonus = sum(line.first for line in network.lines if sheet.first >> line.index & 1) + \
            sum(line.later for line in network.lines if sheet.later >> line.index & 1)
        empty = len(network.stations) - sheet.marked.bit_count()
        assert final_total(network, rules, sheet) == \
            bonus + 2 * sum(n for _, n in sheet.transfers) - empty / 2
