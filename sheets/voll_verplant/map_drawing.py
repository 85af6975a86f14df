"""The map of a sheet (``_MapDrawing``): scale, circle size and centres, the octilinear routes
and each line's track, then the map group drawn in order — tracks, stations, and the labels in
order of importance.
"""

from __future__ import annotations

import itertools

from scorepad.rules.common.errors import ContentError

from .. import layout as geo
from ..draw import BLACK, WHITE, Circle, Group, Item, Style
from .dimensions import (
    END_RING,
    INTERCHANGE_STROKE,
    LINE_W,
    MARGIN,
    MAX_RADIUS,
    MIN_RADIUS,
    RADIUS,
    SAFE,
    SPECIAL_FILL,
    STATION_GAP,
    STATION_STROKE,
    TRACK_GAP,
)
from .frame import _Frame
from .look import casing_extra, track_items
from .map_labels import _MapLabels


class _MapDrawing(_MapLabels):
    """The map part of :class:`~.builder._SheetBuilder`; labels come from :class:`_MapLabels`."""

    # Set by the builder: the paper, the map's grid origin and the page frame.
    paper: str
    gx0: float
    gy0: float
    frame: _Frame

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


    def _routes(self) -> None:
        """Every connection's octilinear route and the lines sharing it, then each line's
        track: one polyline through its stations on its own side of every shared stretch."""
        net = self.net
        self.edge_lines: dict[tuple[int, int], list[int]] = {}
        for line in net.lines:
            path = list(line.order) + ([line.order[0]] if line.ring else [])
            for a, b in itertools.pairwise(path):
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
                    for p, q in itertools.pairwise(route):
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
            for a, b in itertools.pairwise(path):
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
        # Each connection's bundle is an obstacle: no label ever covers a track. A leader
        # line may cross one (``track_slots``, ``track_pieces``).
        self.track_slots: set[int] = set()
        self.track_pieces = geo.Obstacles(cell=8.0)
        for key, route in self.routes.items():
            users = self.edge_lines[key]
            # A casing wider than the track gap (a ring's) reaches a little farther out.
            wide = max(casing_extra(self.looks[k]) for k in users)
            half = len(users) * self.spacing / 2 + 0.3 + max(0.0, wide / 2 - TRACK_GAP)
            for p, q in itertools.pairwise(route):
                capsule = geo.Capsule(*p, *q, half)
                self.track_slots.add(self.obstacles.add(capsule))
                self.track_pieces.add(capsule)

    # -------------------------------------------------------------- map drawing
    def _map(self) -> Group:
        net = self.net
        group = Group(tag="map")
        self._routes()
        for part in ("casing", "band"):
            for line in net.lines:
                # one group a line (data-line in SVG): a page turns a tap into that line
                group.add(Group(track_items(self.tracks[line.index], self.looks[line.index],
                                            self.line_w, closed=line.ring,
                                            tag=f"line line-{line.id}", part=part),
                                data={"line": line.id}))
        self.station_slots: list[int] = []
        for st in net.stations:
            # one group a station (data-station in SVG): a tap on it names the station
            group.add(Group(self._station(st.index), data={"station": str(st.id)}))
            x, y = self.centers[st.index]
            self.station_slots.append(self.obstacles.add(geo.Disc(x, y, self.outer[st.index])))
        frame = self.frame
        self.bounds = geo.Box(MARGIN + SAFE, MARGIN + SAFE, frame.width - MARGIN - SAFE,
                              frame.height - MARGIN - SAFE)
        # Badges right at their station first, then stars and numbers (which must sit by
        # their station), then the badges that have to move out, then names where room is left.
        self._start_labels()
        arrows, requests = self._badge_requests()
        group.extend(arrows)
        key, rest = self._ranked_names()
        if self.early:
            # The names a first layout left out go before even the badges (which can move
            # out on a stub, where a name could not).
            early = [st for st in key if st.id in self.first]
            key = [st for st in key if st.id not in self.first]
            group.extend(self._names(early, before_numbers=True))
        later = []
        for request in requests:
            items = self._place_badge(request, quick=True)
            if items is None:
                later.append(request)
            else:
                group.extend(items)
        group.extend(self._specials())
        # The names players look for (interchanges, ends, ring starts) before the numbers:
        # a number is short and finds a corner where a long name would not.
        group.extend(self._names(key, before_numbers=True))
        if self.numbers:
            group.extend(self._numbers())
        for request in later:
            group.extend(self._place_badge(request, quick=False) or [])
        group.extend(self._names(rest))
        group.extend(self._far_names())
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
