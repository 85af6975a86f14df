"""The rule options as the engine reads them: a plain frozen record, no pydantic.

The ruleset ``mf-1`` is defined and validated by :class:`.ruleset.MFRules` (a pydantic
``Ruleset``). The engine only *reads* the options, so it takes this :class:`Options`
record instead: the bundled defaults load without importing pydantic (the test suite
checks them against ``MFRules``), and pydantic is imported only when a log or a
``--rules`` file changes an option (:meth:`Options.with_overrides`, shared with the other
games' records through :class:`~scorepad.rules.common.plain_ruleset.PlainRuleset`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from scorepad.rules.common.plain_ruleset import PlainRuleset

if TYPE_CHECKING:
    from .ruleset import MFRules

PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class Options(PlainRuleset):
    """Every option of a Mille Fiori ruleset (see ``data/ruleset.yaml`` for their meaning)."""

    ruleset: str
    diamonds: int
    hand_size: int
    display_size: dict[int, int]
    plays_per_round: dict[int, int]
    empty_display_points: int
    harbor_order: str
    field_timing: str
    field_marker_diamond: bool
    field_without_diamond: bool
    last_diamond_end: str
    ties: str

    @classmethod
    def model(cls) -> type[MFRules]:
        """The pydantic model that validates these options."""
        from .ruleset import MFRules

        return MFRules

    @classmethod
    def of(cls, rules: Any) -> Options:
        """The options of validated data: a mapping, a ruleset model, or another Options."""
        if isinstance(rules, Options):
            return rules
        return cls(**(rules if isinstance(rules, Mapping) else rules.model_dump()))


@cache
def default_options() -> Options:
    """The bundled ruleset ``mf-1`` (validated by the test suite, read here as plain data)."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text

    return Options(**load_yaml_text(bundled_text(__package__, "data", "ruleset.yaml")))
