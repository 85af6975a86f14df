"""Layering rule options for any game: bundled defaults, then ``--rules FILE``, then the
``rules:`` of the game file itself (which records how that game was played)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from scorepad.io import display_name, read_mapping
from scorepad.rules.common.errors import InputError, ScorepadError

R = TypeVar("R", bound="Overridable")


class Overridable(Protocol):
    ruleset: str  # the version's name (every ruleset's, rules/common/ruleset.py)

    def with_overrides(self: R, overrides: Mapping[str, Any] | None) -> R: ...


def layered_rules(defaults: R, path: str | None, overrides: Mapping[str, Any] | None = None,
                  source: str | None = None) -> R:
    """``defaults`` changed by a ``--rules FILE`` and then by ``overrides`` (a file's
    ``rules:``); errors name the rules file, or ``source`` for the overrides. A file that
    names no option of the game's ruleset (nor a ``ruleset:``) is "not a ruleset file":
    none of its keys or values is echoed."""
    rules = defaults
    if path:
        data = read_mapping(path)
        named = data.pop("ruleset", None) is not None  # naming the version: not an option
        options = type(defaults).model_fields.keys()  # type: ignore[attr-defined]
        if not named and data and not any(key in options for key in data):
            # any file can be given (/etc/...): its keys are named only once it is one
            raise InputError(f"not a ruleset file: it names none of the options of "
                             f"{defaults.ruleset}", source=display_name(path))
        try:
            rules = rules.with_overrides(data)
        except ScorepadError as err:
            raise err.in_file(display_name(path)) from None
    try:
        return rules.with_overrides(overrides)
    except ScorepadError as err:
        raise (err.in_file(source) if source else err) from None
