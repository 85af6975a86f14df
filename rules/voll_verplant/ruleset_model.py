"""The pydantic model that validates a Voll verplant ruleset (``vv-1``).

Only validation imports this (a changed option, a ``--rules`` file, the tests of the
bundled file): the engine reads the plain :class:`.ruleset.VVRules` record, so scoring a
game with the bundled options never pays for importing pydantic.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from scorepad.rules.common.ruleset import Ruleset

from .cards import parse_card


class VVRulesModel(Ruleset):
    """Options of a Voll verplant game, as validated. Defaults live in ``data/ruleset.yaml``."""

    deck: Annotated[list[int | str], Field(min_length=1, max_length=60)]
    shuffle_cards: list[int | str]
    free_ride_may_decline: bool
    special_on_free_ride: bool
    special_chains: bool
    game_end: Literal["all_full", "any_full"]
    empty_rounding: Literal["exact", "down", "up"]

    @field_validator("deck", "shuffle_cards")
    @classmethod
    def _cards(cls, value: list[int | str]) -> list[int | str]:
        for card in value:
            parse_card(card)  # raises ValueError naming the card
        return value
