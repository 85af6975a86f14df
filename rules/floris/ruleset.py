"""The Floris ruleset (``floris-1``): every [default] rule of Floris as an option.

:class:`FlorisRules` is the one schema: it validates the bundled ``data/ruleset.yaml``, a
``--rules FILE`` and a game file's ``rules:``, naming what is wrong, and the engine reads
its fields. Defaults and the source of each option are in ``data/ruleset.yaml``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field

from scorepad.rules.common.data import bundled_text, load_yaml_text
from scorepad.rules.common.models import parse_model
from scorepad.rules.common.ruleset import Ruleset


class FlorisRules(Ruleset):
    """Options of a Floris game (see ``data/ruleset.yaml`` for each)."""

    min_flowers: Annotated[int, Field(ge=1, le=50)]
    run_starts_at_one: bool
    bonus_from: Annotated[int, Field(ge=1, le=100)]
    bonus_per_flower: Annotated[int, Field(ge=0, le=10)]
    final_bouquet: Literal["any_subset", "whole_hand"]
    penalty_per_card: Annotated[int, Field(ge=0, le=10)]
    reserve_penalty: bool
    ties: Literal["shared", "fewer_penalty_cards", "more_bouquets"]

    def bonus(self, flowers: int) -> int:
        """Extra points for a valid bouquet of ``flowers`` flowers (0 below ``bonus_from``)."""
        if flowers < self.bonus_from:
            return 0
        return (flowers - self.bonus_from + 1) * self.bonus_per_flower


@lru_cache(maxsize=1)
def default_rules() -> FlorisRules:
    """The bundled ruleset ``floris-1``."""
    data = load_yaml_text(bundled_text(__package__, "data", "ruleset.yaml"))
    return parse_model(FlorisRules, data,
                       place=lambda loc: "ruleset.yaml: " + ".".join(map(str, loc)))
