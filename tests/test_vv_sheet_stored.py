"""The bundled maps' sheets kept in the user's cache folder (``sheets/voll_verplant/stored.py``):
the first print lays a sheet out and keeps it, the next reads it back equal to a fresh layout;
a changed map, changed layout code or another font is laid out afresh; a damaged, foreign or
unwritable cache costs time, never a wrong sheet or an error."""

from __future__ import annotations

import dataclasses
import os
import pickle
import zlib
from pathlib import Path

import pytest

from scorepad.main import root
from scorepad.rules.voll_verplant.maps import bundled_map
from scorepad.sheets.fonts import font_in_use
from scorepad.sheets.voll_verplant import layout_search, sheet_layout, stored
from scorepad.sheets.voll_verplant.hints import EARLY, FIRST
from scorepad.sheets.voll_verplant.stored import (
    CACHE_ENV,
    keep_layout,
    layout_key,
    pack,
    stored_layout,
    stored_path,
)


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch) -> Path:
    """A cache folder of the test's own, and no layout remembered in-process."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(folder))
    sheet_layout.cache_clear()
    yield folder
    sheet_layout.cache_clear()


def fresh(map_id: str, paper: str, lang: str, numbers: bool):
    """The sheet laid out now, as the first print lays it out (from the bundled hints)."""
    hint = (map_id, paper, lang, numbers)
    return layout_search(bundled_map(map_id), paper, lang, numbers,
                         frozenset(FIRST.get(hint, ())), hint in EARLY)


def no_search(monkeypatch):
    """Make laying a sheet out fail the test: what follows must read a kept layout."""
    def search(*_args, **_kw):
        raise AssertionError("laid out again instead of read from the cache")

    import scorepad.sheets.voll_verplant as package

    monkeypatch.setattr(package, "layout_search", search)


@pytest.mark.parametrize("sheet", [("berlin", "a4", "de", True),
                                   ("paris", "letter", "fr", False)])
def test_the_first_print_keeps_the_layout_and_the_next_reads_it_back(monkeypatch, sheet):
    map_id, paper, lang, numbers = sheet
    net = bundled_map(map_id)
    path = stored_path(map_id, paper, lang, numbers)
    with font_in_use(None):
        assert stored_layout(net, paper, lang, numbers) is None and not path.exists()
        first = sheet_layout(net, paper, lang, numbers)
        assert path.is_file()
        sheet_layout.cache_clear()
        no_search(monkeypatch)
        again = sheet_layout(net, paper, lang, numbers)
    assert again is not first  # read from the file, not remembered in-process
    # the file kept is the one laid out now, pickled alike byte for byte
    assert path.read_bytes() == pack(fresh(*sheet), layout_key(net, paper, lang, numbers))
    assert set(again.names) | set(again.unnamed) == {s.id for s in net.stations if s.name}
    assert again.centers.keys() == {s.id for s in net.stations}


def test_vv_sheet_prints_the_same_pdf_laid_out_or_read(runner, tmp_path, cache, monkeypatch):
    out = [tmp_path / "first.pdf", tmp_path / "second.pdf"]
    assert runner.invoke(root, ["vv", "sheet", "berlin", "-o", str(out[0])]).exit_code == 0
    assert [p.name for p in (cache / "layouts").iterdir()] == ["berlin-a4-en.layout"]
    sheet_layout.cache_clear()
    no_search(monkeypatch)
    result = runner.invoke(root, ["vv", "sheet", "berlin", "-o", str(out[1])])
    assert result.exit_code == 0, result.output
    assert out[0].read_bytes() == out[1].read_bytes()


def test_a_stale_layout_is_laid_out_afresh_and_replaced():
    # as after a change to the drawing code: the file's key is not the key of the code now
    net = bundled_map("amsterdam")
    with font_in_use(None):
        laid_out = fresh("amsterdam", "a4", "en", True)
        path = stored_path("amsterdam", "a4", "en", True)
        path.parent.mkdir(parents=True)
        path.write_bytes(pack(laid_out, "0" * 64))
        assert stored_layout(net, "a4", "en", True) is None
        sheet_layout(net, "a4", "en", True)
        assert path.read_bytes().partition(b"\n")[0] == layout_key(net, "a4", "en", True).encode()
        assert stored_layout(net, "a4", "en", True) is not None


def test_a_changed_layout_module_changes_the_key(monkeypatch, tmp_path):
    net = bundled_map("berlin")
    before = layout_key(net, "a4", "en", True)
    copy = tmp_path / "sheets"
    real = stored.HERE.parent
    for source in stored.SOURCES:
        (copy / source).parent.mkdir(parents=True, exist_ok=True)
        (copy / source).write_bytes((real / source).read_bytes())
    monkeypatch.setattr(stored, "HERE", copy / "voll_verplant")
    assert layout_key(net, "a4", "en", True) == before
    draw = copy / "draw.py"
    draw.write_text(draw.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    assert layout_key(net, "a4", "en", True) != before


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty", "foreign", "other type"])
def test_a_damaged_or_foreign_file_is_laid_out_afresh(damage, tmp_path):
    net = bundled_map("amsterdam")
    trace = tmp_path / "ran"
    with font_in_use(None):
        key = layout_key(net, "a4", "en", True)
        packed = pack(fresh("amsterdam", "a4", "en", True), key)

        class Runs:  # a pickle naming a callable that is not a layout's class
            def __reduce__(self):
                return (os.system, (f"touch '{trace}'",))

        content = {"truncated": packed[:len(packed) // 2], "garbage": key.encode() + b"\nxyz",
                   "empty": b"",
                   "foreign": key.encode() + b"\n" + zlib.compress(pickle.dumps(Runs())),
                   "other type": key.encode() + b"\n" + zlib.compress(pickle.dumps([1, 2]))}
        path = stored_path("amsterdam", "a4", "en", True)
        path.parent.mkdir(parents=True)
        path.write_bytes(content[damage])
        assert stored_layout(net, "a4", "en", True) is None
        assert not sheet_layout(net, "a4", "en", True).problems
        assert path.read_bytes() == packed  # replaced by a good one
    assert not trace.exists()  # the foreign file's callable was refused, not run


def test_an_unwritable_cache_costs_only_time(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(CACHE_ENV, str(blocker))  # layouts/ cannot be made under a file
    net = bundled_map("amsterdam")
    with font_in_use(None):
        layout = sheet_layout(net, "a4", "en", True)
        assert not layout.problems
        assert stored_layout(net, "a4", "en", True) is None


def test_an_empty_cache_setting_keeps_nothing(cache, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, "")
    assert stored_path("berlin", "a4", "en", True) is None
    with font_in_use(None):
        keep_layout(bundled_map("berlin"), "a4", "en", True, fresh("berlin", "a4", "en", True))
        assert stored_layout(bundled_map("berlin"), "a4", "en", True) is None
    assert not cache.exists()


def test_the_cache_folder_is_the_platforms_unless_set(monkeypatch, tmp_path):
    from platformdirs import user_cache_dir

    monkeypatch.delenv(CACHE_ENV)
    assert stored.cache_folder() == Path(user_cache_dir("scorepad", appauthor=False), "layouts")
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    assert stored.cache_folder() == tmp_path / "layouts"


def test_a_changed_map_is_laid_out_afresh():
    net = bundled_map("amsterdam")
    first = net.stations[0]
    renamed = dataclasses.replace(
        net, stations=(first._replace(name="Somewhere Else"), *net.stations[1:]))
    assert layout_key(renamed, "a4", "en", True) != layout_key(net, "a4", "en", True)
    with font_in_use(None):
        sheet_layout(net, "a4", "en", True)  # the bundled one, kept
        assert stored_layout(renamed, "a4", "en", True) is None
        assert sheet_layout(renamed, "a4", "en", True).names[first.id] == "Somewhere Else"
        sheet_layout.cache_clear()
        assert sheet_layout(net, "a4", "en", True).names[first.id] == first.name


def test_another_font_is_laid_out_afresh_and_not_kept():
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not font.is_file():
        pytest.skip("DejaVu Sans is not installed (make install adds it)")
    net = bundled_map("amsterdam")
    with font_in_use(font):
        sheet_layout(net, "a4", "en", True)
        assert stored_layout(net, "a4", "en", True) is None
    sheet_layout.cache_clear()  # (it remembers a layout by map, paper, language, numbers)
    with font_in_use(None):
        assert stored_layout(net, "a4", "en", True) is None  # the other font's was not kept
        sheet_layout(net, "a4", "en", True)
        assert stored_layout(net, "a4", "en", True) is not None


def test_a_changed_sheet_word_changes_the_key_and_a_page_word_does_not(monkeypatch):
    from scorepad.rules.common.catalogue import messages

    net = bundled_map("berlin")
    before = layout_key(net, "a4", "de", True)
    german = messages("de")
    assert isinstance(german, dict)
    sheet_word = next(key for key in german if not key.startswith(("web.", "rules.")))
    monkeypatch.setitem(german, "web.undo", "Zurücknehmen")
    monkeypatch.setitem(german, "rules.vv.card", "Karte {card} liegt offen")
    assert layout_key(net, "a4", "de", True) == before
    monkeypatch.setitem(german, sheet_word, german[sheet_word] + " neu")
    assert layout_key(net, "a4", "de", True) != before
