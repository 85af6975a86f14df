"""``vv scan`` reads the QR code of a blurred photo (issue 33): a second decoder (zxing-cpp)
on the code's region, as it is and deblurred; a page is never taken for another map's; a
code that still cannot be read names the blur."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pytest.importorskip("zxingcpp")

from scan_photos_alt import TUNING, make_photo  # noqa: E402  (needs cv2)

TEXT = "scorepad:1;m=madrid;h=3d6c135a;p=a4;l=de"


def _smeared_code(module: int, length: int, degrees: float) -> np.ndarray:
    """The QR code of ``TEXT``, ``module`` px a module, smeared ``length`` px along
    ``degrees``, with a little noise."""
    from scorepad.sheets.voll_verplant.scan_blur import smear
    from scorepad.sheets.voll_verplant.scan_print import qr_cells

    cells = np.array(qr_cells(TEXT), bool)
    image = cv2.resize(np.where(cells, 40, 225).astype(np.uint8), None, fx=module, fy=module,
                       interpolation=cv2.INTER_NEAREST)
    image = cv2.copyMakeBorder(image, 30, 30, 30, 30, cv2.BORDER_CONSTANT, value=225)
    image = cv2.filter2D(image, -1, smear(length, math.radians(degrees)),
                         borderType=cv2.BORDER_REPLICATE)
    noise = np.random.default_rng(1).normal(0, 3, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


@pytest.mark.parametrize(("module", "length", "degrees"),
                         [(6, 11, 0), (6, 11, 60), (6, 13, 25), (4, 7, 60)])
def test_a_smeared_code_opencv_cannot_read_is_read_deblurred(module, length, degrees):
    from scorepad.sheets.voll_verplant.scan_blur import decode

    image = _smeared_code(module, length, degrees)
    assert cv2.QRCodeDetector().detectAndDecode(image)[0] == ""  # the first decoder misses it
    assert decode(image) == TEXT


def test_a_blank_region_reads_as_nothing():
    from scorepad.sheets.voll_verplant.scan_blur import decode

    assert decode(np.full((200, 200), 220, np.uint8)) is None


def test_the_smear_direction_is_measured():
    from scorepad.sheets.voll_verplant.scan_blur import smear_angle

    for degrees in (0, 60, 120):
        angle, sure = smear_angle(_smeared_code(6, 13, degrees))
        off = abs((math.degrees(angle) - degrees + 90) % 180 - 90)
        assert off <= 20 and sure > 0.3, (degrees, math.degrees(angle), sure)
    assert smear_angle(_smeared_code(6, 1, 0))[1] < 0.2  # a sharp code: no direction


@pytest.fixture(scope="module")
def blurred(tmp_path_factory):
    """Tuning seed 900197: a flat Amsterdam sheet smeared 7 px by a moving hand; its QR code
    was refused before (neither OpenCV's decoder nor the comparison with the known codes)."""
    photo = make_photo(TUNING[197], tmp_path_factory.mktemp("blurred"))
    assert photo.blur.startswith("motion")
    return photo


def _grey_and_markers(photo):
    from scorepad.sheets.voll_verplant import scan_photo as reader

    grey = reader.decode_photo(photo.jpeg)
    return grey, reader.find_markers(grey)


def test_a_blurred_photo_s_code_is_read_by_the_second_decoder(blurred, monkeypatch):
    from scorepad.sheets.voll_verplant import scan_photo as reader

    grey, markers = _grey_and_markers(blurred)
    opencv = []
    original = reader._read_qr
    monkeypatch.setattr(reader, "_read_qr", lambda *a: opencv.append(original(*a)) or None)
    code, _ = reader.read_code(grey, markers, [])  # no known sheets: the code itself is read
    assert opencv and not any(opencv)  # OpenCV's decoder read it on no paper
    assert (code.map_id, code.paper, code.lang) == (blurred.map_id, blurred.paper, blurred.lang)


def test_a_page_is_never_taken_for_another_map(blurred, monkeypatch):
    """With its code unreadable (the second decoder off), the comparisons with the known
    sheets — the code's modules, then the page's drawing — refuse the photo rather than
    name another map, whichever maps are known."""
    from scorepad.sheets.voll_verplant import scan_photo as reader

    grey, markers = _grey_and_markers(blurred)
    monkeypatch.setattr(reader, "_read_blurred_qr", lambda *a: None)
    others = [bundled_map(m) for m in BUNDLED_MAPS if m != blurred.map_id]
    with pytest.raises(reader.PhotoError, match="QR code"):
        reader.read_code(grey, markers, others)
    for known in (others[:1], others[1:2], others[2:]):
        with pytest.raises(reader.PhotoError, match="QR code"):
            reader.read_code(grey, markers, known)
    try:  # with its own map among them: its map, or refused
        code, _ = reader.read_code(grey, markers, [bundled_map(m) for m in BUNDLED_MAPS])
    except reader.PhotoError:
        return
    assert (code.map_id, code.paper) == (blurred.map_id, blurred.paper)


@pytest.fixture(scope="module")
def first(tmp_path_factory) -> np.ndarray:
    """A sharp photo of the first generator (grey), the whole sheet in it."""
    from scan_photos import make_photo as make_first

    shot = make_first(11, tmp_path_factory.mktemp("first"), map_id="berlin", megapixels=6,
                      tilt=5, blur=0.3, quality=85)
    return cv2.imdecode(np.frombuffer(shot.jpeg, np.uint8), cv2.IMREAD_GRAYSCALE)


def test_a_code_smeared_past_reading_names_the_blur(first):
    """A sheet smeared sideways by 7 px: sharp enough overall (the old measure alone called
    it sharp, and the refusal said to take the photo again from straight above), but its
    QR code, the finest print on the page, is lost; the refusal names the blur."""
    from scorepad.sheets.voll_verplant import scan_photo as reader

    grey = first
    kernel = np.zeros((7, 7), np.float32)
    kernel[3, :] = 1 / 7
    jpeg = cv2.imencode(".jpg", cv2.filter2D(grey, -1, kernel),
                        [cv2.IMWRITE_JPEG_QUALITY, 85])[1]  # as the phone saves it
    smeared = cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)
    assert reader.sharpness(smeared) >= reader.BLURRED
    markers = reader.find_markers(smeared)
    assert len(markers) == 4
    with pytest.raises(reader.PhotoError) as refused:
        reader.read_code(smeared, markers, [])
    message = str(refused.value)
    assert "too blurred" in message and "hold the phone still" in message, message
    assert "whole sheet" not in message and "straight above" not in message, message


