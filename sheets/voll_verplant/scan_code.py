"""The text of the QR code on a printed Voll verplant sheet (``vv sheet``, ``vv render``) and
the map's content hash it carries, so that ``vv scan`` knows which layout it is reading.

The text is short so that the code stays coarse (version 3, about 0.6 mm a module)::

    scorepad:1;m=berlin;h=3f2a9c1b;p=a4;l=en        (;n=0 when printed with --no-numbers)

``1`` is the version of this text; ``m`` the map id, ``h`` the first 8 hex digits of the
SHA-256 of the map's content (:func:`map_hash`), ``p`` the paper, ``l`` the language.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

from scorepad.rules.voll_verplant.maps import Network

PREFIX = "scorepad:"
VERSION = "1"


class ScanCode(NamedTuple):
    """What a sheet's QR code says."""

    map_id: str
    map_hash: str
    paper: str
    lang: str
    numbers: bool = True


def map_hash(network: Network) -> str:
    """A short hash of everything in a map that the printed sheet depends on: ids, names,
    positions, lines, windows, bonuses and notes (8 hex digits)."""
    stations = [(s.id, repr(s.x), repr(s.y), s.name, s.special, s.lines) for s in network.stations]
    lines = [(x.id, x.color, x.windows, x.first, x.later, x.order, x.ring, x.name)
             for x in network.lines]
    text = repr((network.id, network.name, network.note, network.symbol, stations, lines))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def scan_text(network: Network, paper: str, lang: str, numbers: bool = True) -> str:
    """The QR code's text for a sheet of ``network``."""
    text = f"{PREFIX}{VERSION};m={network.id};h={map_hash(network)};p={paper};l={lang}"
    return text if numbers else text + ";n=0"


def parse_scan_text(text: str) -> ScanCode | None:
    """The fields of a QR code's text; None when it is not a scorepad sheet code of this
    version (another QR code, or a newer scorepad's)."""
    if not text.startswith(PREFIX):
        return None
    version, *parts = text[len(PREFIX):].split(";")
    if version != VERSION:
        return None
    fields = dict(p.partition("=")[::2] for p in parts)
    try:
        return ScanCode(fields["m"], fields["h"], fields["p"], fields["l"],
                        fields.get("n", "1") != "0")
    except KeyError:
        return None
