"""Layering rule options for any game: bundled defaults, then ``--rules FILE``, then the
``rules:`` of the game file itself (which records how that game was played)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from scorepad.io import display_name, read_mapping
from scorepad.rules.common.errors import ScorepadError

R = TypeVar("R", bound="Overridable")


class Overridable(Protocol):
    def with_overrides(self: R, overrides: Mapping[str, Any] | None) -> R: ...


def layered_rules(defaults: R, path: str | None, overrides: Mapping[str, Any] | None = None,
                  source: str | None = None) -> R:
    """``defaults`` changed by a ``--rules FILE`` and then by ``overrides`` (a file's
    ``rules:``); errors name the rules file, or ``source`` for the overrides."""
    rules = defaults
    if path:
        data = read_mapping(path)
        data.pop("ruleset", None)  # naming the version is allowed, not an option
        try:
            rules = rules.with_overrides(data)
        except ScorepadError as err:
            raise err.in_file(display_name(path)) from None
    try:
        return rules.with_overrides(overrides)
    except ScorepadError as err:
        raise (err.in_file(source) if source else err) from None
