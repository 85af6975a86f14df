"""Mille Fiori in words: moves (:func:`describe`) and events (:func:`explain`), en/de/fr.

The one table of every text a player reads about a Mille Fiori move or event. The engine
gives each event its reason as data (:func:`reason`: a key of :data:`REASONS` with the
numbers and ids that fill it); an event carries it as ``reason`` beside its English words
(``why``), and :func:`explain` words it in every language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorepad.rules.common.words import points_text, say

TEXTS: dict[str, dict[str, str]] = {
    "place-move": {"en": "{card} on {space}", "de": "{card} auf {space}",
                   "fr": "{card} sur {space}"},
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
    "display": {"en": "the display is laid out: {cards}", "de": "die Auslage liegt aus: {cards}",
                "fr": "l'étalage est disposé : {cards}"},
    "leftover": {"en": "leftover cards to the display: {cards}",
                 "de": "übrige Karten in die Auslage: {cards}",
                 "fr": "cartes restantes vers l'étalage : {cards}"},
    "play": {"en": "{player} plays {text}", "de": "{player} spielt {text}",
             "fr": "{player} joue {text}"},
    "bonus-play": {"en": "{player} takes the bonus card {text}",
                   "de": "{player} nimmt die Bonuskarte {text}",
                   "fr": "{player} prend la carte bonus {text}"},
    "points": {"en": "{player}: {points} points ({why})",
               "de": "{player}: {points} Punkte ({area}: {why})",
               "fr": "{player} : {points} points ({area} : {why})"},
    "points-area": {"en": "{player}: {points} points ({area})",
                    "de": "{player}: {points} Punkte ({area})",
                    "fr": "{player} : {points} points ({area})"},
    "notice": {"en": "{who}{why}", "de": "{who}{why}", "fr": "{who}{why}"},
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

#: Why the engine did something (an event's ``reason``): key -> {lang: template}. Slots
#: named in :data:`_NAMED` hold an id worded by its table; ``trigger`` holds a reason.
REASONS: dict[str, dict[str, str]] = {
    "ship": {"en": "ship {start}→{end}", "de": "Schiff {start}→{end}",
             "fr": "navire {start}→{end}"},
    "ship-end": {"en": "ship already on {end}: it scores nothing",
                 "de": "Schiff schon auf {end}: es bringt nichts",
                 "fr": "navire déjà sur {end} : il ne rapporte rien"},
    "ship-lands": {"en": "ship lands on {end}", "de": "Schiff landet auf {end}",
                   "fr": "le navire arrive sur {end}"},
    "group": {"en": "group of {size}", "de": "Gruppe aus {size}", "fr": "groupe de {size}"},
    "group-double": {"en": "group of {size}, ×2 on {symbol}",
                     "de": "Gruppe aus {size}, ×2 auf {symbol}",
                     "fr": "groupe de {size}, ×2 sur {symbol}"},
    "triangle": {"en": "bonus triangle {spaces} complete",
                 "de": "Bonusdreieck {spaces} vollständig",
                 "fr": "triangle bonus {spaces} complet"},
    "house": {"en": "house of value {value}", "de": "Haus mit Wert {value}",
              "fr": "maison de valeur {value}"},
    "house-1": {"en": "house of value {value} + 1 own house before it",
                "de": "Haus mit Wert {value} + 1 eigenes Haus davor",
                "fr": "maison de valeur {value} + 1 maison à soi avant elle"},
    "house-n": {"en": "house of value {value} + {back} own houses before it",
                "de": "Haus mit Wert {value} + {back} eigene Häuser davor",
                "fr": "maison de valeur {value} + {back} maisons à soi avant elle"},
    "house-values": {"en": "houses of {count} different values",
                     "de": "Häuser mit {count} verschiedenen Werten",
                     "fr": "maisons de {count} valeurs différentes"},
    "townspeople": {"en": "{level} space", "de": "Feld {level}", "fr": "case {level}"},
    "townspeople-double": {"en": "{level} space, ×2 {symbol}", "de": "Feld {level}, ×2 {symbol}",
                           "fr": "case {level}, ×2 {symbol}"},
    "supports": {"en": "{support} supports {space}", "de": "{support} stützt {space}",
                 "fr": "{support} soutient {space}"},
    "top-space": {"en": "top space {space}", "de": "oberstes Feld {space}",
                  "fr": "case du sommet {space}"},
    "trade-1": {"en": "1 diamond × {on_column} on {good}",
                "de": "1 Diamant × {on_column} auf {good}",
                "fr": "1 diamant × {on_column} sur {good}"},
    "trade-n": {"en": "{count} diamonds × {on_column} on {good}",
                "de": "{count} Diamanten × {on_column} auf {good}",
                "fr": "{count} diamants × {on_column} sur {good}"},
    "trade-more": {"en": "{good} scoring gave another player more points",
                   "de": "die Wertung von {good} brachte jemand anderem mehr Punkte",
                   "fr": "le décompte de {good} a rapporté plus de points à un autre joueur"},
    "harbor-1": {"en": "harbor row {row} full, 1 trade good beside it",
                 "de": "Hafenreihe {row} voll, 1 Handelsware daneben",
                 "fr": "rangée de port {row} pleine, 1 marchandise à côté"},
    "harbor-n": {"en": "harbor row {row} full, {goods} trade goods beside it",
                 "de": "Hafenreihe {row} voll, {goods} Handelswaren daneben",
                 "fr": "rangée de port {row} pleine, {goods} marchandises à côté"},
    "field": {"en": "{area} field", "de": "{area}", "fr": "{area}"},  # (de/fr: "Bonusfeld: ...")
    "field-missed": {"en": "{area} field not claimed: no diamond left",
                     "de": "Bonusfeld {area} nicht genommen: kein Diamant mehr",
                     "fr": "case bonus {area} non prise : plus de diamant"},
    "display-empty": {"en": "the display is empty", "de": "die Auslage ist leer",
                      "fr": "l'étalage est vide"},
    "bonus-earned": {"en": "{trigger}: bonus card earned", "de": "{trigger}: Bonuskarte verdient",
                     "fr": "{trigger} : carte bonus gagnée"},
    "bonus-lost": {"en": "{trigger}: no bonus card, the game is over",
                   "de": "{trigger}: keine Bonuskarte, das Spiel ist aus",
                   "fr": "{trigger} : pas de carte bonus, la partie est finie"},
    "last-diamond": {"en": "last diamond placed: the game ends {when}",
                     "de": "letzter Diamant gesetzt: das Spiel endet {when}",
                     "fr": "dernier diamant posé : la partie se termine {when}"},
    "reserve": {"en": "everyone takes their {reserve} reserve diamonds to finish the round",
                "de": "alle nehmen ihre {reserve} Reservediamanten, um die Runde zu beenden",
                "fr": "chacun prend ses {reserve} diamants de réserve pour finir la manche"},
    "over-diamonds": {"en": "game over: a player has placed their last diamond",
                      "de": "Spielende: jemand hat den letzten Diamanten gesetzt",
                      "fr": "fin de la partie : un joueur a posé son dernier diamant"},
    "over-round-diamonds": {
        "en": "game over after this round: a player has placed their last diamond",
        "de": "Spielende nach dieser Runde: jemand hat den letzten Diamanten gesetzt",
        "fr": "fin de la partie après cette manche : un joueur a posé son dernier diamant"},
    "over-round-deck": {
        "en": "game over after this round: the deck cannot deal another round",
        "de": "Spielende nach dieser Runde: der Stapel reicht für keine weitere Runde",
        "fr": "fin de la partie après cette manche : la pioche ne suffit plus pour une manche"},
}

#: The ids a reason names, in words (symbols and goods, the townspeople's rows, when the
#: game ends); an area is named by :data:`TEXTS`.
NAMES: dict[str, dict[str, str]] = {
    "quartz": {"en": "quartz", "de": "Quarz", "fr": "quartz"},
    "lime": {"en": "lime", "de": "Kalk", "fr": "chaux"},
    "ash": {"en": "ash", "de": "Asche", "fr": "cendre"},
    "pigments": {"en": "pigments", "de": "Pigmente", "fr": "pigments"},
    "coin": {"en": "coin", "de": "Münze", "fr": "pièce"},
    "lion": {"en": "lion", "de": "Löwe", "fr": "lion"},
    "cross": {"en": "cross", "de": "Kreuz", "fr": "croix"},
    "shell": {"en": "shell", "de": "Muschel", "fr": "coquillage"},
    "fish": {"en": "fish", "de": "Fisch", "fr": "poisson"},
    "crab": {"en": "crab", "de": "Krabbe", "fr": "crabe"},
    "goblet": {"en": "goblet", "de": "Kelch", "fr": "gobelet"},
    "carafe": {"en": "carafe", "de": "Karaffe", "fr": "carafe"},
    "earrings": {"en": "earrings", "de": "Ohrringe", "fr": "boucles d'oreilles"},
    "swan": {"en": "swan", "de": "Schwan", "fr": "cygne"},
    "top": {"en": "top", "de": "oben", "fr": "du haut"},
    "middle": {"en": "middle", "de": "Mitte", "fr": "du milieu"},
    "bottom": {"en": "bottom", "de": "unten", "fr": "du bas"},
    "turn": {"en": "after this turn", "de": "nach diesem Zug", "fr": "après ce tour"},
    "round": {"en": "at the end of this round", "de": "am Ende dieser Runde",
              "fr": "à la fin de cette manche"},
    "action": {"en": "now", "de": "sofort", "fr": "maintenant"},
}
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
        elif name in _NAMED and isinstance(value, str) and value in _NAMED[name]:
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
    area = say(TEXTS, kind, lang) if kind in TEXTS else kind
    cause = event.get("reason")
    why = word(cause, lang) if isinstance(cause, Mapping) else area
    if "points" in event:
        return say(TEXTS, "points" if isinstance(cause, Mapping) else "points-area", lang,
                   player=player, points=points_text(event["points"]), why=why, area=area)
    who = f"{player}: " if player else ""
    return say(TEXTS, "notice", lang, who=who, why=why)


def say_area(kind: str) -> str:
    """A scoring category's English name (the why of an event the engine left bare)."""
    return say(TEXTS, kind, "en") if kind in TEXTS else kind
