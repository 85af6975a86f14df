"""The Voll verplant ruleset (``vv-1``): the deck and every [default] rule as an option.

:class:`VVRules` is the one schema of the ruleset: a frozen pydantic model that the
bundled ``data/ruleset.yaml``, a ``--rules FILE`` and a log's ``rules:`` are all validated
by, and that the engine reads its options from (plain attributes: reading them costs no
more than a named tuple's).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field, field_validator

from scorepad.rules.common.models import parse_model
from scorepad.rules.common.ruleset import Ruleset

from .cards import parse_card


class VVRules(Ruleset):
    """Options of a Voll verplant game. Defaults and what each means: ``data/ruleset.yaml``."""

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


@lru_cache(maxsize=1)
def default_rules() -> VVRules:
    """The bundled ruleset ``vv-1``."""
    from scorepad.rules.common.data import bundled_text, load_yaml_text

    data = load_yaml_text(bundled_text(__package__, "data", "ruleset.yaml"))
    return parse_model(VVRules, data)
