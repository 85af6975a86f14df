"""Reading the data files bundled inside the package (maps, boards, decks, rulesets).

These are part of scorepad itself, not user input, so the rules layer may read them.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Any


def load_yaml_text(text: str) -> Any:
    """Parse YAML (JSON included) with the fastest safe loader available."""
    import yaml  # here, not at the top: commands that read no YAML skip its ~40 ms import

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(text, Loader=loader)  # a safe loader (SafeLoader or CSafeLoader)


@cache
def bundled_text(package: str, *path: str) -> str:
    """The text of a bundled data file, e.g. ``bundled_text(pkg, "data", "ruleset.yaml")``.

    The files sit beside the package's modules (setuptools package data), so a plain path
    from the package's folder reaches them; ``importlib.resources`` would cost more start-up
    time than the read itself.
    """
    folder = Path(sys.modules[package].__file__ or "").parent
    return folder.joinpath(*path).read_text(encoding="utf-8")
