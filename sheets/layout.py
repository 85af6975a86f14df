"""Transit-diagram helpers: octilinear routes, parallel offsets, collision-free placement.

Pure geometry in millimetres (``y`` grows downward), independent of any game:

* :func:`is_octilinear`, :func:`routes` — a segment at a multiple of 45°, or the two ways to
  draw a connection as two such segments with one bend;
* :func:`canonical_normal`, :func:`bundle_offsets`, :func:`offset_polyline` — lines sharing a
  segment drawn side by side, each on its own track;
* :class:`Disc`, :class:`Box`, :class:`Capsule` (a thick segment) and :func:`overlap`, and
  :class:`Obstacles`, a spatial hash of what is already on the page, so labels, badges and
  symbols are placed only where they hit nothing (:meth:`Obstacles.first_free`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from math import cos, hypot, isclose, pi, radians, sin
from typing import Any

#: A shape's row in a bucket: (index, kind, x0, y0, x1, y1, x, y, r) for a box or disc
#: (kind 0 or 1), (index, x0, y0, x1, y1, ax, ay, bx, by, r) for a capsule; the hot loops
#: unpack them whole, which a variadic tuple type (an int, then floats) does not allow.
_Row = tuple[Any, ...]

Point = tuple[float, float]

# ---------------------------------------------------------------------------- routes


def is_octilinear(dx: float, dy: float) -> bool:
    """Whether a step runs at a multiple of 45° (horizontal, vertical or diagonal)."""
    ax, ay = abs(dx), abs(dy)
    return (isclose(ax, 0, abs_tol=1e-9) or isclose(ay, 0, abs_tol=1e-9)
            or isclose(ax, ay, rel_tol=1e-9))


def routes(p: Point, q: Point) -> list[tuple[Point, ...]]:
    """Ways to join ``p`` and ``q`` with segments at multiples of 45°.

    An octilinear pair gives one straight route; any other pair gives the two routes with
    one bend: diagonal first then straight, or straight first then diagonal.
    """
    dx, dy = q[0] - p[0], q[1] - p[1]
    if is_octilinear(dx, dy):
        return [(p, q)]
    sx = 1.0 if dx > 0 else -1.0
    sy = 1.0 if dy > 0 else -1.0
    if abs(dx) > abs(dy):
        d = abs(dy)
        diagonal_first = (p[0] + sx * d, q[1])
        straight_first = (q[0] - sx * d, p[1])
    else:
        d = abs(dx)
        diagonal_first = (q[0], p[1] + sy * d)
        straight_first = (p[0], q[1] - sy * d)
    return [(p, diagonal_first, q), (p, straight_first, q)]


def unit(dx: float, dy: float) -> Point:
    """The unit vector along ``(dx, dy)``."""
    length = hypot(dx, dy)
    return (dx / length, dy / length)


def canonical_normal(p: Point, q: Point) -> Point:
    """A unit normal of the segment ``p``–``q`` that does not depend on its direction.

    Lines sharing consecutive segments keep their side of the bundle: the segment is first
    turned to point right (or down when vertical), then its left-hand normal is taken.
    """
    ux, uy = unit(q[0] - p[0], q[1] - p[1])
    if ux < -1e-9 or (abs(ux) <= 1e-9 and uy < 0):
        ux, uy = -ux, -uy
    return (uy, -ux)


def bundle_offsets(count: int, spacing: float) -> list[float]:
    """Offsets of ``count`` parallel tracks ``spacing`` apart, centred on the segment."""
    return [(i - (count - 1) / 2) * spacing for i in range(count)]


def offset_polyline(points: Sequence[Point], normal: Point, distance: float) -> list[Point]:
    """``points`` shifted by ``distance`` along ``normal`` at the ends, with mitred bends.

    ``normal`` is the canonical normal of the whole connection (first to last point); each
    piece is shifted by the same distance along its own normal (oriented to agree with
    ``normal``), and consecutive pieces meet where their shifted lines cross. When the distance
    is larger than a piece is long, the pieces are kept apart and joined by short steps.
    """
    if len(points) == 2 or distance == 0:
        return [(x + normal[0] * distance, y + normal[1] * distance) for x, y in points]
    shifted: list[tuple[Point, Point]] = []
    for a, b in itertools.pairwise(points):
        ux, uy = unit(b[0] - a[0], b[1] - a[1])
        nx, ny = uy, -ux
        if nx * normal[0] + ny * normal[1] < 0:
            nx, ny = -nx, -ny
        off = (nx * distance, ny * distance)
        shifted.append(((a[0] + off[0], a[1] + off[1]), (b[0] + off[0], b[1] + off[1])))
    out = [shifted[0][0]]
    for (a1, b1), (a2, b2) in itertools.pairwise(shifted):
        cross = _line_intersection(a1, b1, a2, b2)
        out.append(cross if cross is not None else b1)
    out.append(shifted[-1][1])
    # An offset larger than a piece turns the mitred piece round; then keep each piece where
    # it is and join them with a short step instead.
    for (a, b), (p, q) in zip(itertools.pairwise(points),
                              itertools.pairwise(out), strict=True):
        if (b[0] - a[0]) * (q[0] - p[0]) + (b[1] - a[1]) * (q[1] - p[1]) <= 0:
            return [pt for piece in shifted for pt in piece]
    return out


def _line_intersection(a1: Point, b1: Point, a2: Point, b2: Point) -> Point | None:
    d1 = (b1[0] - a1[0], b1[1] - a1[1])
    d2 = (b2[0] - a2[0], b2[1] - a2[1])
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-12:
        return None
    t = ((a2[0] - a1[0]) * d2[1] - (a2[1] - a1[1]) * d2[0]) / den
    return (a1[0] + t * d1[0], a1[1] + t * d1[1])


# ---------------------------------------------------------------------------- shapes


class _Shape:
    """Shared behaviour of the collision shapes: value equality and a readable repr.

    Plain slotted classes rather than frozen dataclasses: a sheet makes thousands of them
    while placing labels, and a frozen dataclass's ``__init__`` costs several times as much.
    Treat them as immutable; ``bounds`` is worked out once, in ``__init__``.
    """

    __slots__ = ("bounds",)
    _fields: tuple[str, ...] = ()
    bounds: tuple[float, float, float, float]

    def _values(self) -> tuple[float, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return False
        # the same class as self, which mypy cannot tell from `type(other) is type(self)`
        values: tuple[float, ...] = other._values()  # type: ignore[attr-defined,unused-ignore]
        return values == self._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._values()))

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({args})"


class Disc(_Shape):
    """A filled circle."""

    __slots__ = ("x", "y", "r")
    _fields = __slots__

    def __init__(self, x: float, y: float, r: float) -> None:
        self.x, self.y, self.r = x, y, r
        self.bounds = (x - r, y - r, x + r, y + r)


class Box(_Shape):
    """An axis-parallel rectangle ``x0 <= x <= x1``, ``y0 <= y <= y1``."""

    __slots__ = ("x0", "y0", "x1", "y1")
    _fields = __slots__

    def __init__(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1
        self.bounds = (x0, y0, x1, y1)

    def grow(self, pad: float) -> Box:
        """The box enlarged by ``pad`` on every side."""
        return Box(self.x0 - pad, self.y0 - pad, self.x1 + pad, self.y1 + pad)

    def inside(self, other: Box) -> bool:
        """Whether this box lies within ``other``."""
        return (self.x0 >= other.x0 and self.y0 >= other.y0
                and self.x1 <= other.x1 and self.y1 <= other.y1)


class Capsule(_Shape):
    """A thick segment: every point within ``r`` of the segment ``(x1, y1)``–``(x2, y2)``."""

    __slots__ = ("x1", "y1", "x2", "y2", "r")
    _fields = __slots__

    def __init__(self, x1: float, y1: float, x2: float, y2: float, r: float) -> None:
        self.x1, self.y1, self.x2, self.y2, self.r = x1, y1, x2, y2, r
        self.bounds = (min(x1, x2) - r, min(y1, y2) - r, max(x1, x2) + r, max(y1, y2) + r)


Shape = Disc | Box | Capsule


def _point_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        t = 0.0
    else:  # clamped to [0, 1] by comparisons: called some ten thousand times a sheet
        t = ((px - ax) * dx + (py - ay) * dy) / length2
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return hypot(px - (ax + t * dx), py - (ay + t * dy))


def _point_box(px: float, py: float, x0: float, y0: float, x1: float, y1: float) -> float:
    dx = x0 - px if px < x0 else px - x1 if px > x1 else 0.0
    dy = y0 - py if py < y0 else py - y1 if py > y1 else 0.0
    return hypot(dx, dy)


def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def _segment_segment(ax: float, ay: float, bx: float, by: float,
                     cx: float, cy: float, dx: float, dy: float) -> float:
    d1 = _orient(cx, cy, dx, dy, ax, ay)
    d2 = _orient(cx, cy, dx, dy, bx, by)
    d3 = _orient(ax, ay, bx, by, cx, cy)
    d4 = _orient(ax, ay, bx, by, dx, dy)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)):
        return 0.0  # they cross
    return min(_point_segment(ax, ay, cx, cy, dx, dy), _point_segment(bx, by, cx, cy, dx, dy),
               _point_segment(cx, cy, ax, ay, bx, by), _point_segment(dx, dy, ax, ay, bx, by))


def _segment_meets_box(ax: float, ay: float, bx: float, by: float,
                       x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether segment AB has a point in the box (Liang–Barsky clipping; touching counts)."""
    # Comparisons rather than max/min: a label's box is tested against each track near it.
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return False  # parallel to this side and outside it
        elif p < 0:
            v = q / p
            if v > t0:
                t0 = v
        else:
            v = q / p
            if v < t1:
                t1 = v
        if t0 > t1:
            return False
    return True


