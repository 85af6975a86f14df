"""The words of the browser pages (the served pages and the offline flipper), en/de/fr.

They live in the one words table of every game, :data:`scorepad.sheets.labels.WORDS`:
the pages' own words under ``web.*``, beside the games' words (``mf.*``, ``floris.*`` ...)
that pages show too (a flower, a material). Pages get them as JSON and pick the language
(``?lang=``, the saved choice, or the browser's); a page asks for ``web.`` words without
the prefix (``t("undo")``) and for the others by their full id (``t("mf.quartz")``).
"""

from __future__ import annotations

from scorepad.sheets.labels import LANGS, WORDS

PREFIX = "web."


def words_for(lang: str) -> dict[str, str]:
    """Every word in ``lang``: ``web.`` words by their short key, the others by their id."""
    return {key.removeprefix(PREFIX): texts[lang] for key, texts in WORDS.items()}


def all_words() -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` for every language, as pages embed it."""
    return {lang: words_for(lang) for lang in LANGS}
