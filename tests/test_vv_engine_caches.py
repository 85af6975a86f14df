"""The engine's and the simulator's per-map caches are bounded, and games do not depend on
them (#16, #27)."""

from __future__ import annotations

import pytest

from scorepad.play.voll_verplant import simulator
from scorepad.play.voll_verplant.simulate import play_game
from scorepad.rules.voll_verplant import engine
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules


def _games(map_id: str, record: bool) -> list[tuple]:
    """Games through the engine (recorded) or the simulator (not recorded)."""
    network = bundled_map(map_id)
    return [play_game(network, default_rules(), ["P1", "P2"], bot, f"cache-{i}",
                      record=record).state.sheets
            for i in range(15) for bot in ("random", "greedy")]


@pytest.mark.parametrize("map_id", ["berlin", "madrid"])
def test_a_tiny_cache_stays_tiny_and_gives_the_same_games(map_id: str, monkeypatch) -> None:
    tables = engine.map_tables(bundled_map(map_id))
    tables.reach.clear()
    tables.open_lines.clear()
    roomy = _games(map_id, True)
    assert len(tables.reach) > 16  # these games use more than the tiny cache holds
    monkeypatch.setattr(engine, "CACHE_LIMIT", 16)
    tables.reach.clear()
    tables.open_lines.clear()
    assert _games(map_id, True) == roomy
    assert len(tables.reach) <= 16 and len(tables.open_lines) <= 16


def _sim_entries(sm: simulator.SimMap) -> list[int]:
    """The entries of the reach tables of all cards together, and of the other caches."""
    return [sum(len(table) for card in sm.cards.values() for table in card[3]),
            len(sm.touched), len(sm.open_lines), len(sm.totals)]


@pytest.mark.parametrize("map_id", ["berlin", "madrid"])
def test_the_simulators_tiny_caches_give_the_same_games(map_id: str, monkeypatch) -> None:
    sm = simulator.sim_map(bundled_map(map_id))
    sm.cards.clear()
    sm.decks.clear()
    sm.walked = 0
    roomy = _games(map_id, False)
    assert max(_sim_entries(sm)) > 16
    monkeypatch.setattr(simulator, "CACHE_LIMIT", 16)
    sm.cards.clear()
    sm.decks.clear()
    sm.walked = 0
    sm.touched.clear()
    sm.open_lines.clear()
    sm.totals.clear()
    assert _games(map_id, False) == roomy
    assert max(_sim_entries(sm)) <= 16