def clipped_length(ax: float, ay: float, bx: float, by: float, box: Box) -> float:
    """How long a stretch of segment AB lies inside ``box`` (Liang–Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - box.x0), (dx, box.x1 - ax), (-dy, ay - box.y0), (dy, box.y1 - ay)):
        if p == 0:
            if q < 0:
                return 0.0
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
        if t0 > t1:
            return 0.0
    return (t1 - t0) * hypot(dx, dy)


def _segment_box(ax: float, ay: float, bx: float, by: float,
                 x0: float, y0: float, x1: float, y1: float) -> float:
    if _segment_meets_box(ax, ay, bx, by, x0, y0, x1, y1):
        return 0.0
    # Apart, the nearest points are an end of the segment and the box, or a corner and the
    # segment.
    return min(_point_box(ax, ay, x0, y0, x1, y1), _point_box(bx, by, x0, y0, x1, y1),
               _point_segment(x0, y0, ax, ay, bx, by), _point_segment(x1, y0, ax, ay, bx, by),
               _point_segment(x1, y1, ax, ay, bx, by), _point_segment(x0, y1, ax, ay, bx, by))


def _box_box(s: Box, t: Box) -> float:
    dx = max(s.x0 - t.x1, t.x0 - s.x1, 0.0)
    dy = max(s.y0 - t.y1, t.y0 - s.y1, 0.0)
    return hypot(dx, dy)


def _disc_disc(s: Disc, t: Disc) -> float:
    return max(0.0, hypot(s.x - t.x, s.y - t.y) - s.r - t.r)


def _disc_box(s: Disc, t: Box) -> float:
    return max(0.0, _point_box(s.x, s.y, t.x0, t.y0, t.x1, t.y1) - s.r)


def _disc_capsule(s: Disc, t: Capsule) -> float:
    return max(0.0, _point_segment(s.x, s.y, t.x1, t.y1, t.x2, t.y2) - s.r - t.r)


def _capsule_box(s: Capsule, t: Box) -> float:
    return max(0.0, _segment_box(s.x1, s.y1, s.x2, s.y2, t.x0, t.y0, t.x1, t.y1) - s.r)


def _capsule_capsule(s: Capsule, t: Capsule) -> float:
    return max(0.0, _segment_segment(s.x1, s.y1, s.x2, s.y2, t.x1, t.y1, t.x2, t.y2)
               - s.r - t.r)


# One function a pair of kinds: placing a sheet's labels asks this some thousand times.
_DISTANCE: dict[tuple[type, type], Callable[[Any, Any], float]] = {
    (Box, Box): _box_box,
    (Disc, Disc): _disc_disc,
    (Disc, Box): _disc_box,
    (Box, Disc): lambda s, t: _disc_box(t, s),
    (Disc, Capsule): _disc_capsule,
    (Capsule, Disc): lambda s, t: _disc_capsule(t, s),
    (Capsule, Box): _capsule_box,
    (Box, Capsule): lambda s, t: _capsule_box(t, s),
    (Capsule, Capsule): _capsule_capsule,
}


def distance(s: Shape, t: Shape) -> float:
    """The gap between two shapes (0 when they touch or overlap)."""
    return _DISTANCE[type(s), type(t)](s, t)


def overlap(s: Shape, t: Shape, gap: float = 0.0) -> bool:
    """Whether two shapes come closer than ``gap`` (touching counts as overlapping)."""
    return distance(s, t) <= gap


# ---------------------------------------------------------------------------- placement


def _capsule_near_box(ax: float, ay: float, bx: float, by: float, r: float, gap: float,
                      x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the capsule A-B of radius ``r`` comes within ``gap`` >= 0 of the box, as
    ``_capsule_box(...) <= gap``: the nearest of ``_segment_box``'s six distances asked one
    by one (``min(d...) - r <= gap`` is any ``d - r <= gap``: subtracting keeps the order)."""
    if _segment_meets_box(ax, ay, bx, by, x0, y0, x1, y1):
        return 0.0 - r <= gap
    return (_point_box(ax, ay, x0, y0, x1, y1) - r <= gap
            or _point_box(bx, by, x0, y0, x1, y1) - r <= gap
            or _point_segment(x0, y0, ax, ay, bx, by) - r <= gap
            or _point_segment(x1, y0, ax, ay, bx, by) - r <= gap
            or _point_segment(x1, y1, ax, ay, bx, by) - r <= gap
            or _point_segment(x0, y1, ax, ay, bx, by) - r <= gap)