def test_a_sheet_running_out_of_the_picture_is_called_cut_off(tmp_path: Path):
    """Tuning seed 900070: a sharp photo with the sheet's right half outside the picture;
    placed from the two markers found, the missing ones fall inside the picture (the page
    is tilted), so only the paper reaching the picture's edge tells (before: "take the
    photo again from straight above")."""
    from scorepad.sheets.voll_verplant import scan_photo as reader

    photo = make_photo(TUNING[70], tmp_path)
    grey, markers = _grey_and_markers(photo)
    assert len(markers) == 2 and reader._cut_off(grey, markers) is None
    message = str(reader._no_markers(grey, markers))
    assert "cut off" in message and "step back" in message, message


def test_a_whole_sheet_with_markers_hidden_is_not_called_cut_off(first):
    """Two markers painted over in the paper's colour (no glare, no blur): the sheet is all
    in the picture, and the refusal does not say it is cut off."""
    from scorepad.sheets.voll_verplant import scan_photo as reader

    grey = first.copy()
    markers = reader.find_markers(grey)
    paper = int(np.percentile(grey, 90))
    for i in (1, 2):
        corners = markers[i].mean(axis=0)
        side = float(np.ptp(markers[i], axis=0).max())
        cv2.circle(grey, tuple(int(v) for v in corners), round(side), paper, -1)
    left = reader.find_markers(grey)
    assert len(left) == 2
    message = str(reader._no_markers(grey, left))
    assert "cut off" not in message and "whole sheet" not in message, message
