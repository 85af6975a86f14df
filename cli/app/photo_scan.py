"""Reading one phone photo of a Voll verplant sheet into a legal sheet, for ``vv scan`` and
the browser's "photograph my sheet" alike.

The photo is read by ``sheets.voll_verplant.scan_photo`` (markers, QR code, every cell) and
made legal by ``rules.voll_verplant.scan_reading`` (only uncertain cells change).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorepad.rules.common.errors import InputError

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorepad.rules.voll_verplant.maps import Network
    from scorepad.rules.voll_verplant.ruleset import VVRules
    from scorepad.sheets.voll_verplant.scan_code import ScanCode
    from scorepad.sheets.voll_verplant.scan_reading import Cell

#: The largest photo file read (bytes): a 12-megapixel JPEG is 3-8 MiB.
MAX_PHOTO_BYTES = 25 * 1024 * 1024
INSTALL_HINT = ("reading photos needs OpenCV: pip install 'scorepad[scan]' "
                "(or `make install` in a checkout)")


@dataclass
class ScannedSheet:
    """One photo read: the map, every cell (after the nearest legal reading), what was
    changed to make it legal, and the page → photo homography (for drawing over it)."""

    network: Network
    cells: dict[str, Cell]
    changed: list[str]
    check: list[str]  # to check (no total without review): a rule broken, or the total unsure
    confidence: float  # the probability that the total (the written sheet) is right
    page_to_photo: list[list[float]]
    photo_size: tuple[int, int]
    paper: str
    lang: str
    unsure: bool = False  # the cells to check are asked because the total is not sure enough


def require_opencv() -> None:
    """InputError (exit 2) saying how to install OpenCV when it is missing."""
    import importlib.util

    if importlib.util.find_spec("cv2") is None or importlib.util.find_spec("numpy") is None:
        raise InputError(INSTALL_HINT)


def _network_for(map_ref: str | None
                 ) -> tuple[Callable[[ScanCode], Network], list[Network]]:
    """The map a QR code names: ``--map`` when given (its hash must match), else the
    bundled map of that id."""
    from scorepad.app.vv_files import load_network
    from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
    from scorepad.sheets.voll_verplant.scan_code import map_hash
    from scorepad.sheets.voll_verplant.scan_photo import PhotoError

    given = load_network(map_ref) if map_ref else None

    def network_for(code: ScanCode) -> Network:
        if given is not None:
            if given.id != code.map_id or map_hash(given) != code.map_hash:
                what = ("another map" if given.id != code.map_id else
                        "another version of the map")
                raise PhotoError(f"the sheet was printed from map {code.map_id!r} (hash "
                                 f"{code.map_hash}), but --map {map_ref} is {what} (hash "
                                 f"{map_hash(given)}): give the map file the sheet was "
                                 "printed from")
            return given
        if code.map_id not in BUNDLED_MAPS:
            raise PhotoError(f"the sheet is of map {code.map_id!r}, which is not bundled: "
                             "give its map file with --map")
        network = bundled_map(code.map_id)
        if map_hash(network) != code.map_hash:
            raise PhotoError(f"the sheet was printed from another version of map "
                             f"{code.map_id!r} (hash {code.map_hash}, this scorepad's is "
                             f"{map_hash(network)}): give that map file with --map")
        return network

    known = [given] if given is not None else [bundled_map(m) for m in BUNDLED_MAPS]
    return network_for, known


def scan_one(data: bytes, map_ref: str | None, rules: VVRules) -> ScannedSheet:
    """Read one photo's bytes and make the reading legal (PhotoError, exit 2, when the
    photo cannot be read; ContentError, exit 1, when no legal reading is near)."""
    require_opencv()
    import cv2

    from scorepad.rules.common.errors import Problems
    from scorepad.sheets.voll_verplant.scan_photo import PhotoError, scan_photo
    from scorepad.sheets.voll_verplant.scan_reading import judge

    network_for, known = _network_for(map_ref)
    try:
        scan = scan_photo(data, network_for, known)
    except cv2.error:  # an image OpenCV chokes on is still a bad photo, not a crash
        raise PhotoError("the photo cannot be read: take it again (JPEG or PNG)") from None
    verdict = judge(scan.network, rules, scan.cells, scan.sharpness)
    if verdict.broken:  # every cell the rules name was read for sure: the sheet's fault
        problems = verdict.broken
        raise Problems(problems) if len(problems) > 1 else problems[0]
    cells = verdict.cells
    changed = [f"{c.name}: read as {c.seen}, taken as {c.value}"
               for c in cells.values() if c.seen is not None]
    return ScannedSheet(scan.network, cells, changed, verdict.check, verdict.confidence,
                        scan.page_to_photo, scan.photo_size, scan.code.paper, scan.code.lang,
                        verdict.unsure)
