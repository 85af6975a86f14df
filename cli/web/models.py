"""The request bodies the server accepts and the file it keeps beside each game's log.

Every body is read with a size limit (:data:`MAX_BODY`) and validated here before any
game sees it; moves stay plain JSON and are judged by the engine itself.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StringConstraints

#: Largest request body, in bytes (a move or a new game is far smaller).
MAX_BODY = 32_768
#: Deepest nesting of a move (Voll verplant's follow-ups nest a few levels).
MAX_DEPTH = 12

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40,
                                        pattern=r"^[^\x00-\x1f\x7f]+$")]
Token = Annotated[str, StringConstraints(min_length=16, max_length=64,
                                         pattern=r"^[A-Za-z0-9_-]+$")]
Key = Annotated[str, StringConstraints(min_length=1, max_length=40)]


class CreateGame(BaseModel):
    """``POST /api/games``: a new game."""

    model_config = ConfigDict(extra="forbid")
    game: Key
    players: Annotated[list[Name], Field(min_length=0, max_length=16)]
    seed: Annotated[str, StringConstraints(strip_whitespace=True, max_length=100)] | None = None
    rules: Annotated[dict[Key, JsonValue], Field(max_length=32)] = Field(default_factory=dict)
    setup: Annotated[dict[Key, JsonValue], Field(max_length=16)] = Field(default_factory=dict)
    #: False: no seed at all, the table deals its own cards and the server keeps score
    #: (only for a game that offers it: ``WebGame.scorekeeper``)
    deal: bool = True


class Step(BaseModel):
    """``POST /api/games/{id}/step``: a move for ``player``, or (host) a chance step.

    ``reveal: true`` plays the chance step the seed decides; ``player: null`` with a
    ``move`` names the chance outcome (an unseeded deck).
    """

    model_config = ConfigDict(extra="forbid")
    player: Name | None = None
    move: JsonValue = None
    reveal: bool = False


class Check(BaseModel):
    """``POST /api/games/{id}/check``: ask the game about a move without playing it
    (Floris: is this spec a bouquet?)."""

    model_config = ConfigDict(extra="forbid")
    move: JsonValue = None


class TableFile(BaseModel):
    """``<log stem>.web.json`` beside a game log: what the server needs to resume it."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["scorepad/web-game@1"] = "scorepad/web-game@1"
    id: Token
    game: Key
    log: Annotated[str, StringConstraints(pattern=r"^[\w.-]+\.yaml$", max_length=120)]
    host: Token
    watch: Token
    players: dict[str, Token]
    ended: bool = False


def depth(value: object) -> int:
    """How deeply ``value`` nests lists and objects (a scalar: 0)."""
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0
