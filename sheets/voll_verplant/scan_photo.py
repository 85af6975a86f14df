"""Reading a photographed Voll verplant sheet (``vv scan``): find the four ArUco markers,
rectify the page to its millimetres, read the QR code, then read every cell of the layout
that printed the sheet — station circles, bonus tick boxes, wagon windows — each with the
probability of each value (:mod:`scorepad.sheets.voll_verplant.scan_reading` turns that into
a paper sheet).

Where every cell is comes from :func:`sheet_layout`, the code that drew the sheet; what the
sheet printed there comes from the same layout's drawing (:func:`printed_mask`), so only
the ink the printer did not put there counts as the player's.

Needs OpenCV and numpy (the ``scan`` extra). A photo that cannot be read raises
:class:`PhotoError` (exit 2) saying what to do.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

import cv2
import numpy as np

from scorepad.rules.common.errors import InputError
from scorepad.rules.voll_verplant.maps import Network
from scorepad.sheets.voll_verplant.scan_code import ScanCode, parse_scan_text
from scorepad.sheets.voll_verplant.scan_reading import Cell, cell_of

from .. import layout as geo
from ..draw import Circle, Line, Polyline, Rect, Text, luminance, paper_size, text_box, walk
from . import scan_blur, sheet_layout
from .scan_calibration import calibrate
from .scan_marks import marker_boxes, qr_box
from .sheet import SheetLayout

#: Pixels per mm of the rectified page.
SCALE = 8.0
#: The largest photo decoded (pixels); a bigger one is refused before it is decoded.
MAX_PIXELS = 50_000_000
#: Marker detection runs on the photo shrunk to this long side (corners refined at full size).
DETECT_SIDE = 1800
#: Darkness (0 paper … 1 black) from which a pixel counts as ink.
INK = 0.3


class PhotoError(InputError):
    """A photo that cannot be read as a sheet (exit 2); the message says what to do."""


@dataclass
class PhotoScan:
    """What one photo showed: its QR code, the map and layout it names, every cell, and the
    page-to-photo homography (for drawing the reading over the photo)."""

    code: ScanCode
    network: Network
    sheet: SheetLayout
    cells: dict[str, Cell]
    page_to_photo: list[list[float]]
    photo_size: tuple[int, int]
    #: How sharp the photo is (:func:`sharpness`): the total's confidence depends on it.
    sharpness: float = 1.0


# ------------------------------------------------------------------------------ the photo

def photo_size(data: bytes) -> tuple[int, int]:
    """Width and height from the image file's header, without decoding it."""
    import warnings

    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # checked below
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                return int(width), int(height)
    except Image.DecompressionBombError:
        raise PhotoError(f"the photo has too many pixels; scorepad reads at most "
                         f"{MAX_PIXELS // 1_000_000} megapixels: take it at a lower "
                         "resolution or shrink it") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise PhotoError("not an image: give a photo (JPEG, PNG or WebP) of the sheet"
                         ) from None


#: The long side, in pixels, a photo is read at, at least: the rectified A4 page is 2376
#: pixels long (:data:`SCALE`), and the page rarely fills the whole photo.
READ_SIDE = 3000
#: OpenCV's reduced greyscale reads, largest reduction first.
_REDUCED = ((8, cv2.IMREAD_REDUCED_GRAYSCALE_8), (4, cv2.IMREAD_REDUCED_GRAYSCALE_4),
            (2, cv2.IMREAD_REDUCED_GRAYSCALE_2))


def decode_photo(data: bytes) -> np.ndarray:
    """The photo in grey levels; its size is checked before it is decoded.

    A photo whose long side is twice :data:`READ_SIDE` or more is decoded reduced (by 2,
    4 or 8, keeping at least READ_SIDE): a JPEG is scaled while it is decoded, so a
    49-megapixel photo costs a quarter of its full-size memory, and every step after the
    decode works on the smaller image.
    """
    width, height = photo_size(data)
    if width * height > MAX_PIXELS:
        raise PhotoError(f"the photo has {width * height / 1e6:.0f} megapixels; scorepad "
                         f"reads at most {MAX_PIXELS // 1_000_000}: take it at a lower "
                         "resolution or shrink it")
    if min(width, height) < 400:
        raise PhotoError(f"the photo is only {width}x{height} pixels: take it at a higher "
                         "resolution, the whole sheet filling the picture")
    mode = next((flag for factor, flag in _REDUCED if max(width, height) // factor >= READ_SIDE),
                cv2.IMREAD_GRAYSCALE)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), mode)
    if image is None:
        raise PhotoError("the image cannot be decoded: give a photo (JPEG, PNG or WebP) of "
                         "the sheet")
    return image


def _detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                   params)


def _detect(detector: cv2.aruco.ArucoDetector, image: np.ndarray) -> dict[int, np.ndarray]:
    corners, ids, _ = detector.detectMarkers(image)
    found: dict[int, np.ndarray] = {}
    for quad, marker_id in zip(corners, [] if ids is None else ids.ravel(), strict=True):
        if 0 <= marker_id <= 3 and int(marker_id) not in found:
            found[int(marker_id)] = quad[0].astype(np.float32)
    return found


def _closed(image: np.ndarray, side: float) -> np.ndarray:
    """Print thinner than the marker's 2 mm cells wiped out (``side``: a marker's side in
    pixels): a title or legend touching a marker merges with its outline otherwise."""
    k = max(3, round(side / 12 * 0.9) | 1)
    return cv2.morphologyEx(image, cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))


