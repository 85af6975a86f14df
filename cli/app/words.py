"""The words of the browser pages (the served pages and the offline flipper), en/de/fr.

They are messages of the one catalogue per language (:mod:`scorepad.rules.common.catalogue`):
the pages' own words under ``web.*``, beside the games' words (``mf.*``, ``floris.*`` ...)
that pages show too (a flower, a material); the rules layer's texts (``rules.*``: events,
refusals) are worded on the server and stay out. Pages get them as JSON and pick the
language (``?lang=``, the saved choice, or the browser's); a page asks for ``web.`` words
without the prefix (``t("undo")``) and for the others by their full id (``t("mf.quartz")``).
"""

from __future__ import annotations

from scorepad.rules.common.catalogue import LANGS as LANGS
from scorepad.rules.common.catalogue import messages, text
from scorepad.rules.registry import abouts

PREFIX = "web."
#: The catalogue's keys the pages never show (worded on the server).
SERVER_ONLY = "rules."


def game_names(lang: str) -> dict[str, str]:
    """Each registered game's name in ``lang``, as the game declares it (``About.names``),
    by the key a page asks for (``game_<id>``)."""
    return {f"game_{game_id}": about.names[lang] for game_id, about in abouts().items()}


def words_for(lang: str) -> dict[str, str]:
    """Every word in ``lang``: ``web.`` words by their short key, the others by their id."""
    return {**{key.removeprefix(PREFIX): text(key, lang) for key in messages("en")
               if not key.startswith(SERVER_ONLY)},
            **game_names(lang)}


def all_words() -> dict[str, dict[str, str]]:
    """``{lang: {key: text}}`` for every language, as pages embed it."""
    return {lang: words_for(lang) for lang in LANGS}
