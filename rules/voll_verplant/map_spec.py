"""The pydantic models of the map format ``scorepad/vv-map@1`` and their error places:
the one schema every map is read by, bundled or not (see :mod:`.maps`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, field_validator

from scorepad.rules.common.errors import ScorepadError
from scorepad.rules.common.formats import check_format
from scorepad.rules.common.models import (
    StrictModel,
    loc_to_place,
    parse_model,
    validation_problems,
)

#: The map format's name (files carry it as ``format``).
MAP_FORMAT = "scorepad/vv-map@1"

# Limits that only stop absurd files (the published cities have 9-10 lines, < 100 stations).
MAX_LINES = 26
MAX_STATIONS = 400
MAX_LINE_STATIONS = 60
MAX_COORD = 200
MAX_BONUS = 99

_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
_LETTER = re.compile(r"^[A-Z]$")
_MAP_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
_LANG = re.compile(r"^[a-z]{2}$")
MAX_NOTE = 200


class StationSpec(StrictModel):
    """A station: ``id`` is the number printed on the sheet; ``x``/``y`` a layout grid
    position (``y`` grows downward); ``name`` optional; ``special`` for Paris/Madrid."""

    id: Annotated[int, Field(ge=1, le=999)]
    x: Annotated[float, Field(ge=0, le=MAX_COORD)]
    y: Annotated[float, Field(ge=0, le=MAX_COORD)]
    name: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    special: bool = False


class LineSpec(StrictModel):
    """A line: letter ``id``, colour, wagon windows, ``bonus: [first, later]`` and its
    stations from the wagon to the end station (for a ring, clockwise from the first)."""

    id: str
    color: str
    windows: Annotated[int, Field(ge=1, le=4)]
    bonus: tuple[Annotated[int, Field(ge=0, le=MAX_BONUS)],
                 Annotated[int, Field(ge=0, le=MAX_BONUS)]]
    stations: Annotated[list[int], Field(min_length=1, max_length=MAX_LINE_STATIONS)]
    ring: bool = False
    name: Annotated[str, Field(max_length=40)] | None = None

    @field_validator("id")
    @classmethod
    def _letter(cls, value: str) -> str:
        if not _LETTER.match(value):
            raise ValueError(f"line id {value!r} is not one capital letter A-Z")
        return value

    @field_validator("color")
    @classmethod
    def _color(cls, value: str) -> str:
        if not _COLOR.match(value):
            raise ValueError(f"colour {value!r} is not of the form #rrggbb")
        return value.lower()


class MapSpec(StrictModel):
    """A whole map file."""

    format: Literal["scorepad/vv-map@1"]
    id: str
    name: Annotated[str, Field(min_length=1, max_length=40)]
    # One text, or one per language ({en: ..., de: ..., fr: ...}; see Network.note_in).
    note: str | dict[str, str] | None = None
    symbol: Annotated[str, Field(max_length=20)] | None = None
    stations: Annotated[list[StationSpec], Field(min_length=1, max_length=MAX_STATIONS)]
    lines: Annotated[list[LineSpec], Field(min_length=1, max_length=MAX_LINES)]

    @field_validator("note", mode="plain")
    @classmethod
    def _note(cls, value: Any) -> str | dict[str, str] | None:
        """A text, or a mapping of two-letter language codes to texts (one error message
        for each way it can go wrong, rather than pydantic's two union branches)."""
        if value is None:
            return None
        texts = {"": value} if isinstance(value, str) else value
        if not isinstance(texts, dict) or not texts:
            raise ValueError("a text, or one text per language ({en: ..., de: ..., fr: ...})")
        for lang, text in texts.items():
            where = f" for {lang!r}" if lang else ""
            if lang and not (isinstance(lang, str) and _LANG.match(lang)):
                raise ValueError(f"language {lang!r} is not a two-letter code such as 'de'")
            if not isinstance(text, str):
                raise ValueError(f"the note{where} is not a text")
            if len(text) > MAX_NOTE:
                raise ValueError(f"the note{where} is longer than {MAX_NOTE} characters")
        return texts[""] if isinstance(value, str) else texts

    @field_validator("id")
    @classmethod
    def _map_id(cls, value: str) -> str:
        if not _MAP_ID.match(value):
            raise ValueError(f"map id {value!r} is not 1-40 lower-case letters, digits, "
                             "'-' or '_'")
        return value


_BONUS_PART = {0: "bonus first", 1: "bonus later"}


def _placer(data: Any) -> Callable[[tuple[Any, ...]], str]:
    """A function naming a pydantic error location in the map's own words.

    ``('lines', 2, 'windows')`` becomes ``line C, windows`` when the third line's letter is
    readable, ``('stations', 4, 'x')`` becomes ``station 17, x``; where the item has no usable
    id (the error may be in the id itself) the list index stays: ``lines[2].id``.
    """

    def place(loc: tuple[Any, ...]) -> str:
        if len(loc) < 2 or loc[0] not in ("lines", "stations") or not isinstance(loc[1], int):
            return loc_to_place(loc)
        head = _item_name(data, loc[0], loc[1])
        if head is None:
            return loc_to_place(loc)
        rest = loc[2:]
        if rest[:1] == ("bonus",) and len(rest) == 2 and rest[1] in _BONUS_PART:
            tail = _BONUS_PART[rest[1]]
        else:
            tail = loc_to_place(rest)
        return f"{head}, {tail}" if tail else head

    return place


def _item_name(data: Any, key: str, index: int) -> str | None:
    """``line C`` / ``station 17`` for the indexed item of ``data[key]``, or None."""
    items = data.get(key) if isinstance(data, Mapping) else None
    if not isinstance(items, list) or not 0 <= index < len(items):
        return None
    item = items[index]
    ident = item.get("id") if isinstance(item, Mapping) else None
    if key == "lines" and isinstance(ident, str) and _LETTER.match(ident):
        return f"line {ident}"
    # bool is an int subclass; `id: true` must not read as station 1
    if key == "stations" and isinstance(ident, int) and not isinstance(ident, bool) \
            and 1 <= ident <= 999:
        return f"station {ident}"
    return None


def shape_problems(data: object) -> tuple[MapSpec | None, list[ScorepadError]]:
    """The validated map, or None and every shape problem of the document (InputErrors)."""
    try:
        check_format(data, MAP_FORMAT)
        return MapSpec.model_validate(data), []
    except ScorepadError as err:
        return None, [err]
    except ValidationError as exc:
        return None, list(validation_problems(exc, place=_placer(data)))


def parse_map(data: object) -> MapSpec:
    """Validate a map document's shape (InputError, exit 2, on failure)."""
    check_format(data, MAP_FORMAT)
    return parse_model(MapSpec, data, place=_placer(data))


def parse_map_json(text: str) -> MapSpec:
    """:func:`parse_map` of a JSON document's text (a bundled map), by the same model:
    pydantic reads the JSON itself, without building it as Python data first. A document
    it refuses is read again as data, so the error is the one :func:`parse_map` gives."""
    try:
        return MapSpec.model_validate_json(text)
    except ValidationError:
        import json

        return parse_map(json.loads(text))


