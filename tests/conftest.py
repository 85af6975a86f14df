"""Shared test helpers."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

DATA = Path(__file__).parent / "data"
#: The cache folder of this run (the sheets' kept layouts), made by the run that is not an
#: xdist worker; the workers and every scorepad started as a process inherit it.
_CACHE_OWNED: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """Keep the run's kept layouts out of the user's cache folder: one fresh folder a run,
    shared by its workers (layouts are written whole and renamed, so they can share)."""
    if not hasattr(config, "workerinput"):
        _CACHE_OWNED.append(tempfile.mkdtemp(prefix="scorepad-test-cache-"))
        os.environ["SCOREPAD_CACHE"] = _CACHE_OWNED[0]


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's cache folder."""
    for folder in _CACHE_OWNED:
        shutil.rmtree(folder, ignore_errors=True)


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
