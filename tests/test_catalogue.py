"""The message catalogues (rules/common/locale/<lang>.po): every message in every language
with the same fields, no table of words left in the code, and the kept (cached) reading."""

from __future__ import annotations

import ast
import marshal
import string
from pathlib import Path

import pytest

from scorepad.rules.common.cache import CACHE_ENV
from scorepad.rules.common.catalogue import LANGS, messages, po_path, read_po, table, text

ROOT = Path(__file__).resolve().parent.parent


def fields(template: str) -> set[str]:
    """The ``{field}`` names of a template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


#: Fields the program fills beyond the English text's: the plural endings and words a
#: language's grammar picks (``{s}``, ``{g_are}``), and the few values only the German and
#: French texts name (a scoring area, a card by its code).
ENDINGS = {"s", "es", "e", "n", "en"}
MORE = {"rules.mf.points": {"area"}, "rules.refuse.vv.line-card": {"card", "code"}}


def said(template: str) -> set[str]:
    """The fields of ``template`` but the grammar's."""
    return {name for name in fields(template) - ENDINGS if not name.startswith("g_")}


def test_every_message_exists_in_every_language_with_the_same_fields():
    keys = {lang: set(read_po(po_path(lang).read_bytes(), lang)) for lang in LANGS}
    assert len(keys["en"]) > 500
    for lang in LANGS:
        assert keys[lang] == keys["en"], (lang, keys[lang] ^ keys["en"])
    for key, texts in table().items():
        assert all(texts[lang].strip() for lang in LANGS), key
        english = said(texts["en"]) - MORE.get(key, set())
        for lang in LANGS:
            assert said(texts[lang]) - MORE.get(key, set()) == english, (key, lang, texts)


def test_a_missing_or_extra_field_would_be_found():
    assert said("Linie {line}: {crosses} Kreuz{e} {g_ist}") == {"line", "crosses"}
    assert fields("ligne {lign}") != fields("line {line}")


def test_an_unknown_language_speaks_english_and_an_unknown_key_is_a_bug():
    assert text("web.undo_of", "xx") == text("web.undo_of", "en") == "Undo: {name}"
    assert text("web.undo_of", "de") == "Zurück: {name}"
    with pytest.raises(KeyError):
        text("web.no-such-word", "en")


def _words_tables(path: Path) -> list[int]:
    """The lines of ``path`` where a dict keyed by a language (``"de"``, ``"fr"``) is
    written: a table of words, which belongs in the catalogues. A game's names in its
    ``About`` (proper names, the game's declared facts) are not words to translate."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = {id(kw.value) for node in ast.walk(tree) if isinstance(node, ast.Call)
               for kw in node.keywords if kw.arg == "names"
               and getattr(node.func, "id", None) == "About"}
    found = []
    for node in ast.walk(tree):
        keys: list[object] = []
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "dict":
            keys = [kw.arg for kw in node.keywords]
        if {"de", "fr"} & set(keys) and id(node) not in allowed:
            found.append(node.lineno)
    return found


def test_no_table_of_words_is_left_in_the_code():
    tables = {str(path.relative_to(ROOT)): lines
              for folder in ("cli", "rules", "sheets")
              for path in sorted((ROOT / folder).rglob("*.py"))
              if (lines := _words_tables(path))}
    assert tables == {}


def test_a_table_of_words_would_be_found(tmp_path):
    source = tmp_path / "words.py"
    source.write_text('X = {"k": {"en": "yes", "de": "ja", "fr": "oui"}}\n'
                      'Y = dict(en="no", fr="non")\n'
                      'ABOUT = About(id="g", names={"en": "G", "de": "G", "fr": "G"})\n')
    assert sorted(_words_tables(source)) == [1, 2]


def test_a_catalogue_is_kept_read_and_read_afresh_when_it_changes(monkeypatch, tmp_path):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    read = messages.__wrapped__  # past the process's own memory of it
    first = read("fr")
    kept = tmp_path / "words" / "fr.texts"
    digest, texts = marshal.loads(kept.read_bytes())
    assert texts == first and first["web.undo_of"] == "Annuler : {name}"
    kept.write_bytes(marshal.dumps((digest, {**texts, "web.undo_of": "from the cache"})))
    assert read("fr")["web.undo_of"] == "from the cache"  # a kept reading is used ...
    kept.write_bytes(marshal.dumps(("0" * 64, {**texts, "web.undo_of": "from the cache"})))
    assert read("fr") == first  # ... only for the catalogue it was read from
    for damaged in (b"\x00 damaged", b"", marshal.dumps((digest, {"web.undo_of": 3})),
                    marshal.dumps([digest, texts]), marshal.dumps((digest, texts))[:-9]):
        kept.write_bytes(damaged)
        assert read("fr") == first
    monkeypatch.setenv(CACHE_ENV, "")  # keep nothing
    kept.unlink()
    assert read("fr") == first and not kept.exists()
