"""The five flower types (bundled ``data/flowers.yaml``) and the words that name them.

The table is read plainly into :class:`FlowerTable`; :mod:`.flowers_model` (pydantic) defines
and validates the file's shape — the test suite holds the bundled file to it — so checking a
bouquet never imports pydantic.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import NamedTuple

Counts = tuple[int, ...]
"""Flowers per type, in the fixed order of :func:`flower_types` (daisy ... lily)."""


class FlowerType(NamedTuple):
    """One flower type: its id (as written in specs and files), plural and other names."""

    id: str
    plural: str
    words: tuple[str, ...] = ()


class FlowerTable(NamedTuple):
    """The bundled flower table, types in their fixed order."""

    flowers: tuple[FlowerType, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.flowers)

    @classmethod
    def of(cls, data: dict) -> FlowerTable:
        """The table of already validated data (the shape of ``data/flowers.yaml``)."""
        return cls(tuple(FlowerType(f["id"], f["plural"], tuple(f.get("words", ())))
                         for f in data["flowers"]))


def fold(word: str) -> str:
    """A word as compared when reading specs: case-folded, Unicode NFC."""
    return unicodedata.normalize("NFC", word).casefold()


@lru_cache(maxsize=1)
def flower_table() -> FlowerTable:
    """The bundled flower table (validated by the test suite, read here plainly)."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text

    return FlowerTable.of(load_yaml_text(bundled_text(__package__, "data", "flowers.yaml")))


def flower_types() -> tuple[str, ...]:
    """The flower ids in the fixed order: ``("daisy", "cornflower", "rose", "sunflower", "lily")``."""
    return flower_table().ids


def flower_name(index: int, count: int) -> str:
    """``"1 rose"``, ``"2 roses"``: a count with the singular or plural name."""
    flower = flower_table().flowers[index]
    return f"{count} {flower.id if count == 1 else flower.plural}"


@lru_cache(maxsize=256)
def lookup(word: str) -> int:
    """The index of the flower type a spec word names: a name, or a prefix of names of one type.

    Raises ``ValueError`` with a message for an unknown or ambiguous word.
    """
    key = fold(word)
    table = flower_table()
    matches = []
    for index, flower in enumerate(table.flowers):
        names = (flower.id, flower.plural, *flower.words)
        if any(fold(name) == key for name in names):
            return index
        if any(fold(name).startswith(key) for name in names):
            matches.append(index)
    if len(matches) == 1:
        return matches[0]
    if matches:
        options = ", ".join(table.flowers[i].id for i in matches)
        raise ValueError(f"{word!r} could be {options}: write more letters")
    raise ValueError(f"unknown flower {word!r} (expected {', '.join(table.ids)})")


def describe_counts(counts: Counts) -> str:
    """``"rose 3, lily 3"``: the types present with their counts, in the fixed order."""
    ids = flower_types()
    parts = [f"{ids[i]} {n}" for i, n in enumerate(counts) if n > 0]
    return ", ".join(parts) if parts else "no flowers"


def format_spec(counts: Counts) -> str:
    """The canonical spec of counts: ``"rose:3 lily:3"`` (``""`` for no flowers)."""
    ids = flower_types()
    return " ".join(f"{ids[i]}:{n}" for i, n in enumerate(counts) if n > 0)
