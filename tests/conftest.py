"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

DATA = Path(__file__).parent / "data"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of a module that drives Chromium (imports ``web_browser.chromium``) is a
    ``browser`` test: ``make test-fast`` leaves those out."""
    from web_browser import chromium

    for item in items:
        module = getattr(item, "module", None)
        if module is not None and getattr(module, "chromium", None) is chromium:
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def runner() -> CliRunner:
    """A Click runner that keeps stderr apart from stdout."""
    return CliRunner()


@pytest.fixture
def tiny_map_path() -> Path:
    """A small hand-made map with one ring and one special station (tests/data/tiny.yaml)."""
    return DATA / "tiny.yaml"
