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

# Dash pattern and casing, in the order lines get them: with the letters, they tell lines
# apart on a black-and-white print. Every dash and gap is at least 0.6 mm and every band is
# the full track width: no hairlines (a white centre stripe used to print as two thin lines).
# The patterns differ in their period (solid; 5.2, 2.1, 5.7 mm with 4 changes; dots every
# 1.3 mm), so two
# lines differ in casing or clearly in rhythm.
_DASHES: tuple[tuple[float, ...] | None, ...] = (
    None, (4.0, 1.2), (1.2, 0.9), (3.0, 0.9, 0.9, 0.9), (0.6, 0.7))
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


def line_looks(lines: Sequence[MapLine]) -> list[LineLook]:
    """The looks of a map's lines, each pattern used once (while there are enough): rings
    get the heavy style, light colours the first free cased pattern, the other lines the
    first free pattern in line order."""
    free = [p for p in _PATTERNS if p != _RING] if any(li.ring for li in lines) else list(_PATTERNS)
    looks: dict[int, LineLook] = {}
    for line in lines:
        if line.ring:
            looks[line.index] = LineLook(line.color, *_RING, heavy=True)
    for light in (True, False):
        for line in lines:
            if line.index in looks or (luminance(line.color) > LIGHT) != light:
                continue
            options = [p for p in free if p[1]] if light else free
            if not options:  # more lines than patterns: start again
                options = [p for p in _PATTERNS if p[1] or not light]
            dash, casing = options[0]
            if options[0] in free:
                free.remove(options[0])
            looks[line.index] = LineLook(line.color, dash, casing)
    return [looks[line.index] for line in lines]


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
