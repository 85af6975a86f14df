"""Words about moves and events in every language scorepad speaks (en, de, fr).

Each game keeps its texts in one table (``rules/<game>/words.py``): a key names a text,
each language has a template with ``{field}`` slots filled from a move or an event. The
game's ``describe`` and ``explain`` (:mod:`scorepad.rules.game`) read it, and events carry
their English words as ``why``, so the terminal, the browser and the log agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.rules.game import lang_of

#: key -> {lang: template}
Texts = Mapping[str, Mapping[str, str]]


def say(texts: Texts, key: str, lang: str = "en", **fields: Any) -> str:
    """The text ``key`` of ``texts`` in ``lang`` (English when the language is unknown),
    its ``{field}`` slots filled from ``fields``."""
    templates = texts[key]
    return templates.get(lang_of(lang), templates["en"]).format(**fields)


def points_text(points: float) -> str:
    """Points as players write them: ``3``, ``-2.5``, ``+4`` never (the sign of a loss only)."""
    return str(int(points)) if float(points).is_integer() else str(points)
