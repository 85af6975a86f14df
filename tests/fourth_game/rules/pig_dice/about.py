"""What Pig says of itself beyond its rules (:class:`~scorepad.rules.registry.About`)."""

from __future__ import annotations

from scorepad.rules.registry import About

ABOUT = About(id="pig-dice", names={"en": "Pig", "de": "Schweinerei", "fr": "Cochon"},
              short="pig", file_prefix="pig", page="pig-dice.js")
