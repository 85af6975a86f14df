"""The rule options as the engine reads them: a plain frozen record, no pydantic.

The ruleset ``mf-1`` is defined and validated by :class:`.ruleset.MFRules` (a pydantic
``Ruleset``). The engine only *reads* the options, so it takes this :class:`Options`
record instead: the bundled defaults load without importing pydantic (the test suite
checks them against ``MFRules``), and pydantic is imported only when a log or a
``--rules`` file changes an option and the change must be validated.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import cache
from typing import Any

PLAYER_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class Options:
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

    def as_dict(self) -> dict[str, Any]:
        """The options as plain data."""
        return asdict(self)

    def changed_from(self, base: Options) -> dict[str, Any]:
        """The options that differ from ``base`` (usually the bundled defaults)."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}

    @classmethod
    def of(cls, rules: Any) -> Options:
        """The options of a validated ruleset model (or another Options)."""
        if isinstance(rules, Options):
            return rules
        return cls(**rules.model_dump())


@cache
def default_options() -> Options:
    """The bundled ruleset ``mf-1`` (validated by the test suite, read here as plain data)."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text

    return Options(**load_yaml_text(bundled_text(__package__, "data", "ruleset.yaml")))
