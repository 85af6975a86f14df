"""Mille Fiori in words: moves (:func:`describe`) and events (:func:`explain`), en/de/fr.

The one table of every text a player reads about a Mille Fiori move or event. The engine
gives each scoring event its English reason (``why``: "group of 3, ×2 on quartz"); the
other languages name the scoring area and the points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.rules.common.words import points_text, say

TEXTS: dict[str, dict[str, str]] = {
    "place-move": {"en": "{card} on {space}", "de": "{card} auf {space}", "fr": "{card} sur {space}"},
    "ship-move": {"en": "{card}: the ship moves", "de": "{card}: das Schiff fährt",
             "fr": "{card} : le navire avance"},
    "empty-move": {"en": "no bonus card: the display is empty",
                      "de": "keine Bonuskarte: die Auslage ist leer",
                      "fr": "pas de carte bonus : l'étalage est vide"},
    "deal": {"en": "the hands of round {round} are dealt",
             "de": "die Handkarten der Runde {round} werden ausgeteilt",
             "fr": "les mains de la manche {round} sont distribuées"},
    "deal-move": {"en": "the hands are dealt", "de": "die Handkarten werden ausgeteilt",
                  "fr": "les mains sont distribuées"},
    "leftover": {"en": "leftover cards to the display: {cards}",
                 "de": "übrige Karten in die Auslage: {cards}",
                 "fr": "cartes restantes vers l'étalage : {cards}"},
    "play": {"en": "{player} plays {text}", "de": "{player} spielt {text}",
             "fr": "{player} joue {text}"},
    "bonus-play": {"en": "{player} takes the bonus card {text}",
                   "de": "{player} nimmt die Bonuskarte {text}",
                   "fr": "{player} prend la carte bonus {text}"},
    "points": {"en": "{player}: {points} points ({why})", "de": "{player}: {points} Punkte ({area})",
               "fr": "{player} : {points} points ({area})"},
    "notice": {"en": "{who}{why}", "de": "{who}{area}", "fr": "{who}{area}"},
    # the scoring categories and notices, as the other languages name them
    "workshops": {"en": "workshops", "de": "Werkstätten", "fr": "ateliers"},
    "residences": {"en": "residences", "de": "Wohnhäuser", "fr": "résidences"},
    "townspeople": {"en": "townspeople", "de": "Bürger", "fr": "citadins"},
    "trade": {"en": "trade", "de": "Handel", "fr": "commerce"},
    "harbor": {"en": "harbor", "de": "Hafen", "fr": "port"},
    "nobili": {"en": "nobili", "de": "Nobili", "fr": "nobili"},
    "ship": {"en": "ship", "de": "Schiff", "fr": "navire"},
    "empty_display": {"en": "empty display", "de": "leere Auslage", "fr": "étalage vide"},
    "populi": {"en": "populi", "de": "Populi", "fr": "populi"},
    "bonus_fields": {"en": "bonus field", "de": "Bonusfeld", "fr": "case bonus"},
    "bonus": {"en": "bonus card", "de": "Bonuskarte verdient", "fr": "carte bonus gagnée"},
    "field": {"en": "field", "de": "Bonusfeld nicht genommen", "fr": "case bonus non prise"},
    "end": {"en": "end", "de": "Spielende", "fr": "fin de la partie"},
}


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
    if kind == "leftover":
        return say(TEXTS, "leftover", lang, cards=", ".join(event["cards"]) or "-")
    area = say(TEXTS, kind, lang) if kind in TEXTS else kind
    if "points" in event:
        return say(TEXTS, "points", lang, player=player, points=points_text(event["points"]),
                   why=event.get("why") or area, area=area)
    who = f"{player}: " if player else ""
    return say(TEXTS, "notice", lang, who=who, why=event.get("why", area), area=area)


def say_area(kind: str) -> str:
    """A scoring category's English name (the why of an event the engine left bare)."""
    return say(TEXTS, kind, "en") if kind in TEXTS else kind