def find_markers(grey: np.ndarray) -> dict[int, np.ndarray]:
    """The corner markers found (id 0-3 → its 4 corners in photo pixels, clockwise from
    the marker's top left). Found in the photo shrunk, then each again at full size in a
    window round it, for sharp corners."""
    detector = _detector()
    factor = min(1.0, DETECT_SIDE / max(grey.shape))
    small = cv2.resize(grey, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA) \
        if factor < 1.0 else grey
    first = _detect(detector, small)
    if 0 < len(first) < 4:
        side = float(np.mean([np.linalg.norm(q[1] - q[0]) for q in first.values()]))
        for marker_id, quad in _detect(detector, _closed(small, side)).items():
            first.setdefault(marker_id, quad)
    if len(first) < 4 and max(small.shape) > 900:
        # a photo blurred by a moving hand: shrunk further, the blur is a pixel or two
        half = cv2.resize(small, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        for marker_id, quad in _detect(detector, half).items():
            first.setdefault(marker_id, quad * 2.0)
    found = {}
    for marker_id, quad in first.items():
        quad = quad / factor
        span = float(np.ptp(quad, axis=0).max())
        x0, y0 = np.maximum(quad.min(axis=0) - span, 0).astype(int)
        x1, y1 = (quad.max(axis=0) + span).astype(int)
        crop = grey[y0:y1, x0:x1]
        again = None
        if crop.size:
            again = _detect(detector, crop).get(marker_id)
            if again is None:
                again = _detect(detector, _closed(crop, span)).get(marker_id)
        quad = quad.astype(np.float32)
        if again is not None:
            again = again + np.array([x0, y0], np.float32)
            # the same square, only sharper: else another contour was taken (print touching)
            if float(np.abs(again - quad).max()) < max(1.5 / factor, 0.04 * span):
                quad = again
        found[marker_id] = quad
    return found


def _homography(markers: dict[int, np.ndarray], width: float, height: float
                ) -> tuple[np.ndarray, float]:
    """Photo → page (in mm) from the markers found, and the mean error (mm) of the fit."""
    boxes = marker_boxes(width, height)
    src: list[np.ndarray] = []
    dst: list[tuple[float, float]] = []
    for marker_id, quad in markers.items():
        b = boxes[marker_id]
        src.extend(quad)
        dst.extend([(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1)])
    src_a, dst_a = np.array(src, np.float32), np.array(dst, np.float32)
    matrix, _ = cv2.findHomography(src_a, dst_a, 0)
    if matrix is None:
        return np.eye(3), math.inf
    mapped = cv2.perspectiveTransform(src_a[None], matrix)[0]
    return matrix, float(np.linalg.norm(mapped - dst_a, axis=1).mean())


#: The corners' names, by marker id.
_CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")


#: Sharpness (:func:`sharpness`) below which a photo is called too blurred; the QR code, the
#: finest print on the page (0.6 mm modules), is lost sooner: its refusals name the blur below
#: 0.7, where sharp tuning photos of both generators measure 0.7-1.6.
BLURRED, CODE_BLURRED = 0.55, 0.7
#: How smeared the QR code's region may look (:func:`.scan_blur.smear_angle`) before a
#: refusal names a moving hand: sharp tuning photos' codes 0.0-0.21, motion-blurred
#: codes that could not be read 0.43-0.74.
SMEARED = 0.3


def diagnose(grey: np.ndarray, markers: dict[int, np.ndarray], what: str,
             smeared: float | None = None) -> PhotoError:
    """Why a photo could not be read, as best it tells, with what to do: too dark, a
    glare, the sheet cut off (a missing marker would lie outside the picture), blurred —
    else ``what`` went wrong, without claiming the sheet is not all in the picture.
    ``smeared``: when the QR code could not be read, how smeared its region looks."""
    if float(np.percentile(grey, 90)) < 60:
        return PhotoError("the photo is too dark: take it in better light")
    cut = _cut_off(grey, markers)
    if cut:
        return PhotoError(f"the sheet is cut off at its {cut} corner: step back so that the "
                          "whole sheet, its four black corner squares too, is in the picture")
    if not markers and float(grey.std()) < 12:  # nothing in the picture
        return PhotoError("no corner markers found: photograph the whole sheet, its four "
                          "black corner squares in the picture (a sheet printed by "
                          "`scorepad vv sheet`)")
    small = _shrunk(grey)
    if float(np.mean(small >= 250)) > 0.01:
        return PhotoError(f"{what}: a glare (a reflection of light) lies on the sheet: "
                          "tilt the phone a little or move away from the lamp")
    sharp = _sharpness(small)
    if sharp < BLURRED or (smeared is not None and (smeared > SMEARED or sharp < CODE_BLURRED)):
        return PhotoError(f"{what}: the photo is too blurred: hold the phone still (lean "
                          "on the table) and let it focus")
    if 0 < len(markers) < 4 and _runs_out(small, grey.shape, markers):
        return PhotoError("the sheet is cut off at the edge of the picture: step back so that "
                          "the whole sheet, its four black corner squares too, is in the "
                          "picture")
    return PhotoError(f"{what}: take the photo again from straight above, in even light, "
                      "the sheet filling the picture")


def _runs_out(small: np.ndarray, shape: tuple[int, ...], markers: dict[int, np.ndarray]
              ) -> bool:
    """Whether the paper the markers found lie on runs out of the picture (``small``: the
    photo shrunk, ``shape``: the photo's): the bright region round the markers' white
    margins reaches the picture's edge along more than 2 % of it. Where the missing
    markers would lie cannot say so on a curled or tilted page (placed from two markers,
    a corner just outside the picture can land just inside it)."""
    factor = small.shape[0] / shape[0]
    _, bright = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    _, labels = cv2.connectedComponents(bright)
    paper: set[int] = set()
    for quad in markers.values():
        side = float(np.ptp(quad, axis=0).max()) * factor
        x0, y0 = np.maximum(quad.min(axis=0) * factor - side, 0).astype(int)
        x1, y1 = (quad.max(axis=0) * factor + side).astype(int)
        round_it = labels[y0:y1, x0:x1]
        found = np.bincount(round_it[round_it > 0].ravel())
        if found.size:
            paper.add(int(found.argmax()))
    if not paper:
        return False
    edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    return float(np.isin(edge, list(paper)).mean()) > 0.02


def _shrunk(grey: np.ndarray) -> np.ndarray:
    """The photo shrunk to 1000 px on its long side (the scale its quality is measured at)."""
    factor = 1000 / max(grey.shape)
    return cv2.resize(grey, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)


def sharpness(grey: np.ndarray) -> float:
    """How sharp a photo is (:func:`_sharpness` on it shrunk to 1000 px)."""
    return _sharpness(_shrunk(grey))


def _sharpness(small: np.ndarray) -> float:
    """How sharp the print's edges are: the strongest second differences against the
    brightness (a blurred edge has low ones; measured on the photo shrunk to 1000 px:
    sharp photos 0.8-1.6, blurred by motion or focus 0.2-0.6)."""
    lap = np.abs(cv2.Laplacian(small.astype(np.float32), cv2.CV_32F))
    return float(np.percentile(lap, 99.5)) / max(1.0, float(np.percentile(small, 90)))


def _cut_off(grey: np.ndarray, markers: dict[int, np.ndarray]) -> str | None:
    """The corner whose marker, placed from the others found (two or more), would lie
    outside the picture (or on its edge), whatever the paper: the sheet is cut off there."""
    if len(markers) < 2 or len(markers) == 4:
        return None
    h, w = grey.shape
    margin = 0.01 * max(h, w)
    outside: set[int] | None = None
    for paper in ("a4", "letter"):
        for landscape in (True, False):
            boxes = marker_boxes(*paper_size(paper, landscape))
            centre = {i: ((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2) for i, b in enumerate(boxes)}
            src = np.array([centre[i] for i in markers], np.float32)
            dst = np.array([quad.mean(axis=0) for quad in markers.values()], np.float32)
            if len(markers) == 2:  # a similarity: turned and scaled, not tilted
                matrix, _ = cv2.estimateAffinePartial2D(src, dst)
            else:
                matrix = cv2.getAffineTransform(src[:3], dst[:3])
            if matrix is None:
                return None
            out = set()
            for marker_id in set(range(4)) - set(markers):
                x, y = matrix @ np.array([*centre[marker_id], 1.0])
                if not (margin <= x <= w - margin and margin <= y <= h - margin):
                    out.add(marker_id)
            outside = out if outside is None else outside & out
    return _CORNERS[min(outside)] if outside else None


def _no_markers(grey: np.ndarray, markers: dict[int, np.ndarray]) -> PhotoError:
    """Why the markers were not found, as best the photo tells."""
    found = len(markers)
    what = "no corner markers found" if not found else \
        f"only {found} of the 4 corner markers found"
    return diagnose(grey, markers, what)


def _qr_region(grey: np.ndarray, to_page: np.ndarray, width: float, height: float,
               pad: float, scale: float, flags: int = cv2.INTER_LINEAR) -> np.ndarray:
    """The QR code's square and ``pad`` mm round it, rectified at ``scale`` px/mm."""
    box = qr_box(width, height)
    x0, y0 = box.x0 - pad, box.y0 - pad
    size = round((box.x1 - box.x0 + 2 * pad) * scale)
    shift = np.array([[scale, 0, -x0 * scale], [0, scale, -y0 * scale], [0, 0, 1]])
    return cv2.warpPerspective(grey, shift @ to_page, (size, size), flags=flags,
                               borderValue=255)


def _read_qr(grey: np.ndarray, to_page: np.ndarray, width: float, height: float) -> str | None:
    """The QR code's text, from its region of the page rectified at a high resolution."""
    detector = cv2.QRCodeDetector()
    for pad, scale in ((6.0, 12.0), (10.0, 8.0), (6.0, 20.0)):
        crop = _qr_region(grey, to_page, width, height, pad, scale)
        for image in (crop, cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[1]):
            try:
                text, _, _ = detector.detectAndDecode(image)
            except cv2.error:
                text = ""
            if text:
                return text
    return None


def _blurred_region(grey: np.ndarray, to_page: np.ndarray, width: float, height: float
                    ) -> np.ndarray:
    """The QR code's region as the blurred code is read from it: 10 mm round the code (on a
    curled page the markers' homography can put the code several mm off), at 8 px/mm."""
    return _qr_region(grey, to_page, width, height, 10.0, 8.0, cv2.INTER_AREA)


def _read_blurred_qr(region: np.ndarray) -> str | None:
    """The QR code's text when OpenCV's decoder cannot read it (blurred): zxing-cpp on the
    region (:func:`_blurred_region`), as it is and deblurred (:mod:`.scan_blur`)."""
    return scan_blur.decode(region)


def _qr_grids(grey: np.ndarray, to_page: np.ndarray, width: float, height: float
              ) -> Callable[[int], list[np.ndarray]]:
    """The QR box sampled as ``n`` x ``n`` grids of module darkness (True dark), shifted by
    up to half a millimetre each way (the markers' fit may be off by that much)."""
    box = qr_box(width, height)
    scale, pad = 10.0, 1.0
    size = round((box.x1 - box.x0) * scale)
    edge = round(pad * scale)
    shift = np.array([[scale, 0, -(box.x0 - pad) * scale], [0, scale, -(box.y0 - pad) * scale],
                      [0, 0, 1]])
    crop = cv2.warpPerspective(grey, shift @ to_page, (size + 2 * edge, size + 2 * edge),
                               flags=cv2.INTER_AREA, borderValue=255)
    level = cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[0]
    try:  # the symbol's own corners, when the detector finds them (it may not decode)
        found, corners = cv2.QRCodeDetector().detect(crop)
    except cv2.error:
        found, corners = False, None
    grids: dict[int, list[np.ndarray]] = {}

    def at(n: int) -> list[np.ndarray]:
        if n not in grids:
            grids[n] = [cv2.resize(crop[edge + dy:edge + dy + size, edge + dx:edge + dx + size],
                                   (n, n), interpolation=cv2.INTER_AREA) < level
                        for dy in range(-5, 6, 2) for dx in range(-5, 6, 2)]
            if found and corners is not None:
                from .scan_print import QR_BORDER

                k = n - 2 * QR_BORDER
                cell = 8
                target = np.array([[0, 0], [k * cell, 0], [k * cell, k * cell], [0, k * cell]],
                                  np.float32) + QR_BORDER * cell
                warp = cv2.getPerspectiveTransform(corners.reshape(4, 2).astype(np.float32),
                                                   target)
                symbol = cv2.warpPerspective(crop, warp, (n * cell, n * cell),
                                             flags=cv2.INTER_AREA, borderValue=255)
                grids[n].append(cv2.resize(symbol, (n, n), interpolation=cv2.INTER_AREA)
                                < level)
        return grids[n]

    return at


def _match_code(grey: np.ndarray, to_page: np.ndarray, width: float, height: float,
                candidates: dict[str, tuple[list[list[bool]], Callable[[], SheetLayout]]]
                ) -> str | None:
    """The candidate text whose QR code the photo shows (when the decoder cannot read it:
    a small or blurred code still shows which of the known sheets it is). Sheets of one map
    in other languages, or without station numbers, differ in a few modules only, so the
    close candidates are also compared with what each one's layout prints on the page."""
    grids = _qr_grids(grey, to_page, width, height)
    scores = []
    for text, (cells, _) in candidates.items():
        want = np.array(cells, bool)
        scores.append((max(float(np.mean(g == want)) for g in grids(len(cells))), text))
    scores.sort(reverse=True)
    # another sheet's code agrees on about 60 % of the modules (the finder patterns,
    # chance); a code seen that poorly (0.65-0.7: blurred and steeply tilted, seed 5231)
    # still narrows the sheets down, and the pages' comparison below decides
    if not scores or scores[0][0] < 0.65:
        return None
    close = [(score, text) for score, text in scores if score >= scores[0][0] - 0.1][:8]
    if len(close) > 1:
        low = 3.0
        dark = darkness(grey, to_page, width, height, low)
        rated = []
        for score, text in close:
            mask = printed_mask(candidates[text][1]())
            template = cv2.resize(mask, (dark.shape[1], dark.shape[0]),
                                  interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
            rated.append((score + float(cv2.computeECC(template, dark)), text))
        rated.sort(reverse=True)
        # measured: the right sheet leads by 0.04 or more, the next one the code and the
        # page agree on is at least that far behind
        if rated[0][0] - rated[1][0] < 0.025:
            return None
        return rated[0][1]
    if len(scores) == 1 or scores[0][0] - scores[1][0] >= 0.08:
        return scores[0][1]
    return None


#: Comparing a page with the known sheets when its QR code cannot be read at all: how far
#: (in the ECC of the page with each map's printed drawing) the likeliest map must lead the
#: next. Measured on tuning photos of both generators (their codes hidden): the right map
#: leads by 0.1 or more, as maps differ in every station and line.
_MAP_LEAD = 0.04


def _cells_alike(a: SheetLayout, b: SheetLayout) -> bool:
    """Whether two layouts put every cell in the same place (a language or the station
    numbers change only the print between them): reading with either gives one reading."""
    return (a.centers == b.centers and a.bonus == b.bonus and a.windows == b.windows
            and a.radius == b.radius)


def _match_page(grey: np.ndarray, fits: Sequence[tuple[str, float, float, np.ndarray]],
                known: Sequence[Network]) -> str | None:
    """The QR code's text for the known sheet the page shows, when the code cannot be read
    at all (blurred, in a glare or a shadow). ``fits``: for each paper, its page size and
    the markers' homography. Every known map's drawing on each paper is compared with the
    page (a curled page may fit the markers of the other paper better); then the best
    one's sheets in each language, with and without station numbers. Sheets the page cannot
    tell apart are taken only when their cells lie in the same places (the reading does
    not depend on which): else None."""
    from scorepad.sheets.voll_verplant.scan_code import scan_text

    low = 3.0
    pages = {paper: darkness(grey, matrix, width, height, low)
             for paper, width, height, matrix in fits}

    def drawn(paper: str, sheet: SheetLayout) -> np.ndarray:
        dark = pages[paper]
        return cv2.resize(printed_mask(sheet), (dark.shape[1], dark.shape[0]),
                          interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0

    def rate(paper: str, template: np.ndarray, where: np.ndarray | None = None) -> float:
        try:
            return float(cv2.computeECC(template, pages[paper], where))
        except cv2.error:
            return 0.0

    maps = sorted(((rate(paper, drawn(paper, sheet_layout(net, paper, "en", True))), paper, k)
                   for paper in pages for k, net in enumerate(known)), reverse=True)
    if not maps or (len(maps) > 1 and maps[0][0] - maps[1][0] < _MAP_LEAD):
        return None
    _, paper, k = maps[0]
    net = known[k]
    sheets = {(lang, numbers): sheet_layout(net, paper, lang, numbers)
              for lang in ("en", "de", "fr") for numbers in (True, False)}
    drawings = {key: drawn(paper, sheet) for key, sheet in sheets.items()}
    # compared where they differ (the legend, labels and numbers), not where all agree
    stack = np.stack(list(drawings.values()))
    where = cv2.dilate(((stack.max(axis=0) - stack.min(axis=0)) > 0.2).astype(np.uint8),
                       np.ones((5, 5), np.uint8))
    rated = sorted(((rate(paper, drawings[key], where), key) for key in sheets), reverse=True)
    best = sheets[rated[0][1]]
    if any(score > rated[0][0] - 0.025 and not _cells_alike(best, sheets[key])
           for score, key in rated[1:]):
        return None
    return scan_text(net, paper, *rated[0][1])


def read_code(grey: np.ndarray, markers: dict[int, np.ndarray],
              known: Sequence[Network] = ()) -> tuple[ScanCode, np.ndarray]:
    """The sheet's QR code and the photo → page homography for its paper. ``known`` are
    the maps whose codes are recognised even where the decoder cannot read them."""
    from scorepad.sheets.voll_verplant.scan_code import scan_text

    from .scan_print import qr_cells

    tried = []
    for paper in ("a4", "letter"):
        for landscape in (True, False):
            width, height = paper_size(paper, landscape)
            matrix, error = _homography(markers, width, height)
            tried.append((error, paper, width, height, matrix))
    tried.sort(key=lambda t: t[0])
    text = None
    for _, _paper, width, height, matrix in tried:
        text = _read_qr(grey, matrix, width, height)
        if text is not None:
            break
    region = None  # the best fit's code region, for the second decoder and the refusal
    if text is None:  # blurred: a second decoder, on the best fit's region deblurred
        _, _paper, width, height, matrix = tried[0]
        region = _blurred_region(grey, matrix, width, height)
        text = _read_blurred_qr(region)
    if text is None:
        _, paper, width, height, matrix = tried[0]
        texts = {scan_text(net, paper, lang, numbers): (net, lang, numbers) for net in known
                 for lang in ("en", "de", "fr") for numbers in (True, False)}
        text = _match_code(grey, matrix, width, height,
                           {t: (qr_cells(t), partial(sheet_layout, net, paper, lang, numbers))
                            for t, (net, lang, numbers) in texts.items()})
    if text is None and known:  # no code at all: the page itself says which sheet it is
        fits = {}
        for _, paper, width, height, matrix in reversed(tried):  # each paper's best fit
            fits[paper] = (paper, width, height, matrix)
        text = _match_page(grey, list(fits.values()), known)
    if text is None:
        assert region is not None  # made above, where the code first went unread
        raise diagnose(grey, markers, "the QR code beside the bottom-right marker cannot be "
                       "read", smeared=scan_blur.smear_angle(region)[1])
    code = parse_scan_text(text)
    if code is None:
        raise PhotoError("the QR code is not a scorepad sheet's: photograph a sheet "
                         "printed by `scorepad vv sheet` (or update scorepad)")
    if code.paper not in ("a4", "letter") or code.lang not in ("en", "de", "fr"):
        raise PhotoError("the QR code names a paper or language this scorepad does "
                         "not know: update scorepad")
    matrix = next(t[4] for t in tried if t[1] == code.paper)  # the best fit of its paper
    return code, matrix


# ------------------------------------------------------------------------------ the page

_MASKS: dict[int, tuple[SheetLayout, np.ndarray]] = {}


def printed_mask(sheet: SheetLayout) -> np.ndarray:
    """Where the layout itself printed ink (grown a little), at ``SCALE`` px per mm: what
    the cells' readers ignore. Shapes are painted in order, so a white circle hides the
    tracks under it; light fills (tinted wagons, grey stations) count as paper, as the
    darkness threshold does not see them either. Kept for the last few layouts."""
    kept = _MASKS.get(id(sheet))
    if kept is not None and kept[0] is sheet:
        return kept[1]
    if len(_MASKS) >= 8:
        _MASKS.clear()
    mask = _draw_mask(sheet)
    _MASKS[id(sheet)] = (sheet, mask)
    return mask


_LINES: dict[int, tuple[SheetLayout, np.ndarray]] = {}


def printed_lines(sheet: SheetLayout) -> np.ndarray:
    """The layout's strokes and dark fills at their true width, without its text (whose
    boxes are not its letters): what the page is lined up with, piece by piece."""
    kept = _LINES.get(id(sheet))
    if kept is not None and kept[0] is sheet:
        return kept[1]
    if len(_LINES) >= 8:
        _LINES.clear()
    lines = _draw_mask(sheet, grow=0.0, text=False)
    _LINES[id(sheet)] = (sheet, lines)
    return lines


def _draw_mask(sheet: SheetLayout, grow: float = 0.5, text: bool = True) -> np.ndarray:
    """``grow``: mm round every stroke (registration and the printer's spread)."""
    s = SCALE
    mask = np.zeros((round(sheet.height * s), round(sheet.width * s)), np.uint8)

    def pts(points: Iterable[tuple[float, float]]) -> np.ndarray:
        return np.array([[round(x * s), round(y * s)] for x, y in points], np.int32)

    for prim, dx, dy in walk([sheet.base]):
        style = getattr(prim, "style", None)
        dark_fill = style is not None and style.fill is not None and luminance(style.fill) < 0.55
        fill = 0 if style is None or style.fill is None else 255 if dark_fill else 0
        covers = style is not None and style.fill is not None
        width = max(1, round((style.width + 2 * grow) * s)) if style is not None and style.stroke \
            else 0
        if isinstance(prim, Text):
            if not text:
                continue
            x0, y0, x1, y1 = text_box(prim)
            cv2.rectangle(mask, (round((x0 + dx - grow) * s), round((y0 + dy - grow) * s)),
                          (round((x1 + dx + grow) * s), round((y1 + dy + grow) * s)), 255, -1)
        elif isinstance(prim, Line):
            if width:
                cv2.line(mask, (round((prim.x1 + dx) * s), round((prim.y1 + dy) * s)),
                         (round((prim.x2 + dx) * s), round((prim.y2 + dy) * s)), 255, width)
        elif isinstance(prim, Polyline):
            points = pts((x + dx, y + dy) for x, y in prim.points)
            if covers and prim.closed:
                cv2.fillPoly(mask, [points], fill)
            if width:
                cv2.polylines(mask, [points], prim.closed, 255, width)
        elif isinstance(prim, Circle):
            centre = (round((prim.cx + dx) * s), round((prim.cy + dy) * s))
            if covers:
                cv2.circle(mask, centre, round(prim.r * s), fill, -1)
            if width:
                cv2.circle(mask, centre, round(prim.r * s), 255, width)
        elif isinstance(prim, Rect):
            p0 = (round((prim.x + dx) * s), round((prim.y + dy) * s))
            p1 = (round((prim.x + prim.w + dx) * s), round((prim.y + prim.h + dy) * s))
            if covers:
                cv2.rectangle(mask, p0, p1, fill, -1)
            if width:
                cv2.rectangle(mask, p0, p1, 255, width)
    return mask


def darkness(grey: np.ndarray, to_page: np.ndarray, width: float, height: float,
             s: float = SCALE) -> np.ndarray:
    """The page rectified at ``s`` px/mm as darkness, 0 (paper) to 1 (black), against
    the paper's own brightness nearby (uneven light and shadows divided out)."""
    size = (round(width * s), round(height * s))
    page = cv2.warpPerspective(grey, np.diag([s, s, 1.0]) @ to_page, size,
                               flags=cv2.INTER_LINEAR, borderValue=255).astype(np.float32)
    return _against_paper(page, s)


def _against_paper(page: np.ndarray, s: float) -> np.ndarray:
    """Grey levels as darkness against the paper's brightness nearby. The grain of a dim
    photo is eased first (a tenth of a millimetre: finer than any pen's line), and the
    paper's brightness is taken from the eased page, which the grain's brightest pixels
    would otherwise raise."""
    page = cv2.GaussianBlur(page, (0, 0), 0.1 * s)
    k = round(2.6 * s) | 1
    paper = cv2.dilate(page, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    paper = cv2.GaussianBlur(paper, (0, 0), 2.0 * s)
    return np.clip(1.0 - page / np.maximum(paper, 1.0), 0.0, 1.0)


#: The local warp: tiles of the page (mm) matched with what the layout printed there, their
#: centres at most this far apart; searched in two passes (reach in mm round where the
#: previous pass puts them, at px/mm): a coarse one for the centimetre a bent page or a
#: wide lens leaves, then a fine one.
_TILE, _STEP = 30.0, 24.0
_PASSES = ((10.0, 2.0), (2.5, 4.0))


def _tile_grid(sheet: SheetLayout) -> tuple[np.ndarray, np.ndarray]:
    """The tiles' centres (mm) across and down the page."""
    nx = max(2, math.ceil((sheet.width - _TILE) / _STEP) + 1)
    ny = max(2, math.ceil((sheet.height - _TILE) / _STEP) + 1)
    return (np.linspace(_TILE / 2, sheet.width - _TILE / 2, nx),
            np.linspace(_TILE / 2, sheet.height - _TILE / 2, ny))


def follow_paper(grey: np.ndarray, to_page: np.ndarray, sheet: SheetLayout
                 ) -> np.ndarray | None:
    """Where each part of the page really is, when the paper is not flat or the lens bends
    it: one homography leaves millimetres of error inside a curled page. The page is cut
    into overlapping tiles; each is matched with the layout's own strokes (circles, boxes,
    lines) round where the homography puts it; the shifts found are smoothed into a field
    (tiles with little print or a weak match borrow from their neighbours). Returns the
    shift (mm, page x and y) at each tile centre (:func:`_tile_grid`), or None when
    nothing could be matched."""
    field = None
    for reach, scale in _PASSES:
        step = _match_tiles(grey, to_page, sheet, field, reach, scale)
        if step is None:
            return field
        field = step if field is None else field + step
    return field


def _match_tiles(grey: np.ndarray, to_page: np.ndarray, sheet: SheetLayout,
                 field: np.ndarray | None, reach_mm: float, low: float) -> np.ndarray | None:
    dark = warped_darkness(grey, to_page, sheet, field, low)
    template = cv2.resize(printed_lines(sheet), (dark.shape[1], dark.shape[0]),
                          interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    xs, ys = _tile_grid(sheet)
    shift = np.zeros((len(ys), len(xs), 2), np.float32)
    weight = np.zeros((len(ys), len(xs)), np.float32)
    half, reach = round(_TILE / 2 * low), round(reach_mm * low)
    h, w = dark.shape
    for j, cy in enumerate(ys):
        for i, cx in enumerate(xs):
            x0, y0 = round(cx * low) - half, round(cy * low) - half
            tile = template[y0:y0 + 2 * half, x0:x0 + 2 * half]
            if tile.std() < 0.08:  # hardly any print: nothing to match
                continue
            sx0, sy0 = max(0, x0 - reach), max(0, y0 - reach)
            sx1, sy1 = min(w, x0 + 2 * half + reach), min(h, y0 + 2 * half + reach)
            search = dark[sy0:sy1, sx0:sx1]
            if search.shape[0] < tile.shape[0] or search.shape[1] < tile.shape[1]:
                continue
            result = cv2.matchTemplate(search, tile, cv2.TM_CCOEFF_NORMED)
            _, peak, _, (bx, by) = cv2.minMaxLoc(result)
            if peak < 0.3:
                continue
            fx, fy = _subpixel(result, bx, by)
            shift[j, i] = ((sx0 + fx - x0) / low, (sy0 + fy - y0) / low)
            weight[j, i] = peak
    if weight.sum() == 0:
        return None
    # a tile far from what its neighbours say matched the wrong print
    for _ in range(2):
        smooth = _smooth(shift, weight)
        off = np.hypot(*(shift - smooth).transpose(2, 0, 1))
        weight = np.where(off > max(1.0, reach_mm / 4), 0.0, weight).astype(np.float32)
    return _smooth(shift, weight, 0.7)


def _subpixel(result: np.ndarray, bx: int, by: int) -> tuple[float, float]:
    """The match's peak to a fraction of a pixel (a parabola through its neighbours)."""
    def vertex(a: float, b: float, c: float) -> float:
        d = a - 2 * b + c
        return 0.0 if d >= 0 else max(-0.5, min(0.5, 0.5 * (a - c) / d))

    h, w = result.shape
    fx = vertex(result[by, bx - 1], result[by, bx], result[by, bx + 1]) if 0 < bx < w - 1 else 0
    fy = vertex(result[by - 1, bx], result[by, bx], result[by + 1, bx]) if 0 < by < h - 1 else 0
    return bx + fx, by + fy


def _smooth(shift: np.ndarray, weight: np.ndarray, sigma: float = 1.0) -> np.ndarray:
    """The shifts averaged with their neighbours' (by weight): holes filled, noise eased."""
    wsum = cv2.GaussianBlur(weight, (0, 0), sigma, borderType=cv2.BORDER_REPLICATE)
    out = np.empty_like(shift)
    for k in range(2):
        out[..., k] = cv2.GaussianBlur(shift[..., k] * weight, (0, 0), sigma,
                                       borderType=cv2.BORDER_REPLICATE) / np.maximum(wsum, 1e-6)
    # where no tile near had a match, the homography's own place
    return np.where((wsum > 1e-3)[..., None], out, 0.0).astype(np.float32)


def warped_darkness(grey: np.ndarray, to_page: np.ndarray, sheet: SheetLayout,
                    field: np.ndarray | None, s: float = SCALE) -> np.ndarray:
    """:func:`darkness`, with each page point taken from where ``field`` (tile centres'
    shifts, from :func:`follow_paper`) says the paper put it."""
    if field is None:
        return darkness(grey, to_page, sheet.width, sheet.height, s)
    size = (round(sheet.width * s), round(sheet.height * s))
    xs, ys = _tile_grid(sheet)
    # each page pixel's place among the tile centres (a fractional index), then its shift
    fx = (np.arange(size[0], dtype=np.float32) / s - xs[0]) / (xs[1] - xs[0])
    fy = (np.arange(size[1], dtype=np.float32) / s - ys[0]) / (ys[1] - ys[0])
    gx, gy = np.meshgrid(fx.astype(np.float32), fy.astype(np.float32))
    dx = cv2.remap(field[..., 0], gx, gy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    dy = cv2.remap(field[..., 1], gx, gy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    px = np.arange(size[0], dtype=np.float32) / s + dx
    py = np.arange(size[1], dtype=np.float32)[:, None] / s + dy
    to_photo = np.linalg.inv(to_page)
    den = to_photo[2, 0] * px + to_photo[2, 1] * py + to_photo[2, 2]
    mapx = ((to_photo[0, 0] * px + to_photo[0, 1] * py + to_photo[0, 2]) / den).astype(np.float32)
    mapy = ((to_photo[1, 0] * px + to_photo[1, 1] * py + to_photo[1, 2]) / den).astype(np.float32)
    page = cv2.remap(grey, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                     borderValue=255).astype(np.float32)
    return _against_paper(page, s)


# ------------------------------------------------------------------------------ the cells

def _p(x: float, threshold: float, spread: float) -> float:
    """A soft step: 0.5 at ``threshold``, 0.73 one ``spread`` above it."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, (x - threshold) / spread))))


def _patch(image: np.ndarray, box: geo.Box) -> tuple[np.ndarray, int, int]:
    s = SCALE
    x0, y0 = max(0, int(box.x0 * s)), max(0, int(box.y0 * s))
    x1, y1 = min(image.shape[1], math.ceil(box.x1 * s)), \
        min(image.shape[0], math.ceil(box.y1 * s))
    return image[y0:y1, x0:x1], x0, y0


def _ink_share(ink: np.ndarray, free: np.ndarray, box: geo.Box,
               moved: tuple[float, float] = (0.0, 0.0)) -> float:
    """The share of the unprinted pixels in ``box`` that hold ink (the ink looked for
    ``moved`` mm away, where the photo shows the box: :func:`_found_at`)."""
    room, x0, y0 = _patch(free, box)
    dx, dy = round(moved[0] * SCALE), round(moved[1] * SCALE)
    h, w = ink.shape
    if not (x0 + dx >= 0 and x0 + dx + room.shape[1] <= w and y0 + dy >= 0
            and y0 + dy + room.shape[0] <= h):
        dx = dy = 0
    part = ink[y0 + dy:y0 + dy + room.shape[0], x0 + dx:x0 + dx + room.shape[1]]
    n = int(room.sum())
    return float((part & room).sum()) / n if n else 0.0


def _station(ink: np.ndarray, near: np.ndarray, free: np.ndarray, centre: geo.Point, r: float,
             number: int) -> dict[str, float]:
    """Probabilities of empty / cross / number for one circle (``centre``: where the photo
    shows its ring, :func:`_refine`; ``near``: the ink grown by a pixel; ``number``: the
    transfer number the map gives this station, the count of lines through it — what a
    number written here would be)."""
    share, diagonal, iso, aspect = _station_features(ink, free, centre, r)
    marked = _p(share, 0.06, 0.01)
    if number == 1:
        # A 1 is one thin stroke (with a flag at most), a cross spreads both ways, however
        # it is drawn: the spread alone tells them apart. Measured on synthetic photos
        # (seeds 2000-2199): 348 written 1s spread 0.03-0.164, 6,744 crosses on
        # one-line stations 0.219-1; the doubt spans 0.157-0.223.
        # Other hands (the second generator's tuning seeds: 1s with a flag and a foot,
        # written in a font) spread up to 0.37 (95 %); its crosses from 0.33 (95 %): the
        # border moved to 0.21 and the doubt widened so that p >= 0.99 is reached only
        # past 0.39 (a number) or below 0.03 (a cross).
        # A 1 in a font, with a wide foot and a flag, spreads like a thin cross, but it is
        # still written upright and narrower than tall: the width over the height joined
        # the spread (tuning seeds 900024-900050: 48 written 1s score up to 1.11, 95 % below
        # 1.0; 835 crosses from 0.97, 95 % above 1.3; the border 0.75 leaves 23 of 883 on
        # the wrong side against 32 by the spread alone).
        cross = _p(iso + aspect, 0.75, 0.08)
    else:
        arms = _arms(near, free, centre, r) if share > 0.03 else 0.0
        # Fitted on synthetic photos (seeds 2000-2044, 2,389 marked circles): crosses
        # score 1.28-2.4, crossed-out crosses (scribbled over: less of the ink on the
        # diagonals, but four arms and more ink) from 1.28, written digits 0.8-1.25. A
        # 2, 3 or 4 written wide scored as a cross (seeds 4000-4499), so the width over
        # the height was added (digits 0.31-0.71, crosses 0.6-1.76); crosses of steep
        # strokes, narrow as digits are, scored as numbers (6225, 6301), so the diagonals
        # tried reach 25° further. Weights and threshold fitted on seeds 2000-2119
        # (2,011 circles of two or more lines); the doubt (1.45-1.84) reaches twice as
        # far as the wrong cells of the runs on seeds 4000-7499 fell on the wrong side
        # (at most 0.095).
        # On the second generator's tuning seeds digits scored up to 2.05 (99 %), crosses
        # from 1.59 (95 %): the doubt widened so that 0.99 is reached from 2.11.
        cross = _p(diagonal + iso + 0.125 * arms + 0.25 * share + 0.41 * aspect, 1.646, 0.1)
    return {"empty": 1.0 - marked, "cross": marked * cross, "number": marked * (1.0 - cross)}


# Two strokes crossing near the diagonals: every pair of angles tried, in degrees (a
# cross of steep or flat strokes, up to 25° off the diagonals, is still a cross).
_ANGLES = np.radians(np.array([[a, b] for a in range(20, 76, 5) for b in range(105, 161, 5)],
                              np.float32))


def _station_features(ink: np.ndarray, free: np.ndarray, centre: geo.Point, r: float
                      ) -> tuple[float, float, float, float]:
    """The share of the circle's inside holding ink; the share of that ink near two
    diagonal strokes through its middle (best pair of angles); how evenly it spreads both
    ways (the smaller over the larger principal spread: a 1 is thin, a cross is round);
    and its width over its height on the page (spreads across and down: a digit is
    written upright and narrower than tall, a cross is as wide as tall)."""
    s = SCALE
    cx, cy = centre
    inner = r - 0.5
    box = geo.Box(cx - inner, cy - inner, cx + inner, cy + inner)
    part, x0, y0 = _patch(ink, box)
    room, _, _ = _patch(free, box)
    ys, xs = np.mgrid[0:part.shape[0], 0:part.shape[1]]
    dx = (xs + x0 + 0.5) / s - cx
    dy = (ys + y0 + 0.5) / s - cy
    inside = (np.hypot(dx, dy) <= inner) & room
    area = int(inside.sum())
    hits = part & inside
    n = int(hits.sum())
    share = n / area if area else 0.0
    if n < 8:
        return share, 0.0, 0.0, 0.0
    px, py = dx[hits].astype(np.float32), dy[hits].astype(np.float32)
    px -= px.mean()
    py -= py.mean()
    cov = np.cov(np.vstack([px, py]))
    eig = np.linalg.eigvalsh(cov)
    iso = float(eig[0] / eig[1]) if eig[1] > 0 else 0.0
    aspect = math.sqrt(cov[0, 0] / cov[1, 1]) if cov[1, 1] > 0 else 0.0
    tol = 0.45
    sa, ca = np.sin(_ANGLES), np.cos(_ANGLES)           # (k, 2)
    d1 = np.abs(-sa[:, :1] * px + ca[:, :1] * py)       # (k, n)
    d2 = np.abs(-sa[:, 1:] * px + ca[:, 1:] * py)
    near = float(((d1 < tol) | (d2 < tol)).mean(axis=1).max())
    return share, near, iso, aspect


# A cross's two strokes: directions tried for each, in degrees (y down), and where along
# each arm (from the crossing outward, in circle radii) ink is looked for.
_DIAGONALS = (np.radians(np.arange(25, 66, 5)), np.radians(np.arange(115, 156, 5)))
_ARM = np.linspace(0.2, 0.55, 8)
_SQUARE = np.abs(np.subtract.outer(*_DIAGONALS) + np.pi / 2) <= np.radians(15)
#: Where the strokes may cross, relative to the circle's centre (mm).
_OFFSETS = np.array([(x, y) for x in np.arange(-0.75, 0.76, 0.25)
                     for y in np.arange(-0.75, 0.76, 0.25)])


def _arms(near: np.ndarray, free: np.ndarray, centre: geo.Point, r: float) -> float:
    """How well two strokes crossing near the diagonals explain the ink: for the best
    crossing point, the least covered of its four arms (the share of an arm's unprinted
    points with ink close by). A cross has all four arms; a digit has at most one stroke
    near a diagonal, or two meeting at a corner (a 3's middle): two arms. Ink added over a
    cross (crossed out, scribbled) leaves its arms in place."""
    s = SCALE
    h, w = near.shape
    cx = centre[0] + _OFFSETS[:, 0, None, None]                       # (o, 1, 1)
    cy = centre[1] + _OFFSETS[:, 1, None, None]
    line = []
    for angles in _DIAGONALS:
        ux, uy = np.cos(angles)[:, None], np.sin(angles)[:, None]      # (a, 1)
        arm_scores = []
        for sign in (1.0, -1.0):
            xs = np.clip(((cx + sign * ux * _ARM * r) * s).astype(int), 0, w - 1)  # (o, a, k)
            ys = np.clip(((cy + sign * uy * _ARM * r) * s).astype(int), 0, h - 1)
            room = free[ys, xs]
            hit = near[ys, xs] & room
            arm_scores.append(hit.sum(axis=2) / np.maximum(room.sum(axis=2), 1))
        line.append(np.minimum(*arm_scores))                            # (o, a)
    # strokes about square to each other: a cross's, not a digit's
    pair = np.minimum(line[0][:, :, None], line[1][:, None, :])[:, _SQUARE]
    best = float(pair.max())
    return best


def _refine(dark: np.ndarray, mask: np.ndarray, centre: geo.Point, r: float) -> geo.Point:
    """The circle's centre moved (at most 1 mm) to where the printed ring lies in the photo:
    a little registration error or paper curl must not put the ring inside the cell."""
    s = SCALE
    reach = 1.0
    half = r + 0.8
    tbox = geo.Box(centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half)
    template, tx, ty = _patch(mask, tbox)
    sbox = geo.Box(tbox.x0 - reach, tbox.y0 - reach, tbox.x1 + reach, tbox.y1 + reach)
    search, sx, sy = _patch(dark, sbox)
    if (template.size == 0 or search.shape[0] < template.shape[0]
            or search.shape[1] < template.shape[1]):
        return centre
    result = cv2.matchTemplate(search, template.astype(np.float32) / 255.0, cv2.TM_CCORR_NORMED)
    _, _, _, (bx, by) = cv2.minMaxLoc(result)
    return (centre[0] + (sx + bx - tx) / s, centre[1] + (sy + by - ty) / s)


def _misaligned(dark: np.ndarray, sheet: SheetLayout) -> float:
    """The share of station circles whose printed ring is not found within 0.9 mm of where
    the layout puts it: a page lined up wrongly would be read wrongly, with confidence."""
    mask = printed_mask(sheet)
    off = 0
    for centre in sheet.centers.values():
        x, y = _refine(dark, mask, centre, sheet.radius)
        off += math.hypot(x - centre[0], y - centre[1]) >= 0.9
    return off / max(1, len(sheet.centers))


def _found_at(dark: np.ndarray, lines: np.ndarray, box: geo.Box, reach: float = 1.5
              ) -> tuple[float, float]:
    """How far (mm) the printed boxes in ``box`` lie from where the layout puts them in
    the photo: a page's edge bends most, and its bonus and window boxes are read there."""
    s = SCALE
    template, tx, ty = _patch(lines, box)
    search, sx, sy = _patch(dark, box.grow(reach))
    if (template.size == 0 or template.std() < 20 or search.shape[0] < template.shape[0]
            or search.shape[1] < template.shape[1]):
        return 0.0, 0.0
    result = cv2.matchTemplate(search, template.astype(np.float32) / 255.0, cv2.TM_CCOEFF_NORMED)
    _, peak, _, (bx, by) = cv2.minMaxLoc(result)
    if peak < 0.4:
        return 0.0, 0.0
    return (sx + bx - tx) / s, (sy + by - ty) / s


def _moved(box: geo.Box, by: tuple[float, float]) -> geo.Box:
    return geo.Box(box.x0 + by[0], box.y0 + by[1], box.x1 + by[0], box.y1 + by[1])


def _pen_and_grain(dark: np.ndarray, free: np.ndarray, sheet: SheetLayout
                   ) -> tuple[float | None, float]:
    """The pen's darkness (the 90th percentile of the marks inside the station circles;
    None when there is hardly any ink to learn it from) and the darkness the photo's
    grain reaches on the paper (six times its spread above the paper, at least 0.12)."""
    s = SCALE
    inside = np.zeros(free.shape, bool)
    for x, y in sheet.centers.values():
        r = sheet.radius - 0.5
        inside[max(0, int((y - r) * s)):int((y + r) * s),
               max(0, int((x - r) * s)):int((x + r) * s)] = True
    paper = dark[free][::7]
    noise = 1.4826 * float(np.median(np.abs(paper - np.median(paper))))
    floor = max(0.12, float(np.median(paper)) + 6.0 * noise)
    marks = dark[inside & free]
    marks = marks[marks > floor]
    if marks.size < 200:
        return None, floor
    return float(np.percentile(marks, 90)), floor


def ink_level(dark: np.ndarray, free: np.ndarray, sheet: SheetLayout) -> float:
    """The darkness from which a pixel is the player's ink: ``INK`` for a pen of ordinary
    darkness, down to half the pen's own darkness for a light one (grey pencil, a light
    colour), but always well above the photo's noise on the paper (a dim photo's grain
    must not become crosses)."""
    pen, floor = _pen_and_grain(dark, free, sheet)
    if pen is None:  # hardly any ink: nothing to learn the pen from
        return max(INK, floor)
    return float(max(floor, min(INK, 0.5 * pen)))


def _grainy(dark: np.ndarray, free: np.ndarray, sheet: SheetLayout) -> float:
    """How likely a mark is lost in the grain of a dim photo: none while the grain stays
    below half the pen's darkness, up to even odds where it reaches nine tenths of it (on
    the tuning photos 900024-900099 the two photos whose grain reached 0.68 and 0.79 of
    the pen lost 24 marks, read as empty or blank; the others at most two a photo)."""
    pen, floor = _pen_and_grain(dark, free, sheet)
    if pen is None:
        return 0.0
    return 0.5 * min(1.0, max(0.0, (floor / pen - 0.5) / 0.4))


def _print_level(dark: np.ndarray, lines: np.ndarray, box: geo.Box) -> float:
    """How dark the layout's own strokes in ``box`` look in the photo (their 90th
    percentile; NaN where too little is printed there)."""
    part, _, _ = _patch(dark, box)
    printed = _patch(lines, box)[0] > 0
    return float(np.percentile(part[printed], 90)) if printed.sum() >= 20 else math.nan


def _faded(dark: np.ndarray, lines: np.ndarray, free: np.ndarray, sheet: SheetLayout,
           centres: dict[int, geo.Point], level: float
           ) -> tuple[np.ndarray, dict[int | str, float]]:
    """The darkness from which a pixel is ink, pixel by pixel: ``level`` where the print
    looks as dark as it does on most of the page, lower round a circle or a row of boxes
    whose printed strokes look lighter — under a glare, where motion or focus blur spread
    the strokes thin, where the light is weak — in proportion to them (down to a third),
    but never below six times the paper's grain there. Also how well the print is seen
    round each station (by id) and each row of windows (by line id): its strokes'
    darkness over their usual darkness on this page, at most 1."""
    thr = np.full(dark.shape, level, np.float32)
    r = sheet.radius
    boxes: dict[int | str, geo.Box] = {
        i: geo.Box(x - r - 0.6, y - r - 0.6, x + r + 0.6, y + r + 0.6)
        for i, (x, y) in centres.items()}
    rings = [_print_level(dark, lines, b) for b in boxes.values()]
    found = [v for v in rings if not math.isnan(v)]
    if not found:
        return thr, {}
    typical = max(float(np.median(found)), 1e-3)
    boxes.update({line: geo.Box(row[0].x0, row[0].y0, row[-1].x1, row[-1].y1).grow(0.6)
                  for line, row in sheet.windows.items() if row})
    seen: dict[int | str, float] = {}
    for key, box in boxes.items():
        shown = _print_level(dark, lines, box)
        if math.isnan(shown):
            continue
        seen[key] = min(1.0, shown / typical)
        if seen[key] >= 0.9:
            continue
        wide = box.grow(2.0)
        part, x0, y0 = _patch(dark, wide)
        paper = part[_patch(free, wide)[0]]
        if paper.size < 50:
            continue
        grain = 1.4826 * float(np.median(np.abs(paper - np.median(paper))))
        floor = float(np.median(paper)) + 6.0 * grain + 0.03
        local = max(floor, level * max(1.0 / 3.0, seen[key]))
        x1, y1 = x0 + part.shape[1], y0 + part.shape[0]
        thr[y0:y1, x0:x1] = np.minimum(thr[y0:y1, x0:x1], local)
    return thr, seen


def _unseen(seen: float) -> float:
    """How likely a mark is missed where the print itself is seen only ``seen`` as dark as
    elsewhere on the page (a glare, a blur): none from 0.6, up to even odds where the
    print has vanished — an empty cell there is not read as surely empty."""
    return 0.5 * min(1.0, max(0.0, (0.6 - seen) / 0.6))


def _tick_shares(network: Network, sheet: SheetLayout, dark: np.ndarray, lines: np.ndarray,
                 ink: np.ndarray, free: np.ndarray
                 ) -> dict[tuple[str, str], tuple[float, float, tuple[float, float]]]:
    """For each line's first and later bonus: the share of its tick box holding ink, the
    share of the box's right half (away from the printed bonus value left of it, which
    motion blur smears into the box) and how far (mm) the photo shows the bonus cell from
    where the layout puts it."""
    out = {}
    for line in network.lines:
        for kind in ("first", "later"):
            cell, tick = sheet.bonus[line.id][kind]
            moved = _found_at(dark, lines, cell.grow(0.5))
            inside = geo.Box(tick.x0 + 0.3, tick.y0 + 0.3, tick.x1 - 0.3, tick.y1 - 0.3)
            right = geo.Box((inside.x0 + inside.x1) / 2, inside.y0, inside.x1, inside.y1)
            out[(line.id, kind)] = (_ink_share(ink, free, inside, moved),
                                    _ink_share(ink, free, right, moved), moved)
    return out


def read_cells(network: Network, sheet: SheetLayout, dark: np.ndarray) -> dict[str, Cell]:
    """Every cell of the sheet with the probability of each value."""
    mask = printed_mask(sheet)
    free = mask == 0
    paper = dark[free][::7]
    if 1.4826 * float(np.median(np.abs(paper - np.median(paper)))) > 0.025:
        # a grainy photo (dim light, a small sensor): eased further, a fifth of a millimetre
        dark = cv2.GaussianBlur(dark, (0, 0), 0.2 * SCALE)
    lines = printed_lines(sheet)
    level = ink_level(dark, free, sheet)
    centres = {st.id: _refine(dark, mask, sheet.centers[st.id], sheet.radius)
               for st in network.stations}
    thr, seen = _faded(dark, lines, free, sheet, centres, level)
    grainy = _grainy(dark, free, sheet)
    ink = dark > thr
    near = cv2.dilate(ink.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    cells: dict[str, Cell] = {}
    for station in sorted(network.stations, key=lambda st: st.id):
        name = f"station {station.id}"
        probs = _station(ink, near, free, centres[station.id], sheet.radius,
                         len(station.lines))
        missed = max(grainy, _unseen(seen.get(station.id, 1.0)))
        gone = probs["empty"] - (1.0 - missed)
        if gone > 0:  # a mark the glare may hide: a cross or a number, either
            probs = {"empty": 1.0 - missed, "cross": probs["cross"] + gone / 2,
                     "number": probs["number"] + gone / 2}
        cells[name] = cell_of(name, probs)
    ticks = _tick_shares(network, sheet, dark, lines, ink, free)
    # At most one of a line's two bonuses is ticked, so at least half of the boxes are
    # blank: the lowest quarter of their shares is what a blank box shows on this photo —
    # about none, but a box's own border smeared into it by motion blur where a light pen
    # lowered the ink threshold (tuning seed 900092: nine blank later bonuses read as
    # ticked). Ink is counted above that.
    # The same for the boxes' right halves: a tick fills both halves of its box, but the
    # printed bonus value left of the box, smeared into it by motion blur, mostly its left
    # half (tuning seeds 900253, 900274: blank first and later bonuses read as ticked at
    # calibrated 0.99). A box is ticked by the lesser of the two counts.
    blank = float(np.percentile([t[0] for t in ticks.values()], 25)) if ticks else 0.0
    blank_right = float(np.percentile([t[1] for t in ticks.values()], 25)) if ticks else 0.0
    for line in network.lines:
        bonus = sheet.bonus[line.id]
        for kind in ("first", "later"):
            cell, tick = bonus[kind]
            share, right, moved = ticks[(line.id, kind)]
            ticked = _p(min(share - blank, right - blank_right), 0.07, 0.02)
            if kind == "first":
                # a struck first bonus (another player took it): a stroke across the cell,
                # through the tick box or not, is no tick. But never for sure: motion blur
                # smears the printed bonus value along the line as a strike would (ticked
                # cells of tuning seeds 900027 and 900031 covered 0.96-1), so a tick taken
                # for struck stays below a blank box's certainty and the calibration learns
                # how often it is right (tuning seeds 900024-900054: 52 of 55 read so).
                ticked *= 1.0 - min(0.97, _p(_struck(near, _moved(cell, moved),
                                                     _moved(tick, moved)), 0.93, 0.015))
            name = f"{kind} {line.id}"
            cells[name] = cell_of(name, {"blank": 1.0 - ticked, "ticked": ticked})
        row = sheet.windows[line.id]
        moved = _found_at(dark, lines, geo.Box(row[0].x0, row[0].y0, row[-1].x1, row[-1].y1)
                          .grow(0.5)) if row else (0.0, 0.0)
        for k, box in enumerate(row, start=1):
            inside = geo.Box(box.x0 + 0.6, box.y0 + 0.6, box.x1 - 0.6, box.y1 - 0.6)
            filled = max(_p(_ink_share(ink, free, inside, moved), 0.03, 0.008), grainy,
                         _unseen(seen.get(line.id, 1.0)))
            name = f"window {line.id} {k}"
            cells[name] = cell_of(name, {"blank": 1.0 - filled, "filled": filled})
    return cells


#: Where a strike across a bonus cell may run: its heights at the cell's left edge and at
#: the tick box (shares of the cell's height, 0.8 mm in from its top and bottom), and the
#: points looked at along it.
_STRIKE_HEIGHTS = np.linspace(0.0, 1.0, 12)
_STRIKE_ALONG = np.linspace(0.0, 1.0, 24)


def _struck(near: np.ndarray, cell: geo.Box, tick: geo.Box) -> float:
    """How surely a straight stroke runs across a bonus cell left of its tick box: for the
    best line from the cell's left edge to the box (at any heights), the share of its
    points with ink close by. A strike (a player's mark that another took the bonus)
    crosses the whole width, even through the tick box; a tick stays in and near its box.
    The printed bonus value is in the way (its box covers most of the cell, so ink is
    looked for on it too), but a digit's strokes cover at most about 85 % of any such
    line (measured: 0.54-0.83 on 600 cells of synthetic photos, a strike 1.0)."""
    s = SCALE
    h, w = near.shape
    x0, x1 = cell.x0 + 0.8, tick.grow(0.9).x0 - 0.1
    heights = cell.y0 + 0.8 + (cell.y1 - cell.y0 - 1.6) * _STRIKE_HEIGHTS
    left, right = heights[:, None, None], heights[None, :, None]      # (a, 1, 1), (1, b, 1)
    ys = np.clip(((left + (right - left) * _STRIKE_ALONG) * s).astype(int), 0, h - 1)
    xs = np.clip(((x0 + (x1 - x0) * _STRIKE_ALONG) * s).astype(int), 0, w - 1)
    return float(near[ys, xs].mean(axis=2).max())


# ------------------------------------------------------------------------------ all of it

def scan_photo(data: bytes, network_for: Callable[[ScanCode], Network],
               known: Sequence[Network] = (), *, calibrated: bool = True) -> PhotoScan:
    """Read one photo. ``network_for`` gives the map the QR code names (and refuses one
    whose hash does not match: its error propagates); ``known`` maps are recognised by
    their QR code even where it is too small or blurred to decode (or by the page itself
    when there is no code to see). ``calibrated=False`` leaves the cells' probabilities as
    the reader's measures give them (to fit :mod:`.scan_calibration` with)."""
    grey = decode_photo(data)
    markers = find_markers(grey)
    if len(markers) < 3:
        raise _no_markers(grey, markers)
    code, _ = read_code(grey, markers, known)
    network = network_for(code)
    sheet = sheet_layout(network, code.paper, code.lang, code.numbers)
    to_page, error = _homography(markers, sheet.width, sheet.height)
    if error > 1.5:
        raise PhotoError("the corner markers do not fit the sheet the QR code names: "
                         "photograph the sheet lying flat")
    if float(np.percentile(grey, 90)) < 60:
        raise PhotoError("the photo is too dark: take it in better light")
    dark = warped_darkness(grey, to_page, sheet, follow_paper(grey, to_page, sheet))
    if _misaligned(dark, sheet) > 0.3:
        raise diagnose(grey, markers, "the sheet cannot be lined up with its layout")
    cells = read_cells(network, sheet, dark)
    if calibrated:
        cells = calibrate(cells, {f"station {st.id}": len(st.lines) for st in network.stations})
    to_photo = np.linalg.inv(to_page)
    return PhotoScan(code, network, sheet, cells, (to_photo / to_photo[2, 2]).tolist(),
                     (grey.shape[1], grey.shape[0]), sharpness(grey))
