"""The pydantic model of the flower table file (``data/flowers.yaml``).

Only the tests import this, to hold the bundled file to its shape and to its one real rule:
every name belongs to one flower type only. The rules read the file plainly
(:func:`.flowers.flower_table`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator

from scorepad.rules.common.models import StrictModel

from .flowers import fold

Word = Annotated[str, Field(min_length=1, max_length=30)]


class FlowerTypeModel(StrictModel):
    """One flower type: its id (as written in specs and files), plural and other names."""

    id: Annotated[str, Field(pattern=r"^[a-z]+$")]
    plural: Word
    words: list[Word] = []


class FlowerTableModel(StrictModel):
    """The flower table: every name must belong to one type only."""

    flowers: Annotated[list[FlowerTypeModel], Field(min_length=1, max_length=10)]

    @field_validator("flowers")
    @classmethod
    def _names_unique(cls, value: list[FlowerTypeModel]) -> list[FlowerTypeModel]:
        owner: dict[str, str] = {}
        for flower in value:
            for name in (flower.id, flower.plural, *flower.words):
                key = fold(name)
                if owner.setdefault(key, flower.id) != flower.id:
                    raise ValueError(f"name {name!r} given to both {owner[key]} and {flower.id}")
        return value
