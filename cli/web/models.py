"""The request bodies the server accepts and the file it keeps beside each game's log.

Every body is read with a size limit (:data:`MAX_BODY`) and validated here before any
game sees it; moves stay plain JSON and are judged by the engine itself.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, JsonValue, StringConstraints

from scorepad.rules.common.names import normal_name

#: Largest request body, in bytes (a move or a new game is far smaller).
MAX_BODY = 32_768
#: Deepest nesting of a move (Voll verplant's follow-ups nest a few levels).
MAX_DEPTH = 12

#: A player's name as a body gives it, in NFC before it is measured or compared
#: (:func:`normal_name`, the one rule of every front-end): ``Zoé`` typed with a combining
#: accent names the table's ``Zoé``. Anything but a string is left to the type's 422.
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40,
                                        pattern=r"^[^\x00-\x1f\x7f]+$"),
                 BeforeValidator(lambda v: normal_name(v) if isinstance(v, str) else v)]
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
    #: an id the start page makes per tap: the same id again answers the same game (a
    #: second tap, a retried request) instead of making a second one
    request: Annotated[str, StringConstraints(max_length=64)] | None = None


class Undo(BaseModel):
    """``POST /api/games/{id}/undo`` (host): ``steps`` is the number of steps the host's
    page showed; a game that has moved on since is not undone (409)."""

    model_config = ConfigDict(extra="forbid")
    steps: Annotated[int, Field(ge=0)] | None = None


class Retract(BaseModel):
    """``POST /api/games/{id}/retract``: take back ``player``'s own moves of the round
    still open (a player's link: their own; the host's: anyone's)."""

    model_config = ConfigDict(extra="forbid")
    player: Name | None = None


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


class HostedGameFile(BaseModel):
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


def depth(text: bytes) -> int:
    """How deeply the JSON text ``text`` nests lists and objects (a scalar: 0), read
    before it is parsed, without recursion: a body nested 10,000 deep costs one pass."""
    deepest = level = 0
    in_string = escaped = False
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            level += 1
            deepest = max(deepest, level)
        elif byte in (0x5D, 0x7D):
            level -= 1
    return deepest
