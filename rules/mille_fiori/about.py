"""What Mille Fiori says of itself beyond its rules (:class:`~scorepad.rules.registry.About`)."""

from __future__ import annotations

from scorepad.rules.registry import About

ABOUT = About(
    id="mille-fiori",
    names={"en": "Mille Fiori", "de": "Mille Fiori", "fr": "Mille Fiori"},
    short="mf", file_prefix="mf", page="mille-fiori.js", pages=("scorekeeper",))
