"""The map format ``scorepad/vv-map@1``: the checks a type cannot express, and the compiled
:class:`Network` the engine runs on.

A map file's *shape* (keys, types, ranges) is checked by the pydantic models of
:mod:`.map_spec` and reported as an
InputError (exit 2) placed in the map's own words (``line C, windows: input should be less
than or equal to 4``); its *content* (a line naming a station that does not exist, a
station on no line, ...) by :func:`compile_map`, as a ContentError (exit 1) naming the
place: ``line C, station 99: no such station``.

:func:`layout_problems` checks the drawing conventions the bundled maps follow (octilinear
short segments, no line drawn through a station it does not serve, ...). They are advice for
a map meant for the printed sheet, not rules of the game, so compiling never enforces them.

The bundled maps are validated by the same model as any map file (:func:`bundled_map`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from scorepad.rules.common.errors import ContentError, ScorepadError

from .map_spec import (
    MAP_FORMAT,  # noqa: F401  # the format's name, read from here too
    MapSpec,
    parse_map,
    parse_map_json,
    shape_problems,
)

BUNDLED_MAPS = ("amsterdam", "berlin", "paris", "madrid")


class Station(NamedTuple):
    """A compiled station; ``index`` is its bit in the engine's station masks."""

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, on purpose
    id: int
    x: float
    y: float
    name: str | None
    special: bool
    lines: tuple[int, ...]  # indices of the lines through it


class Line(NamedTuple):
    """A compiled line; ``order`` holds station indices from the wagon on (``cw`` for rings)."""

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, on purpose
    id: str
    color: str
    windows: int
    first: int
    later: int
    order: tuple[int, ...]
    ring: bool
    mask: int
    name: str | None = None

    def complete(self, marked: int) -> bool:
        """Whether every station of the line is marked (``marked``: a station mask). The
        rule of a complete line, once; the engine's hot path writes this test inline."""
        return marked & self.mask == self.mask

    def bonus_points(self, bonus: str | None) -> int:
        """The points of the line's ``first`` or ``later`` bonus (None: no bonus, 0)."""
        return self.first if bonus == "first" else self.later if bonus == "later" else 0

    def path(self, direction: str = "cw") -> tuple[int, ...]:
        """Station indices in travel order; a ring's ``ccw`` runs the other way from the first."""
        if self.ring and direction == "ccw":
            return (self.order[0],) + tuple(reversed(self.order[1:]))
        return self.order


@dataclass(frozen=True, eq=False)
class Network:
    """A validated map compiled for the engine: stations by index, lines by index.

    Stations and lines are named tuples (immutable, and cheap to define at start-up, which
    frozen dataclasses are not). Two networks compiled from the same map compare equal, so
    game states compare equal after a replay that read the map file again; the hash is a
    cheap digest of the same content (the engine looks its tables up by network).
    """

    id: str
    name: str
    note: str | Mapping[str, str] | None  # one text, or one per language
    symbol: str | None
    stations: tuple[Station, ...]
    lines: tuple[Line, ...]
    station_index: dict[int, int]
    line_index: dict[str, int]
    special_mask: int
    all_mask: int
    # The engine's tables of this map, made on first use (see engine.map_tables); a list
    # so that the frozen network can hold them once made.
    tables: list[Any] = field(default_factory=list, repr=False)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Network):
            return NotImplemented
        return (self.id, self.name, self.note, self.symbol, self.stations, self.lines) == \
            (other.id, other.name, other.note, other.symbol, other.stations, other.lines)

    def __hash__(self) -> int:
        return hash((self.id, self.all_mask, self.special_mask, len(self.lines)))

    def note_in(self, lang: str) -> str | None:
        """The map's note in ``lang``: a per-language note falls back to English, then to
        the first language given; a plain note is the same in every language."""
        if self.note is None or isinstance(self.note, str):
            return self.note
        return self.note.get(lang) or self.note.get("en") or next(iter(self.note.values()), None)

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

    def mask_of(self, station_ids: Iterable[int]) -> int:
        """The station mask of printed station numbers (unknown numbers are left out)."""
        mask = 0
        for sid in station_ids:
            index = self.station_index.get(sid)
            if index is not None:
                mask |= 1 << index
        return mask

    def complete_lines(self, station_ids: Iterable[int]) -> list[str]:
        """The letters of the lines all of whose stations are marked (printed numbers)."""
        marked = self.mask_of(station_ids)
        return [line.id for line in self.lines if line.complete(marked)]

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


