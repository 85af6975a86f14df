"""The Voll verplant ruleset (``vv-1``): the deck and every [default] rule as an option.

:class:`VVRules` is the plain, frozen record the engine reads. The bundled defaults
(``data/ruleset.yaml``) load without pydantic — the test suite validates that file with
:class:`.ruleset_model.VVRulesModel` — and pydantic is imported only when options are
changed (:meth:`VVRules.with_overrides`), to validate the change and name what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from scorepad.rules.common.plain_ruleset import PlainRuleset

if TYPE_CHECKING:
    from .ruleset_model import VVRulesModel


@dataclass(frozen=True)
class VVRules(PlainRuleset):
    """Every option of a Voll verplant ruleset (see ``data/ruleset.yaml`` for each)."""

    ruleset: str
    deck: tuple[int | str, ...]
    shuffle_cards: tuple[int | str, ...]
    free_ride_may_decline: bool
    special_on_free_ride: bool
    special_chains: bool
    game_end: str
    empty_rounding: str

    @classmethod
    def model(cls) -> type[VVRulesModel]:
        """The pydantic model that validates these options."""
        from .ruleset_model import VVRulesModel

        return VVRulesModel

    def model_dump(self) -> dict[str, Any]:
        """The options as plain data (lists for the card lists, as in the YAML file)."""
        data = super().model_dump()
        data["deck"] = list(self.deck)
        data["shuffle_cards"] = list(self.shuffle_cards)
        return data

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
