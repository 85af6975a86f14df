"""Checking a Floris bouquet, shared by ``floris bouquet --json`` and the web's bouquet check:
a verdict as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the rules pull in pydantic: imported when a command runs, not for --help
    from scorepad.rules.floris.bouquet import Verdict


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """A verdict's fields, as ``floris bouquet --json`` prints them and the web's check sends
    them."""
    from scorepad.rules.floris.flowers import flower_types

    ids = flower_types()
    return {
        "valid": verdict.valid,
        "pattern": verdict.pattern,
        "flowers": verdict.flowers,
        "points": verdict.points,
        "bonus": verdict.bonus,
        "counts": {ids[i]: n for i, n in enumerate(verdict.counts) if n > 0},
    }
