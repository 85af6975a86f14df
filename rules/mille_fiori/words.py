"""Mille Fiori in words: moves (:func:`describe`) and events (:func:`explain`), en/de/fr.

Every text a player reads about a Mille Fiori move or event (the catalogue's ``rules.mf.*``
messages). The engine
gives each event its reason as data (:func:`reason`: a key of :data:`REASONS` with the
numbers and ids that fill it); an event carries it as ``reason`` beside its English words
(``why``), and :func:`explain` words it in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.rules.common.words import has, points_text, say

TEXTS = "rules.mf."  # the catalogue's keys of these words

#: Why the engine did something (an event's ``reason``): the catalogue's keys. Slots
#: named in :data:`_NAMED` hold an id worded by its table; ``trigger`` holds a reason.
REASONS = "rules.mf.why."

#: The ids a reason names, in words (symbols and goods, the townspeople's rows, when the
#: game ends); an area is named by :data:`TEXTS`.
NAMES = "rules.mf.name."
_NAMED = {"symbol": NAMES, "good": NAMES, "level": NAMES, "when": NAMES, "area": TEXTS}


class Reason(str):
    """Why the engine did something: its English words (so an engine event's ``why``
    reads and compares as before) with the key and the numbers and ids that word it in
    every language (:meth:`data`, :func:`word`)."""

    key: str
    args: dict[str, Any]

    def data(self) -> dict[str, Any]:
        """The reason as JSON-able data: ``{"key": ..., slot: value ...}``."""
        return {"key": self.key, **{k: v.data() if isinstance(v, Reason) else v
                                    for k, v in self.args.items()}}


def reason(key: str, **args: Any) -> Reason:
    """The reason ``key`` of :data:`REASONS` with its slots' values."""
    out = Reason(word({"key": key, **args}, "en"))
    out.key, out.args = key, args
    return out


def word(data: Mapping[str, Any], lang: str = "en") -> str:
    """A reason (:meth:`Reason.data`, or a Reason) in words in ``lang``."""
    if isinstance(data, Reason):
        data = data.data()
    slots = {}
    for name, value in data.items():
        if name == "key":
            continue
        if isinstance(value, Mapping):
            slots[name] = word(value, lang)
        elif name in _NAMED and isinstance(value, str) and has(_NAMED[name], value):
            slots[name] = say(_NAMED[name], value, lang)
        else:
            slots[name] = value
    return say(REASONS, data["key"], lang, **slots)


def describe(move: Any, lang: str = "en") -> str:
    """A step in the log's notation in words (chance steps included)."""
    if not isinstance(move, Mapping):
        return str(move)
    if move.get("empty_display"):
        return say(TEXTS, "empty-move", lang)
    if "deal" in move:
        return say(TEXTS, "deal-move", lang)
    if "leftover" in move:
        return say(TEXTS, "leftover", lang, cards=", ".join(map(str, move["leftover"])) or "-")
    action = move.get("action") or {}
    if action.get("ship"):
        return say(TEXTS, "ship-move", lang, card=move.get("card"))
    return say(TEXTS, "place-move", lang, card=move.get("card"), space=action.get("place"))


def explain(event: Mapping[str, Any], lang: str = "en") -> str:
    """An event of :meth:`.game.MilleFiori.events` in words."""
    kind = event["type"]
    player = event.get("player")
    if kind in ("play", "bonus-play"):
        return say(TEXTS, kind, lang, player=player, text=describe(event["move"], lang))
    if kind == "deal":
        return say(TEXTS, "deal", lang, round=event["round"])
    if kind in ("leftover", "display"):
        return say(TEXTS, kind, lang, cards=", ".join(event["cards"]) or "-")
    area = say(TEXTS, kind, lang) if has(TEXTS, kind) else kind
    cause = event.get("reason")
    why = word(cause, lang) if isinstance(cause, Mapping) else area
    if "points" in event:
        return say(TEXTS, "points" if isinstance(cause, Mapping) else "points-area", lang,
                   player=player, points=points_text(event["points"]), why=why, area=area)
    who = f"{player}: " if player else ""
    return say(TEXTS, "notice", lang, who=who, why=why)


def say_area(kind: str) -> str:
    """A scoring category's English name (the why of an event the engine left bare)."""
    return say(TEXTS, kind, "en") if has(TEXTS, kind) else kind
