"""Drawing the scan marks of a printed sheet (``vv scan``): the four ArUco markers and the QR
code, where :mod:`.scan_marks` puts them.

The markers' bit patterns are stored here as data (printing never needs OpenCV);
``tests/test_vv_scan_marks.py`` checks them against ``cv2.aruco``'s ``DICT_4X4_50``.
"""

from __future__ import annotations

from .. import layout as geo
from ..draw import BLACK, Group, Rect, filled
from .scan_marks import marker_boxes, qr_box

#: The inner 4x4 bits (rows from the top, 1 = white) of ``DICT_4X4_50`` markers 0-3; a marker
#: is these bits inside a one-cell black border, 6x6 cells in all.
ARUCO_4X4: tuple[tuple[str, ...], ...] = (
    ("1011", "0101", "0011", "0010"),
    ("0000", "1111", "1001", "1010"),
    ("0011", "0011", "0010", "1101"),
    ("1001", "1001", "0100", "0110"),
)

#: Modules of blank round the QR code's symbol, inside its box (with the box's own margin
#: outside, the quiet zone is wider than this).
QR_BORDER = 2


def _cells(box: geo.Box, rows: list[list[bool]], tag: str) -> Group:
    """Dark cells of a square grid filling ``box``, merged along rows (fewer shapes)."""
    g = Group(tag=tag)
    n = len(rows)
    cell = (box.x1 - box.x0) / n
    ink = filled(BLACK)
    for r, row in enumerate(rows):
        c = 0
        while c < n:
            if not row[c]:
                c += 1
                continue
            start = c
            while c < n and row[c]:
                c += 1
            # a hair's overlap so that neighbouring cells print as one area, no seams
            seam_x = 0.01 if c < n else 0.0
            seam_y = 0.01 if r < n - 1 else 0.0
            g.add(Rect(box.x0 + start * cell, box.y0 + r * cell, (c - start) * cell + seam_x,
                       cell + seam_y, ink))
    return g


def marker_cells(marker_id: int) -> list[list[bool]]:
    """The 6x6 cells of ArUco marker ``marker_id`` (True = black)."""
    bits = ARUCO_4X4[marker_id]
    rows = [[True] * 6]
    rows += [[True, *(b == "0" for b in row), True] for row in bits]
    return rows + [[True] * 6]


def qr_cells(text: str) -> list[list[bool]]:
    """The QR code of ``text`` with its border (True = dark), error correction M: segno's,
    made ahead of time for the bundled sheets (:data:`.scan_qr.BUNDLED`: importing segno
    costs a blank sheet a tenth of its time) and now for any other."""
    from .scan_qr import BUNDLED

    rows = BUNDLED.get(text)
    if rows is not None:  # a square: as many cells a row as rows, the first the highest bit
        n = len(rows)
        return [[bool(row >> (n - 1 - c) & 1) for c in range(n)] for row in rows]
    return segno_cells(text)


def segno_cells(text: str) -> list[list[bool]]:
    """:func:`qr_cells` as segno makes them now."""
    import segno

    code = segno.make(text, error="m", micro=False)
    return [[bool(v) for v in row] for row in code.matrix_iter(scale=1, border=QR_BORDER)]


def bundled_texts() -> list[str]:
    """The QR texts of every bundled map on every paper and language, numbered or not."""
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
    from scorepad.sheets.voll_verplant.scan_code import scan_text

    return [scan_text(bundled_map(map_id), paper, lang, numbers) for map_id in BUNDLED_MAPS
            for paper in ("a4", "letter") for lang in ("en", "de", "fr")
            for numbers in (True, False)]


def scan_marks_group(width: float, height: float, text: str) -> Group:
    """The four markers and the QR code of ``text`` on a page of ``width`` x ``height`` mm."""
    g = Group(tag="scan-marks")
    for marker_id, box in enumerate(marker_boxes(width, height)):
        g.add(_cells(box, marker_cells(marker_id), f"aruco aruco-{marker_id}"))
    g.add(_cells(qr_box(width, height), qr_cells(text), "scan-qr"))
    return g


if __name__ == "__main__":  # pragma: no cover - regenerates scan_qr.py after a map changes
    import pathlib
    import textwrap

    # the rows wrapped at 100 columns, as every line of the package
    rows = "".join(
        f"    {text!r}: (\n" + textwrap.fill(", ".join(
            hex(int("".join("1" if c else "0" for c in row), 2))
            for row in segno_cells(text)) + ",", 100, initial_indent=" " * 8,
            subsequent_indent=" " * 8) + "\n    ),\n"
        for text in bundled_texts())
    path = pathlib.Path(__file__).with_name("scan_qr.py")
    text = path.read_text(encoding="utf-8")
    start, end = text.index("BUNDLED: dict["), text.index("# (end of the table)")
    path.write_text(text[:start] + "BUNDLED: dict[str, tuple[int, ...]] = {\n" + rows + "}\n"
                    + text[end:], encoding="utf-8")
