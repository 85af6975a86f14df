"""The map's labels, each at the first nearby spot where it touches nothing: line badges (with
the ring arrows), stars of special stations, station numbers and names (``_MapLabels``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from math import hypot, sqrt

from scorepad.rules.voll_verplant.maps import Line as MapLine
from scorepad.rules.voll_verplant.maps import Network, Station

from .. import layout as geo
from ..draw import (
    ASCENT,
    BLACK,
    DESCENT,
    WHITE,
    Anchor,
    Item,
    Line,
    Polyline,
    Text,
    contrasting,
    filled,
    stroke,
    text_width,
)
from .dimensions import (
    _ALL_DIRECTIONS,
    _ALL_NAME_DIRECTIONS,
    _BADGE_TURNS,
    _FINE_DIRECTIONS,
    _FINE_RINGS,
    _NUMBER_DIRECTIONS,
    _SLIDE_RINGS,
    _STAR_TURNS,
    BADGE_OWNERSHIP,
    BADGE_R,
    LABEL_GAP,
    LEADER_FREE,
    LEADER_OVER,
    LEADER_REACH,
    LEADER_W,
    NAME_COLOR,
    NAME_LEADING,
    NAME_SIZES,
    NEIGHBOURS_WITHIN,
    NUMBER_COLOR,
    NUMBER_REACH,
    NUMBER_SIZE,
    NUMBER_SMALL,
    OWN_MARGIN,
    OWN_MIN,
    OWN_RATIO,
    READ_GAP_X,
    READ_GAP_Y,
    SLIDE_STEP,
    STAR_R,
    STUB_FROM,
)
from .look import LineLook, badge_items
from .sheet import SheetLayout

#: A badge to place: (line, station index, outward direction, square, tag).
_BadgeRequest = tuple[MapLine, int, tuple[float, float], bool, str]


class _MapLabels:
    """Label placement for :class:`~.builder._SheetBuilder`: the methods read the placed map
    (centres, ink radii, tracks) and the spatial index ``obstacles``; each label placed is
    added to it."""

    # Set by the builder and by the map drawing before any label is placed.
    net: Network
    numbers: bool
    looks: list[LineLook]
    obstacles: geo.Obstacles
    problems: list[str]
    sheet: SheetLayout
    centers: list[geo.Point]
    outer: list[float]
    ends: set[int]
    starts: set[int]
    tracks: dict[int, list[geo.Point]]
    line_w: float
    station_slots: list[int]
    bounds: geo.Box
    track_slots: set[int]
    track_pieces: geo.Obstacles
    first: frozenset[int]
    early: bool

    def _badge_requests(self) -> tuple[list[Item], list[_BadgeRequest]]:
        """Each line's letter at both ends (a square at the wagon's end, a circle at the end
        station); a ring gets one badge and two arrows at its first station. Returns the ring
        arrows (drawn now) and the badges to place: (line, station, outward, square, tag)."""
        arrows: list[Item] = []
        requests: list[_BadgeRequest] = []
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

    def _place_badge(self, request: _BadgeRequest, quick: bool) -> list[Item] | None:
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
        yielded = False  # a spot was left to the station's name
        # A badge should read as its station's (a far one hangs on a stub, which shows
        # whose it is): it takes a spot nearer another station only where no such spot is
        # left, and never once it moved round for its station's name.
        tries = [(c, True) for c in candidates] + [(c, False) for c in candidates]
        for (shape, centre, extra, direction), strict in tries:
            if not strict and quick and yielded:
                break
            if not geo.Box(*shape.bounds).inside(self.bounds):
                continue
            if self.obstacles.hits(shape, LABEL_GAP):
                continue
            if strict and extra <= STUB_FROM and not self._badge_owned(station, shape):
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
            if quick and not self._leaves_room_for_name(station, shape):
                yielded = True
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

    def _badge_owned(self, station: int, shape: geo.Shape) -> bool:
        """Whether a badge at ``shape`` is clearly nearer its station's circle than any
        other's (``BADGE_OWNERSHIP``)."""
        ratio, margin = BADGE_OWNERSHIP
        x, y = self.centers[station]
        own = geo.distance(shape, geo.Disc(x, y, self.outer[station])) * ratio + margin
        return all(geo.distance(shape, geo.Disc(*self.centers[j], self.outer[j])) >= own
                   for j in self.neighbours[station])

    def _leaves_room_for_name(self, station: int, shape: geo.Shape) -> bool:
        """Whether the name of a badge's station (an end, a start) still finds one of its
        usual spots with ``shape`` taken; a name that finds none even without it
        (``hopeless``) lets the badge be, and searches farther later. Once a spot has been
        found without the badge (``hopeful``), a shape that does not come near it leaves it."""
        st = self.net.stations[station]
        if not st.name or station in self.hopeless:
            return True
        kept = self.hopeful.get(station)
        if kept is not None and geo.distance(shape, kept) > LABEL_GAP:
            return True
        spare = [station, *self.neighbours[station]] if self.numbers else []
        self.obstacles.add(shape)
        try:
            room = self._name_spot(station, st.name, spare) is not None
        finally:
            self.obstacles.pop()
            self.number_spots.clear()  # spots kept with the badge there may be wrong
        if not room and kept is None:
            # Once: is there room without the badge at all?
            spot = self._name_spot(station, st.name, spare)
            if spot is None:
                self.hopeless.add(station)
                room = True
            else:
                self.hopeful[station] = spot[0]
            self.number_spots.clear()
        return room

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
            # Drawn in black or white, whichever stands out on the ring's colour (a black
            # arrow vanishes on Madrid's near-black ring), outlined in the other.
            ink = contrasting(line.color)
            items.append(Polyline(tri, filled(ink, WHITE if ink == BLACK else BLACK, 0.15),
                                  closed=True, tag=f"arrow arrow-{line.id}"))
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
            assert isinstance(spot, geo.Disc)  # the candidates are discs
            self.obstacles.add(spot)
            items.append(Polyline(geo.star_points(spot.x, spot.y, spot.r - 0.1),
                                  filled(BLACK, WHITE, 0.2), closed=True, tag=f"star star-{st.id}"))
        return items

    def _close_pairs(self, within: float) -> list[tuple[int, int, float]]:
        """Pairs of stations whose centres are nearer than ``within`` mm (a bucket grid)."""
        buckets: dict[tuple[int, int], list[int]] = {}
        for i, (x, y) in enumerate(self.centers):
            buckets.setdefault((int(x // within), int(y // within)), []).append(i)
        out: list[tuple[int, int, float]] = []
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

    # -------------------------------------------------------------- numbers and names
    def _start_labels(self) -> None:
        """Before the first number or name: each station's neighbours (for ownership) and an
        index of the text labels placed so far, by station (for the reading gap)."""
        self.discs = [geo.Disc(x, y, r) for (x, y), r in zip(self.centers, self.outer, strict=True)]
        self.rims = [(d.x, d.y, d.r) for d in self.discs]  # the same, unpacked for _owned
        self.neighbours: list[list[int]] = [[] for _ in self.centers]
        for i, j, _ in self._close_pairs(NEIGHBOURS_WITHIN):
            self.neighbours[i].append(j)
            self.neighbours[j].append(i)
        # The same, each with how far its rim is from station i's centre, nearest first:
        # _owned stops at the first that no point of the box can be nearer to.
        self.rims_by_reach = [
            sorted((hypot(self.rims[j][0] - x, self.rims[j][1] - y) - self.rims[j][2],
                    *self.rims[j]) for j in near)
            for (x, y), near in zip(self.centers, self.neighbours, strict=True)]
        self.texts = geo.Obstacles(cell=8.0)
        self.text_slots: list[list[int]] = [[] for _ in self.centers]
        self.number_spots: dict[int, tuple[geo.Box, float, float, float] | None] = {}
        self.spare_full = False
        # Badges' stations whose name finds no usual spot even without the badge, and
        # those whose name does.
        self.hopeless: set[int] = set()
        self.hopeful: dict[int, geo.Box] = {}
        self.pending: list[Station] = []  # names that found no spot beside their circle
        self.ownership = (OWN_RATIO, OWN_MARGIN)  # (ratio, margin) that _owned asks for
        self.read_gap = (READ_GAP_X, READ_GAP_Y)  # what _reads_apart keeps free

    def _owned(self, i: int, box: geo.Box) -> bool:
        """Whether ``box`` is clearly nearer station ``i``'s ink than any other station's:
        farther from each other station by ``OWN_RATIO`` times, plus ``OWN_MARGIN``."""
        ratio, margin = self.ownership
        x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
        rims = self.rims
        # geo.distance(box, disc) written out (asked for each neighbour of each spot tried).
        px, py, r = rims[i]
        dx = x0 - px if px < x0 else px - x1 if px > x1 else 0.0
        dy = y0 - py if py < y0 else py - y1 if py > y1 else 0.0
        own = max(0.0, hypot(dx, dy) - r) * ratio + margin
        # No point of the box is farther than ``far`` from the centre, so a rim farther than
        # far + own from it is at least own from the box (with a hair for rounding).
        far = hypot(max(x1 - px, px - x0), max(y1 - py, py - y0)) + own + 1e-6
        for reach, px, py, r in self.rims_by_reach[i]:
            if reach > far:
                break
            dx = x0 - px if px < x0 else px - x1 if px > x1 else 0.0
            dy = y0 - py if py < y0 else py - y1 if py > y1 else 0.0
            if max(0.0, hypot(dx, dy) - r) < own:
                return False
        return True

    def _reads_apart(self, i: int, box: geo.Box) -> bool:
        """Whether ``box`` keeps the reading gap from other stations' labels, so that the
        two never read as one."""
        gx, gy = self.read_gap
        return not self.texts.box_hits(box.x0 - gx, box.y0 - gy, box.x1 + gx, box.y1 + gy,
                                       0.0, self.text_slots[i])

    def _add_label(self, i: int, box: geo.Box) -> None:
        self.obstacles.add(box)
        self.text_slots[i].append(self.texts.add(box))
        # Numbers' spots kept by _numbers_still_fit that this label may take are sought again.
        for j, spot in list(self.number_spots.items()):
            if spot is not None and _near(spot[0], box):
                del self.number_spots[j]

    def _label_candidates(self, i: int, w: float, h: float, up: float,
                          order: Sequence[geo.Point], rings: Sequence[float]
                          ) -> Iterator[tuple[float, float, float, float, float, float]]:
        """Boxes of a ``w`` × ``h`` label around station ``i``, nearest corner or edge touching
        the circle's ink plus a gap in each direction of ``order`` (unit vectors), ring by
        ring; ``up`` is the first line's extent above its baseline.
        Yields (x0, y0, x1, y1 of the box, x where the text starts, first baseline), lazily:
        the first free one ends the search (and most are taken: no Box made for them)."""
        x, y = self.centers[i]
        for extra in rings:
            d = self.outer[i] + LABEL_GAP + extra
            for ux, uy in order:
                px, py = x + ux * d, y + uy * d
                x0 = px if ux > 1e-6 else px - w if ux < -1e-6 else px - w / 2
                y0 = py if uy > 1e-6 else py - h if uy < -1e-6 else py - h / 2
                yield x0, y0, x0 + w, y0 + h, x0, y0 + up

    def _slide_candidates(self, i: int, w: float, h: float, up: float,
                          rings: Sequence[float]
                          ) -> Iterator[tuple[float, float, float, float, float, float]]:
        """Boxes of a ``w`` × ``h`` label slid round station ``i`` in small steps, each as
        close as its ink plus a gap allows: beside the circle sliding up and down, above and
        below it sliding sideways. These are the spots between the directions of
        :meth:`_label_candidates`, for a hub's last search."""
        x, y = self.centers[i]
        for extra in rings:
            d = self.outer[i] + LABEL_GAP + extra
            for side in range(4):
                along, across = (h, w) if side < 2 else (w, h)
                steps = int((along / 2 + d) / SLIDE_STEP)
                for k in range(-steps, steps + 1):
                    # How far the box's near edge is off the centre's line, and so how close
                    # it may come.
                    shift = k * SLIDE_STEP
                    off = max(0.0, abs(shift) - along / 2)
                    near = sqrt(max(0.0, d * d - off * off))
                    if side < 2:
                        x0 = x + near if side == 0 else x - near - across
                        y0 = y - h / 2 + shift
                    else:
                        y0 = y - near - across if side == 2 else y + near
                        x0 = x - w / 2 + shift
                    yield x0, y0, x0 + w, y0 + h, x0, y0 + up

    def _free_label(self, i: int, lines: Sequence[str], sizes: Sequence[float],
                    order: Sequence[geo.Point], rings: Sequence[float],
                    spare: Sequence[int] = (), slide: bool = False
                    ) -> tuple[geo.Box, float, float, float] | None:
        """The first free spot for ``lines`` of text beside station ``i`` that belongs to it
        and leaves the numbers of ``spare`` room, trying each font size in turn:
        (box, x, first baseline, size), or None. ``slide`` tries the spots between the
        directions instead (:meth:`_slide_candidates`, ``order`` and ``rings`` unused)."""
        bounds = self.bounds
        bx0, by0, bx1, by1 = bounds.x0, bounds.y0, bounds.x1, bounds.y1
        hits = self.obstacles.box_hits
        for size in sizes:
            w = max(text_width(text, size) for text in lines)
            up = ASCENT * size
            h = up + DESCENT * size + (len(lines) - 1) * NAME_LEADING * size
            candidates = (self._slide_candidates(i, w, h, up, _SLIDE_RINGS) if slide
                          else self._label_candidates(i, w, h, up, order, rings))
            for x0, y0, x1, y1, tx, base in candidates:
                # Most spots fail on what is drawn there; ownership asks every neighbour.
                # (Box(...).inside(self.bounds) and obstacles.hits(Box(...)), the box made
                # only for a spot that is free.)
                if not (x0 >= bx0 and y0 >= by0 and x1 <= bx1 and y1 <= by1):
                    continue
                if hits(x0, y0, x1, y1, LABEL_GAP):
                    continue
                box = geo.Box(x0, y0, x1, y1)
                if (self._owned(i, box) and self._reads_apart(i, box)
                        and (not spare or self._numbers_still_fit(spare, box, i))):
                    return box, tx, base, size
        return None

    def _numbers_still_fit(self, stations: Sequence[int], box: geo.Box, owner: int = -1
                           ) -> bool:
        """Whether the numbers of ``stations`` (not placed yet) still find a spot with ``box``
        taken: a name placed before the numbers must not take a number's last spot.

        Each number's spot without ``box`` is kept (``number_spots``) until a label is placed
        near it: a spot that ``box`` does not come near stays free, so most candidates need
        no new search."""
        cache = self.number_spots
        rims = self.rims
        x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
        for j in stations:
            # geo.distance(box, disc j) written out (asked for every near station).
            px, py, r = rims[j]
            dx = x0 - px if px < x0 else px - x1 if px > x1 else 0.0
            dy = y0 - py if py < y0 else py - y1 if py > y1 else 0.0
            if max(0.0, hypot(dx, dy) - r) > NUMBER_REACH:
                continue  # a number stays this near its circle: out of the name's way
            if j not in cache:
                cache[j] = self._number_spot(j, full=False)
            spot = cache[j]
            if spot is None:
                if not self.spare_full:
                    continue  # no full-size spot even without this name: it takes none
            elif not (_near(spot[0], box) and _takes(box, spot[0])):
                continue  # the spot kept is still free
            self.obstacles.add(box)
            slot = self.texts.add(box)
            if owner >= 0:  # the name's own number reads with it
                self.text_slots[owner].append(slot)
            try:
                # A name placed early must leave the number a spot, at its full size
                # unless ``spare_full`` (a hub's name in its last search).
                if self._number_spot(j, full=self.spare_full) is None:
                    return False
            finally:
                self.obstacles.pop()
                self.texts.pop()
                if owner >= 0:
                    self.text_slots[owner].pop()
        return True

    def _number_spot(self, i: int, full: bool = True) -> tuple[geo.Box, float, float, float] | None:
        """Where station ``i``'s number goes: a corner first, then any side, a little
        farther out, a little smaller (``full``; else only at its full size)."""
        text = (str(self.net.stations[i].id),)
        spot = (self._free_label(i, text, (NUMBER_SIZE,), _NUMBER_DIRECTIONS, (0.0, 0.9))
                or self._free_label(i, text, (NUMBER_SIZE,), _ALL_DIRECTIONS,
                                    (0.0, 0.6, 1.4, 2.4)))
        if spot is not None or not full:
            return spot
        spot = (self._free_label(i, text, NUMBER_SMALL[:1], _ALL_DIRECTIONS,
                                 (0.0, 0.6, 1.4, 2.4))
                or self._free_label(i, text, NUMBER_SMALL, _ALL_DIRECTIONS,
                                    (0.3, 1.0, 1.8, 3.2, 4.2)))
        if spot is not None or self.ownership != (OWN_RATIO, OWN_MARGIN):
            return spot
        # A number must be printed: where no spot is clearly its own, one that is still
        # nearer its own circle than any other, and a little closer to other labels, will do.
        self.ownership, self.read_gap = (1.0, OWN_MIN), (READ_GAP_X * 0.87, READ_GAP_Y * 0.75)
        try:
            return self._number_spot(i, full)
        finally:
            self.ownership, self.read_gap = (OWN_RATIO, OWN_MARGIN), (READ_GAP_X, READ_GAP_Y)

    def _numbers(self) -> list[Item]:
        items: list[Item] = []
        for st in self.net.stations:
            text = str(st.id)
            spot = self._number_spot(st.index)
            if spot is None:
                self.problems.append(f"no free place for the number of station {st.id}")
                w = text_width(text, NUMBER_SIZE)
                cands = [(geo.Box(x0, y0, x1, y1), tx, base)
                         for x0, y0, x1, y1, tx, base in self._label_candidates(
                             st.index, w, (ASCENT + DESCENT) * NUMBER_SIZE,
                             ASCENT * NUMBER_SIZE, _NUMBER_DIRECTIONS, (0.0,))]
                box, tx, base = next((c for c in cands if c[0].inside(self.bounds)), cands[0])
                spot = (box, tx, base, NUMBER_SIZE)
            box, tx, base, size = spot
            self._add_label(st.index, box)
            items.append(Text(tx, base, text, size, NUMBER_COLOR, tag=f"number number-{st.id}"))
        return items

    def _name_spot(self, i: int, name: str, spare: Sequence[int] = (), important: bool = False
                   ) -> tuple[geo.Box, float, float, float, list[str]] | None:
        """Where station ``i``'s name goes beside its circle: at the larger size, then broken
        in two lines, then smaller and a little farther out (still clearly nearest its own
        circle). An ``important`` name (a hub's) then searches all round, finer, and slid
        round the circle. Returns (box, x, first baseline, size, lines) or None."""
        two = _two_lines(name)
        big, small = NAME_SIZES
        tries: list[tuple[list[str], float, tuple[float, ...]]] = [
            ([name], big, (0.0, 0.8)), ([name], small, (0.0, 0.8, 1.6))]
        if two:
            tries[1:1] = [(two, big, (0.0, 0.8))]
            tries.append((two, small, (0.0, 0.8, 1.6)))
        tries.append(([name], small, (2.6,)))
        for lines, size, rings in tries:
            spot = self._free_label(i, lines, (size,), _ALL_NAME_DIRECTIONS, rings, spare)
            if spot is not None:
                return (*spot, lines)
        if not important:
            return None
        # A hub's name rather a little farther out than on a leader line, even where a near
        # number then has to be a little smaller.
        self.spare_full = True
        try:
            for slide in (False, True):
                for lines in ([name], two) if two else ([name],):
                    spot = self._free_label(i, lines, (small,), _FINE_DIRECTIONS,
                                            _FINE_RINGS, spare, slide=slide)
                    if spot is not None:
                        return (*spot, lines)
        finally:
            self.spare_full = False
        return None

    def _leader_spot(self, i: int, name: str, spare: Sequence[int] = ()
                     ) -> tuple[geo.Box, float, float, float, list[str], geo.Capsule] | None:
        """A spot for station ``i``'s name out in the free paper, tied to its circle by a
        leader line: the box's near corner or edge ``LEADER_REACH`` out from the rim in one of
        24 directions, the leader touching nothing but its own circle, the box still nearer
        its own circle than any other by ``OWN_MIN`` at least, the numbers of ``spare``
        left a spot. The leader may cross tracks (a thin dark line over a band interrupts
        nothing) but not near its circle and along no more than ``LEADER_OVER`` of them.
        Returns (box, x, first baseline, size, lines, leader) or None."""
        two = _two_lines(name)
        x, y = self.centers[i]
        rim = self.outer[i]
        own = [self.station_slots[i]]
        hits = self.obstacles.box_hits
        shapes = [([name], size) for size in NAME_SIZES] + [(two, size) for size in NAME_SIZES
                                                             if two]
        saved = self.ownership
        self.ownership = (1.0, OWN_MIN)
        try:
            sized = []
            for lines, size in shapes:
                up = ASCENT * size
                sized.append((lines, size, max(text_width(text, size) for text in lines), up,
                              up + DESCENT * size + (len(lines) - 1) * NAME_LEADING * size))
            for reach in LEADER_REACH:
                d = rim + LABEL_GAP + reach
                # Where the leader meets the name: a spot taken there rules out every shape.
                open_ = [(ux, uy) for ux, uy in _FINE_DIRECTIONS
                         if not hits(x + ux * d - 0.1, y + uy * d - 0.1, x + ux * d + 0.1,
                                     y + uy * d + 0.1, LABEL_GAP)]
                for lines, size, w, up, h in sized:
                    for ux, uy in open_:
                        px, py = x + ux * d, y + uy * d
                        x0 = px if ux > 0.3 else px - w if ux < -0.3 else px - w / 2
                        y0 = py if uy > 0.3 else py - h if uy < -0.3 else py - h / 2
                        leader = geo.Capsule(x + ux * (rim + 0.15), y + uy * (rim + 0.15),
                                             px - ux * 0.35, py - uy * 0.35, LEADER_W / 2)
                        box = self._far_box(i, x0, y0, x0 + w, y0 + h, spare,
                                            partial(self._leader_clear, leader, own))
                        if box is not None:
                            return box, x0, y0 + up, size, lines, leader
        finally:
            self.ownership = saved
        return None

    def _ranked_names(self) -> tuple[list[Station], list[Station]]:
        """The named stations, the ones players look for first (interchanges, line ends,
        ring starts; more lines first), then the rest."""
        key: list[Station] = []
        rest: list[Station] = []
        for st in self.net.stations:
            if st.name:
                important = (len(st.lines) > 1 or st.index in self.ends
                             or st.index in self.starts or st.id in self.first)
                (key if important else rest).append(st)
        # The names a first layout left out go first on a second one (``first``).
        key.sort(key=lambda st: (st.id not in self.first, -len(st.lines), st.id))
        return key, rest

    def _upright_spot(self, i: int, name: str, spare: Sequence[int] = ()
                      ) -> tuple[geo.Box, float, float, float] | None:
        """A spot for station ``i``'s name set upright (turned 90°, reading upwards) straight
        above or below its circle, a little farther out step by step: where tracks leave a
        circle on every side but one, as metro maps do for a crowded hub. Returns (box, x and
        baseline where the text starts, size) or None."""
        # Farther out than a name beside its circle may go (room for its number between),
        # so only as clearly its own as a name on a leader line; and, like a hub's name in
        # its last search beside the circle, a near number may then be a little smaller
        # (``spare_full``: Berlin's Alexanderplatz on Letter).
        saved, self.ownership = self.ownership, (1.0, OWN_MIN)
        full, self.spare_full = self.spare_full, True
        try:
            return self._upright_search(i, name, spare)
        finally:
            self.ownership, self.spare_full = saved, full

    def _upright_search(self, i: int, name: str, spare: Sequence[int]
                        ) -> tuple[geo.Box, float, float, float] | None:
        x, y = self.centers[i]
        for size in NAME_SIZES:
            length = text_width(name, size)
            # Turned -90° about its start, the text's ascent lies left of x, its descent right.
            half = (ASCENT + DESCENT) * size / 2
            tx = x + half - DESCENT * size
            for extra in (0.0, 0.6, 1.4, 2.4, 3.4):
                d = self.outer[i] + LABEL_GAP + extra
                for y0, y1 in ((y - d - length, y - d), (y + d, y + d + length)):
                    box = self._far_box(i, x - half, y0, x + half, y1, spare)
                    if box is not None:
                        return box, tx, y1, size
        return None

    def _far_box(self, i: int, x0: float, y0: float, x1: float, y1: float,
                 spare: Sequence[int], also: Callable[[], bool] | None = None
                 ) -> geo.Box | None:
        """The box of a name put upright or on a leader, if it is free there: on the page,
        touching nothing, station ``i``'s own (``ownership`` as set), apart from other
        labels, ``also`` holding, and leaving the numbers of ``spare`` a spot."""
        b = self.bounds
        if not (x0 >= b.x0 and y0 >= b.y0 and x1 <= b.x1 and y1 <= b.y1):
            return None
        if self.obstacles.box_hits(x0, y0, x1, y1, LABEL_GAP):
            return None
        box = geo.Box(x0, y0, x1, y1)
        if not (self._owned(i, box) and self._reads_apart(i, box)):
            return None
        if also is not None and not also():
            return None
        if spare and not self._numbers_still_fit(spare, box, i):
            return None
        return box

    def _leader_clear(self, leader: geo.Capsule, own: list[int]) -> bool:
        """Whether a leader line touches nothing but its own circle and tracks it crosses:
        clear of them for its first ``LEADER_FREE`` mm, and inside them for at most
        ``LEADER_OVER`` mm in all (measured every 0.25 mm)."""
        if self.obstacles.hits(leader, LABEL_GAP, ignore=own, skip=self.track_slots):
            return False
        lx, ly = leader.x2 - leader.x1, leader.y2 - leader.y1
        length = hypot(lx, ly)
        steps = max(1, int(length / 0.25))
        over = 0.0
        for k in range(steps + 1):
            along = length * k / steps
            t = along / length if length else 0.0
            dot = geo.Disc(leader.x1 + lx * t, leader.y1 + ly * t, leader.r)
            if self.track_pieces.hits(dot, LABEL_GAP):
                if along < LEADER_FREE:
                    return False
                over += length / steps
        return over <= LEADER_OVER

    def _names(self, ranked: Sequence[Station], before_numbers: bool = False) -> list[Item]:
        """Place the names of ``ranked`` beside their circles in turn; a name placed
        ``before_numbers`` leaves the numbers of its own and every near station room. A name
        that finds no spot waits in ``pending`` for :meth:`_far_names`."""
        items: list[Item] = []
        for st in ranked:
            assert st.name is not None
            spare: Sequence[int] = ()
            if before_numbers and self.numbers:
                spare = [st.index, *self.neighbours[st.index]]
            spot = self._name_spot(st.index, st.name, spare, before_numbers)
            if spot is None:
                # A name a first layout left out goes far at once, before the names near it.
                far = self._far_name(st, before_numbers) if st.id in self.first else None
                if far is None:
                    self.pending.append(st)
                else:
                    items.extend(far)
                continue
            box, _tx, base, size, lines = spot
            items.extend(self._name_items(st, box, base, size, lines))
        return items

    def _far_names(self, before_numbers: bool = False) -> list[Item]:
        """The names that found no spot beside their circle (``pending``), each by
        :meth:`_far_name`. ``before_numbers`` (the hubs' names, before the numbers are
        placed) keeps a name that finds no spot waiting; after everything else, a name that
        finds no spot even so is left out, never squeezed in (``SheetLayout.unnamed``)."""
        items: list[Item] = []
        pending, self.pending = self.pending, []
        for st in pending:
            placed = self._far_name(st, before_numbers)
            if placed is not None:
                items.extend(placed)
            elif before_numbers:
                self.pending.append(st)
            else:
                assert st.name is not None
                self.sheet.unnamed[st.id] = st.name
        return items

    def _far_name(self, st: Station, before_numbers: bool) -> list[Item] | None:
        """Station ``st``'s name where no spot beside its circle is left: set upright above
        or below it, else on a leader line out into free paper; else abbreviated
        (:func:`abbreviate`) beside the circle, upright or on a leader line. Before the
        numbers (``before_numbers``) every near number keeps a spot. None if none is free."""
        assert st.name is not None
        spare: Sequence[int] = ()
        if before_numbers and self.numbers:
            spare = [st.index, *self.neighbours[st.index]]
        short = abbreviate(st.name)
        for text in [st.name] + ([short] if short != st.name else []):
            items: list[Item] = []
            near = None if text == st.name else self._name_spot(st.index, text, spare)
            if near is not None:
                box, _, base, size, lines = near
                items = self._name_items(st, box, base, size, lines)
            elif (upright := self._upright_spot(st.index, text, spare)) is not None:
                box, tx, base, size = upright
                self._add_label(st.index, box)
                self.sheet.names[st.id] = st.name
                items = [Text(tx, base, text, size, NAME_COLOR, angle=-90.0,
                              tag=f"name name-{st.id}")]
            elif (far := self._leader_spot(st.index, text, spare)) is not None:
                box, _, base, size, lines, leader = far
                self.obstacles.add(leader)
                items = [Line(leader.x1, leader.y1, leader.x2, leader.y2,
                              stroke(NAME_COLOR, LEADER_W), tag=f"leader leader-{st.id}"),
                         *self._name_items(st, box, base, size, lines)]
            else:
                continue
            if text != st.name:
                self.sheet.abbreviated[st.id] = text
            return items
        return None

    def _name_items(self, st: Station, box: geo.Box, base: float, size: float,
                    lines: Sequence[str]) -> list[Item]:
        """A placed name's text, lines of a broken name lined up on the side that faces the
        circle; the box is taken."""
        self._add_label(st.index, box)
        self.sheet.names[st.id] = st.name or ""
        items: list[Item] = []
        cx = self.centers[st.index][0]
        anchor: Anchor
        if box.x0 >= cx:
            x, anchor = box.x0, "start"
        elif box.x1 <= cx:
            x, anchor = box.x1, "end"
        else:
            x, anchor = (box.x0 + box.x1) / 2, "middle"
        for k, text in enumerate(lines):
            items.append(Text(x, base + k * NAME_LEADING * size, text, size, NAME_COLOR,
                              anchor=anchor, tag=f"name name-{st.id}"))
        return items


def abbreviate(name: str) -> str:
    """``name`` shortened by the sheet's abbreviation rule, the last resort for a name that
    finds no room even on a leader line: each word (or a compound's last part) found in
    ``ABBREVIATIONS`` takes its usual short form (``Platz`` → ``Pl.``, ``-straße`` →
    ``-str.``, ``Saint-`` → ``St-``); every other letter stays, so the name stays
    recognisable."""
    out = []
    for word in name.split(" "):
        parts = word.split("-")
        for k, part in enumerate(parts):
            short = ABBREVIATIONS.get(part)
            if short is None:
                low = part.lower()
                for long, tail in _TAIL_ABBREVIATIONS:
                    if low.endswith(long) and len(part) > len(long) + 2:
                        short = part[:len(part) - len(long)] + tail
                        break
            parts[k] = short or part
        out.append("-".join(parts))
    return " ".join(out)


#: Whole words shortened by :func:`abbreviate` (German, French, Spanish, Dutch map names).
ABBREVIATIONS = {
    "Platz": "Pl.", "Straße": "Str.", "Strasse": "Str.", "Bahnhof": "Bhf.", "Allee": "Al.",
    "Saint": "St", "Sainte": "Ste", "Boulevard": "Bd", "Boulevards": "Bds", "Avenue": "Av.",
    "Porte": "Pte", "Place": "Pl.", "Gare": "G.", "Plaza": "Pza.", "Puerta": "Pta.",
    "Avenida": "Av.", "Estación": "Est.", "Glorieta": "Gta.", "Station": "Stn.",
}
#: Compound endings shortened by :func:`abbreviate`: ``Alexanderplatz`` → ``Alexanderpl.``.
_TAIL_ABBREVIATIONS = (("platz", "pl."), ("straße", "str."), ("strasse", "str."),
                       ("bahnhof", "bhf."), ("brücke", "br."), ("allee", "al."),
                       ("damm", "d."), ("straat", "str."), ("plein", "pl."))


def _two_lines(name: str) -> list[str]:
    """``name`` broken in two lines where the longer line is shortest: at a space, or after
    a hyphen or dash (which stays at the end of the first line); a single word before the
    last part of a compound (with a hyphen added); [] when it has no break."""
    cuts = []
    for k, ch in enumerate(name):
        if ch == " ":
            cuts.append((name[:k], name[k + 1:]))
        elif ch in "-–" and 0 < k < len(name) - 1:
            cuts.append((name[:k + 1], name[k + 1:]))
    if not cuts:
        # One long word: a compound place name breaks before its last part, as maps do
        # ("Alexander-/platz", "Haarlemmer-/plein"); the hyphen is the break's.
        low = name.lower()
        for part in _LAST_PARTS:
            k = len(name) - len(part)
            if low.endswith(part) and k >= 4:
                return [name[:k] + "-", name[k:]]
        return []
    first, second = min(cuts, key=lambda c: max(text_width(c[0], 1.0), text_width(c[1], 1.0)))
    return [first.strip(), second.strip()]


# The last parts of compound place names (German, Dutch) a long one-word name breaks before.
_LAST_PARTS = ("platz", "straße", "strasse", "allee", "damm", "bahnhof", "garten", "brücke",
               "markt", "dorf", "plein", "straat", "laan", "gracht", "kade", "dijk", "park")


def _near(a: geo.Box, b: geo.Box) -> bool:
    """Whether label box ``b`` could take label box ``a``'s spot: they come within the
    collision gap or the reading gap of each other."""
    gx, gy = READ_GAP_X + LABEL_GAP, READ_GAP_Y + LABEL_GAP
    return (a.x0 - gx <= b.x1 and b.x0 <= a.x1 + gx and a.y0 - gy <= b.y1
            and b.y0 <= a.y1 + gy)


def _takes(box: geo.Box, spot: geo.Box) -> bool:
    """Whether a label at ``box`` makes ``spot`` unusable: too close to collide-free, or
    within the reading gap."""
    return (geo.overlap(box, spot, LABEL_GAP)
            or geo.overlap(box, geo.Box(spot.x0 - READ_GAP_X, spot.y0 - READ_GAP_Y,
                                        spot.x1 + READ_GAP_X, spot.y1 + READ_GAP_Y)))
