"""A small version of the load benchmark (benchmarks/bench_web.py): 5 tables × 6 phones.

Every phone receives every step, and the server's memory does not grow with the steps
beyond the sessions' own history. How soon is the benchmark's to measure (50 tables, p99 ≤
200 ms: ``make bench``), never a test's: a busy machine must not fail the suite.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import pytest
from web_load import load

pytestmark = pytest.mark.slow  # 5 tables of phones under load: seconds a test


def test_every_phone_gets_every_step():
    figures = load(games=5, clients=6, steps=140, rate=50.0, limit_seconds=60)
    assert figures["steps"] == 140
    assert figures["deliveries"] == 140 * 6
    assert figures["rss_end_mb"] - figures["rss_warm_mb"] < 5


def test_real_voll_verplant_tables_under_load():
    """The benchmark's real game: 6-player Voll verplant tables on Berlin, each step the
    one the host's state offers (a card, then every player's legal move)."""
    figures = load(games=2, clients=6, steps=40, rate=20.0, limit_seconds=60,
                   kind="voll-verplant")
    assert figures["steps"] == 40 and figures["deliveries"] == 40 * 6
