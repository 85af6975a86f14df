"""The look of the Mille Fiori score aids and the drawing pieces more than one page uses.

Page measures, text sizes and colours (:data:`YOU`, :data:`OTHER` for the diamonds,
:data:`AREA_COLORS` for the areas' bands), and the shared pieces: a diamond and its legend,
a page title, a section heading and the ship track (on the player aid and the table).
"""

from __future__ import annotations

from typing import Any

from scorepad.rules.mille_fiori.board import Board
from scorepad.rules.mille_fiori.ruleset import MFRules

from ..draw import (
    BLACK,
    WHITE,
    Circle,
    Group,
    Page,
    Polyline,
    Rect,
    Text,
    filled,
    pt,
    stroke,
    text_width,
)
from ..labels import label

MARGIN = 12.0
TITLE = pt(15)
HEAD = pt(9.5)
TEXT = pt(7.4)
SMALL = pt(6.4)
GREY = "#5a5a5a"
RULE = "#9a9a9a"
YOU = "#262626"      # your diamonds: dark
OTHER = "#bdbdbd"    # other players' diamonds: light grey with an outline
AREA_COLORS = {"workshops": "#8c5a2b", "residences": "#a8322b", "townspeople": "#1f7a7a",
               "trade": "#b8860b", "harbor": "#2c5aa0", "ship": "#2c5aa0"}


# ------------------------------------------------------------------------- shapes
def _diamond(cx: float, cy: float, r: float, who: str) -> Group:
    """A diamond: ``you`` dark, ``other`` light grey, ``new`` dark with a ring around it."""
    points = ((cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy))
    fill = OTHER if who == "other" else YOU
    items: list[Any] = [Polyline(points, filled(fill, stroke=BLACK, width=0.2), closed=True)]
    if who == "new":
        items.append(Circle(cx, cy, r * 1.42, stroke(BLACK, 0.35, dash=(0.8, 0.5))))
    return Group(items, tag=f"diamond {who}")


def _legend(x: float, y: float, lang: str) -> Group:
    """The three diamond styles, ending at ``x``."""
    group = Group(tag="legend")
    names = [(who, label("mf." + who, lang)) for who in ("you", "other", "new")]
    width = sum(5.0 + text_width(name, SMALL) + 5 for _, name in names) - 5
    x -= width
    for who, name in names:
        group.add(_diamond(x + 2.0, y, 1.4, who))
        group.add(Text(x + 5.0, y, name, size=SMALL, valign="middle"))
        x += 5.0 + text_width(name, SMALL) + 5
    return group


# --------------------------------------------------------- pieces the pages share
def _title(page: Page | Group, text: str, opts: MFRules, lang: str,
           width: float | None = None) -> None:
    right = (width if width is not None else page.width) - MARGIN  # type: ignore[union-attr]
    page.add(Text(MARGIN, MARGIN + TITLE * 0.75, text, size=TITLE, bold=True, tag="title"))
    page.add(Text(right, MARGIN + TITLE * 0.75,
                  label("mf.ruleset", lang, id=opts.ruleset), size=SMALL, color=GREY, anchor="end",
                  tag="ruleset"))


def _heading(x: float, y: float, text: str, w: float) -> Text:
    size = min(HEAD, HEAD * w / max(0.1, text_width(text, HEAD, True)))
    return Text(x, y, text, size=size, bold=True, tag="heading")


def _ship_track(b: Board, x: float, y: float, w: float, lang: str, cell_h: float = 6.0) -> Group:
    """The 20 ship spaces in two rows of 10: space number, points, B for a bonus card."""
    group = Group(tag="ship-track")
    per_row = 10
    cw = w / per_row
    for i in range(1, len(b.ship_points)):
        r, c = divmod(i - 1, per_row)
        cx, top = x + c * cw, y + r * cell_h
        bonus = b.ship_bonus[i]
        group.add(Rect(cx, top, cw, cell_h, filled("#dedede" if bonus else WHITE,
                                                      stroke=BLACK, width=0.25)))
        group.add(Text(cx + 0.6, top + 0.5, str(i), size=pt(6),
                       color=GREY, valign="top"))
        points = b.ship_points[i]
        mark = ("B" if not points else f"{points}+B") if bonus else str(points)
        group.add(Text(cx + cw / 2 + 0.6, top + cell_h / 2 + 0.6, mark,
                       size=min(pt(8), cell_h * 0.42), bold=True, anchor="middle",
                       valign="middle", tag="ship-points"))
    return group
