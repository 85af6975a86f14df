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
and :class:`SheetLayout`; :func:`line_look`, :func:`line_looks`, :func:`track_items` and
:func:`badge_items` tell
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
    "layout_search",
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
    from scorepad.sheets.voll_verplant.scan_code import scan_text

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
    smaller with room for badges all round, and the better of the two is kept. When names
    are left out, the layout is tried again (up to ``REPAIRS`` times) with those names
    placed first, while that leaves fewer out. A bundled map starts with the names that
    search ends with (:data:`.hints.FIRST`), so that it is laid out once; in the bundled
    font its sheet is kept in the user's cache folder and read from there by the next print
    (:mod:`.stored`), unless the map or the layout code changed since.
    """
    from .hints import EARLY, FIRST
    from .stored import keep_layout, stored_layout

    stored = stored_layout(network, paper, lang, numbers)
    if stored is not None:  # a bundled map's sheet, laid out by an earlier print (.stored)
        return stored
    # (A custom map with a bundled map's id gets its hint too: only an order to try.)
    key = (network.id, paper, lang, numbers)
    layout = layout_search(network, paper, lang, numbers, frozenset(FIRST.get(key, ())),
                           key in EARLY)
    keep_layout(network, paper, lang, numbers, layout)
    return layout


def layout_search(network: Network, paper: str, lang: str, numbers: bool,
                  first: frozenset[int] = frozenset(), early: bool = False) -> SheetLayout:
    """:func:`sheet_layout` without its cache, starting with the names of ``first`` placed
    first (``early``: before the badges too); the result's ``first`` and ``early`` are where
    the search ended. Names left out are placed first on a new layout (up to ``REPAIRS``
    times, while that helps), then before the badges too."""
    # The builder (the label search) is imported where a sheet is laid out, not read.
    from .builder import _SheetBuilder

    def build(pad: float, first: frozenset[int]) -> SheetLayout:
        return _SheetBuilder(network, paper, lang, numbers, pad, first, early).build()

    sheet = build(MAP_PAD, first)
    if sheet.problems:
        try:
            roomy = build(ROOMY_PAD, first)
        except ContentError:  # too dense at the smaller scale: keep the first
            roomy = sheet
        if _worse(sheet, roomy):
            sheet = roomy
    # Names left out: once more, those placed first (a greedy layout's first come first).
    for _ in range(REPAIRS):
        if set(sheet.unnamed) <= first:
            break  # all named, or only names that were placed first already
        first |= frozenset(sheet.unnamed)
        again = build(ROOMY_PAD if sheet.pad_roomy else MAP_PAD, first)
        if not _worse(sheet, again):
            break
        sheet = again
    if sheet.unnamed and not early:
        # ... and before the badges, which can move out on a stub where a name cannot.
        alt = layout_search(network, paper, lang, numbers, first | frozenset(sheet.unnamed),
                            True)
        if _worse(sheet, alt):
            sheet = alt
    return sheet


#: How often a layout that left names out is tried again with them first.
REPAIRS = 2


def _worse(a: SheetLayout, b: SheetLayout) -> bool:
    """Whether layout ``a`` is worse than ``b``: more labels without a free spot, then more
    names left out."""
    return (len(b.problems), len(b.unnamed)) < (len(a.problems), len(a.unnamed))
