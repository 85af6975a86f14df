"""Floris in words: moves (:func:`describe`) and events (:func:`explain`), en/de/fr.

The one table of every text a player reads about a Floris move or event; the engine's
events carry the English text as ``why``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.rules.common.words import points_text, say

TEXTS: dict[str, dict[str, str]] = {
    "present": {"en": "presents the bouquet {spec}", "de": "zeigt den Strauß {spec}",
                "fr": "présente le bouquet {spec}"},
    "entry": {"en": "end of game: final bouquet {final}, {left_in_hand} in hand, {discarded} "
                    "discarded, {left_in_reserve} in reserve",
              "de": "Spielende: letzter Strauß {final}, {left_in_hand} auf der Hand, "
                    "{discarded} abgeworfen, {left_in_reserve} im Vorrat",
              "fr": "fin de partie : dernier bouquet {final}, {left_in_hand} en main, "
                    "{discarded} défaussées, {left_in_reserve} en réserve"},
    "none": {"en": "none", "de": "keiner", "fr": "aucun"},
    "bouquet": {"en": "{label}, {flowers} flowers{plus} = {points} points",
                "de": "{label}, {flowers} Blumen{plus} = {points} Punkte",
                "fr": "{label}, {flowers} fleurs{plus} = {points} points"},
    "final": {"en": "final bouquet {label}, {flowers} flowers{plus} = {points} points",
              "de": "letzter Strauß {label}, {flowers} Blumen{plus} = {points} Punkte",
              "fr": "dernier bouquet {label}, {flowers} fleurs{plus} = {points} points"},
    "plus-bonus": {"en": " + {bonus} bonus", "de": " + {bonus} Bonus", "fr": " + {bonus} bonus"},
    # a bouquet's pattern (bouquet.PATTERNS), as the event names it
    "pattern-same": {"en": "one type", "de": "eine Sorte", "fr": "une seule sorte"},
    "pattern-equal": {"en": "equal counts", "de": "gleiche Anzahlen", "fr": "nombres égaux"},
    "pattern-ascending": {"en": "run {run}", "de": "Folge {run}", "fr": "suite {run}"},
    "pattern-None": {"en": "no bouquet", "de": "kein Strauß", "fr": "pas de bouquet"},
    "penalty": {"en": "{cards} penalty card{s}: {points} points",
                "de": "{cards} Strafkarte{n}: {points} Punkte",
                "fr": "{cards} carte{s} de pénalité : {points} points"},
    "game-over": {"en": "the game is over", "de": "das Spiel ist aus",
                  "fr": "la partie est terminée"},
    "said": {"en": "{player}: {text}", "de": "{player}: {text}", "fr": "{player} : {text}"},
}


def describe(move: Any, lang: str = "en") -> str:
    """A move (a bouquet spec, or an end-of-game entry) in words."""
    if isinstance(move, Mapping):
        final = move.get("final") or say(TEXTS, "none", lang)
        return say(TEXTS, "entry", lang, **{**{k: move.get(k, 0) for k in
                                              ("left_in_hand", "discarded", "left_in_reserve")},
                                           "final": final})
    return say(TEXTS, "present", lang, spec=move)


def explain(event: Mapping[str, Any], lang: str = "en") -> str:
    """An event of :meth:`.game.Floris.events` in words."""
    fields = dict(event)
    if "points" in fields:
        fields["points"] = points_text(fields["points"])
    kind = event["type"]
    if kind in ("bouquet", "final"):
        fields["label"] = say(TEXTS, f"pattern-{event.get('pattern')}", lang, run=event.get("run"))
        fields["plus"] = say(TEXTS, "plus-bonus", lang, bonus=event["bonus"]) \
            if event.get("bonus") else ""
    if kind == "penalty":
        many = event["cards"] != 1
        text = say(TEXTS, kind, lang, **fields, s="s" if many else "", n="n" if many else "")
    else:
        text = say(TEXTS, kind, lang, **fields)
    return text if event.get("player") is None else say(TEXTS, "said", lang,
                                                        player=event["player"], text=text)
