"""Reading the data files bundled inside the package (maps, boards, decks, rulesets).

These are part of scorepad itself, not user input, so the rules layer may read them.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml_text(text: str) -> Any:
    """Parse YAML (JSON included) with the fastest safe loader available."""
    return yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader


@cache
def bundled_text(package: str, *path: str) -> str:
    """The text of a bundled data file, e.g. ``bundled_text(pkg, "data", "ruleset.yaml")``."""
    node = resources.files(package)
    for part in path:
        node = node.joinpath(part)
    return node.read_text(encoding="utf-8")


def bundled_names(package: str, *folder: str, suffix: str = ".yaml") -> list[str]:
    """Sorted stems of the bundled files with ``suffix`` in a package folder."""
    node = resources.files(package)
    for part in folder:
        node = node.joinpath(part)
    return sorted(p.name[: -len(suffix)] for p in node.iterdir() if p.name.endswith(suffix))
