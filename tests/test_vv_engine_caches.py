"""The engine's per-map caches are bounded, and games do not depend on them (#16)."""

from __future__ import annotations

import pytest

from scorepad.rules.voll_verplant import engine
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.rules.voll_verplant.ruleset import default_rules
from scorepad.rules.voll_verplant.simulate import play_game


def _games(map_id: str) -> list[tuple]:
    network = bundled_map(map_id)
    return [play_game(network, default_rules(), ["P1", "P2"], bot, f"cache-{i}").state.sheets
            for i in range(15) for bot in ("random", "greedy")]


@pytest.mark.parametrize("map_id", ["berlin", "madrid"])
def test_a_tiny_cache_stays_tiny_and_gives_the_same_games(map_id: str, monkeypatch) -> None:
    tables = engine.map_tables(bundled_map(map_id))
    tables.reach.clear()
    tables.touched.clear()
    roomy = _games(map_id)
    assert len(tables.reach) > 16  # these games use more than the tiny cache holds
    monkeypatch.setattr(engine, "CACHE_LIMIT", 16)
    tables.reach.clear()
    tables.touched.clear()
    assert _games(map_id) == roomy
    assert len(tables.reach) <= 16 and len(tables.touched) <= 16
