"""Printable Voll verplant sheets, blank (``draw_sheet``) or marked from a game (``draw_marked``).

A sheet is a transit diagram of the map on the left and a panel on the right (or below, when
that leaves the map larger): per line its badge, a wagon with its windows and the
``first``/``later`` bonus boxes, the final-score box and a legend. Layout in short:

1. **Frame** — the page turns with the map's shape; the panel goes where the map gets the
   largest scale; the map is centred in what is left.
2. **Tracks** — every connection is drawn at multiples of 45° (a bend is added when the map's
   positions are not); lines sharing a connection run side by side (``sheets.layout``).
3. **Stations** on top of the tracks: circles of at least 6 mm; interchanges with a bold
   ring, end stations with a double ring, special stations tinted with a star.
4. **Labels** in order of importance — line badges at the ends, ring arrows, stars, station
   numbers, names — each at the first nearby spot where it touches nothing (a spatial index of
   everything drawn so far); a name that finds no spot is left out.

The blank sheet is built once per (map, paper, language, numbers) and reused: a pad repeats the
same group on every page, and marked sheets draw the marks over the same group.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import ceil, hypot, inf, sqrt
from typing import TYPE_CHECKING, NamedTuple

from scorepad.rules.common.errors import ContentError
from scorepad.rules.voll_verplant.maps import Line as MapLine
from scorepad.rules.voll_verplant.maps import Network

from . import layout as geo
from .draw import (
    ASCENT,
    BLACK,
    DESCENT,
    WHITE,
    Circle,
    Group,
    Item,
    Line,
    Page,
    Polyline,
    Rect,
    Style,
    Text,
    bbox,
    filled,
    ink_on,
    luminance,
    paper_size,
    stroke,
    text_width,
    tint,
    wrap,
)
from .labels import format_number, label

if TYPE_CHECKING:  # marks are drawn only by `vv render`; a blank sheet skips the import
    from scorepad.rules.voll_verplant.view import MarkedSheet

# ---- page frame (mm)
MARGIN = 10.0          # the spec's minimum; no ink goes nearer the edge
SAFE = 0.3             # kept free inside the margin for stroke widths and rounding
PANEL_GAP = 5.0        # between the map and the panel
COL_W = 58.0           # a panel column
COL_GAP = 5.0
BLOCK_GAP = 5.0        # between blocks of the panel
MAP_PAD = 4.4          # around the outermost station centres: the largest circle's ink
ROOMY_PAD = 9.5        # ... and room for a badge beyond them, when a crowded edge needs it
MAX_SCALE = 20.0       # mm per grid unit: a tiny map is not blown up beyond this

# ---- map drawing
RADIUS = 3.1           # station circle radius (6.2 mm across), more when the scale allows
MIN_RADIUS = 3.0       # the spec's 6 mm
MAX_RADIUS = 3.5       # larger circles only take room from the labels
LINE_W = 1.25          # a line's track width
TRACK_GAP = 0.35       # between side-by-side tracks
STATION_STROKE = 0.35
INTERCHANGE_STROKE = 0.9
END_RING = 0.55        # the end station's outer ring, outside the circle
STATION_GAP = 0.3      # at least this much paper between two stations' ink
BADGE_R = 2.4          # line badge on the map
STUB_FROM = 4.0        # a badge farther than this from its station hangs on a stub
STAR_R = 1.45
NUMBER_SIZE = 2.1      # ≈ 6 pt
NAME_SIZES = (1.9, 1.7)  # ≈ 5.4 pt, then 4.8 pt where the larger does not fit
LABEL_GAP = 0.25
SPECIAL_FILL = "#d9d9d9"
NUMBER_COLOR = "#333333"
NAME_COLOR = "#1a1a1a"

# ---- panel
TABLE_HEAD = 7.0
ROW_H = 9.5
WINDOW_W = 7.2         # spec: at least 7 mm
WINDOW_H = 6.0
WINDOW_GAP = 0.8
SCORE_ROW = 8.0
SCORE_H = 6.0 + 4 * SCORE_ROW
LEGEND_SIZE = 2.2
LEGEND_LINE = 3.0
LEGEND_SYMBOL = 7.0
LEGEND_ROW = 5.4

# ---- marks ("handwriting")
INK = "#1f3a93"
INK_W = 0.6

# Dash pattern / casing / centre stripe per line, in line order: with the letters, they tell
# lines apart on a black-and-white print.
_PATTERNS: tuple[tuple[tuple[float, ...] | None, bool, bool], ...] = (
    (None, False, False),
    ((3.0, 1.2), False, False),
    (None, True, False),
    ((1.2, 0.9), False, False),
    ((3.0, 0.9, 0.9, 0.9), False, False),
    (None, False, True),
    ((3.0, 1.2), True, False),
    ((1.2, 0.9), True, False),
    ((3.0, 0.9, 0.9, 0.9), True, False),
    (None, True, True),
)


def _directions(*pairs: tuple[float, float]) -> tuple[geo.Point, ...]:
    return tuple(geo.unit(x, y) for x, y in pairs)


# Where a label goes around its station, in order of preference (y grows downward).
_NUMBER_DIRECTIONS = _directions((1, -1), (1, 1), (-1, -1), (-1, 1), (1, 0), (-1, 0), (0, -1),
                                 (0, 1))
_NAME_DIRECTIONS = _directions((1, 0), (-1, 0), (1, -1), (1, 1), (-1, -1), (-1, 1), (0, -1),
                               (0, 1))
_ALL_DIRECTIONS = _NUMBER_DIRECTIONS + tuple(
    geo.rotate(d, 22.5) for d in _directions((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1),
                                             (0, -1), (1, -1)))


# A special station's star sits on its rim, at the top if there is room.
_STAR_TURNS = (0, 45, -45, 90, -90, 135, -135, 180, 22.5, -22.5, 67.5, -67.5, 112.5, -112.5,
               157.5, -157.5)

# A badge goes on the line's extension beyond its end if it can, else turned away from it.
_BADGE_TURNS = (0, 45, -45, 90, -90, 135, -135, 180, 22.5, -22.5, 67.5, -67.5, 112.5, -112.5,
                157.5, -157.5)


class LineLook(NamedTuple):
    """How a line is drawn: colour, dash pattern, black casing, white centre stripe."""

    color: str
    dash: tuple[float, ...] | None
    casing: bool
    stripe: bool


def line_look(line: MapLine) -> LineLook:
    """The look of a line; light colours always get a casing so they show on white paper."""
    dash, casing, stripe = _PATTERNS[line.index % len(_PATTERNS)]
    return LineLook(line.color, dash, casing or luminance(line.color) > 0.7, stripe)


def track_items(points: Sequence[geo.Point], look: LineLook, width: float,
                closed: bool = False, tag: str | None = None) -> list[Item]:
    """The primitives of one drawn track (casing, tint under dashes, colour, stripe)."""
    pts = tuple(points)
    items: list[Item] = []
    if look.casing:
        items.append(Polyline(pts, stroke(BLACK, width + 0.5, join="round"), closed))
    if look.dash:
        # A light tint under the dashes keeps the line one continuous band.
        items.append(Polyline(pts, stroke(tint(look.color, 0.65), width, join="round"), closed))
        items.append(Polyline(pts, stroke(look.color, width, dash=look.dash, join="round"),
                              closed, tag=tag))
    else:
        items.append(Polyline(pts, stroke(look.color, width, join="round"), closed, tag=tag))
    if look.stripe:
        items.append(Polyline(pts, stroke(WHITE, width * 0.36, join="round"), closed))
    return items


# ============================================================================ public API


@dataclass
class SheetLayout:
    """A drawn blank sheet and where things are on it (for marks and for tests).

    ``base`` is the blank sheet; ``centers`` maps station ids to circle centres; ``radius`` is
    the circle radius; ``windows`` maps a line letter to its window boxes; ``bonus`` maps a
    line letter to its ``first``/``later`` cell and tick boxes; ``score`` maps a score field to
    its box; ``problems`` lists labels that found no free spot (empty on a good sheet).
    """

    width: float
    height: float
    landscape: bool
    base: Group
    scale: float
    radius: float
    map_box: geo.Box
    centers: dict[int, geo.Point] = field(default_factory=dict)
    windows: dict[str, list[geo.Box]] = field(default_factory=dict)
    bonus: dict[str, dict[str, tuple[geo.Box, geo.Box]]] = field(default_factory=dict)
    score: dict[str, geo.Box] = field(default_factory=dict)
    player: tuple[float, float, float] = (0.0, 0.0, 0.0)  # x, baseline, width of the field
    names: dict[int, str] = field(default_factory=dict)     # station id -> printed name
    problems: list[str] = field(default_factory=list)


def draw_sheet(network: Network, *, paper: str = "a4", lang: str = "en",
               numbers: bool = True) -> Page:
    """The blank sheet of ``network`` as one page (``paper`` a4|letter, ``lang`` en|de|fr).

    Raises ContentError when the map's stations are too close together to print circles of
    6 mm on this paper.
    """
    sheet = sheet_layout(network, paper, lang, numbers)
    return Page(sheet.width, sheet.height, [sheet.base])


def draw_marked(network: Network, marked: MarkedSheet, *, paper: str = "a4",
                lang: str = "en") -> Page:
    """``marked`` drawn over the blank sheet in a handwriting blue: crosses, transfer numbers,
    window entries, ticked and struck bonuses, the final score and the player's name.

    Raises ContentError for a station or line the map does not have, or more window entries
    than the line has windows.
    """
    sheet = sheet_layout(network, paper, lang, True)
    marks = _draw_marks(network, sheet, marked, lang)
    return Page(sheet.width, sheet.height, [sheet.base, marks])


def sheet_title(network: Network, player: str | None = None) -> str:
    """The document title of a sheet (PDF metadata)."""
    title = f"Voll verplant – {network.name}"
    return f"{title} ({player})" if player else title


@lru_cache(maxsize=16)
def sheet_layout(network: Network, paper: str, lang: str, numbers: bool) -> SheetLayout:
    """The blank sheet and its geometry; built once per arguments (networks hash by identity).

    When a label finds no free spot (a crowded map edge), the map is laid out again a little
    smaller with room for badges all round, and the better of the two is kept.
    """
    sheet = _SheetBuilder(network, paper, lang, numbers, MAP_PAD).build()
    if not sheet.problems:
        return sheet
    try:
        roomy = _SheetBuilder(network, paper, lang, numbers, ROOMY_PAD).build()
    except ContentError:  # too dense at the smaller scale: keep the first
        return sheet
    return roomy if len(roomy.problems) < len(sheet.problems) else sheet


# ============================================================================ frame


class _Frame(NamedTuple):
    """Where the map and the panel's blocks go on the page."""

    landscape: bool
    width: float
    height: float
    map_box: geo.Box
    scale: float
    table: list[tuple[float, float, int, int]]  # x, y, first row, end row
    score: tuple[float, float]
    legend: tuple[float, float, float]          # x, y, width


