"""Writes the bundled maps' stored layouts (:mod:`.stored`): ``python -m
scorepad.sheets.voll_verplant.store_layouts``, after a bundled map or a module of
``stored.SOURCES`` changed (``tests/test_vv_sheet_stored.py`` says when)."""

from __future__ import annotations

from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, Network, bundled_map

from ..fonts import font_in_use
from ..labels import LANGS
from . import layout_search
from .hints import EARLY, FIRST
from .stored import STORE, layout_key, pack, stored_path

PAPERS = ("a4", "letter")


def packed_layout(network: Network, paper: str, lang: str, numbers: bool) -> bytes:
    """A stored file's content for this sheet, laid out afresh (in the font in use)."""
    hint = (network.id, paper, lang, numbers)
    layout = layout_search(network, paper, lang, numbers, frozenset(FIRST.get(hint, ())),
                           hint in EARLY)
    return pack(layout, layout_key(network, paper, lang, numbers))


def main() -> None:
    """Write the stored layout of every bundled map × paper × language × numbers."""
    STORE.mkdir(exist_ok=True)
    with font_in_use(None):
        for map_id in BUNDLED_MAPS:
            network = bundled_map(map_id)
            for paper in PAPERS:
                for lang in LANGS:
                    for numbers in (True, False):
                        path = stored_path(map_id, paper, lang, numbers)
                        path.write_bytes(packed_layout(network, paper, lang, numbers))
                        print(f"wrote {path.name}")


if __name__ == "__main__":
    main()
