"""``vv scan`` names what is wrong with a photo it cannot read — blur, darkness, a glare, a
sheet cut off — each in one line with what to do; a photo with the whole sheet in it never
hears "photograph the whole sheet"."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorepad.main import root

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> np.ndarray:
    from scan_photos import make_photo

    folder = tmp_path_factory.mktemp("messages")
    shot = make_photo(11, folder, map_id="berlin", megapixels=6, tilt=5, blur=0.3, quality=85)
    return cv2.imdecode(np.frombuffer(shot.jpeg, np.uint8), cv2.IMREAD_COLOR)


def _markers(image: np.ndarray) -> dict[int, np.ndarray]:
    from scorepad.sheets.voll_verplant.scan_photo import find_markers

    return find_markers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))


def _refused(runner, tmp_path: Path, image: np.ndarray) -> str:
    path = tmp_path / "sheet.jpg"
    path.write_bytes(cv2.imencode(".jpg", image)[1].tobytes())
    result = runner.invoke(root, ["vv", "scan", str(path)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    return lines[0]


def test_a_sheet_cut_off_is_named_with_its_corner(runner, tmp_path, sheet):
    from scorepad.sheets.voll_verplant.scan_photo import _CORNERS

    centres = {i: q.mean(axis=0) for i, q in _markers(sheet).items()}
    # the photo cut between the two markers furthest right in it and the other two
    order = sorted(centres, key=lambda i: centres[i][0])
    cut = sheet[:, :round((centres[order[1]][0] + centres[order[2]][0]) / 2)]
    line = _refused(runner, tmp_path, cut)
    assert "cut off" in line and "step back" in line, line
    assert any(f"{_CORNERS[i]} corner" in line for i in order[2:]), line


def test_a_glare_over_the_markers_is_named_not_the_whole_sheet(runner, tmp_path, sheet):
    centres = {i: q.mean(axis=0) for i, q in _markers(sheet).items()}
    glared = sheet.copy()
    side = round(0.05 * max(sheet.shape))
    for i in (0, 1):  # two markers washed out by a reflection
        cv2.circle(glared, tuple(int(v) for v in centres[i]), side, (255, 255, 255), -1)
    line = _refused(runner, tmp_path, glared)
    assert "glare" in line and "whole sheet" not in line, line


def test_a_blurred_photo_of_the_whole_sheet_is_called_blurred(runner, tmp_path, sheet):
    kernel = np.zeros((61, 61), np.float32)
    kernel[30, :] = 1 / 61  # a hand moving sideways
    line = _refused(runner, tmp_path, cv2.filter2D(sheet, -1, kernel))
    assert "blurred" in line and "hold the phone still" in line, line
    assert "whole sheet" not in line


def test_a_dark_photo_is_called_dark(runner, tmp_path, sheet):
    line = _refused(runner, tmp_path, (sheet * 0.08).astype(np.uint8))
    assert "too dark" in line and "better light" in line, line
