"""The pydantic model that validates a Floris ruleset (``floris-1``).

Only validation imports this (a changed option, a ``--rules`` file, the tests of the
bundled file): the rules read the plain :class:`.ruleset.FlorisRules` record, so checking a
bouquet with the bundled options never pays for importing pydantic.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from scorepad.rules.common.ruleset import Ruleset


class FlorisRulesModel(Ruleset):
    """Options of a Floris game, as validated. Defaults and their explanations live in
    ``data/ruleset.yaml``."""

    min_flowers: Annotated[int, Field(ge=1, le=50)]
    run_starts_at_one: bool
    bonus_from: Annotated[int, Field(ge=1, le=100)]
    bonus_per_flower: Annotated[int, Field(ge=0, le=10)]
    final_bouquet: Literal["any_subset", "whole_hand"]
    penalty_per_card: Annotated[int, Field(ge=0, le=10)]
    ties: Literal["shared", "fewer_penalty_cards", "more_bouquets"]
