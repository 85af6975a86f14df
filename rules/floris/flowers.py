"""The five flower types (bundled ``data/flowers.yaml``) and the words that name them.

:class:`FlowerTable` is the file's one schema (pydantic): it validates the bundled table,
including its one real rule, that every name belongs to one flower type only.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Annotated

from pydantic import Field, field_validator

from scorepad.rules.common.data import bundled_text, load_yaml_text
from scorepad.rules.common.errors import ScorepadError
from scorepad.rules.common.models import StrictModel, parse_model

Counts = tuple[int, ...]
"""Flowers per type, in the fixed order of :func:`flower_types` (daisy ... lily)."""

Word = Annotated[str, Field(min_length=1, max_length=30)]


class FlowerType(StrictModel):
    """One flower type: its id (as written in specs and files), plural and other names."""

    id: Annotated[str, Field(pattern=r"^[a-z]+$")]
    plural: Word
    words: tuple[Word, ...] = ()


class FlowerTable(StrictModel):
    """The flower table, types in their fixed order; every name belongs to one type only."""

    flowers: Annotated[tuple[FlowerType, ...], Field(min_length=1, max_length=10)]

    @field_validator("flowers")
    @classmethod
    def _names_unique(cls, value: tuple[FlowerType, ...]) -> tuple[FlowerType, ...]:
        owner: dict[str, str] = {}
        for flower in value:
            for name in (flower.id, flower.plural, *flower.words):
                key = fold(name)
                if owner.setdefault(key, flower.id) != flower.id:
                    raise ValueError(f"name {name!r} given to both {owner[key]} and {flower.id}")
        return value

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.flowers)


def fold(word: str) -> str:
    """A word as compared when reading specs: case-folded, Unicode NFC."""
    return unicodedata.normalize("NFC", word).casefold()


@lru_cache(maxsize=1)
def flower_table() -> FlowerTable:
    """The bundled flower table."""
    text = bundled_text(__package__, "data", "flowers.yaml")
    return parse_model(FlowerTable, load_yaml_text(text))


@lru_cache(maxsize=1)
def flower_types() -> tuple[str, ...]:
    """The flower ids in the fixed order:
    ``("daisy", "cornflower", "rose", "sunflower", "lily")``."""
    return flower_table().ids


class UnknownWord(ValueError):
    """An unknown or ambiguous flower word: its English message, and the same as an error
    with the catalogue's key (``floris.spec-<why>``) that words it in every language."""

    def __init__(self, why: str, **params: object) -> None:
        self.error = ScorepadError.worded(f"floris.spec-{why}", params)
        super().__init__(self.error.message)


@lru_cache(maxsize=256)
def lookup(word: str) -> int:
    """The index of the flower type a spec word names: a name, or a prefix of names of one type.

    Raises ``ValueError`` (:class:`UnknownWord`) with a message for an unknown or ambiguous
    word.
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
        raise UnknownWord("ambiguous", word=repr(word), options=options)
    import difflib  # here: only a mistyped word needs it

    known = {fold(name): flower.id for flower in table.flowers
             for name in (flower.id, flower.plural, *flower.words)}
    close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6)
    if close:
        raise UnknownWord("unknown-close", word=repr(word), close=repr(known[close[0]]),
                          ids=", ".join(table.ids))
    raise UnknownWord("unknown", word=repr(word), ids=", ".join(table.ids))


def run_text(counts: Counts) -> str:
    """The counts present in ascending order, ``1-2-3``."""
    return "-".join(str(n) for n in sorted(n for n in counts if n > 0))


def format_spec(counts: Counts) -> str:
    """The canonical spec of counts: ``"rose:3 lily:3"`` (``""`` for no flowers)."""
    ids = flower_types()
    return " ".join(f"{ids[i]}:{n}" for i, n in enumerate(counts) if n > 0)
