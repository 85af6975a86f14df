"""The bundled maps' sheets laid out ahead of time (``sheets/voll_verplant/stored.py``): every
one is stored, current and equal to a fresh layout; a changed map or another font is laid out
afresh."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from scorepad.rules.voll_verplant.maps import BUNDLED_MAPS, bundled_map
from scorepad.sheets.fonts import font_in_use
from scorepad.sheets.voll_verplant import sheet_layout
from scorepad.sheets.voll_verplant.store_layouts import LANGS, PAPERS, packed_layout
from scorepad.sheets.voll_verplant.stored import layout_key, stored_layout, stored_path

REGENERATE = "python -m scorepad.sheets.voll_verplant.store_layouts"


@pytest.mark.parametrize("map_id", BUNDLED_MAPS)
def test_every_bundled_sheet_is_stored_as_a_fresh_layout_makes_it(map_id):
    net = bundled_map(map_id)
    with font_in_use(None):
        for paper in PAPERS:
            for lang in LANGS:
                for numbers in (True, False):
                    stored = stored_path(map_id, paper, lang, numbers).read_bytes()
                    # byte for byte: the key, and the layout computed now, pickled alike
                    assert stored == packed_layout(net, paper, lang, numbers), \
                        f"{map_id} {paper} {lang} numbers={numbers}: run {REGENERATE}"
                    assert stored_layout(net, paper, lang, numbers) is not None


def test_a_stored_layout_is_the_sheet_printed():
    net = bundled_map("berlin")
    with font_in_use(None):
        stored = stored_layout(net, "a4", "de", True)
        assert stored is not None and not stored.unnamed and not stored.problems
        assert set(stored.names) == {s.id for s in net.stations if s.name}
        assert stored.centers.keys() == {s.id for s in net.stations}


def test_a_changed_map_is_laid_out_afresh():
    net = bundled_map("amsterdam")
    first = net.stations[0]
    renamed = dataclasses.replace(
        net, stations=(first._replace(name="Somewhere Else"), *net.stations[1:]))
    assert layout_key(renamed, "a4", "en", True) != layout_key(net, "a4", "en", True)
    with font_in_use(None):
        assert stored_layout(renamed, "a4", "en", True) is None
        fresh = sheet_layout(renamed, "a4", "en", True)
        assert fresh.names[first.id] == "Somewhere Else"


def test_another_font_is_laid_out_afresh():
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not font.is_file():
        pytest.skip("DejaVu Sans is not installed (make install adds it)")
    net = bundled_map("amsterdam")
    with font_in_use(font):
        assert stored_layout(net, "a4", "en", True) is None
    with font_in_use(None):
        assert stored_layout(net, "a4", "en", True) is not None


def test_a_changed_sheet_word_changes_the_key_and_a_page_word_does_not(monkeypatch):
    from scorepad.sheets import labels

    net = bundled_map("berlin")
    before = layout_key(net, "a4", "de", True)
    sheet_word = next(key for key in labels.WORDS if not key.startswith("web."))
    monkeypatch.setitem(labels.WORDS, "web.undo", {"en": "Back", "de": "Zurücknehmen", "fr": "Retour"})
    assert layout_key(net, "a4", "de", True) == before
    changed = {**labels.WORDS[sheet_word], "de": labels.WORDS[sheet_word]["de"] + " neu"}
    monkeypatch.setitem(labels.WORDS, sheet_word, changed)
    assert layout_key(net, "a4", "de", True) != before
