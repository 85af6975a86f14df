"""The Mille Fiori ruleset (``mf-1``): setup sizes and every [default] rule as an option.

:class:`MFRules` (a pydantic :class:`~scorepad.rules.common.ruleset.Ruleset`) is the one
schema of the options: it reads the bundled ``data/ruleset.yaml``, a ``--rules`` file
and a log's ``rules:``, names a bad option, and is what the engine reads (once per game,
into its :class:`~.engine.Config`).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from scorepad.rules.common.ruleset import Ruleset

PLAYER_COUNTS = (2, 3, 4)

Count = Annotated[int, Field(ge=0, le=109)]


class MFRules(Ruleset):
    """Options of a Mille Fiori game. Defaults and their meaning: ``data/ruleset.yaml``."""

    diamonds: Annotated[int, Field(ge=1, le=109)]
    hand_size: Annotated[int, Field(ge=1, le=20)]
    display_size: dict[Literal[2, 3, 4], Count]
    plays_per_round: dict[Literal[2, 3, 4], Annotated[int, Field(ge=1, le=20)]]
    empty_display_points: Annotated[int, Field(ge=0, le=99)]
    harbor_order: Literal["ship_first", "diamond_first"]
    landing_bonus: Literal["after_action", "at_landing"]
    field_timing: Literal["action", "turn_end"]
    field_marker_diamond: bool
    field_without_diamond: bool
    last_diamond_end: Literal["turn", "round", "action"]
    reserve_diamonds: Annotated[int, Field(ge=0, le=20)]
    townspeople_top: Literal["middles_below", "middle_row"]
    ties: Literal["shared", "ship"]

    @model_validator(mode="after")
    def _sizes(self) -> MFRules:
        for n in PLAYER_COUNTS:
            if n not in self.display_size or n not in self.plays_per_round:
                raise ValueError(f"display_size and plays_per_round need a value for {n} players")
            if self.plays_per_round[n] > self.hand_size:
                raise ValueError(f"plays_per_round for {n} players exceeds the hand size")
        return self

    @field_validator("reserve_diamonds")
    @classmethod
    def _reserve_finishes_the_round(cls, value: int, info: ValidationInfo) -> int:
        if value and info.data.get("last_diamond_end") != "round":
            raise ValueError("the reserve finishes the round after a player's last diamond: "
                             "it needs last_diamond_end: round")
        return value


@cache
def default_rules() -> MFRules:
    """The bundled ruleset ``mf-1``."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text
    from scorepad.rules.common.models import parse_model

    return parse_model(MFRules, load_yaml_text(bundled_text(__package__, "data", "ruleset.yaml")))
