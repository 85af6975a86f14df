"""The bundled maps' blank sheets laid out ahead of time (generated: ``python -m
scorepad.sheets.voll_verplant.store_layouts`` writes ``layouts/*.layout``;
``tests/test_vv_sheet_stored.py`` checks that every one is there and equal to a fresh layout).

Why: the label search is most of what printing a sheet computes (~25 ms of `vv sheet berlin`'s
~170 ms CPU, after the search itself was made cheaper), and a bundled map's sheet is the same
every time. A stored layout is used only where it derives from exactly what a fresh one would:
its key is a digest of the map's content, the paper, the language, whether numbers are
printed, the bundled font's files and the source of every module the layout comes from
(:data:`SOURCES`). A changed map, a changed layout module or another font (``--font``) gives
another key, finds no stored layout and is laid out afresh: a stored layout can be stale (the
test says so) but never wrong.

A file holds the key's hex digest, a newline, and the :class:`~.sheet.SheetLayout` pickled
(``pickle`` protocol 5) and compressed with zlib. The files are the package's own, written by
the command above; nothing else is ever unpickled.
"""

from __future__ import annotations

import hashlib
import pickle
import zlib
from pathlib import Path

from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, Network

from .sheet import SheetLayout

HERE = Path(__file__).parent
STORE = HERE / "layouts"
#: The modules a sheet's layout comes from (paths below ``scorepad.sheets``).
SOURCES = ("draw.py", "layout.py", "fonts.py", "voll_verplant/__init__.py",
           "voll_verplant/builder.py", "voll_verplant/dimensions.py", "voll_verplant/frame.py",
           "voll_verplant/hints.py", "voll_verplant/look.py", "voll_verplant/map_drawing.py",
           "voll_verplant/map_labels.py", "voll_verplant/panel.py", "voll_verplant/sheet.py",
           "voll_verplant/stored.py")


def layout_key(network: Network, paper: str, lang: str, numbers: bool) -> str:
    """The hex digest naming what a sheet's layout derives from (see the module's text)."""
    from ..fonts import _BUNDLED, FONT_DIR

    digest = hashlib.sha256()
    content = (network.id, network.name, network.note, network.symbol, network.stations,
               network.lines, paper, lang, numbers)
    digest.update(repr(content).encode())
    for file in sorted(_BUNDLED.values()):
        digest.update(f"{file}:{(FONT_DIR / file).stat().st_size}".encode())
    for source in SOURCES:
        digest.update((HERE.parent / source).read_bytes())
    digest.update(_printed_words(lang).encode())
    return digest.hexdigest()


def _printed_words(lang: str) -> str:
    """What of ``labels.py`` a sheet can print: its words in ``lang`` and the code after
    the word table. The browser's words (``web.*``) live in the same table; leaving them out
    keeps a changed page word from making every stored sheet stale."""
    from .. import labels

    words = sorted((key, texts.get(lang, "")) for key, texts in labels.WORDS.items()
                   if not key.startswith("web."))
    source = Path(labels.__file__).read_text(encoding="utf-8")
    return repr(words) + source[source.index("\ndef label("):]


def stored_path(map_id: str, paper: str, lang: str, numbers: bool) -> Path:
    """The file of a bundled map's stored layout."""
    return STORE / f"{map_id}-{paper}-{lang}{'' if numbers else '-no-numbers'}.layout"


def stored_layout(network: Network, paper: str, lang: str, numbers: bool) -> SheetLayout | None:
    """The stored layout of a bundled map's sheet printed in the bundled font, if one is
    stored for exactly this map, paper, language, numbers and layout code; else None."""
    from ..fonts import bundled_in_use

    if network.id not in BUNDLED_MAPS or not bundled_in_use():
        return None
    try:
        data = stored_path(network.id, paper, lang, numbers).read_bytes()
    except OSError:
        return None
    key, _, packed = data.partition(b"\n")
    if key.decode("ascii", "replace") != layout_key(network, paper, lang, numbers):
        return None
    layout = pickle.loads(zlib.decompress(packed))
    assert isinstance(layout, SheetLayout)
    return layout


def pack(layout: SheetLayout, key: str) -> bytes:
    """A stored file's content: ``key``, a newline and ``layout`` pickled and compressed."""
    return key.encode() + b"\n" + zlib.compress(pickle.dumps(layout, protocol=5), 9)
