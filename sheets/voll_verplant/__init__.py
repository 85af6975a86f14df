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
   names of interchanges, ends and ring starts, station numbers, the other names — each at the
   first nearby spot where it touches nothing (a spatial index of everything drawn so far), is
   clearly nearer its own circle than any other and keeps a reading gap from other stations'
   labels; a name that finds no spot is left out and listed in ``SheetLayout.unnamed``.

The blank sheet is built once per (map, paper, language, numbers) and reused: a pad repeats the
same group on every page, and marked sheets draw the marks over the same group.

Public API: :func:`draw_sheet`, :func:`draw_marked`, :func:`sheet_title`, :func:`sheet_layout`
and :class:`SheetLayout`; :func:`line_look`, :func:`line_looks`, :func:`track_items` and :func:`badge_items` tell
how lines and badges look. The package's modules: ``dimensions`` (sizes, colours, direction
tables), ``look``, ``frame`` (step 1), ``map_drawing`` (steps 2–3), ``map_labels`` (step 4),
``panel`` (header, lines table, score box, legend), ``builder`` (one blank sheet), ``sheet``
(:class:`SheetLayout`) and ``marks`` (the pen marks of a played sheet).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from scorepad.rules.common.errors import ContentError
from scorepad.rules.voll_verplant.maps import Network

from ..draw import Group, Page
from .builder import _SheetBuilder
from .dimensions import INK, MAP_PAD, ROOMY_PAD
from .look import LineLook, badge_items, line_look, line_looks, track_items
from .marks import _draw_marks
from .sheet import SheetLayout

if TYPE_CHECKING:  # marks are drawn only by `vv render`; a blank sheet skips the import
    from scorepad.rules.voll_verplant.view import MarkedSheet

__all__ = [
    "INK",
    "LineLook",
    "SheetLayout",
    "badge_items",
    "draw_marked",
    "draw_sheet",
    "line_look",
    "line_looks",
    "sheet_layout",
    "sheet_title",
    "track_items",
]


def draw_sheet(network: Network, *, paper: str = "a4", lang: str = "en",
               numbers: bool = True, scan_marks: bool = True) -> Page:
    """The blank sheet of ``network`` as one page (``paper`` a4|letter, ``lang`` en|de|fr),
    with the markers and QR code that ``vv scan`` reads unless ``scan_marks`` is false.

    Raises ContentError when the map's stations are too close together to print circles of
    6 mm on this paper.
    """
    sheet = sheet_layout(network, paper, lang, numbers)
    scan = _scan_marks(network, sheet, paper, lang, numbers, scan_marks)
    # One group, so that a pad's PDF draws the sheet with its marks once, as one form.
    return Page(sheet.width, sheet.height,
                [Group([sheet.base, *scan], tag="printed") if scan else sheet.base])


def draw_marked(network: Network, marked: MarkedSheet, *, paper: str = "a4",
                lang: str = "en", scan_marks: bool = True) -> Page:
    """``marked`` drawn over the blank sheet in a handwriting blue: crosses, transfer numbers,
    window entries, ticked and struck bonuses, the final score and the player's name.

    Raises ContentError for a station or line the map does not have, or more window entries
    than the line has windows.
    """
    sheet = sheet_layout(network, paper, lang, True)
    marks = _draw_marks(network, sheet, marked, lang)
    return Page(sheet.width, sheet.height,
                [sheet.base, marks, *_scan_marks(network, sheet, paper, lang, True, scan_marks)])


def _scan_marks(network: Network, sheet: SheetLayout, paper: str, lang: str, numbers: bool,
                wanted: bool) -> list[Group]:
    """The ArUco markers and the QR code naming this layout, when ``wanted``."""
    if not wanted:
        return []
    from scorepad.rules.voll_verplant.scan_code import scan_text

    from .scan_print import scan_marks_group

    return [scan_marks_group(sheet.width, sheet.height,
                             scan_text(network, paper, lang, numbers))]


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
    better = (len(roomy.problems), len(roomy.unnamed)) < (len(sheet.problems), len(sheet.unnamed))
    return roomy if better else sheet