def compile_map(spec: MapSpec) -> Network:
    """Check what types cannot express and build the engine's :class:`Network`.

    Raises the first problem :func:`content_problems` finds, a ContentError naming the
    place: duplicate ids, unknown stations on a line, a station twice on one line, a
    station on no line, a ring of fewer than 3 stations, bonus first < later.
    """
    problems: list[ContentError] = []
    network = _compile(spec, problems)
    if problems:
        raise problems[0]
    assert network is not None
    return network


def content_problems(spec: MapSpec) -> list[ContentError]:
    """Every content problem of a map whose shape is valid (empty when it compiles)."""
    problems: list[ContentError] = []
    _compile(spec, problems)
    return problems


def map_problems(data: object) -> list[ScorepadError]:
    """Every problem of a map document: its shape problems (InputErrors), or when the shape
    is valid its content problems (ContentErrors). Empty for a valid map."""
    spec, problems = shape_problems(data)
    return problems if spec is None else list(content_problems(spec))


def _compile(spec: MapSpec, problems: list[ContentError]) -> Network | None:
    """Build the network, adding each content problem to ``problems`` and going on past it
    (None when there was one)."""
    station_index: dict[int, int] = {}
    for s in spec.stations:
        if s.id in station_index:
            problems.append(ContentError("station id used twice", where=(f"station {s.id}",)))
            continue
        station_index[s.id] = len(station_index)
    positions: dict[tuple[float, float], int] = {}
    for s in spec.stations:
        if (s.x, s.y) in positions:
            problems.append(ContentError(f"same position as station {positions[(s.x, s.y)]}",
                                         where=(f"station {s.id}",)))
            continue
        positions[(s.x, s.y)] = s.id
    line_index: dict[str, int] = {}
    through: list[list[int]] = [[] for _ in station_index]
    lines: list[Line] = []
    colors: dict[str, str] = {}
    for spec_line in spec.lines:
        where = f"line {spec_line.id}"
        if spec_line.id in line_index:
            problems.append(ContentError("line letter used twice", where=(where,)))
            continue
        if spec_line.color in colors:
            problems.append(ContentError(f"same colour as line {colors[spec_line.color]}",
                                         where=(where,)))
        colors.setdefault(spec_line.color, spec_line.id)
        first, later = spec_line.bonus
        if first < later:
            problems.append(ContentError(f"bonus first ({first}) is smaller than later "
                                         f"({later})", where=(where, "bonus")))
        if spec_line.ring and len(spec_line.stations) < 3:
            problems.append(ContentError("a ring needs 3 or more stations", where=(where,)))
        order: list[int] = []
        for sid in spec_line.stations:
            if sid not in station_index:
                problems.append(ContentError("no such station", where=(where, f"station {sid}")))
                continue
            idx = station_index[sid]
            if idx in order:
                problems.append(ContentError("station twice on one line",
                                             where=(where, f"station {sid}")))
                continue
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
    listed: set[int] = set()
    for s in spec.stations:
        if s.id in listed:
            continue  # the second station of a repeated id is reported above
        listed.add(s.id)
        idx = station_index[s.id]
        if not through[idx]:
            problems.append(ContentError("station lies on no line", where=(f"station {s.id}",)))
        if s.special:
            special_mask |= 1 << idx
        stations.append(Station(index=idx, id=s.id, x=s.x, y=s.y, name=s.name,
                                special=s.special, lines=tuple(through[idx])))
    if problems:
        return None
    return Network(id=spec.id, name=spec.name, note=spec.note, symbol=spec.symbol,
                   stations=tuple(stations), lines=tuple(lines), station_index=station_index,
                   line_index=line_index, special_mask=special_mask,
                   all_mask=(1 << len(stations)) - 1)


