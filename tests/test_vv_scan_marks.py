"""The scan marks of printed Voll verplant sheets: the ArUco markers' stored bits are
OpenCV's DICT_4X4_50, the printed markers and QR code are found where ``scan_marks`` puts
them, the QR text names map, hash, paper and language, and ``--no-scan-marks`` leaves them
off."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from scorepad.main import root
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.sheets.draw import Group, Page, walk
from scorepad.sheets.pdf import render_pdf
from scorepad.sheets.voll_verplant import draw_sheet, sheet_layout
from scorepad.sheets.voll_verplant.scan_code import map_hash, parse_scan_text, scan_text
from scorepad.sheets.voll_verplant.scan_marks import marker_boxes, qr_box, reserved_boxes
from scorepad.sheets.voll_verplant.scan_print import ARUCO_4X4, marker_cells

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")


def _tagged(page: Page, tag: str) -> list[Group]:
    found = []

    def visit(items):
        for item in items:
            if isinstance(item, Group):
                if item.tag == tag:
                    found.append(item)
                visit(item.items)

    visit(page.items)
    return found


def test_stored_bits_are_opencvs_dictionary():
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker_id in range(len(ARUCO_4X4)):
        image = cv2.aruco.generateImageMarker(dictionary, marker_id, 6)
        black = (image == 0).tolist()
        assert black == marker_cells(marker_id), marker_id


def test_qr_text_round_trip_and_hash():
    berlin = bundled_map("berlin")
    text = scan_text(berlin, "letter", "fr")
    assert text.startswith("scorepad:1;m=berlin;")
    code = parse_scan_text(text)
    assert code == ("berlin", map_hash(berlin), "letter", "fr", True)
    assert parse_scan_text(scan_text(berlin, "a4", "en", numbers=False)).numbers is False
    assert map_hash(berlin) != map_hash(bundled_map("paris"))
    assert parse_scan_text("https://example.org") is None
    assert parse_scan_text("scorepad:9;m=x") is None


@pytest.mark.parametrize("map_id,paper,lang", [("berlin", "a4", "en"), ("paris", "letter", "fr")])
def test_printed_markers_and_qr_are_read_back(tmp_path: Path, map_id, paper, lang):
    network = bundled_map(map_id)
    page = draw_sheet(network, paper=paper, lang=lang)
    [marks] = _tagged(page, "scan-marks")
    sheet = sheet_layout(network, paper, lang, True)
    # only the marks, rasterised: every marker where marker_boxes says, the QR's text
    pdf = tmp_path / "marks.pdf"
    pdf.write_bytes(render_pdf([Page(page.width, page.height, [marks])], title="marks"))
    dpi = 150
    png = subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-png", str(pdf)],
                         capture_output=True, check=True).stdout
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(image)
    assert sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    px = dpi / 25.4
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        box = marker_boxes(sheet.width, sheet.height)[marker_id]
        assert np.allclose(quad[0][0] / px, (box.x0, box.y0), atol=0.5)  # top-left corner first
        assert np.allclose(quad[0][2] / px, (box.x1, box.y1), atol=0.5)
    text, points, _ = cv2.QRCodeDetector().detectAndDecode(image)
    assert text == scan_text(network, paper, lang)
    box = qr_box(sheet.width, sheet.height)
    xs, ys = points[0][:, 0] / px, points[0][:, 1] / px
    assert box.x0 < xs.min() and xs.max() < box.x1 and box.y0 < ys.min() and ys.max() < box.y1


def test_marks_stay_in_their_reserved_boxes():
    network = bundled_map("madrid")
    page = draw_sheet(network, lang="de")
    [marks] = _tagged(page, "scan-marks")
    boxes = reserved_boxes(page.width, page.height)
    for prim, dx, dy in walk(marks.items):
        x0, y0 = prim.x + dx, prim.y + dy
        assert any(b.x0 <= x0 and x0 + prim.w <= b.x1 and b.y0 <= y0 and y0 + prim.h <= b.y1
                   for b in boxes), prim


def test_no_scan_marks_option(runner, tmp_path: Path):
    network = bundled_map("berlin")
    assert not _tagged(draw_sheet(network, scan_marks=False), "scan-marks")
    on, off = tmp_path / "on.svg", tmp_path / "off.svg"
    assert runner.invoke(root, ["vv", "sheet", "berlin", "-o", str(on)]).exit_code == 0
    result = runner.invoke(root, ["vv", "sheet", "berlin", "-o", str(off), "--no-scan-marks"])
    assert result.exit_code == 0, result.output
    assert "scan-marks" in on.read_text() and "scan-marks" not in off.read_text()


def test_render_prints_scan_marks_unless_told_not_to(runner, tmp_path: Path):
    sheet = tmp_path / "ann.yaml"
    sheet.write_text("format: scorepad/vv-sheet@1\nmap: berlin\nplayer: Ann\nempty: [1, 2]\n")
    on, off = tmp_path / "on.svg", tmp_path / "off.svg"
    assert runner.invoke(root, ["vv", "render", str(sheet), "-o", str(on)]).exit_code == 0
    result = runner.invoke(root, ["vv", "render", str(sheet), "-o", str(off), "--no-scan-marks"])
    assert result.exit_code == 0, result.output
    assert "scan-marks" in on.read_text() and "scan-marks" not in off.read_text()


def test_the_bundled_sheets_qr_codes_are_segnos_and_current():
    # scan_qr.BUNDLED spares a blank sheet segno's import; after a bundled map changes it
    # needs `python -m scorepad.sheets.voll_verplant.scan_print`.
    from scorepad.sheets.voll_verplant.scan_print import bundled_texts, qr_cells, segno_cells
    from scorepad.sheets.voll_verplant.scan_qr import BUNDLED

    texts = bundled_texts()
    assert set(BUNDLED) == set(texts)
    for text in texts:
        assert qr_cells(text) == segno_cells(text)
    # a text the table lacks (a custom map) is segno's own
    other = texts[0].replace("p=a4", "p=a5")
    assert other not in BUNDLED and qr_cells(other) == segno_cells(other)
