"""Words about moves and events in every language scorepad speaks (en, de, fr).

Each game's texts are messages of the one catalogue per language
(:mod:`scorepad.rules.common.catalogue`), under the prefix its words module names
(``rules/<game>/words.py``: ``TEXTS = "rules.vv."``): a key names a text, each language has
a template with ``{field}`` slots filled from a move or an event. The game's ``describe``
and ``explain`` (:mod:`scorepad.rules.game`) read them, and events carry their English
words as ``why``, so the terminal, the browser and the log agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .catalogue import LANGS as LANGS
from .catalogue import lang_of as lang_of
from .catalogue import messages, text

#: A table of texts: the prefix its keys have in the catalogue (``"rules.mf.why."``), or,
#: for a game from outside the package (the tests' toy game), ``{key: {lang: template}}``.
Texts = str | Mapping[str, Mapping[str, str]]


def say(texts: Texts, key: str, lang: str = "en", **fields: Any) -> str:
    """The text ``key`` of ``texts`` in ``lang`` (English when the language is unknown),
    its ``{field}`` slots filled from ``fields``."""
    if isinstance(texts, str):
        return text(texts + key, lang).format(**fields)
    templates = texts[key]
    return templates.get(lang_of(lang), templates["en"]).format(**fields)


def has(texts: Texts, key: str) -> bool:
    """Whether ``texts`` holds a text ``key``."""
    return texts + key in messages("en") if isinstance(texts, str) else key in texts


def points_text(points: float) -> str:
    """Points as players write them: ``3``, ``-2.5``, ``+4`` never (the sign of a loss only)."""
    return str(int(points)) if float(points).is_integer() else str(points)
