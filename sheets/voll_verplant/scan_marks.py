"""Where the scan marks of a printed Voll verplant sheet go: four ArUco markers in the page's
corners and a QR code beside the bottom-right one (issue 25, ``vv scan``).

This module fixes the geometry only, so that the sheet's layout (title, map, labels, panel)
keeps clear of it and the scanner knows where to look. Sizes are in mm, with the page's
origin at the top left and y growing downward, like the rest of ``sheets``.

- Each marker is ``MARKER`` mm square, its outer edges on the page margin (the margin itself
  is the white border outside it); ``QUIET`` mm inside it stay blank too.
- The QR code is ``QR`` mm square (its own quiet zone included), at the bottom margin, left
  of marker 2 with ``QUIET`` mm between them.
"""

from __future__ import annotations

from .. import layout as geo
from .dimensions import MARGIN

#: Side of one ArUco marker (mm); the issue asks for at least 12.
MARKER = 12.0
#: Blank band kept round a marker or the QR code on the page's side (mm).
QUIET = 2.0
#: Side of the QR code with its quiet zone (mm).
QR = 20.0


def marker_boxes(width: float, height: float) -> list[geo.Box]:
    """The four markers' squares, ids 0 top left, 1 top right, 2 bottom right, 3 bottom left."""
    m, s = MARGIN, MARKER
    return [
        geo.Box(m, m, m + s, m + s),
        geo.Box(width - m - s, m, width - m, m + s),
        geo.Box(width - m - s, height - m - s, width - m, height - m),
        geo.Box(m, height - m - s, m + s, height - m),
    ]


def qr_box(width: float, height: float) -> geo.Box:
    """The QR code's square: on the bottom margin, left of marker 2."""
    x1 = width - MARGIN - MARKER - QUIET
    return geo.Box(x1 - QR, height - MARGIN - QR, x1, height - MARGIN)


def reserved_boxes(width: float, height: float) -> list[geo.Box]:
    """Every area the sheet's own drawing must keep clear of: each marker and the QR code
    grown by ``QUIET`` (clipped to the margin, which is blank anyway)."""
    q = QUIET
    return [geo.Box(b.x0 - q, b.y0 - q, b.x1 + q, b.y1 + q)
            for b in (*marker_boxes(width, height), qr_box(width, height))]
