"""Voll verplant in words: moves (:func:`describe`) and events (:func:`explain`), en/de/fr.

The one table of every text a player reads about a Voll verplant move or event; the game
object (:mod:`.game`) answers ``describe`` and ``explain`` from it, and the events it
records carry the English text as ``why``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.rules.common.words import points_text, say

TEXTS: dict[str, dict[str, str]] = {
    # moves
    "line": {"en": "line {line}: {crosses} cross{es}", "de": "Linie {line}: {crosses} Kreuz{e}",
             "fr": "ligne {line} : {crosses} croix"},
    "line-most": {"en": "line {line}: as far as the card goes",
                  "de": "Linie {line}: so weit die Karte reicht",
                  "fr": "ligne {line} : aussi loin que la carte le permet"},
    "ccw": {"en": "{text} (counter-clockwise)", "de": "{text} (gegen den Uhrzeigersinn)",
            "fr": "{text} (sens antihoraire)"},
    "ride": {"en": "free ride to station {station}", "de": "Freifahrt zur Station {station}",
             "fr": "trajet gratuit jusqu'à la station {station}"},
    "ride-declined": {"en": "free ride declined", "de": "Freifahrt ausgelassen",
                      "fr": "trajet gratuit refusé"},
    "nothing": {"en": "nothing to do (no free wagon window)",
                "de": "nichts zu tun (kein freies Waggonfenster)",
                "fr": "rien à faire (plus de fenêtre de wagon libre)"},
    "reveal": {"en": "card {card}", "de": "Karte {card}", "fr": "carte {card}"},
    # events
    "card": {"en": "card {card} is revealed (round {round})",
             "de": "Karte {card} wird aufgedeckt (Runde {round})",
             "fr": "la carte {card} est révélée (manche {round})"},
    "move": {"en": "{player}: {text}", "de": "{player}: {text}", "fr": "{player} : {text}"},
    "transfer": {"en": "transfer number {number} at station {station}: {points} points",
                 "de": "Umsteigezahl {number} an Station {station}: {points} Punkte",
                 "fr": "nombre de correspondances {number} à la station {station} : "
                       "{points} points"},
    "special": {"en": "station {station} is special: one more step",
                "de": "Station {station} ist besonders: noch ein Schritt",
                "fr": "la station {station} est spéciale : encore un pas"},
    "lapsed": {"en": "station {station}: the follow-up lapses (no free window left)",
               "de": "Station {station}: der Folgeschritt entfällt (kein Fenster mehr frei)",
               "fr": "station {station} : le pas suivant est perdu (plus de fenêtre libre)"},
    "line-first": {"en": "line {line} completed first: {points} points",
                   "de": "Linie {line} als Erste vollendet: {points} Punkte",
                   "fr": "ligne {line} complétée en premier : {points} points"},
    "line-later": {"en": "line {line} completed later: {points} points",
                   "de": "Linie {line} später vollendet: {points} Punkte",
                   "fr": "ligne {line} complétée plus tard : {points} points"},
    "round-end": {"en": "round {round} ends", "de": "Runde {round} endet",
                  "fr": "fin de la manche {round}"},
    "empty": {"en": "{empty} empty station{s}: {points} points",
              "de": "{empty} leere Station{en}: {points} Punkte",
              "fr": "{empty} station{s} vide{s} : {points} points"},
    "game-over": {"en": "the game is over after round {round}",
                  "de": "das Spiel endet nach Runde {round}",
                  "fr": "la partie se termine après la manche {round}"},
}


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