def _legend_rows(entries: Sequence[tuple[str, str]], width: float
                 ) -> list[list[tuple[str, list[str], float]]]:
    """Legend entries flowed into rows: each entry is (kind, wrapped lines, entry width)."""
    rows: list[list[tuple[str, list[str], float]]] = []
    used = inf
    for kind, text in entries:
        lines = wrap(text, width - LEGEND_SYMBOL, LEGEND_SIZE)
        w = LEGEND_SYMBOL + max(text_width(t, LEGEND_SIZE) for t in lines) + 4.0
        if used + w > width or len(lines) > 1:
            rows.append([])
            used = 0.0
        rows[-1].append((kind, lines, w))
        used += w
        if len(lines) > 1:
            used = inf  # a wrapped entry has its row to itself
    return rows


def _legend_height(entries: Sequence[tuple[str, str]], width: float) -> float:
    return sum(_legend_row_height(row) for row in _legend_rows(entries, width))


def _legend_row_height(row: list[tuple[str, list[str], float]]) -> float:
    """A legend row: room for the symbols (5 mm) or for the longest wrapped text."""
    return max(LEGEND_ROW, LEGEND_LINE * max(len(e[1]) for e in row) + 2.2)


def _frame(gw: float, gh: float, n_lines: int, legend: Sequence[tuple[str, str]],
           paper: str, header_h: float, pad: float) -> _Frame:
    """Try the panel at the right and below the map, the legend in the panel and under the
    map; keep the arrangement that gives the map the largest scale."""
    landscape = gw >= gh
    width, height = paper_size(paper, landscape)
    x0, y0 = MARGIN + SAFE, MARGIN + SAFE + header_h
    x1, y1 = width - MARGIN - SAFE, height - MARGIN - SAFE
    body_w, body_h = x1 - x0, y1 - y0

    def scale_for(box: geo.Box) -> float:
        w, h = box.x1 - box.x0 - 2 * pad, box.y1 - box.y0 - 2 * pad
        if w <= 0 or h <= 0:
            return 0.0
        return min(w / gw if gw else inf, h / gh if gh else inf, MAX_SCALE)

    options: list[_Frame] = []
    # (1) panel at the right, flowing into as many columns as the height needs
    rows_per_col = max(1, int((body_h - TABLE_HEAD) // ROW_H))
    table_cols = ceil(n_lines / rows_per_col)
    last_rows = n_lines - (table_cols - 1) * rows_per_col
    left_in_last = body_h - (TABLE_HEAD + last_rows * ROW_H) - BLOCK_GAP
    for legend_in_panel in (False, True):
        extra = SCORE_H + (BLOCK_GAP + _legend_height(legend, COL_W) if legend_in_panel else 0)
        cols = table_cols + (0 if extra <= left_in_last else 1)
        panel_w = cols * COL_W + (cols - 1) * COL_GAP
        map_right = x1 - panel_w - PANEL_GAP
        leg_h = 0.0 if legend_in_panel else _legend_height(legend, map_right - x0) + BLOCK_GAP
        box = geo.Box(x0, y0, map_right, y1 - leg_h)
        px = x1 - panel_w
        table = []
        for c in range(table_cols):
            first = c * rows_per_col
            table.append((px + c * (COL_W + COL_GAP), y0, first, min(n_lines, first + rows_per_col)))
        if cols > table_cols:
            sx, sy = px + table_cols * (COL_W + COL_GAP), y0
        else:
            sx, sy = table[-1][0], y0 + TABLE_HEAD + last_rows * ROW_H + BLOCK_GAP
        legend_at = ((sx, sy + SCORE_H + BLOCK_GAP, COL_W) if legend_in_panel
                     else (x0, y1 - leg_h + BLOCK_GAP, map_right - x0))
        options.append(_Frame(landscape, width, height, box, scale_for(box), table,
                              (sx, sy), legend_at))
    # (2) panel below the map: table columns side by side, then score and legend
    side_h = SCORE_H + BLOCK_GAP + _legend_height(legend, COL_W)
    for cols in range(1, n_lines + 1):
        panel_w = (cols + 1) * COL_W + cols * COL_GAP
        if panel_w > body_w:
            break
        rows = ceil(n_lines / cols)
        panel_h = max(TABLE_HEAD + rows * ROW_H, side_h)
        box = geo.Box(x0, y0, x1, y1 - panel_h - PANEL_GAP)
        py = y1 - panel_h
        table = [(x0 + c * (COL_W + COL_GAP), py, c * rows, min(n_lines, (c + 1) * rows))
                 for c in range(cols) if c * rows < n_lines]
        sx = x0 + cols * (COL_W + COL_GAP)
        options.append(_Frame(landscape, width, height, box, scale_for(box), table,
                              (sx, py), (sx, py + SCORE_H + BLOCK_GAP, COL_W)))
    return max(options, key=lambda f: f.scale)  # max keeps the first of equals


# ============================================================================ builder


class _SheetBuilder:
    """Builds one blank sheet; see the module docstring for the order of the steps."""

    def __init__(self, network: Network, paper: str, lang: str, numbers: bool,
                 pad: float = MAP_PAD) -> None:
        self.pad = pad
        self.net = network
        self.paper = paper
        self.lang = lang
        self.numbers = numbers
        self.obstacles = geo.Obstacles(cell=8.0)
        self.problems: list[str] = []
        self.looks = [line_look(line) for line in network.lines]

    # -------------------------------------------------------------- top level
    def build(self) -> SheetLayout:
        net = self.net
        xs = [s.x for s in net.stations]
        ys = [s.y for s in net.stations]
        self.gx0, self.gy0 = min(xs), min(ys)
        gw, gh = max(xs) - self.gx0, max(ys) - self.gy0
        note_lines = self._note_lines(paper_size(self.paper, gw >= gh)[0])
        header_h = 12.0 + 3.0 * max(0, len(note_lines) - 1) + (2.0 if note_lines else 0.0)
        frame = _frame(gw, gh, len(net.lines), self._legend_entries(), self.paper, header_h,
                       self.pad)
        self.frame = frame
        self._place_map(frame, gw, gh)
        base = Group(tag="sheet")
        self.sheet = SheetLayout(frame.width, frame.height, frame.landscape, base,
                                 self.scale, self.radius, frame.map_box)
        self.sheet.centers = {s.id: self.centers[s.index] for s in net.stations}
        # Header and panel first: the map's labels may use any free paper around the map
        # (within the margins) but must keep clear of them.
        header = self._header(frame, note_lines)
        blocks = [self._table(x, y, first, end) for x, y, first, end in frame.table]
        blocks += [self._score_box(*frame.score), self._legend(*frame.legend)]
        for item in header.items:
            self._block_obstacle(item)
        for block in blocks:
            self._block_obstacle(block)
        base.add(header)
        base.add(self._map())
        base.extend(blocks)
        self.sheet.problems = self.problems
        return self.sheet

    def _block_obstacle(self, item: Item) -> None:
        box = bbox(item)
        if box is not None:
            self.obstacles.add(geo.Box(*box).grow(0.5))

    # -------------------------------------------------------------- map geometry
    def _place_map(self, frame: _Frame, gw: float, gh: float) -> None:
        """Scale, circle size and centres; refuse a map too dense for 6 mm circles."""
        net = self.net
        s = frame.scale
        box = frame.map_box
        ox = (box.x0 + box.x1) / 2 - (self.gx0 + gw / 2) * s
        oy = (box.y0 + box.y1) / 2 - (self.gy0 + gh / 2) * s
        self.scale = s
        self.centers = [(ox + st.x * s, oy + st.y * s) for st in net.stations]
        ends = set()
        for line in net.lines:
            if not line.ring:
                ends.add(line.order[-1])
        self.ends = ends
        self.starts = {line.order[0] for line in net.lines}

        def outer(i: int, r: float) -> float:
            if i in ends:
                return r + END_RING + 0.15
            if len(net.stations[i].lines) > 1:
                return r + INTERCHANGE_STROKE / 2
            return r + STATION_STROKE / 2

        close = self._close_pairs(12.0)
        radius = min(MAX_RADIUS, max(RADIUS, 0.385 * s))
        while True:
            worst = None
            for i, j, d in close:
                need = outer(i, radius) + outer(j, radius) + STATION_GAP
                if d < need and (worst is None or d - need < worst[2] - worst[3]):
                    worst = (i, j, d, need)
            if worst is None:
                break
            if radius > MIN_RADIUS:
                radius = max(MIN_RADIUS, radius - 0.1)
                continue
            i, j, d, need = worst
            a, b = net.stations[i].id, net.stations[j].id
            raise ContentError(
                f"too dense to print on {self.paper}: stations {a} and {b} are {d:.1f} mm apart "
                f"on paper, 6 mm circles need {need:.1f} mm (space them further apart)")
        self.radius = radius
        self.outer = [outer(i, radius) for i in range(len(net.stations))]

    def _close_pairs(self, within: float) -> list[tuple[int, int, float]]:
        """Pairs of stations whose centres are nearer than ``within`` mm (a bucket grid)."""
        buckets: dict[tuple[int, int], list[int]] = {}
        for i, (x, y) in enumerate(self.centers):
            buckets.setdefault((int(x // within), int(y // within)), []).append(i)
        out = []
        for (bx, by), members in buckets.items():
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for j in buckets.get((bx + dx, by + dy), ()):
                        for i in members:
                            if i < j:
                                (x1, y1), (x2, y2) = self.centers[i], self.centers[j]
                                d = hypot(x2 - x1, y2 - y1)
                                if d < within:
                                    out.append((i, j, d))
        return out

    def _routes(self) -> None:
        """Every connection's octilinear route and the lines sharing it, then each line's
        track: one polyline through its stations on its own side of every shared stretch."""
        net = self.net
        self.edge_lines: dict[tuple[int, int], list[int]] = {}
        for line in net.lines:
            path = list(line.order) + ([line.order[0]] if line.ring else [])
            for a, b in zip(path, path[1:], strict=False):
                key = (min(a, b), max(a, b))
                users = self.edge_lines.setdefault(key, [])
                if line.index not in users:
                    users.append(line.index)
        width = max((len(u) for u in self.edge_lines.values()), default=1)
        # Tracks of a bundle must stay inside the circles they run into (joins hide there).
        self.line_w = min(LINE_W, 1.5 * self.radius / max(width, 1) - TRACK_GAP)
        self.spacing = self.line_w + TRACK_GAP
        self.routes: dict[tuple[int, int], tuple[geo.Point, ...]] = {}
        discs = [geo.Disc(x, y, r) for (x, y), r in zip(self.centers, self.outer, strict=True)]
        for key in sorted(self.edge_lines):
            a, b = key
            options = geo.routes(self.centers[a], self.centers[b])
            if len(options) > 1:
                # Prefer the bend that runs through fewer other stations.
                def crossings(route: tuple[geo.Point, ...], a: int = a, b: int = b) -> int:
                    hits = 0
                    for p, q in zip(route, route[1:], strict=False):
                        cap = geo.Capsule(*p, *q, 0.0)
                        hits += sum(1 for k, disc in enumerate(discs)
                                    if k not in (a, b) and geo.overlap(cap, disc))
                    return hits
                options.sort(key=crossings)
            self.routes[key] = options[0]
        self.tracks: dict[int, list[geo.Point]] = {}
        for line in net.lines:
            path = list(line.order) + ([line.order[0]] if line.ring else [])
            points: list[geo.Point] = []
            for a, b in zip(path, path[1:], strict=False):
                key = (min(a, b), max(a, b))
                route = self.routes[key]
                users = self.edge_lines[key]
                offset = geo.bundle_offsets(len(users), self.spacing)[users.index(line.index)]
                normal = geo.canonical_normal(route[0], route[-1])
                shifted = geo.offset_polyline(route, normal, offset)
                if a > b:
                    shifted.reverse()
                points.extend(shifted)
            if len(path) == 1:  # a one-station line: a stub, hidden under its circle
                points = [self.centers[path[0]], self.centers[path[0]]]
            self.tracks[line.index] = points
        for key, route in self.routes.items():
            half = len(self.edge_lines[key]) * self.spacing / 2 + 0.3
            for p, q in zip(route, route[1:], strict=False):
                self.obstacles.add(geo.Capsule(*p, *q, half))

    # -------------------------------------------------------------- map drawing
    def _map(self) -> Group:
        net = self.net
        group = Group(tag="map")
        self._routes()
        for line in net.lines:
            group.extend(track_items(self.tracks[line.index], self.looks[line.index],
                                     self.line_w, closed=line.ring, tag=f"line line-{line.id}"))
        self.station_slots: list[int] = []
        for st in net.stations:
            group.extend(self._station(st.index))
            x, y = self.centers[st.index]
            self.station_slots.append(self.obstacles.add(geo.Disc(x, y, self.outer[st.index])))
        frame = self.frame
        self.bounds = geo.Box(MARGIN + SAFE, MARGIN + SAFE, frame.width - MARGIN - SAFE,
                              frame.height - MARGIN - SAFE)
        # Badges right at their station first, then stars and numbers (which must sit by
        # their station), then the badges that have to move out, then names where room is left.
        arrows, requests = self._badge_requests()
        group.extend(arrows)
        later = []
        for request in requests:
            items = self._place_badge(request, quick=True)
            if items is None:
                later.append(request)
            else:
                group.extend(items)
        group.extend(self._specials())
        if self.numbers:
            group.extend(self._numbers())
        for request in later:
            group.extend(self._place_badge(request, quick=False) or [])
        group.extend(self._names())
        return group

    def _station(self, i: int) -> list[Item]:
        st = self.net.stations[i]
        x, y = self.centers[i]
        r = self.radius
        interchange = len(st.lines) > 1
        fill = SPECIAL_FILL if st.special else WHITE
        kind = ["station", f"station-{st.id}"]
        items: list[Item] = []
        if i in self.ends:
            kind.append("end")
            items.append(Circle(x, y, r + END_RING, Style(stroke=BLACK, fill=WHITE, width=0.3)))
        if interchange:
            kind.append("interchange")
        if st.special:
            kind.append("special")
        width = INTERCHANGE_STROKE if interchange else STATION_STROKE
        items.append(Circle(x, y, r, Style(stroke=BLACK, fill=fill, width=width),
                            tag=" ".join(kind)))
        return items

    def _badge_requests(self) -> tuple[list[Item], list[tuple]]:
        """Each line's letter at both ends (a square at the wagon's end, a circle at the end
        station); a ring gets one badge and two arrows at its first station. Returns the ring
        arrows (drawn now) and the badges to place: (line, station, outward, square, tag)."""
        arrows: list[Item] = []
        requests: list[tuple] = []
        for line in self.net.lines:
            track = self.tracks[line.index]
            if line.ring:
                cx = sum(self.centers[i][0] for i in line.order) / len(line.order)
                cy = sum(self.centers[i][1] for i in line.order) / len(line.order)
                first = line.order[0]
                x, y = self.centers[first]
                out = (x - cx, y - cy) if hypot(x - cx, y - cy) > 1e-6 else (0.0, -1.0)
                arrows.extend(self._ring_arrows(line, first))
                requests.append((line, first, geo.unit(*out), False,
                                 f"badge badge-{line.id} ring"))
                continue
            ends = [(line.order[0], track[1] if len(track) > 1 else None, True),
                    (line.order[-1], track[-2] if len(track) > 1 else None, False)]
            for station, towards, is_start in ends:
                x, y = self.centers[station]
                if towards is None or hypot(x - towards[0], y - towards[1]) < 1e-6:
                    out = (0.0, -1.0)
                else:
                    out = geo.unit(x - towards[0], y - towards[1])
                kind = "start" if is_start else "end"
                requests.append((line, station, out, is_start, f"badge badge-{line.id} {kind}"))
        return arrows, requests

    def _place_badge(self, request: tuple, quick: bool) -> list[Item] | None:
        """Draw a badge at the first free spot: on the line's extension beyond the station,
        else turned away from it, else a little smaller, else farther out (beyond
        ``STUB_FROM`` on a thin stub). ``quick`` tries only the spots right at the station and
        returns None when they are taken."""
        line, station, out, square, tag = request
        look = self.looks[line.index]
        x, y = self.centers[station]
        candidates = []
        # Full size first; a smaller badge only where the full one finds no room at all.
        for radius in (BADGE_R, BADGE_R * 0.8):
            near = self.outer[station] + 0.5 + radius
            for extra in (0.0,) if quick else (0.0, 1.5, 3.5, 6.0, 9.0):
                for turn in _BADGE_TURNS:
                    ux, uy = geo.rotate(out, turn)
                    bx, by = x + ux * (near + extra), y + uy * (near + extra)
                    pad = radius + 0.15
                    shape = (geo.Box(bx - pad, by - pad, bx + pad, by + pad) if square
                             else geo.Disc(bx, by, pad))
                    candidates.append((shape, (bx, by, radius), extra, (ux, uy)))
        chosen = None
        for shape, centre, extra, direction in candidates:
            if not geo.Box(*shape.bounds).inside(self.bounds):
                continue
            if self.obstacles.hits(shape, LABEL_GAP):
                continue
            if extra > STUB_FROM:
                # A far badge hangs on a thin stub in the line's colour: check it too.
                sx = x + direction[0] * self.outer[station]
                sy = y + direction[1] * self.outer[station]
                stub = geo.Capsule(sx, sy, centre[0], centre[1], 0.3)
                if self.obstacles.hits(stub, 0.1, ignore=[self.station_slots[station]]):
                    continue
            if quick and self.numbers and not self._leaves_room_for_number(station, shape):
                continue
            chosen = (shape, centre, extra, direction)
            break
        if chosen is None:
            if quick:
                return None
            self.problems.append(f"no free place for the badge of line {line.id}")
            inside = [c for c in candidates if geo.Box(*c[0].bounds).inside(self.bounds)]
            chosen = (inside or candidates)[0]
        shape, (bx, by, radius), extra, direction = chosen
        self.obstacles.add(shape)
        items: list[Item] = []
        if extra > STUB_FROM:
            sx = x + direction[0] * self.outer[station]
            sy = y + direction[1] * self.outer[station]
            ex, ey = bx - direction[0] * radius, by - direction[1] * radius
            items.append(Line(sx, sy, ex, ey, stroke(look.color, 0.6), tag="stub"))
            self.obstacles.add(geo.Capsule(sx, sy, ex, ey, 0.3))
        items.extend(badge_items(bx, by, radius, line.id, look.color, square, tag=tag))
        return items

    def _leaves_room_for_number(self, station: int, shape: geo.Shape) -> bool:
        """Whether the station's number still finds a spot with ``shape`` taken: a badge can
        move out on a stub, the number cannot."""
        self.obstacles.add(shape)
        room = self._number_spot(station)
        self.obstacles.pop()
        return room is not None

    def _ring_arrows(self, line: MapLine, first: int) -> list[Item]:
        """Two arrowheads on the ring's track just outside its first station, one each way."""
        items: list[Item] = []
        track = self.tracks[line.index]
        c = self.centers[first]
        r_out = self.outer[first] + 0.3
        for start, nxt, neighbour in ((track[0], track[1], line.order[1]),
                                      (track[-1], track[-2], line.order[-1])):
            u = geo.unit(nxt[0] - start[0], nxt[1] - start[1])
            # Where the track leaves the station's outline: |start + u t - c| = r_out.
            px, py = start[0] - c[0], start[1] - c[1]
            b = px * u[0] + py * u[1]
            t = -b + sqrt(max(0.0, b * b - (px * px + py * py - r_out * r_out)))
            base = (start[0] + u[0] * t, start[1] + u[1] * t)
            n = self.centers[neighbour]
            room = hypot(n[0] - base[0], n[1] - base[1]) - self.outer[neighbour] - 0.3
            length = max(0.9, min(2.2, room))
            tip = (base[0] + u[0] * length, base[1] + u[1] * length)
            tri = geo.arrowhead(tip, u, length, self.line_w + 0.8)
            items.append(Polyline(tri, filled(BLACK), closed=True, tag=f"arrow arrow-{line.id}"))
            xs, ys = [p[0] for p in tri], [p[1] for p in tri]
            self.obstacles.add(geo.Box(min(xs), min(ys), max(xs), max(ys)))
        return items

    def _specials(self) -> list[Item]:
        items: list[Item] = []
        for st in self.net.stations:
            if not st.special:
                continue
            x, y = self.centers[st.index]
            stars = []
            # On the rim with its tips over the ring; else a little out; else a little smaller.
            for r, out in ((STAR_R, 0.2), (STAR_R, 0.8), (STAR_R * 0.8, 0.5)):
                dist = self.outer[st.index] + r * out
                for turn in _STAR_TURNS:
                    ux, uy = geo.rotate((0.0, -1.0), turn)
                    stars.append(geo.Disc(x + ux * dist, y + uy * dist, r + 0.1))  # its tips
            own = [self.station_slots[st.index]]
            spot = self.obstacles.first_free(stars, self.bounds, LABEL_GAP, ignore=own)
            if spot is None:
                self.problems.append(f"no free place for the star of station {st.id}")
                spot = stars[0]
            self.obstacles.add(spot)
            items.append(Polyline(geo.star_points(spot.x, spot.y, spot.r - 0.1),
                                  filled(BLACK, WHITE, 0.2), closed=True, tag=f"star star-{st.id}"))
        return items

    def _label_candidates(self, i: int, w: float, up: float, down: float,
                          order: Sequence[geo.Point], rings: Sequence[float]
                          ) -> Iterator[tuple[geo.Box, float, float]]:
        """Boxes of a ``w`` wide label around station ``i``, nearest corner or edge touching the
        circle's ink plus a gap in each direction of ``order`` (unit vectors), ring by ring;
        ``up``/``down`` are the text's extent above and below its baseline.
        Yields (box, x where the text starts, baseline), lazily: the first free one ends
        the search."""
        x, y = self.centers[i]
        h = up + down
        for extra in rings:
            d = self.outer[i] + LABEL_GAP + extra
            for ux, uy in order:
                px, py = x + ux * d, y + uy * d
                x0 = px if ux > 1e-6 else px - w if ux < -1e-6 else px - w / 2
                y0 = py if uy > 1e-6 else py - h if uy < -1e-6 else py - h / 2
                yield geo.Box(x0, y0, x0 + w, y0 + h), x0, y0 + up

    def _free_label(self, i: int, text: str, sizes: Sequence[float],
                    order: Sequence[geo.Point], rings: Sequence[float]
                    ) -> tuple[geo.Box, float, float, float] | None:
        """The first free spot for ``text`` beside station ``i``, trying each font size in turn:
        (box, x, baseline, size), or None."""
        for size in sizes:
            w = text_width(text, size)
            for box, tx, base in self._label_candidates(i, w, ASCENT * size, DESCENT * size,
                                                        order, rings):
                if box.inside(self.bounds) and not self.obstacles.hits(box, LABEL_GAP):
                    return box, tx, base, size
        return None

    def _number_spot(self, i: int) -> tuple[geo.Box, float, float, float] | None:
        """Where station ``i``'s number goes: a corner first, then any side, a little
        farther out, a little smaller."""
        text = str(self.net.stations[i].id)
        return (self._free_label(i, text, (NUMBER_SIZE,), _NUMBER_DIRECTIONS, (0.0, 0.9))
                or self._free_label(i, text, (NUMBER_SIZE, NUMBER_SIZE * 0.85), _ALL_DIRECTIONS,
                                    (0.0, 0.6, 1.4, 2.4)))

    def _numbers(self) -> list[Item]:
        items: list[Item] = []
        for st in self.net.stations:
            text = str(st.id)
            spot = self._number_spot(st.index)
            if spot is None:
                self.problems.append(f"no free place for the number of station {st.id}")
                w = text_width(text, NUMBER_SIZE)
                cands = list(self._label_candidates(st.index, w, ASCENT * NUMBER_SIZE,
                                                    DESCENT * NUMBER_SIZE, _NUMBER_DIRECTIONS,
                                                    (0.0,)))
                box, tx, base = next((c for c in cands if c[0].inside(self.bounds)), cands[0])
                spot = (box, tx, base, NUMBER_SIZE)
            box, tx, base, size = spot
            self.obstacles.add(box)
            items.append(Text(tx, base, text, size, NUMBER_COLOR, tag=f"number number-{st.id}"))
        return items

    def _names(self) -> list[Item]:
        items: list[Item] = []
        # Interchanges and end stations first: they are the ones players look for.
        ranked = sorted((st for st in self.net.stations if st.name),
                        key=lambda st: (-len(st.lines), st.index not in self.ends, st.id))
        for st in ranked:
            assert st.name is not None
            spot = self._free_label(st.index, st.name, NAME_SIZES, _NAME_DIRECTIONS, (0.0, 0.8))
            if spot is None:
                continue  # no room: the name is left out, never squeezed in
            box, tx, base, size = spot
            self.obstacles.add(box)
            self.sheet.names[st.id] = st.name
            items.append(Text(tx, base, st.name, size, NAME_COLOR, tag=f"name name-{st.id}"))
        return items

    # -------------------------------------------------------------- header
    def _note_lines(self, page_w: float) -> list[str]:
        if not self.net.note:
            return []
        room = page_w - 2 * MARGIN - COL_W - 20.0
        return wrap(self.net.note, room, 2.3)[:2]

    def _header(self, frame: _Frame, note_lines: list[str]) -> Group:
        g = Group(tag="header")
        x0, y0 = MARGIN + SAFE, MARGIN + SAFE
        symbol = (self.net.symbol or self.net.name[:1]).strip() or "M"
        sw = max(9.0, text_width(symbol, 5.0, True) + 3.0)
        g.add(Rect(x0, y0, sw, 9.0, filled(BLACK), radius=2.2, tag="symbol"))
        g.add(Text(x0 + sw / 2, y0 + 4.5, symbol, 5.0, WHITE, bold=True, anchor="middle",
                   valign="middle"))
        tx = x0 + sw + 3.0
        g.add(Text(tx, y0 + 7.6, self.net.name, 7.5, bold=True, tag="title"))
        for k, text in enumerate(note_lines):
            g.add(Text(x0, y0 + 13.0 + 3.0 * k, text, 2.3, "#444444", italic=True, tag="note"))
        # The player's name field, above the panel.
        px1 = frame.width - MARGIN - SAFE
        px0 = px1 - COL_W
        word = label("common.player", self.lang)
        g.add(Text(px0, y0 + 7.0, word, 3.0, bold=True))
        fx = px0 + text_width(word, 3.0, True) + 2.0
        g.add(Line(fx, y0 + 7.4, px1, y0 + 7.4, stroke(BLACK, 0.3)))
        self.sheet.player = (fx + 1.0, y0 + 6.6, px1 - fx - 1.0)
        return g

    # -------------------------------------------------------------- panel
    def _table(self, x: float, y: float, first: int, end: int) -> Group:
        g = Group(tag="lines-table")
        lang = self.lang
        g.add(Text(x, y + 2.6, label("vv.line", lang), 2.3, bold=True))
        g.add(Text(x + 8.0, y + 2.6, label("vv.wagon", lang), 2.3, bold=True))
        bx = x + 41.6
        g.add(Text(bx, y + 2.6, label("vv.bonus", lang), 2.3, bold=True))
        g.add(Text(bx + 3.8, y + 6.0, label("vv.first", lang), 1.75, anchor="middle"))
        g.add(Text(bx + 12.2, y + 6.0, label("vv.later", lang), 1.75, anchor="middle"))
        for row, line in enumerate(self.net.lines[first:end]):
            g.extend(self._row(line, x, y + TABLE_HEAD + row * ROW_H))
        return g

    def _row(self, line: MapLine, x: float, y: float) -> list[Item]:
        look = self.looks[line.index]
        items: list[Item] = list(badge_items(x + 3.2, y + 3.4, 2.9, line.id, line.color, False,
                                             tag=f"row-badge row-badge-{line.id}"))
        items.extend(track_items([(x + 1.0, y + 8.0), (x + 5.6, y + 8.0)], look, LINE_W))
        body_w = WINDOW_GAP + line.windows * (WINDOW_W + WINDOW_GAP)
        wx = x + 7.6
        items.append(Rect(wx, y + 0.5, body_w, 7.9, Style(BLACK, tint(line.color, 0.78), 0.35),
                          radius=1.6, tag=f"wagon wagon-{line.id}"))
        for wheel in (wx + 3.0, wx + body_w - 3.0):
            items.append(Circle(wheel, y + 8.75, 0.55, filled(BLACK)))
        boxes = []
        for k in range(line.windows):
            bx = wx + WINDOW_GAP + k * (WINDOW_W + WINDOW_GAP)
            items.append(Rect(bx, y + 1.45, WINDOW_W, WINDOW_H, Style(BLACK, WHITE, 0.3),
                              tag=f"window window-{line.id}"))
            boxes.append(geo.Box(bx, y + 1.45, bx + WINDOW_W, y + 1.45 + WINDOW_H))
        self.sheet.windows[line.id] = boxes
        cells = {}
        for kind, value, cx in (("first", line.first, x + 41.6), ("later", line.later, x + 50.0)):
            items.append(Rect(cx, y + 1.2, 7.6, 6.6, Style(BLACK, WHITE, 0.35),
                              tag=f"bonus bonus-{kind}-{line.id}"))
            items.append(Text(cx + 2.3, y + 4.5, str(value), 3.2, bold=kind == "first",
                              anchor="middle", valign="middle"))
            tick = geo.Box(cx + 4.3, y + 3.1, cx + 7.0, y + 5.8)
            items.append(Rect(tick.x0, tick.y0, 2.7, 2.7, stroke(BLACK, 0.25)))
            cells[kind] = (geo.Box(cx, y + 1.2, cx + 7.6, y + 7.8), tick)
        self.sheet.bonus[line.id] = cells
        return items

    def _score_box(self, x: float, y: float) -> Group:
        g = Group(tag="score")
        lang = self.lang
        g.add(Rect(x, y, COL_W, SCORE_H, stroke(BLACK, 0.4), radius=1.5))
        g.add(Text(x + 2.0, y + 4.4, label("vv.score_title", lang), 3.0, bold=True))
        rows = (("line_points", label("vv.line_points", lang), None),
                ("transfer", label("vv.transfers", lang), "×2"),
                ("empty", label("vv.empty", lang), "÷2"),
                ("total", label("common.total", lang), None))
        result_x, small_x = x + COL_W - 15.0, x + 25.0
        for k, (key, text, op) in enumerate(rows):
            ry = y + 6.0 + k * SCORE_ROW
            mid = ry + SCORE_ROW / 2
            bold = key == "total"
            g.add(Text(x + 2.0, mid, text, 2.6, bold=bold, valign="middle",
                       tag=f"score-label score-{key}"))
            if op:
                g.add(Rect(small_x, mid - 3.0, 8.5, 6.0, stroke(BLACK, 0.3)))
                g.add(Text(small_x + 9.3, mid, op, 2.8, valign="middle"))
                self.sheet.score["transfer_sum" if key == "transfer" else "empty_stations"] = (
                    geo.Box(small_x, mid - 3.0, small_x + 8.5, mid + 3.0))
            if key == "empty":
                g.add(Text(result_x - 1.0, mid, "–", 3.0, bold=True, anchor="end",
                           valign="middle"))
            g.add(Rect(result_x, mid - 3.0, 13.0, 6.0, stroke(BLACK, 0.7 if bold else 0.3)))
            field_name = {"line_points": "line_points", "transfer": "transfer_points",
                          "empty": "empty_penalty", "total": "total"}[key]
            self.sheet.score[field_name] = geo.Box(result_x, mid - 3.0, result_x + 13.0, mid + 3.0)
        return g

    def _legend_entries(self) -> list[tuple[str, str]]:
        lang = self.lang
        entries = [("interchange", label("vv.legend_interchange", lang)),
                   ("end", label("vv.legend_end", lang)),
                   ("start", label("vv.legend_start", lang))]
        if any(line.ring for line in self.net.lines):
            entries.append(("ring", label("vv.legend_ring", lang)))
        if self.net.special_mask:
            entries.append(("special", label("vv.legend_special", lang)))
        entries.append(("windows", label("vv.legend_windows", lang)))
        return entries

    def _legend(self, x: float, y: float, width: float) -> Group:
        g = Group(tag="legend")
        cy = y
        for row in _legend_rows(self._legend_entries(), width):
            height = _legend_row_height(row)
            cx = x
            for kind, lines, w in row:
                g.extend(self._legend_symbol(kind, cx + 3.0, cy + LEGEND_ROW / 2))
                for k, text in enumerate(lines):
                    g.add(Text(cx + LEGEND_SYMBOL, cy + LEGEND_ROW / 2 + k * LEGEND_LINE, text, LEGEND_SIZE,
                               valign="middle", tag=f"legend legend-{kind}"))
                cx += w
            cy += height
        return g

    def _legend_symbol(self, kind: str, x: float, y: float) -> list[Item]:
        r = 1.9
        if kind == "interchange":
            return [Circle(x, y, r, Style(BLACK, WHITE, INTERCHANGE_STROKE * 0.75))]
        if kind == "end":
            return [Circle(x, y, r + 0.45, Style(BLACK, WHITE, 0.25)),
                    Circle(x, y, r - 0.15, Style(BLACK, WHITE, STATION_STROKE))]
        if kind == "start":
            return list(badge_items(x, y, 1.9, "A", "#888888", True))
        if kind == "special":
            return [Circle(x - 0.5, y + 0.4, r - 0.3, Style(BLACK, SPECIAL_FILL, STATION_STROKE)),
                    Polyline(geo.star_points(x + 1.2, y - 1.0, 1.25), filled(BLACK, WHITE, 0.15),
                             closed=True)]
        if kind == "ring":
            return [Circle(x, y, 1.3, Style(BLACK, WHITE, STATION_STROKE)),
                    Polyline(geo.arrowhead((x - 3.2, y), (-1.0, 0.0), 1.5, 1.9), filled(BLACK),
                             closed=True),
                    Polyline(geo.arrowhead((x + 3.2, y), (1.0, 0.0), 1.5, 1.9), filled(BLACK),
                             closed=True)]
        # windows: a small window box with a "+"
        return [Rect(x - 2.2, y - 1.8, 4.4, 3.6, Style(BLACK, WHITE, 0.25)),
                Text(x, y, "+", 2.6, anchor="middle", valign="middle")]


def badge_items(x: float, y: float, r: float, letter: str, color: str, square: bool,
                tag: str | None = None) -> list[Item]:
    """A line badge: the letter on the line's colour, in a circle or a rounded square."""
    style = Style(stroke=BLACK, fill=color, width=0.3)
    shape: Item = (Rect(x - r, y - r, 2 * r, 2 * r, style, radius=r * 0.35, tag=tag) if square
                   else Circle(x, y, r, style, tag=tag))
    return [shape, Text(x, y, letter, r * 1.3, ink_on(color), bold=True, anchor="middle",
                        valign="middle")]


# ============================================================================ marks


def _draw_marks(network: Network, sheet: SheetLayout, marked: MarkedSheet, lang: str) -> Group:
    """The player's pen marks over the blank sheet, in ``INK``."""
    g = Group(tag="marks")
    pen = stroke(INK, INK_W, cap="round", join="round")
    r = sheet.radius
    for sid in sorted(set(marked.transfers)):
        network.station(sid)
    for sid in sorted(marked.marked):
        network.station(sid)  # ContentError for an unknown station
        if sid in marked.transfers:
            continue
        x, y = sheet.centers[sid]
        d = r * 0.55
        g.add(Line(x - d, y - d, x + d, y + d, pen, tag=f"cross cross-{sid}"))
        g.add(Line(x - d, y + d, x + d, y - d, pen))
    for sid, value in sorted(marked.transfers.items()):
        x, y = sheet.centers[sid]
        g.add(Text(x, y, str(value), 3.6, INK, bold=True, anchor="middle", valign="middle",
                   tag=f"transfer transfer-{sid}"))
    for line_id, entries in sorted(marked.windows.items()):
        line = network.line(line_id)
        if len(entries) > line.windows:
            raise ContentError(f"{len(entries)} window entries, the wagon has {line.windows}",
                               where=(f"line {line_id}",))
        for box, entry in zip(sheet.windows[line_id], entries, strict=False):
            g.add(Text((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, str(entry), 3.6, INK,
                       bold=True, anchor="middle", valign="middle", tag=f"entry entry-{line_id}"))
    for line_id in sorted(marked.struck):
        network.line(line_id)
        cell, _ = sheet.bonus[line_id]["first"]
        g.add(Line(cell.x0 + 0.6, cell.y1 - 0.8, cell.x1 - 0.6, cell.y0 + 0.8, pen,
                   tag=f"struck struck-{line_id}"))
    for line_id, kind in sorted(marked.bonuses.items()):
        network.line(line_id)
        _, tick = sheet.bonus[line_id][kind]
        w = tick.x1 - tick.x0
        g.add(Polyline(((tick.x0 + 0.15 * w, tick.y0 + 0.55 * w), (tick.x0 + 0.42 * w, tick.y1 - 0.1 * w),
                        (tick.x1 + 0.25 * w, tick.y0 - 0.35 * w)), pen, tag=f"tick tick-{kind}-{line_id}"))
    if marked.score is not None:
        s = marked.score
        values = {"line_points": s.line_points, "transfer_sum": s.transfer_sum,
                  "transfer_points": s.transfer_points, "empty_stations": s.empty_stations,
                  "empty_penalty": s.empty_penalty, "total": s.total}
        for key, value in values.items():
            box = sheet.score[key]
            g.add(Text((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, format_number(value, lang),
                       3.6, INK, bold=True, anchor="middle", valign="middle",
                       tag=f"score-value score-value-{key}"))
    if marked.player:
        x, base, width = sheet.player
        size = 3.6
        while size > 2.0 and text_width(marked.player, size, True) > width:
            size -= 0.2
        g.add(Text(x, base, marked.player, size, INK, bold=True, tag="player"))
    return g
