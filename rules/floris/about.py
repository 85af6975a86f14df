"""What Floris says of itself beyond its rules (:class:`~scorepad.rules.registry.About`)."""

from __future__ import annotations

from scorepad.rules.registry import About

ABOUT = About(id="floris", names={"en": "Floris", "de": "Floris", "fr": "Floris"},
              short="floris", file_prefix="floris", page="floris.js")
