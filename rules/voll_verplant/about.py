"""What Voll verplant says of itself beyond its rules (:class:`~scorepad.rules.registry.About`)."""

from __future__ import annotations

from scorepad.rules.registry import About

ABOUT = About(
    id="voll-verplant",
    names={"en": "Voll verplant", "de": "Voll verplant", "fr": "Voll verplant"},
    short="vv", file_prefix="vv", bgg_id=346482, page="voll-verplant.js",
    pages=("flipper",), scans=True)
