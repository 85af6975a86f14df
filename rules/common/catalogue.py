"""The message catalogues: every word scorepad shows in more than one language.

One gettext catalogue per language for the whole package, ``locale/<lang>.po`` beside this
module (package data): the terminal's words about moves and events, the engines' refusals,
the sheets' labels and the pages' words. A message's id is its key (``vv.line``,
``web.undo``, ``rules.mf.why.ship``, ``refuse.vv.no-free-window``); the English catalogue is
the source a translator's tool (Poedit, Weblate: "monolingual gettext") shows beside the
German and French ones. Texts may hold ``str.format`` fields (``{line}``) the program fills
in; a test holds every key and its fields equal in every language (tests/test_catalogue.py).

A catalogue is read with Babel's .po reader and kept, read, in the user's cache folder
(``words/<lang>.texts``, with the digest of the .po it was read from: an edited catalogue is
read afresh on its next use, nothing to compile by hand); a process reads each language
once. Reading the three .po files costs about 80 ms of CPU (Babel's import included), a
kept reading about 8 ms (docs/performance.md). The kept file is Python's ``marshal`` format of
the digest and the texts: built in, so reading it imports nothing (a command that prints a
sheet or scores a log loads no JSON parser, tests/test_startup.py); a file that is not a
digest and strings, damaged or foreign, is read afresh. The words modules of each layer
(:mod:`scorepad.rules.common.words`, ``rules/<game>/words.py``, :mod:`scorepad.sheets.labels`,
:mod:`scorepad.app.words`) look texts up here.
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from .cache import cache_folder, keep

#: The languages scorepad speaks, English first (the fallback and the translators' source).
LANGS = ("en", "de", "fr")
#: Where the catalogues are (``<lang>.po``).
FOLDER = Path(__file__).with_name("locale")


def lang_of(lang: str) -> str:
    """``lang`` if scorepad speaks it, else English (a page's unknown language)."""
    return lang if lang in LANGS else "en"


def po_path(lang: str) -> Path:
    """The catalogue file of ``lang``."""
    return FOLDER / f"{lang}.po"


@lru_cache(maxsize=len(LANGS))
def messages(lang: str) -> Mapping[str, str]:
    """Every text of the catalogue of ``lang`` (one of :data:`LANGS`), by key, in the
    catalogue's order; an untranslated entry is left out (the English text stands in)."""
    source = po_path(lang).read_bytes()
    digest = hashlib.sha256(source).hexdigest()
    folder = cache_folder("words")
    kept = folder / f"{lang}.texts" if folder is not None else None
    found = _kept_messages(kept, digest) if kept is not None else None
    if found is None:
        found = read_po(source, lang)
        if kept is not None:
            keep(kept, marshal.dumps((digest, found)))
    return found


def read_po(source: bytes, lang: str) -> dict[str, str]:
    """The translated texts of a .po file's content, by key (Babel reads the format)."""
    import io

    from babel.messages.pofile import read_po as babel_read_po  # only on a changed catalogue

    catalog = babel_read_po(io.BytesIO(source), locale=lang)
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string}


def _kept_messages(path: Path, digest: str) -> dict[str, str] | None:
    """The texts kept in ``path`` if they were read from the catalogue ``digest`` names."""
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):  # none kept yet, or damaged
        return None
    if not (isinstance(data, tuple) and len(data) == 2 and data[0] == digest):
        return None
    found = data[1]
    if not isinstance(found, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                              for k, v in found.items()):
        return None
    return found


def text(key: str, lang: str = "en") -> str:
    """The template of ``key`` in ``lang`` (English when the language is unknown or the
    text is not translated yet); an unknown key is a programming error (KeyError)."""
    found = messages(lang_of(lang)).get(key)
    return found if found is not None else messages("en")[key]


def table(prefix: str = "") -> dict[str, dict[str, str]]:
    """``{key: {lang: text}}`` of every key starting with ``prefix`` (tests, layouts' keys)."""
    return {key: {lang: text(key, lang) for lang in LANGS}
            for key in messages("en") if key.startswith(prefix)}
