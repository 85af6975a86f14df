"""Versioned rulesets: each unconfirmed ([default]) rule is an option with a default.

A game's ruleset is a small bundled YAML file validated by a pydantic model. Game logs
(``rules:``) and ``--rules FILE`` override single options; unknown options or values
are refused with the option's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import InputError
from .models import StrictModel, parse_model

R = TypeVar("R", bound="Ruleset")


class Ruleset(StrictModel):
    """Base of every game's ruleset. ``ruleset`` names the version, e.g. ``vv-1``."""

    ruleset: str

    def with_overrides(self: R, overrides: Mapping[str, Any] | None) -> R:
        """A copy with some options changed; raises InputError naming a bad option."""
        if not overrides:
            return self
        if not isinstance(overrides, Mapping):
            raise InputError("expected a mapping of rule options", where=("rules",))
        merged = self.model_dump()
        merged.update(overrides)
        return parse_model(type(self), merged, place=lambda loc: "rules." + ".".join(map(str, loc)))

    def changed_from(self, base: Ruleset) -> dict[str, Any]:
        """The options that differ from ``base`` (usually the bundled defaults)."""
        default = base.model_dump()
        return {k: v for k, v in self.model_dump().items() if default.get(k) != v}
