"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

DATA = Path(__file__).parent / "data"


@pytest.fixture
def runner() -> CliRunner:
    """A Click runner that keeps stderr apart from stdout."""
    return CliRunner()


@pytest.fixture
def tiny_map_path() -> Path:
    """A small hand-made map with one ring and one special station (tests/data/tiny.yaml)."""
    return DATA / "tiny.yaml"
