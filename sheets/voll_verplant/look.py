"""How lines and badges look on a sheet: a line's colour, dash, casing and stripe (so lines
tell apart in black and white), the primitives of a drawn track, and a line badge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorepad.rules.voll_verplant.maps import Line as MapLine

from .. import layout as geo
from ..draw import (
    BLACK,
    WHITE,
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


def badge_items(x: float, y: float, r: float, letter: str, color: str, square: bool,
                tag: str | None = None) -> list[Item]:
    """A line badge: the letter on the line's colour, in a circle or a rounded square."""
    style = Style(stroke=BLACK, fill=color, width=0.3)
    shape: Item = (Rect(x - r, y - r, 2 * r, 2 * r, style, radius=r * 0.35, tag=tag) if square
                   else Circle(x, y, r, style, tag=tag))
    return [shape, Text(x, y, letter, r * 1.3, ink_on(color), bold=True, anchor="middle",
                        valign="middle")]
