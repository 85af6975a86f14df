"""Voll verplant in words: moves (:func:`describe`) and events (:func:`explain`), en/de/fr.

Every text a player reads about a Voll verplant move or event (the catalogue's
``rules.vv.*`` messages); the game
object (:mod:`.game`) answers ``describe`` and ``explain`` from it, and the events it
records carry the English text as ``why``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.rules.common.words import points_text, say

TEXTS = "rules.vv."  # the catalogue's keys of these words


def describe(move: Any, lang: str = "en") -> str:
    """A step in the log's notation in words (a card code: the chance step revealing it)."""
    if not isinstance(move, Mapping):
        return say(TEXTS, "reveal", lang, card=move)
    if "station" in move:
        station = move["station"]
        return (say(TEXTS, "ride-declined", lang) if station is None
                else say(TEXTS, "ride", lang, station=station))
    if "line" not in move:
        return say(TEXTS, "nothing", lang)
    crosses = move.get("crosses")
    if crosses is None:
        text = say(TEXTS, "line-most", lang, line=move["line"])
    else:
        text = say(TEXTS, "line", lang, line=move["line"], crosses=crosses,
                   es="" if crosses == 1 else "es", e="" if crosses == 1 else "e")
    if move.get("direction") == "ccw":
        text = say(TEXTS, "ccw", lang, text=text)
    return text


def explain(event: Mapping[str, Any], lang: str = "en") -> str:
    """An event of :meth:`.game.VollVerplant.events` in words."""
    kind = event["type"]
    fields = dict(event)
    if "points" in fields:
        fields["points"] = points_text(fields["points"])
    if kind == "move":
        return say(TEXTS, "move", lang, player=event["player"],
                   text=describe(event["move"], lang))
    if kind == "line":
        return say(TEXTS, f"line-{event['bonus']}", lang, **fields)
    if kind == "empty":
        many = event["empty"] != 1
        return say(TEXTS, "empty", lang, **fields, s="s" if many else "",
                   en="en" if many else "")
    return say(TEXTS, kind, lang, **fields)
