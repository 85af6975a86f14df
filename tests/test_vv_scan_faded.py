"""``vv scan``'s cell reading on pages where the print itself is faded or smeared: a glare
or a blur that fades a circle's ring fades the pen's cross in it too, and the ink is
looked for in proportion; where the print has vanished a cell is not surely empty; a tick
box's own border smeared into it is no tick. The pages are drawn from the layout (its
strokes as a photo shows them), so each case is exactly the one named."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorepad.rules.voll_verplant.maps import Network, bundled_map
from scorepad.sheets.layout import Box
from scorepad.sheets.voll_verplant import sheet_layout
from scorepad.sheets.voll_verplant.scan_photo import SCALE, printed_lines, read_cells
from scorepad.sheets.voll_verplant.sheet import SheetLayout

CROSSED = (3, 9, 14, 22, 30, 41)
Reading = tuple[Network, SheetLayout]


@pytest.fixture(scope="module")
def berlin() -> Reading:
    network = bundled_map("berlin")
    return network, sheet_layout(network, "a4", "en", True)


def _cross(dark: np.ndarray, box: Box) -> None:
    """A light pen's cross corner to corner over ``box`` (page mm) on the page ``dark``."""
    for (xa, xb) in ((box.x0, box.x1), (box.x1, box.x0)):
        cv2.line(dark, (round(xa * SCALE), round(box.y0 * SCALE)),
                 (round(xb * SCALE), round(box.y1 * SCALE)), 0.3, round(0.5 * SCALE))


def _page(sheet: SheetLayout, pen: float, crossed: tuple[int, ...] = CROSSED) -> np.ndarray:
    """The print at 0.85 darkness on clean paper (a little grain), with a cross of ``pen``
    darkness in the given stations' circles."""
    dark = printed_lines(sheet).astype(np.float32) / 255.0 * 0.85
    rng = np.random.default_rng(33)
    dark += np.abs(rng.normal(0.0, 0.01, dark.shape)).astype(np.float32)
    r = sheet.radius * 0.55
    for station in crossed:
        x, y = sheet.centers[station]
        for sx in (-1, 1):
            a = (round((x - sx * r) * SCALE), round((y - r) * SCALE))
            b = (round((x + sx * r) * SCALE), round((y + r) * SCALE))
            cv2.line(dark, a, b, float(pen), max(1, round(0.4 * SCALE)))
    return np.asarray(dark, np.float32)


def _fade(dark: np.ndarray, centre: tuple[float, float], by: float, reach: float = 9.0) -> None:
    """A glare over a circle: every darkness within ``reach`` mm multiplied by ``by``."""
    x, y = centre
    ys = slice(max(0, round((y - reach) * SCALE)), round((y + reach) * SCALE))
    xs = slice(max(0, round((x - reach) * SCALE)), round((x + reach) * SCALE))
    dark[ys, xs] *= by


def test_a_cross_faded_with_its_ring_is_still_a_cross(berlin: Reading) -> None:
    network, sheet = berlin
    dark = _page(sheet, pen=0.8)
    _fade(dark, sheet.centers[14], 0.3)  # the ring at 0.26, the cross at 0.24
    cells = read_cells(network, sheet, dark)
    assert cells["station 14"].value == "cross"
    assert cells["station 9"].value == "cross"
    assert all(cells[f"station {s.id}"].value == "empty"
               for s in network.stations if s.id not in CROSSED)


def test_a_light_pen_under_a_blur_is_read(berlin: Reading) -> None:
    network, sheet = berlin
    dark = _page(sheet, pen=0.35)
    # every stroke fainter and wider
    blurred = np.asarray(cv2.GaussianBlur(dark, (0, 0), 0.3 * SCALE), np.float32)
    cells = read_cells(network, sheet, blurred)
    assert [s for s in CROSSED if cells[f"station {s}"].value != "cross"] == []
    assert cells["station 5"].value == "empty"


def test_where_the_print_vanished_a_cell_is_not_surely_empty(berlin: Reading) -> None:
    network, sheet = berlin
    dark = _page(sheet, pen=0.8)
    _fade(dark, sheet.centers[30], 0.0)  # a glare: ring and cross gone
    cells = read_cells(network, sheet, dark)
    assert cells["station 30"].confidence <= 0.5 + 1e-9
    assert cells["station 5"].value == "empty" and cells["station 5"].confidence > 0.99


def test_a_tick_box_border_smeared_into_it_is_no_tick(berlin: Reading) -> None:
    network, sheet = berlin
    dark = _page(sheet, pen=0.3)  # a light pen: the ink threshold is low
    band = round(1.0 * SCALE)
    for line in network.lines:
        for kind in ("first", "later"):
            tick = sheet.bonus[line.id][kind][1]
            x0, y0 = round(tick.x0 * SCALE), round(tick.y0 * SCALE)
            x1, y1 = round(tick.x1 * SCALE), round(tick.y1 * SCALE)
            inner = dark[y0 + band:y1 - band, x0 + band:x1 - band].copy()
            dark[y0:y1, x0:x1] = np.maximum(dark[y0:y1, x0:x1], 0.25)  # the border's smear
            dark[y0 + band:y1 - band, x0 + band:x1 - band] = inner
    ticked = network.lines[0].id
    tick = sheet.bonus[ticked]["later"][1]
    _cross(dark, tick)
    cells = read_cells(network, sheet, dark)
    assert cells[f"later {ticked}"].value == "ticked"
    blank = [n for n in cells if n.split()[0] in ("first", "later") and n != f"later {ticked}"]
    assert [n for n in blank if cells[n].value != "blank"] == []


def test_a_printed_value_smeared_into_its_tick_box_is_no_tick(berlin: Reading) -> None:
    """Motion blur where a page curls: the bonus value printed left of a tick box smeared
    into the box's left half on some lines, more than on the others (tuning seeds 900253,
    900274 of the second generator read such blank boxes as ticked); a tick fills both
    halves and is still read."""
    network, sheet = berlin
    dark = _page(sheet, pen=0.3)  # a light pen: the ink threshold is low
    ticked = network.lines[0].id
    tick = sheet.bonus[ticked]["first"][1]
    _cross(dark, tick)
    reach = round(1.2 * SCALE)  # 1.2 mm: into the box's left half (it is 2.7 mm wide)
    smear = np.ones((1, reach), np.float32) / reach
    for line in [line.id for line in network.lines[1:5]]:
        for kind in ("first", "later"):
            cell = sheet.bonus[line][kind][0].grow(1.0)
            ys = slice(round(cell.y0 * SCALE), round(cell.y1 * SCALE))
            xs = slice(round(cell.x0 * SCALE), round(cell.x1 * SCALE))
            # a blur that reaches only rightwards: the value's ink dragged into the box
            dragged = cv2.filter2D(dark[ys, xs], -1, smear, anchor=(reach - 1, 0))
            dark[ys, xs] = np.maximum(dark[ys, xs], dragged)
    cells = read_cells(network, sheet, dark)
    assert cells[f"first {ticked}"].value == "ticked"
    blank = [n for n in cells if n.split()[0] in ("first", "later") and n != f"first {ticked}"]
    assert [n for n in blank if cells[n].value != "blank"] == []
