"""The map format ``scorepad/vv-map@1``: pydantic models, the checks a type cannot express,
and the compiled :class:`Network` the engine runs on.

A map file's *shape* (keys, types, ranges) is checked by pydantic and reported as an
InputError (exit 2); its *content* (a line naming a station that does not exist, a
station on no line, ...) by :func:`compile_map`, as a ContentError (exit 1) naming the
place: ``line C, station 99: no such station``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from pydantic import Field, field_validator

from scorepad.rules.common.errors import ContentError
from scorepad.rules.common.models import StrictModel, check_format, parse_model

MAP_FORMAT = "scorepad/vv-map@1"
BUNDLED_MAPS = ("amsterdam", "berlin", "paris", "madrid")

# Limits that only stop absurd files (the published cities have 9-10 lines, < 100 stations).
MAX_LINES = 26
MAX_STATIONS = 400
MAX_LINE_STATIONS = 60
MAX_COORD = 200
MAX_BONUS = 99

_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


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

    id: Annotated[str, Field(pattern=r"^[A-Z]$")]
    color: str
    windows: Annotated[int, Field(ge=1, le=4)]
    bonus: tuple[Annotated[int, Field(ge=0, le=MAX_BONUS)], Annotated[int, Field(ge=0, le=MAX_BONUS)]]
    stations: Annotated[list[int], Field(min_length=1, max_length=MAX_LINE_STATIONS)]
    ring: bool = False
    name: Annotated[str, Field(max_length=40)] | None = None

    @field_validator("color")
    @classmethod
    def _color(cls, value: str) -> str:
        if not _COLOR.match(value):
            raise ValueError(f"colour {value!r} is not of the form #rrggbb")
        return value.lower()


class MapSpec(StrictModel):
    """A whole map file."""

    format: Literal["scorepad/vv-map@1"]
    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$")]
    name: Annotated[str, Field(min_length=1, max_length=40)]
    note: Annotated[str, Field(max_length=200)] | None = None
    symbol: Annotated[str, Field(max_length=20)] | None = None
    stations: Annotated[list[StationSpec], Field(min_length=1, max_length=MAX_STATIONS)]
    lines: Annotated[list[LineSpec], Field(min_length=1, max_length=MAX_LINES)]


@dataclass(frozen=True)
class Station:
    """A compiled station; ``index`` is its bit in the engine's station masks."""

    index: int
    id: int
    x: float
    y: float
    name: str | None
    special: bool
    lines: tuple[int, ...]  # indices of the lines through it


@dataclass(frozen=True)
class Line:
    """A compiled line; ``order`` holds station indices from the wagon on (``cw`` for rings)."""

    index: int
    id: str
    color: str
    windows: int
    first: int
    later: int
    order: tuple[int, ...]
    ring: bool
    mask: int
    name: str | None = None

    def path(self, direction: str = "cw") -> tuple[int, ...]:
        """Station indices in travel order; a ring's ``ccw`` runs the other way from the first."""
        if self.ring and direction == "ccw":
            return (self.order[0],) + tuple(reversed(self.order[1:]))
        return self.order


@dataclass(frozen=True, eq=False)
class Network:
    """A validated map compiled for the engine: stations by index, lines by index."""

    id: str
    name: str
    note: str | None
    symbol: str | None
    stations: tuple[Station, ...]
    lines: tuple[Line, ...]
    station_index: dict[int, int]
    line_index: dict[str, int]
    special_mask: int
    all_mask: int

    @property
    def total_windows(self) -> int:
        return sum(line.windows for line in self.lines)

    @property
    def interchanges(self) -> int:
        """Stations where two or more lines meet."""
        return sum(1 for s in self.stations if len(s.lines) > 1)

    def station(self, station_id: int) -> Station:
        """The station with the printed number ``station_id`` (ContentError if none)."""
        try:
            return self.stations[self.station_index[station_id]]
        except KeyError:
            raise ContentError("no such station", where=(f"station {station_id}",)) from None

    def line(self, line_id: str) -> Line:
        """The line with letter ``line_id`` (ContentError if none)."""
        try:
            return self.lines[self.line_index[line_id]]
        except KeyError:
            raise ContentError(
                f"no such line (the map has {', '.join(self.line_index)})",
                where=(f"line {line_id}",)) from None

    def figures(self) -> dict[str, object]:
        """The numbers ``vv maps`` lists for a map."""
        return {
            "id": self.id,
            "name": self.name,
            "lines": len(self.lines),
            "stations": len(self.stations),
            "windows": self.total_windows,
            "interchanges": self.interchanges,
            "rings": sum(1 for line in self.lines if line.ring),
            "special_stations": sum(1 for s in self.stations if s.special),
        }


