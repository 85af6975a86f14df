"""How lines and badges look on a sheet: a line's colour, dash and casing (so lines tell
apart in black and white), the primitives of a drawn track, and a line badge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorepad.rules.voll_verplant.maps import Line as MapLine

from .. import layout as geo
from ..draw import (
    BLACK,
    Circle,
    Item,
    Polyline,
    Rect,
    Style,
    Text,
    ink_on,
    luminance,
    stroke,
    tint,
)
from ..layout import Point

# Dash pattern and casing, in the order lines get them: with the letters, they tell lines
# apart on a black-and-white print. Every dash and gap is at least 0.6 mm and every band is
# the full track width: no hairlines. Each pattern is its own class — solid, dashed, dotted,
# dash-dot — and each comes plain or with a black casing (a double edge), so eight classes
# in all; lines that share a station or cross get different classes where the map allows
# (:func:`line_looks`). Periods are at most 3.3 mm, so the panel's 6.9 mm sample shows two.
_DASHES: tuple[tuple[float, ...] | None, ...] = (
    None, (1.8, 0.9), (0.6, 0.7), (1.5, 0.6, 0.6, 0.6))
#: The pattern class of each dash pattern (the casing makes a class of its own too).
PATTERN_CLASS = {None: "solid", (1.8, 0.9): "dashed", (0.6, 0.7): "dotted",
                 (1.5, 0.6, 0.6, 0.6): "dash-dot"}
_PATTERNS: tuple[tuple[tuple[float, ...] | None, bool], ...] = (
    tuple((dash, False) for dash in _DASHES) + tuple((dash, True) for dash in _DASHES))
_RING = (None, True)   # a ring: solid, with a heavy casing of its own
LIGHT = 0.65           # lines lighter than this (luminance) always get a casing
HEAVY_CASING = 1.1     # a ring's casing, added to the track width (a plain casing adds 0.5)


class LineLook(NamedTuple):
    """How a line is drawn: colour, dash pattern, black casing, and ``heavy`` (a ring's
    wider casing)."""

    color: str
    dash: tuple[float, ...] | None
    casing: bool
    heavy: bool = False


def line_look(line: MapLine) -> LineLook:
    """The look of a line by its place in the map alone (see :func:`line_looks` for a whole
    map): a ring is heavy; light colours always get a casing so they show on white paper."""
    if line.ring:
        return LineLook(line.color, *_RING, heavy=True)
    dash, casing = _PATTERNS[line.index % len(_PATTERNS)]
    return LineLook(line.color, dash, casing or luminance(line.color) > LIGHT)


def line_looks(lines: Sequence[MapLine], stations: Sequence[Point] | None = None
               ) -> list[LineLook]:
    """The looks of a map's lines: rings get the heavy style, light colours a cased
    pattern; every line a pattern class (dash pattern and casing) that no line it meets —
    shares a station with or, given the stations' ``(x, y)`` positions, crosses — has,
    busiest lines first, while there are classes enough (then the least used among its
    neighbours'; without positions, each pattern once in line order)."""
    meets = _meetings(lines, stations)
    looks: dict[int, LineLook] = {}
    for line in lines:
        if line.ring:
            looks[line.index] = LineLook(line.color, *_RING, heavy=True)
    used: dict[tuple[tuple[float, ...] | None, bool], int] = {}
    order = sorted((li for li in lines if not li.ring),
                   key=lambda li: (luminance(li.color) <= LIGHT, -len(meets[li.index]),
                                   li.index))
    for line in order:
        light = luminance(line.color) > LIGHT
        options = [p for p in _PATTERNS if p[1] or not light]
        taken = {(looks[j].dash, looks[j].casing) for j in meets[line.index] if j in looks}
        taken |= {_RING} if any(looks[j].heavy for j in meets[line.index] if j in looks) else set()
        free = [p for p in options if p not in taken]
        pick = min(free or options, key=lambda p: (used.get(p, 0), options.index(p)))
        used[pick] = used.get(pick, 0) + 1
        looks[line.index] = LineLook(line.color, *pick)
    return [looks[line.index] for line in lines]


def _meetings(lines: Sequence[MapLine], stations: Sequence[Point] | None
              ) -> dict[int, set[int]]:
    """For each line, the lines that share a station with it or (with positions) cross it."""
    meets: dict[int, set[int]] = {li.index: set() for li in lines}
    for a in lines:
        for b in lines:
            if a.index < b.index and set(a.order) & set(b.order):
                meets[a.index].add(b.index)
                meets[b.index].add(a.index)
    if stations is None:
        return meets
    legs = {li.index: [(stations[p], stations[q]) for p, q in
                       zip(li.order, li.order[1:] + ((li.order[0],) if li.ring else ()),
                           strict=False)] for li in lines}
    for a in lines:
        for b in lines:
            if a.index < b.index and b.index not in meets[a.index] and any(
                    _cross(p, q, r, t) for p, q in legs[a.index] for r, t in legs[b.index]):
                meets[a.index].add(b.index)
                meets[b.index].add(a.index)
    return meets


def _cross(p: Point, q: Point, r: Point, t: Point) -> bool:
    """Whether segments pq and rt cross (properly)."""
    def side(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2, d3, d4 = side(p, q, r), side(p, q, t), side(r, t, p), side(r, t, q)
    return d1 * d2 < 0 and d3 * d4 < 0


def casing_extra(look: LineLook) -> float:
    """How much wider than the track its casing is (0 without one)."""
    return (HEAVY_CASING if look.heavy else 0.5) if look.casing else 0.0


def track_items(points: Sequence[geo.Point], look: LineLook, width: float,
                closed: bool = False, tag: str | None = None, part: str = "all") -> list[Item]:
    """The primitives of one drawn track (casing, tint under dashes, colour); ``part``
    ``casing`` or ``band`` gives only the one or the other (a map draws every casing
    first, so that no casing covers a neighbouring track)."""
    pts = tuple(points)
    items: list[Item] = []
    if look.casing and part != "band":
        items.append(Polyline(pts, stroke(BLACK, width + casing_extra(look), join="round"),
                              closed))
    if part == "casing":
        return items
    if look.dash:
        # A tint under the dashes keeps the line one continuous band: lighter than the
        # colour, or for a light colour darker, so that the dashes still show in grey.
        under = shade(look.color, 0.4) if luminance(look.color) > LIGHT else tint(look.color, 0.65)
        items.append(Polyline(pts, stroke(under, width, join="round"), closed))
        items.append(Polyline(pts, stroke(look.color, width, dash=look.dash, join="round"),
                              closed, tag=tag))
    else:
        items.append(Polyline(pts, stroke(look.color, width, join="round"), closed, tag=tag))
    return items


def shade(color: str, amount: float) -> str:
    """``color`` mixed with black: ``amount`` 0 keeps it, 1 gives black."""
    r, g, b = (round(int(color[i:i + 2], 16) * (1 - amount)) for i in (1, 3, 5))
    return f"#{r:02x}{g:02x}{b:02x}"


def badge_items(x: float, y: float, r: float, letter: str, color: str, square: bool,
                tag: str | None = None) -> list[Item]:
    """A line badge: the letter on the line's colour, in a circle or a rounded square."""
    style = Style(stroke=BLACK, fill=color, width=0.3)
    shape: Item = (Rect(x - r, y - r, 2 * r, 2 * r, style, radius=r * 0.35, tag=tag) if square
                   else Circle(x, y, r, style, tag=tag))
    return [shape, Text(x, y, letter, r * 1.3, ink_on(color), bold=True, anchor="middle",
                        valign="middle")]
