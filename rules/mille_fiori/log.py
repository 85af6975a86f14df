"""The game log ``scorepad/mf-game@1``: its pydantic models, the one reader of every log.

Shape problems (missing keys, wrong types, wrong ``format``) are InputErrors (exit 2)
placed like ``round 2, turn 14, action`` (turns are numbered through the whole game).
Replaying a log through the rules is :mod:`.game`'s job (``replay``, ``GAME.from_log``).

Optional keys beyond the contract's example (all compatible additions; a log without
them reads as before):

* ``seed`` — the game was dealt from this seed (``mf deal``): the display and every
  round's hands must be the seed's;
* ``rounds[].hands`` — the hands dealt at the round's start, by seat (a seeded log
  written by the game protocol records them; they must match the seed);
* ``rounds[].turns[].bonus_owed: true`` — on the last turn of a game in progress: its
  player still owes a bonus card (without it, an owed bonus with no entry is the empty
  display's 5 points, or an error when the log records the display).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, field_validator, model_validator

from scorepad.rules.common.errors import ContentError
from scorepad.rules.common.formats import check_format
from scorepad.rules.common.models import (
    PlainSeed,
    PlayerName,
    StrictModel,
    parse_model,
    validation_to_input_error,
)

GAME_FORMAT = "scorepad/mf-game@1"
NAME_MAX = 40      # characters of a player name, a card or a space id
PLAYERS_MAX = 8    # names a log may list (the engine then wants 2 to 4)

Id = Annotated[str, Field(min_length=1, max_length=NAME_MAX)]


class Action(StrictModel):
    """``{place: SPACE}`` or ``{ship: true}``."""

    place: Id | None = None
    ship: bool | None = None

    @field_validator("ship", mode="before")
    @classmethod
    def _true(cls, value: object) -> object:
        # `true` itself: neither 1 nor "yes" (apply reads moves by this model too)
        if value is not None and value is not True:
            raise ValueError(f"a ship move is {{ship: true}}, not {str(value)[:20]!r}")
        return value

    @model_validator(mode="after")
    def _one(self) -> Action:
        if (self.place is None) == (self.ship is None):
            raise ValueError("an action is either {place: SPACE} or {ship: true}")
        return self

    def to_data(self) -> dict[str, Any]:
        """The action as the log writes it."""
        return {"ship": True} if self.ship else {"place": self.place}


class Play(StrictModel):
    """A card played and its action: a move of the game protocol (``{card, action}``) and
    a bonus entry of a log's turn. The one validator of the notation: ``apply`` and the
    log read moves by it (:func:`read_play`)."""

    card: Id
    action: Action

    @model_validator(mode="before")
    @classmethod
    def _mapping(cls, data: object) -> object:
        if not isinstance(data, Mapping):
            raise ValueError("a move is {card: CARD, action: {place: SPACE} or {ship: true}}, "
                             f"not {str(data)[:60]}")
        return data


class Bonus(Play):
    """A bonus card taken from the display and its action."""


class Turn(StrictModel):
    """One hand card played, and the bonus cards of the chain it started, in order."""

    player: PlayerName
    card: Id
    action: Action
    bonus: list[Bonus] = []
    bonus_owed: bool = False


class Round(StrictModel):
    """A round: its start player, optionally its hands and leftovers, the turns in order."""

    start: PlayerName
    hands: list[list[Id]] | None = None
    leftover: list[Id] | None = None
    turns: list[Turn] = []


class GameLog(StrictModel):
    """A whole game log."""

    format: Literal["scorepad/mf-game@1"]
    rules: dict[str, Any] = {}
    seed: Annotated[PlainSeed, Field(min_length=1, max_length=200)] | None = None
    players: Annotated[list[PlayerName], Field(min_length=1, max_length=PLAYERS_MAX)]
    display: list[Id] | None = None
    rounds: list[Round]  # required: a log without rounds is no game (issue 13)

    @field_validator("players")
    @classmethod
    def _distinct(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            twice = next(n for n in value if value.count(n) > 1)
            raise ValueError(f"player {twice!r} named twice")
        return value


def _placer(data: Any) -> Callable[[tuple[Any, ...]], str]:
    """A pydantic-location formatter that numbers turns through the whole game."""
    def place(loc: tuple[Any, ...]) -> str:
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
            if part in ("bonus", "display", "leftover", "players", "hands") and \
                    isinstance(nxt, int):
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


def parse_game_log(data: object) -> GameLog:
    """Read a game log; InputError (exit 2) naming round, turn and key if it lacks the shape."""
    check_format(data, GAME_FORMAT)
    return parse_model(GameLog, data, place=_placer(data))


def read_turn(data: object) -> Turn:
    """One turn entry of a log (as written in ``rounds[].turns``)."""
    log = parse_game_log({"format": GAME_FORMAT, "players": ["x"],
                          "rounds": [{"start": "x", "turns": [data]}]})
    return log.rounds[0].turns[0]


def read_play(data: object) -> Play:
    """A ``{card, action}`` move (``apply``'s input) validated by :class:`Play`; a
    ContentError naming the key if it is not in the notation (``apply`` refuses it)."""
    try:
        return Play.model_validate(data)
    except ValidationError as exc:
        problem = validation_to_input_error(exc)
        raise ContentError(problem.message, where=problem.where) from None