def _place(loc: tuple) -> str:
    """Name a pydantic error location in the map's own words (``line C``, ``station 4``)."""
    return ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in loc).replace(".[", "[")


def parse_map(data: object) -> MapSpec:
    """Validate a map document's shape (InputError, exit 2, on failure)."""
    check_format(data, MAP_FORMAT)
    return parse_model(MapSpec, data, place=_place)


def compile_map(spec: MapSpec) -> Network:
    """Check what types cannot express and build the engine's :class:`Network`.

    Raises ContentError naming the place: duplicate ids, unknown stations on a line, a
    station twice on one line, a station on no line, a ring of fewer than 3 stations,
    bonus first < later.
    """
    station_index: dict[int, int] = {}
    for s in spec.stations:
        if s.id in station_index:
            raise ContentError("station id used twice", where=(f"station {s.id}",))
        station_index[s.id] = len(station_index)
    positions: dict[tuple[float, float], int] = {}
    for s in spec.stations:
        if (s.x, s.y) in positions:
            raise ContentError(f"same position as station {positions[(s.x, s.y)]}",
                               where=(f"station {s.id}",))
        positions[(s.x, s.y)] = s.id
    line_index: dict[str, int] = {}
    through: list[list[int]] = [[] for _ in spec.stations]
    lines: list[Line] = []
    colors: dict[str, str] = {}
    for spec_line in spec.lines:
        where = f"line {spec_line.id}"
        if spec_line.id in line_index:
            raise ContentError("line letter used twice", where=(where,))
        if spec_line.color in colors:
            raise ContentError(f"same colour as line {colors[spec_line.color]}", where=(where,))
        colors[spec_line.color] = spec_line.id
        first, later = spec_line.bonus
        if first < later:
            raise ContentError(f"bonus first ({first}) is smaller than later ({later})",
                               where=(where, "bonus"))
        if spec_line.ring and len(spec_line.stations) < 3:
            raise ContentError("a ring needs 3 or more stations", where=(where,))
        order: list[int] = []
        for sid in spec_line.stations:
            if sid not in station_index:
                raise ContentError("no such station", where=(where, f"station {sid}"))
            idx = station_index[sid]
            if idx in order:
                raise ContentError("station twice on one line", where=(where, f"station {sid}"))
            order.append(idx)
        index = len(lines)
        line_index[spec_line.id] = index
        for idx in order:
            through[idx].append(index)
        mask = 0
        for idx in order:
            mask |= 1 << idx
        lines.append(Line(index=index, id=spec_line.id, color=spec_line.color,
                          windows=spec_line.windows, first=first, later=later,
                          order=tuple(order), ring=spec_line.ring, mask=mask,
                          name=spec_line.name))
    stations = []
    special_mask = 0
    for s in spec.stations:
        idx = station_index[s.id]
        if not through[idx]:
            raise ContentError("station lies on no line", where=(f"station {s.id}",))
        if s.special:
            special_mask |= 1 << idx
        stations.append(Station(index=idx, id=s.id, x=s.x, y=s.y, name=s.name,
                                special=s.special, lines=tuple(through[idx])))
    return Network(id=spec.id, name=spec.name, note=spec.note, symbol=spec.symbol,
                   stations=tuple(stations), lines=tuple(lines), station_index=station_index,
                   line_index=line_index, special_mask=special_mask,
                   all_mask=(1 << len(stations)) - 1)


def load_map_data(data: object) -> Network:
    """Validate and compile a map document (InputError for shape, ContentError for content)."""
    return compile_map(parse_map(data))


@cache
def bundled_map(map_id: str) -> Network:
    """A bundled map by id (ContentError listing the ids when unknown)."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text

    if map_id not in BUNDLED_MAPS:
        raise ContentError(f"unknown map {map_id!r} (bundled: {', '.join(BUNDLED_MAPS)})")
    text = bundled_text(__package__, "data", "maps", f"{map_id}.yaml")
    return load_map_data(load_yaml_text(text))
