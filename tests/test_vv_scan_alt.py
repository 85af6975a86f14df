"""``vv scan`` on a photo of the second, independent generator (``tests/scan_photos_alt.py``):
a curled page is followed (the layout lands on its print within a fraction of a
millimetre where one homography leaves more than one), its QR code and layout are found;
the generator's seeds are split once into tuning and held-out."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from scan_photos_alt import HELD_OUT, TUNING, make_photo, stored_photo  # noqa: E402  (needs cv2)


@pytest.fixture(scope="module")
def curled(tmp_path_factory):
    photo = make_photo(TUNING[8], tmp_path_factory.mktemp("alt"))
    assert photo.bend.startswith("curl")  # the seed's page curls at an edge
    return photo


def test_tuning_and_held_out_seeds_never_meet():
    assert not set(TUNING) & set(HELD_OUT)
    assert len(HELD_OUT) >= 300


def test_a_curled_page_is_followed_to_a_fraction_of_a_millimetre(curled):
    from scorepad.sheets.voll_verplant import scan_photo as reader
    from scorepad.sheets.voll_verplant import sheet_layout

    grey = reader.decode_photo(curled.jpeg)
    markers = reader.find_markers(grey)
    code, _ = reader.read_code(grey, markers, [bundled_map(m) for m in BUNDLED_MAPS])
    assert (code.map_id, code.paper, code.lang) == (curled.map_id, curled.paper, curled.lang)
    network = bundled_map(code.map_id)
    sheet = sheet_layout(network, code.paper, code.lang, code.numbers)
    to_page, _ = reader._homography(markers, sheet.width, sheet.height)
    mask = reader.printed_mask(sheet)

    def off(dark) -> np.ndarray:
        """How far each station's printed ring lies from where the layout puts it (mm)."""
        return np.array([math.dist(reader._refine(dark, mask, c, sheet.radius), c)
                         for c in sheet.centers.values()])

    flat = off(reader.darkness(grey, to_page, sheet.width, sheet.height))
    followed = off(reader.warped_darkness(grey, to_page, sheet,
                                          reader.follow_paper(grey, to_page, sheet)))
    assert np.median(flat) > 1.0  # one homography: over a millimetre off
    assert np.median(followed) <= 0.55 and np.percentile(followed, 95) <= 0.75


def test_a_curled_page_is_read(curled):
    from scorepad.sheets.voll_verplant.scan_photo import scan_photo

    scan = scan_photo(curled.jpeg, lambda code: bundled_map(code.map_id),
                      [bundled_map(m) for m in BUNDLED_MAPS])
    wrong = [n for n, c in scan.cells.items() if c.value != curled.truth[n]]
    assert len(wrong) <= 2, wrong


def test_the_generator_makes_the_same_photo_again_and_keeps_it(tmp_path: Path, curled):
    again = stored_photo(TUNING[8], tmp_path / "print", tmp_path / "kept")
    assert again.jpeg == curled.jpeg and again.truth == curled.truth
    assert len(list((tmp_path / "kept").iterdir())) == 2  # a JPEG and its JSON
    kept = stored_photo(TUNING[8], tmp_path / "print", tmp_path / "kept")
    assert kept == again


def test_a_qr_code_not_seen_at_all_the_page_tells_the_sheet(curled):
    """The QR code hidden under paper-coloured paint: the page itself is compared with
    every known map's drawing, then with that map's sheets in each language."""
    from scorepad.sheets.voll_verplant import scan_photo as reader
    from scorepad.sheets.voll_verplant import sheet_layout
    from scorepad.sheets.voll_verplant.scan_marks import qr_box

    grey = reader.decode_photo(curled.jpeg)
    markers = reader.find_markers(grey)
    sheet = sheet_layout(bundled_map(curled.map_id), curled.paper, curled.lang, True)
    to_page, _ = reader._homography(markers, sheet.width, sheet.height)
    box = qr_box(sheet.width, sheet.height).grow(1.0)
    corners = np.array([[box.x0, box.y0], [box.x1, box.y0], [box.x1, box.y1],
                        [box.x0, box.y1]], np.float32)[None]
    at = cv2.perspectiveTransform(corners, np.linalg.inv(to_page))[0]
    paper = int(np.percentile(grey, 90))
    hidden = cv2.fillConvexPoly(grey.copy(), at.round().astype(np.int32), paper)
    known = [bundled_map(m) for m in BUNDLED_MAPS]
    code, _ = reader.read_code(hidden, markers, known)
    assert (code.map_id, code.paper) == (curled.map_id, curled.paper)
    taken = sheet_layout(bundled_map(code.map_id), code.paper, code.lang, code.numbers)
    assert reader._cells_alike(taken, sheet)  # the same cells, wherever the language differs
    with pytest.raises(reader.PhotoError, match="QR code"):
        reader.read_code(hidden, markers, [])  # no known sheets: nothing to compare with
