"""The Floris ruleset (``floris-1``): every [default] rule of Floris as an option."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field

from scorepad.rules.common.ruleset import Ruleset


class FlorisRules(Ruleset):
    """Options of a Floris game. Defaults and their explanations live in ``data/ruleset.yaml``."""

    min_flowers: Annotated[int, Field(ge=1, le=50)]
    run_starts_at_one: bool
    bonus_from: Annotated[int, Field(ge=1, le=100)]
    bonus_per_flower: Annotated[int, Field(ge=0, le=10)]
    final_bouquet: Literal["any_subset", "whole_hand"]
    penalty_per_card: Annotated[int, Field(ge=0, le=10)]
    ties: Literal["shared", "fewer_penalty_cards", "more_bouquets"]

    def bonus(self, flowers: int) -> int:
        """Extra points for a valid bouquet of ``flowers`` flowers (0 below ``bonus_from``)."""
        if flowers < self.bonus_from:
            return 0
        return (flowers - self.bonus_from + 1) * self.bonus_per_flower


@lru_cache(maxsize=1)
def default_rules() -> FlorisRules:
    """The bundled ruleset ``floris-1``."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text
    from scorepad.rules.common.models import parse_model

    data = load_yaml_text(bundled_text(__package__, "data", "ruleset.yaml"))
    return parse_model(FlorisRules, data)
