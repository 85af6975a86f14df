"""The game file ``scorepad/floris-game@1``: what ``tally`` writes and ``check``/``score`` read.

The one schema of the format (pydantic): shape, and specs that can be read; the engine
(:mod:`.engine`) judges the bouquets when the file is replayed. Beyond the contract's keys
a file may carry, all optional:

* ``rules:`` ruleset overrides the game was played with;
* ``finished:`` (default true): ``tally`` writes false until every end-of-game entry is in;
* ``final_round:`` in an unfinished file, the players whose end-of-game entry is in (the
  market has run out: no more bouquets); absent, the game is still in play;
* per player ``left_in_reserve:`` cards left in the personal reserve at the end (default 0;
  they cost points only with the ruleset option ``reserve_penalty``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, field_validator

from scorepad.rules.common.errors import InputError, check_move
from scorepad.rules.common.formats import check_format
from scorepad.rules.common.models import PlayerName, StrictModel, parse_model

from .spec import parse_spec

GAME_FORMAT = "scorepad/floris-game@1"


def _readable(spec: str) -> str:
    """A spec the reader understands (a bouquet's validity is the engine's business),
    one line of plain text as every move is (``errors.check_move``: what ``--resume``
    refuses, ``check`` refuses)."""
    try:
        check_move(spec)
        parse_spec(spec)
    except InputError as err:
        raise ValueError(err.message) from None
    return spec


Spec = Annotated[str, Field(max_length=500), AfterValidator(_readable)]
Cards = Annotated[int, Field(ge=0, le=45)]


class PlayerEntry(StrictModel):
    """One player's bouquets, final bouquet and the cards left over at the end."""

    bouquets: list[Spec] = []
    final: Spec = ""                   # "", null or missing: no final bouquet
    left_in_hand: Cards = 0
    discarded: Cards = 0
    left_in_reserve: Cards = 0

    @field_validator("bouquets", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any) -> Any:
        return [] if value is None else value

    @field_validator("final", mode="before")
    @classmethod
    def _none_is_no_final(cls, value: Any) -> Any:
        return "" if value is None else value

    def has_end_values(self) -> bool:
        """Whether any end-of-game value differs from "nothing" (a final bouquet, a card)."""
        return bool(self.final.strip() or self.left_in_hand or self.discarded
                    or self.left_in_reserve)


class FlorisLog(StrictModel):
    """A whole Floris game file."""

    format: Literal["scorepad/floris-game@1"]
    rules: dict[str, Any] = {}
    finished: bool = True
    final_round: list[PlayerName] | None = None
    players: Annotated[dict[PlayerName, PlayerEntry], Field(min_length=1)]

    @field_validator("rules", mode="before")
    @classmethod
    def _rules_none(cls, value: Any) -> Any:
        return {} if value is None else value


def _place(loc: tuple[Any, ...]) -> str:
    """``('players', 'Ann', 'bouquets', 1)`` → ``Ann, bouquet 2``."""
    items = list(loc)
    parts: list[str] = []
    if items[:1] == ["players"] and len(items) >= 2:
        parts.append(str(items[1]))
        items = items[2:]
    if items[:1] == ["bouquets"] and len(items) >= 2 and isinstance(items[1], int):
        parts.append(f"bouquet {items[1] + 1}")
        items = items[2:]
    if items[:1] == ["final"]:
        parts.append("final bouquet")
        items = items[1:]
    parts.extend(str(p) for p in items)
    return ", ".join(parts)


def parse_game(data: object) -> FlorisLog:
    """Validate a game file's shape; InputError (exit 2) naming player, bouquet and key."""
    check_format(data, GAME_FORMAT)
    return parse_model(FlorisLog, data, place=_place)
