"""The package list for setuptools, found from the folders (the rest is pyproject.toml).

pyproject.toml's ``package-dir`` maps the four folders to their packages (``cli`` is
``scorepad``, ``rules`` is ``scorepad.rules``, ``play`` is ``scorepad.play``, ``sheets`` is
``scorepad.sheets``);
setuptools' own discovery cannot add that prefix. So every folder below them holding an
``__init__.py`` is a package here, and a new game's folders are installed without a line
added anywhere but the registry (docs/adding-a-game.md).
"""

from __future__ import annotations

from pathlib import Path

#: The folder of each root package (as pyproject.toml's package-dir).
ROOTS = {"scorepad": "cli", "scorepad.rules": "rules", "scorepad.play": "play",
         "scorepad.sheets": "sheets"}


def packages(here: Path = Path(__file__).resolve().parent) -> list[str]:
    """Every package of the checkout at ``here``, by its installed name."""
    found = set()
    for name, folder in ROOTS.items():
        for init in (here / folder).rglob("__init__.py"):
            parts = init.parent.relative_to(here / folder).parts
            if "__pycache__" not in parts:
                found.add(".".join((name, *parts)))
    return sorted(found)


if __name__ == "__main__":
    from setuptools import setup

    setup(packages=packages())
