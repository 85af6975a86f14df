"""The page frame: which way the page turns, where the map goes and where the panel's blocks
(lines table, score box, legend) go, so that the map gets the largest scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil, inf
from typing import NamedTuple

from .. import layout as geo
from ..draw import paper_size, text_width, wrap
from .dimensions import (
    BLOCK_GAP,
    COL_GAP,
    COL_W,
    LEGEND_LINE,
    LEGEND_ROW,
    LEGEND_SIZE,
    LEGEND_SYMBOL,
    MARGIN,
    MAX_SCALE,
    PANEL_GAP,
    ROW_H,
    SAFE,
    SCORE_H,
    TABLE_HEAD,
    WINDOW_GAP,
    WINDOW_W,
)
from .scan_marks import reserved_boxes


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
           paper: str, header_h: float, pad: float, col_w: float = COL_W) -> _Frame:
    """Try the panel at the right and below the map, the legend in the panel and under the
    map; keep the arrangement that gives the map the largest scale.

    Every block keeps out of the scan marks' corners (:func:`.scan_marks.reserved_boxes`):
    the header runs between the top markers, the body starts below them; the map ends above
    the bottom markers and the panel above the QR code; a legend under the map goes in the
    band between the bottom-left marker and the QR code where it fits."""
    landscape = gw >= gh
    width, height = paper_size(paper, landscape)
    reserved = reserved_boxes(width, height)
    top = max(b.y1 for b in reserved if b.y0 < height / 2) + SAFE
    marker_top = min(b.y0 for b in reserved if b.y0 > height / 2 and b.x1 < width / 2) - SAFE
    qr_top = min(b.y0 for b in reserved if b.y0 > height / 2) - SAFE
    band_x0 = max(b.x1 for b in reserved if b.x1 < width / 2) + SAFE
    band_x1 = min(b.x0 for b in reserved if b.y0 > height / 2 and b.x0 > width / 2) - SAFE
    x0, y0 = MARGIN + SAFE, max(MARGIN + SAFE + header_h, top)
    x1, y1 = width - MARGIN - SAFE, qr_top
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
        extra = SCORE_H + (BLOCK_GAP + _legend_height(legend, col_w) if legend_in_panel else 0)
        cols = table_cols + (0 if extra <= left_in_last else 1)
        panel_w = cols * col_w + (cols - 1) * COL_GAP
        map_right = x1 - panel_w - PANEL_GAP
        if legend_in_panel:
            leg_y = map_y1 = marker_top
        else:
            # Under the map, right of the bottom-left marker: in the band between the bottom
            # markers, which runs on under the panel (it ends above the QR code), if it fits
            # there; else as wide as the map and up from the bottom margin.
            leg_w = band_x1 - band_x0
            leg_h = _legend_height(legend, leg_w)
            if leg_h > height - MARGIN - SAFE - marker_top - 1.0:
                leg_w = min(map_right, band_x1) - band_x0
                leg_h = _legend_height(legend, leg_w)
            leg_y = height - MARGIN - SAFE - leg_h
            # The map box holds the circles' ink: a little paper above the legend will do.
            map_y1 = min(marker_top, leg_y - 1.5)
        box = geo.Box(x0, y0, map_right, map_y1)
        px = x1 - panel_w
        table = []
        for c in range(table_cols):
            first = c * rows_per_col
            table.append((px + c * (col_w + COL_GAP), y0, first,
                          min(n_lines, first + rows_per_col)))
        if cols > table_cols:
            sx, sy = px + table_cols * (col_w + COL_GAP), y0
        else:
            sx, sy = table[-1][0], y0 + TABLE_HEAD + last_rows * ROW_H + BLOCK_GAP
        legend_at = ((sx, sy + SCORE_H + BLOCK_GAP, col_w) if legend_in_panel
                     else (band_x0, leg_y, leg_w))
        options.append(_Frame(landscape, width, height, box, scale_for(box), table,
                              (sx, sy), legend_at))
    # (2) panel below the map: table columns side by side, then score and legend
    side_h = SCORE_H + BLOCK_GAP + _legend_height(legend, col_w)
    for cols in range(1, n_lines + 1):
        panel_w = (cols + 1) * col_w + cols * COL_GAP
        if panel_w > body_w:
            break
        rows = ceil(n_lines / cols)
        panel_h = max(TABLE_HEAD + rows * ROW_H, side_h)
        box = geo.Box(x0, y0, x1, y1 - panel_h - PANEL_GAP)
        py = y1 - panel_h
        table = [(x0 + c * (col_w + COL_GAP), py, c * rows, min(n_lines, (c + 1) * rows))
                 for c in range(cols) if c * rows < n_lines]
        sx = x0 + cols * (col_w + COL_GAP)
        options.append(_Frame(landscape, width, height, box, scale_for(box), table,
                              (sx, py), (sx, py + SCORE_H + BLOCK_GAP, col_w)))
    return max(options, key=lambda f: f.scale)  # max keeps the first of equals


def panel_width(windows: int, words: Sequence[tuple[str, float, bool, float]]) -> float:
    """The width of a panel column: the lines table's widest wagon (``windows`` windows)
    with its bonus cells, and room for ``words`` (text, size, bold, mm beside it) that must fit
    beside the boxes; at most ``COL_W``, the width for four windows."""
    table = 26.0 + (WINDOW_W + WINDOW_GAP) * windows
    need = max((text_width(text, size, bold) + extra for text, size, bold, extra in words),
               default=0.0)
    return min(COL_W, max(table, need))
