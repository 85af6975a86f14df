"""The one schema of a Pig game log (``format: scorepad/pig-game@1``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from scorepad.rules.common.errors import InputError

FORMAT = "scorepad/pig-game@1"
Name = Annotated[str, Field(min_length=1, max_length=40)]
#: A step: the die's face (the player is null) or a player's roll/hold.
Step = tuple[Name | None, Annotated[int, Field(ge=1, le=6, strict=True)] | Literal["roll", "hold"]]


class PigLog(BaseModel):
    """A saved game: the players in seat order, the seed and every step."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["scorepad/pig-game@1"]
    players: Annotated[list[Name], Field(min_length=2, max_length=4)]
    seed: str | None = None
    steps: list[Step] = []


def parse(doc: object) -> PigLog:
    """The log in ``doc``; a document of another shape is an InputError (exit 2)."""
    from pydantic import ValidationError

    try:
        return PigLog.model_validate(doc)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the document"
        raise InputError(f"not a Pig game log: {where}: {first['msg']}") from None
