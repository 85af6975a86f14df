"""The Voll verplant ruleset (``vv-1``): the deck and every [default] rule as an option.

:class:`VVRules` is the plain, frozen record the engine reads. The bundled defaults
(``data/ruleset.yaml``) load without pydantic — the test suite validates that file with
:class:`.ruleset_model.VVRulesModel` — and pydantic is imported only when options are
changed (:meth:`VVRules.with_overrides`), to validate the change and name what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class VVRules:
    """Every option of a Voll verplant ruleset (see ``data/ruleset.yaml`` for each)."""

    ruleset: str
    deck: tuple[int | str, ...]
    shuffle_cards: tuple[int | str, ...]
    free_ride_may_decline: bool
    special_on_free_ride: bool
    special_chains: bool
    game_end: str
    empty_rounding: str

    def model_dump(self) -> dict[str, Any]:
        """The options as plain data (lists for the card lists, as in the YAML file)."""
        data = asdict(self)
        data["deck"] = list(self.deck)
        data["shuffle_cards"] = list(self.shuffle_cards)
        return data

    def with_overrides(self, overrides: Mapping[str, Any] | None) -> VVRules:
        """A copy with some options changed; InputError naming a bad option (exit 2)."""
        if not overrides:
            return self
        from .ruleset_model import VVRulesModel

        base = VVRulesModel.model_validate(self.model_dump())
        return VVRules.of(base.with_overrides(overrides).model_dump())

    def changed_from(self, base: VVRules) -> dict[str, Any]:
        """The options that differ from ``base`` (usually the bundled defaults)."""
        mine, theirs = self.model_dump(), base.model_dump()
        return {f.name: mine[f.name] for f in fields(self) if mine[f.name] != theirs[f.name]}

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> VVRules:
        """The record of already validated option data."""
        values = dict(data)
        values["deck"] = tuple(values["deck"])
        values["shuffle_cards"] = tuple(values["shuffle_cards"])
        return cls(**values)


@lru_cache(maxsize=1)
def default_rules() -> VVRules:
    """The bundled ruleset ``vv-1``."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text

    return VVRules.of(load_yaml_text(bundled_text(__package__, "data", "ruleset.yaml")))
