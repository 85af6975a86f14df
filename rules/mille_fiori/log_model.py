"""Pydantic models of the game log ``scorepad/mf-game@1``: its shape, and the placed
message (``round 2, turn 14, action: missing key``) when a log lacks it.

:func:`scorepad.rules.mille_fiori.log.parse_game_log` reads a well-formed log without
these models (importing pydantic costs more than the whole replay); it turns to them
only for a log its plain reader does not accept, so every shape error is pydantic's.
The test suite checks that both readers agree.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from scorepad.rules.common.models import StrictModel, parse_model

PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
Id = Annotated[str, Field(min_length=1, max_length=40)]


class ActionSpec(StrictModel):
    """``{place: SPACE}`` or ``{ship: true}``."""

    place: Id | None = None
    ship: Literal[True] | None = None

    @model_validator(mode="after")
    def _one(self) -> ActionSpec:
        if (self.place is None) == (self.ship is None):
            raise ValueError("an action is either {place: SPACE} or {ship: true}")
        return self


class BonusSpec(StrictModel):
    """A bonus card taken from the display and its action."""

    card: Id
    action: ActionSpec


class TurnSpec(StrictModel):
    """One hand card played, and the bonus cards of the chain it started, in order."""

    player: PlayerName
    card: Id
    action: ActionSpec
    bonus: list[BonusSpec] = []


class RoundSpec(StrictModel):
    """A round: its start player, optionally its leftovers, and the turns in play order."""

    start: PlayerName
    leftover: list[Id] | None = None
    turns: list[TurnSpec] = []


class GameLog(StrictModel):
    """A whole game log."""

    format: Literal["scorepad/mf-game@1"]
    rules: dict[str, Any] = {}
    players: Annotated[list[PlayerName], Field(min_length=1, max_length=8)]
    display: list[Id] | None = None
    rounds: list[RoundSpec]  # required (may be []): a log without it is not a game log

    @field_validator("players")
    @classmethod
    def _distinct(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            twice = next(n for n in value if value.count(n) > 1)
            raise ValueError(f"player {twice!r} named twice")
        return value


def _placer(data: Any):
    """A pydantic-location formatter that numbers turns through the whole game."""
    def place(loc: tuple) -> str:
        parts: list[str] = []
        keys: list[str] = []  # plain keys between the numbered places join with dots

        def flush() -> None:
            if keys:
                parts.append(".".join(keys))
                keys.clear()

        items = list(loc)
        i = 0
        while i < len(items):
            part = items[i]
            nxt = items[i + 1] if i + 1 < len(items) else None
            if part == "rounds" and isinstance(nxt, int):
                flush()
                parts.append(f"round {nxt + 1}")
                rnd = nxt
                i += 2
                if i + 1 < len(items) and items[i] == "turns" and isinstance(items[i + 1], int):
                    parts.append(f"turn {_turns_before(data, rnd) + items[i + 1] + 1}")
                    i += 2
                continue
            if part in ("bonus", "display", "leftover", "players") and isinstance(nxt, int):
                flush()
                parts.append(f"{part} {nxt + 1}")
                i += 2
                continue
            keys.append(str(part))
            i += 1
        flush()
        return ", ".join(parts)
    return place


def _turns_before(data: Any, rnd: int) -> int:
    try:
        return sum(len(r.get("turns") or []) for r in data["rounds"][:rnd])
    except (TypeError, KeyError, AttributeError):
        return 0


def validate_game_log(data: Any) -> GameLog:
    """Validate a log's shape (its ``format`` already checked); InputError naming the place."""
    return parse_model(GameLog, data, place=_placer(data))
