"""Versioned rulesets: each unconfirmed ([default]) rule is an option with a default.

A game's ruleset is a small bundled YAML file validated by a pydantic model. Game logs
(``rules:``) and ``--rules FILE`` override single options; unknown options or values
are refused with the option's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, get_args, get_origin

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


def options_info(rules: Ruleset) -> dict[str, dict[str, Any]]:
    """Each option of ``rules`` as data for a front-end: ``{"default": value, "values":
    [...]}``, the values of a choice (``[]``: free, such as a deck) — read from the model,
    so a new option shows up without a line elsewhere."""
    out: dict[str, dict[str, Any]] = {}
    for name, spec in type(rules).model_fields.items():
        if name == "ruleset":
            continue
        kind = spec.annotation
        values: list[Any] = []
        if kind is bool:
            values = [False, True]
        elif get_origin(kind) is Literal:
            values = list(get_args(kind))
        out[name] = {"default": getattr(rules, name), "values": values}
    return out