def load_map_data(data: object) -> Network:
    """Validate and compile a map document (InputError for shape, ContentError for content)."""
    return compile_map(parse_map(data))


def load_map_json(text: str) -> Network:
    """:func:`load_map_data` of a JSON document's text (see ``map_spec.parse_map_json``)."""
    return compile_map(parse_map_json(text))


def layout_problems(network: Network, *, max_segment: float = 3.0,
                    clearance: float = 0.3, min_distance: float = 1.0,
                    max_shared: int = 3) -> list[str]:
    """The drawing conventions a map breaks, one placed message each (empty when none).

    The printed sheet draws a map as a transit diagram on its ``x``/``y`` grid, so a map for
    the sheet keeps: stations at least ``min_distance`` apart; every segment between
    consecutive stations of a line octilinear (horizontal, vertical or 45 degrees) and at
    most ``max_segment`` long; no segment passing within ``clearance`` of a station other
    than its two ends; at most ``max_shared`` lines side by side on one segment; rings
    running clockwise (``y`` grows downward). The bundled maps break none of them.
    """
    problems: list[str] = []
    stations = network.stations
    for i, a in enumerate(stations):
        for b in stations[i + 1:]:
            if math.hypot(a.x - b.x, a.y - b.y) < min_distance - 1e-9:
                problems.append(f"station {a.id}, station {b.id}: closer than "
                                f"{min_distance:g} grid unit")
    shared: dict[frozenset[int], list[str]] = {}
    for line in network.lines:
        for u, v in _segments(line):
            a, b = stations[u], stations[v]
            where = f"line {line.id}, stations {a.id}-{b.id}"
            dx, dy = b.x - a.x, b.y - a.y
            if not (abs(dx) < 1e-9 or abs(dy) < 1e-9 or abs(abs(dx) - abs(dy)) < 1e-9):
                problems.append(f"{where}: segment is not horizontal, vertical or diagonal")
            if math.hypot(dx, dy) > max_segment + 1e-9:
                problems.append(f"{where}: segment longer than {max_segment:g} grid units")
            for other in stations:
                if other.index not in (u, v) and \
                        _point_segment(other.x, other.y, a.x, a.y, b.x, b.y) < clearance:
                    problems.append(f"{where}: drawn through station {other.id}")
            shared.setdefault(frozenset((a.id, b.id)), []).append(line.id)
        if line.ring and _signed_area(network, line) <= 0:
            problems.append(f"line {line.id}: ring does not run clockwise")
    for pair, letters in shared.items():
        if len(letters) > max_shared:
            low, high = sorted(pair)
            problems.append(f"stations {low}-{high}: {len(letters)} lines side by side "
                            f"({', '.join(letters)}), more than {max_shared}")
    return problems


def _segments(line: Line) -> list[tuple[int, int]]:
    """Consecutive station index pairs of a line, the closing pair of a ring included."""
    pairs = list(zip(line.order, line.order[1:], strict=False))
    if line.ring:
        pairs.append((line.order[-1], line.order[0]))
    return pairs


def _point_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from point P to segment AB."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _signed_area(network: Network, line: Line) -> float:
    """Twice the shoelace area of a ring; positive means clockwise with ``y`` downward."""
    pts = [(network.stations[i].x, network.stations[i].y) for i in line.order]
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True))


@cache
def bundled_map(map_id: str) -> Network:
    """A bundled map by id (ContentError listing the ids when unknown), validated by the
    same model as any map file (:func:`load_map_json`).

    The bundled maps are JSON, which the model reads itself: printing a sheet of one needs
    no YAML parser, nor the standard library's JSON module.
    """
    from scorepad.rules.common.data import bundled_text

    if map_id not in BUNDLED_MAPS:
        raise ContentError(f"unknown map {map_id!r} (bundled: {', '.join(BUNDLED_MAPS)})")
    return load_map_json(bundled_text(__package__, "data", "maps", f"{map_id}.json"))
