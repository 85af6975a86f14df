"""Every text a player reads about a move or an event of Pig, in en, de and fr."""

from __future__ import annotations

TEXTS = {
    "roll": {"en": "roll again", "de": "weiterwürfeln", "fr": "relancer"},
    "hold": {"en": "hold", "de": "aufhören", "fr": "s’arrêter"},
    "die": {"en": "the die shows {die}", "de": "der Würfel zeigt {die}",
            "fr": "le dé montre {die}"},
    "rolled": {"en": "{player} rolls {die}", "de": "{player} würfelt {die}",
               "fr": "{player} fait {die}"},
    "bust": {"en": "{player} rolls a 1 and loses the turn",
             "de": "{player} würfelt eine 1 und verliert den Zug",
             "fr": "{player} fait 1 et perd le tour"},
    "banked": {"en": "{player} banks {points}", "de": "{player} schreibt {points} an",
               "fr": "{player} marque {points}"},
    "won": {"en": "{player} reaches {goal}", "de": "{player} erreicht {goal}",
            "fr": "{player} atteint {goal}"},
}
