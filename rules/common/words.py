"""Words about moves and events in every language scorepad speaks (en, de, fr).

Each game keeps its texts in one table (``rules/<game>/words.py``): a key names a text,
each language has a template with ``{field}`` slots filled from a move or an event. The
game's ``describe`` and ``explain`` (:mod:`scorepad.rules.game`) read it, and events carry
their English words as ``why``, so the terminal, the browser and the log agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The languages :meth:`Game.describe` and :meth:`Game.explain` speak (kept here, not in
#: :mod:`scorepad.rules.game`, so that wording a verdict loads no game protocol).
LANGS = ("en", "de", "fr")
#: key -> {lang: template}
Texts = Mapping[str, Mapping[str, str]]


def lang_of(lang: str) -> str:
    """``lang`` if scorepad speaks it, else English (a page's unknown language)."""
    return lang if lang in LANGS else "en"


def say(texts: Texts, key: str, lang: str = "en", **fields: Any) -> str:
    """The text ``key`` of ``texts`` in ``lang`` (English when the language is unknown),
    its ``{field}`` slots filled from ``fields``."""
    templates = texts[key]
    return templates.get(lang_of(lang), templates["en"]).format(**fields)


def points_text(points: float) -> str:
    """Points as players write them: ``3``, ``-2.5``, ``+4`` never (the sign of a loss only)."""
    return str(int(points)) if float(points).is_integer() else str(points)