class Obstacles:
    """What is already drawn, in a grid of ``cell`` mm buckets for fast collision queries.

    Each bucket holds two lists of flat rows, their numbers unpacked once when the shape is
    added (the label search reads them some hundred thousand times a sheet): boxes and discs,
    and apart from them capsules (tracks, stubs), so that a box is measured against the
    cheap shapes first and against a long track once, not once for each bucket the two
    share. One dict lookup a bucket finds both.
    """

    def __init__(self, cell: float = 8.0) -> None:
        self.cell = cell
        # (key) -> ([boxes and discs], [capsules]); a box or disc row is
        # (index, kind, x0, y0, x1, y1, x, y, r): kind 0 a box, 1 a disc (centre x, y);
        # a capsule row (index, x0, y0, x1, y1, ax, ay, bx, by, r): the segment A-B.
        self.cells: dict[tuple[int, int], tuple[list[_Row], list[_Row]]] = {}
        self.shapes: list[Shape] = []
        # The box or disc, and the capsule, that last stopped a box (see box_hits), while
        # they are recorded.
        self._last: _Row | None = None
        self._last_capsule: _Row | None = None

    def _keys(self, bounds: tuple[float, float, float, float]) -> Iterable[tuple[int, int]]:
        c = self.cell
        x0, y0, x1, y1 = (int(v // c) for v in bounds)
        for i in range(x0, x1 + 1):
            for j in range(y0, y1 + 1):
                yield (i, j)

    def _row(self, index: int, shape: Shape) -> tuple[int, _Row]:
        """Which list of a bucket ``shape`` goes in (0: boxes and discs, 1: capsules) and its
        row there."""
        x0, y0, x1, y1 = shape.bounds
        if type(shape) is Capsule:
            return 1, (index, x0, y0, x1, y1, shape.x1, shape.y1, shape.x2, shape.y2, shape.r)
        if type(shape) is Disc:
            return 0, (index, 1, x0, y0, x1, y1, shape.x, shape.y, shape.r)
        return 0, (index, 0, x0, y0, x1, y1, 0.0, 0.0, 0.0)

    def add(self, shape: Shape) -> int:
        """Record ``shape`` as occupied; returns its index (for ``ignore``)."""
        index = len(self.shapes)
        self.shapes.append(shape)
        part, row = self._row(index, shape)
        cells = self.cells
        for key in self._keys(shape.bounds):
            bucket = cells.get(key)
            if bucket is None:
                cells[key] = bucket = ([], [])
            bucket[part].append(row)
        return index

    def pop(self) -> Shape:
        """Forget the shape added last (to try a spot and take it back)."""
        shape = self.shapes.pop()
        index = len(self.shapes)
        if self._last is not None and self._last[0] == index:
            self._last = None
        if self._last_capsule is not None and self._last_capsule[0] == index:
            self._last_capsule = None
        part, _ = self._row(index, shape)
        for key in self._keys(shape.bounds):
            self.cells[key][part].pop()  # the last shape added is last in each of its buckets
        return shape

    def _near(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[int]:
        """The indices of the shapes whose bounds meet the box (a shape in two buckets
        comes twice)."""
        c = self.cell
        shapes = self.shapes
        for part in (0, 1):
            for i in range(int(x0 // c), int(x1 // c) + 1):
                for j in range(int(y0 // c), int(y1 // c) + 1):
                    bucket = self.cells.get((i, j))
                    for row in bucket[part] if bucket else ():
                        bx0, by0, bx1, by1 = shapes[row[0]].bounds
                        if not (bx0 > x1 or bx1 < x0 or by0 > y1 or by1 < y0):
                            yield row[0]

    def hits(self, shape: Shape, gap: float = 0.0, ignore: Collection[int] = (),
             skip: AbstractSet[int] = frozenset()) -> bool:
        """Whether ``shape`` comes closer than ``gap`` to anything recorded (but ``ignore``
        and ``skip``, a set kept as it is: for a large one asked about often)."""
        x0, y0, x1, y1 = shape.bounds
        if type(shape) is Box and gap >= 0.0:
            return self.box_hits(x0, y0, x1, y1, gap, ignore, skip)
        shapes = self.shapes
        for index in self._near(x0 - gap, y0 - gap, x1 + gap, y1 + gap):
            # Boxes apart means shapes apart: the exact test only for the others.
            if index not in skip and index not in ignore and distance(shape, shapes[index]) <= gap:
                return True
        return False

    def box_hits(self, sx0: float, sy0: float, sx1: float, sy1: float, gap: float = 0.0,
                 ignore: Collection[int] = (), skip: AbstractSet[int] = frozenset()) -> bool:
        """:meth:`hits` for ``Box(sx0, sy0, sx1, sy1)`` and a ``gap`` >= 0, without making
        the box (a label's search tries thousands of spots, most of them taken)."""
        x0, y0, x1, y1 = sx0 - gap, sy0 - gap, sx1 + gap, sy1 + gap
        # Written for speed: the same arithmetic as :func:`distance`, inline (``max(0, d)
        # <= gap`` is ``d <= gap`` for a gap >= 0). Boxes and discs first: most spots tried
        # are taken, most of them by a station or a label, which is quicker to measure than
        # a track. A box or disc met in two buckets may be measured twice.
        last = self._last
        if last is not None:
            # The shapes that stopped the last box first: the spots a search tries one after
            # the other lie close together, and one shape often takes several of them.
            index, kind, bx0, by0, bx1, by1, px, py, r = last
            if not (bx0 > x1 or bx1 < x0 or by0 > y1 or by1 < y0
                    or index in skip or index in ignore):
                if kind:
                    dx = sx0 - px if px < sx0 else px - sx1 if px > sx1 else 0.0
                    dy = sy0 - py if py < sy0 else py - sy1 if py > sy1 else 0.0
                    if hypot(dx, dy) - r <= gap:
                        return True
                else:
                    dx = max(sx0 - bx1, bx0 - sx1, 0.0)
                    dy = max(sy0 - by1, by0 - sy1, 0.0)
                    if hypot(dx, dy) <= gap:
                        return True
        last = self._last_capsule
        if last is not None:
            index, bx0, by0, bx1, by1, ax, ay, bx, by, r = last
            if not (bx0 > x1 or bx1 < x0 or by0 > y1 or by1 < y0
                    or index in skip or index in ignore) \
                    and _capsule_near_box(ax, ay, bx, by, r, gap, sx0, sy0, sx1, sy1):
                return True
        c = self.cell
        i0, i1, j0, j1 = int(x0 // c), int(x1 // c) + 1, int(y0 // c), int(y1 // c) + 1
        cells = self.cells
        tracks = None  # the buckets' capsule lists, measured after every box and disc
        for i in range(i0, i1):
            for j in range(j0, j1):
                bucket = cells.get((i, j))
                if bucket is None:
                    continue
                members, capsules = bucket
                if capsules:
                    if tracks is None:
                        tracks = [capsules]
                    else:
                        tracks.append(capsules)
                for row in members:
                    index, kind, bx0, by0, bx1, by1, px, py, r = row
                    # Boxes apart means shapes apart: skips the exact test for most.
                    if bx0 > x1 or bx1 < x0 or by0 > y1 or by1 < y0:
                        continue
                    if index in skip or index in ignore:
                        continue
                    if kind:  # a disc, as _disc_box
                        dx = sx0 - px if px < sx0 else px - sx1 if px > sx1 else 0.0
                        dy = sy0 - py if py < sy0 else py - sy1 if py > sy1 else 0.0
                        if hypot(dx, dy) - r <= gap:
                            self._last = row
                            return True
                    else:  # a box, as _box_box
                        dx = max(sx0 - bx1, bx0 - sx1, 0.0)
                        dy = max(sy0 - by1, by0 - sy1, 0.0)
                        if hypot(dx, dy) <= gap:
                            self._last = row
                            return True
        if tracks is None:
            return False
        seen: set[int] = set()
        for capsules in tracks:
            for row in capsules:
                index, bx0, by0, bx1, by1, ax, ay, bx, by, r = row
                if bx0 > x1 or bx1 < x0 or by0 > y1 or by1 < y0:
                    continue
                if index in seen or index in skip or index in ignore:
                    continue
                seen.add(index)
                if _capsule_near_box(ax, ay, bx, by, r, gap, sx0, sy0, sx1, sy1):
                    self._last_capsule = row
                    return True
        return False

    def hit_indices(self, shape: Shape, gap: float = 0.0) -> list[int]:
        """The indices of every recorded shape that ``shape`` comes closer than ``gap`` to."""
        x0, y0, x1, y1 = shape.bounds
        seen: set[int] = set()
        found = []
        shapes = self.shapes
        for index in self._near(x0 - gap, y0 - gap, x1 + gap, y1 + gap):
            if index not in seen:
                seen.add(index)
                if distance(shape, shapes[index]) <= gap:
                    found.append(index)
        return found

    def first_free(self, candidates: Iterable[Shape], bounds: Box | None = None,
                   gap: float = 0.0, ignore: Iterable[int] = ()) -> Shape | None:
        """The first candidate inside ``bounds`` that hits nothing (but ``ignore``), or None."""
        ignore = tuple(ignore)
        for shape in candidates:
            if bounds is not None and not Box(*shape.bounds).inside(bounds):
                continue
            if not self.hits(shape, gap, ignore):
                return shape
        return None


# ---------------------------------------------------------------------------- symbols


def star_points(cx: float, cy: float, r: float, points: int = 5,
                inner: float = 0.45) -> tuple[Point, ...]:
    """The corners of a star of outer radius ``r`` with its first point straight up."""
    out = []
    for k in range(2 * points):
        radius = r if k % 2 == 0 else r * inner
        a = pi * k / points - pi / 2
        out.append((cx + radius * cos(a), cy + radius * sin(a)))
    return tuple(out)


def arrowhead(tip: Point, direction: Point, length: float, width: float) -> tuple[Point, ...]:
    """A triangle pointing along ``direction`` (a unit vector) with its point at ``tip``."""
    ux, uy = direction
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    nx, ny = -uy * width / 2, ux * width / 2
    return (tip, (bx + nx, by + ny), (bx - nx, by - ny))


def rotate(v: Point, degrees: float) -> Point:
    """``v`` turned clockwise on the page (``y`` down) by ``degrees``."""
    a = radians(degrees)
    return (v[0] * cos(a) - v[1] * sin(a), v[0] * sin(a) + v[1] * cos(a))
