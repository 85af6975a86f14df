"""The game file ``scorepad/floris-game@1``: what ``tally`` writes and ``check``/``score`` read.

Shape only (pydantic); :mod:`.scoring` judges the bouquets. Beyond the contract's keys a
file may carry ``rules:`` (ruleset overrides) and ``finished:`` (default true; ``tally``
writes false until the final bouquets are in).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from scorepad.rules.common.formats import check_format
from scorepad.rules.common.models import StrictModel, parse_model

GAME_FORMAT = "scorepad/floris-game@1"

PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
Spec = Annotated[str, Field(max_length=500)]
Cards = Annotated[int, Field(ge=0, le=45)]


class PlayerEntry(StrictModel):
    """One player's bouquets, final bouquet and penalty cards."""

    bouquets: list[Spec] = []
    final: Spec | None = None          # "" or missing: no final bouquet
    left_in_hand: Cards = 0
    discarded: Cards = 0

    @field_validator("bouquets", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any) -> Any:
        return [] if value is None else value

    def to_data(self) -> dict[str, Any]:
        """The entry as file data, in the contract's key order."""
        return {"bouquets": list(self.bouquets), "final": self.final or "",
                "left_in_hand": self.left_in_hand, "discarded": self.discarded}


class FlorisGame(StrictModel):
    """A whole Floris game file."""

    format: Literal["scorepad/floris-game@1"]
    rules: dict[str, Any] = {}
    finished: bool = True
    players: Annotated[dict[PlayerName, PlayerEntry], Field(min_length=1)]

    @field_validator("rules", mode="before")
    @classmethod
    def _rules_none(cls, value: Any) -> Any:
        return {} if value is None else value

    def to_data(self) -> dict[str, Any]:
        """The file as plain data (for writing YAML/JSON); ``rules`` only when it has options."""
        out: dict[str, Any] = {"format": GAME_FORMAT}
        if self.rules:
            out["rules"] = dict(self.rules)
        out["finished"] = self.finished
        out["players"] = {name: entry.to_data() for name, entry in self.players.items()}
        return out


def _place(loc: tuple) -> str:
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


def parse_game(data: object) -> FlorisGame:
    """Validate a game file's shape; InputError (exit 2) naming player, bouquet and key."""
    check_format(data, GAME_FORMAT)
    return parse_model(FlorisGame, data, place=_place)
