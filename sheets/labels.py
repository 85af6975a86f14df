"""The words printed on sheets, in English, German and French: one lookup (:func:`label`).

The labels are messages of the one catalogue per language
(:mod:`scorepad.rules.common.catalogue`, ``rules/common/locale/<lang>.po``); their keys are
prefixed by the game (``vv.``, ``mf.``, ``floris.``) or ``common.``, beside the browser
pages' ``web.`` words (:mod:`scorepad.app.words` serves those). Add a label by adding its
message to all three catalogues (a test checks that none is missing). Texts may hold
``str.format`` fields: ``label("vv.windows_of", "de", n=3)``.

Typography: French texts get a narrow no-break space (U+202F) before ``:``, ``;``, ``!`` and
``?`` (:func:`french_spacing`, applied by :func:`label`); a negative number prints with a real
minus sign (U+2212, :data:`MINUS`), never a hyphen or an en dash.
"""

from __future__ import annotations

import re

from scorepad.rules.common.catalogue import LANGS as LANGS
from scorepad.rules.common.catalogue import text


def label(key: str, lang: str, **fields: object) -> str:
    """The text of label ``key`` in ``lang`` (``en``/``de``/``fr``), with ``fields`` filled in.

    An unknown key or language is a programming error (KeyError): the CLI only offers the
    languages in ``LANGS``.
    """
    if lang not in LANGS:
        raise KeyError(lang)
    said = text(key, lang)
    said = said.format(**fields) if fields else said
    return french_spacing(said) if lang == "fr" else said


#: The minus sign negative numbers print with.
MINUS = "\u2212"
_FRENCH_PUNCT = re.compile(r"[ \u00a0\u202f]?([:;!?])(?=\s|$)")


def french_spacing(text: str) -> str:
    """``text`` with French spacing: a narrow no-break space before ``:``, ``;``, ``!``,
    ``?`` that end a word (``Nom :``; not in ``3:2`` or ``https://``)."""
    return _FRENCH_PUNCT.sub("\u202f\\1", text)


def colon(text: str, lang: str) -> str:
    """``text`` followed by a colon, as ``lang`` writes it (``Name:``, ``Nom :``)."""
    return french_spacing(text + ":") if lang == "fr" else text + ":"


def format_number(value: float, lang: str) -> str:
    """A score as people write it: ``3``, ``−2.5`` in English, ``−2,5`` in German and French
    (a real minus sign)."""
    if float(value).is_integer():
        return str(int(value)).replace("-", MINUS)
    text = f"{value:g}".replace("-", MINUS)
    return text.replace(".", ",") if lang in ("de", "fr") else text
