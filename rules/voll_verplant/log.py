"""The game log format ``scorepad/vv-game@1``: what ``flip``/``play`` write and
``check``/``score`` read. Its one schema (pydantic): shape only; the game protocol
(:mod:`.game`) replays the moves through the engine, which judges them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from scorepad.rules.common.errors import ContentError, InputError
from scorepad.rules.common.formats import check_format
from scorepad.rules.common.models import StrictModel, parse_model

from .cards import Card, parse_card

GAME_FORMAT = "scorepad/vv-game@1"

PlayerName = Annotated[str, Field(min_length=1, max_length=40)]


class MoveSpec(StrictModel):
    """One player's move in a round, as written in a log.

    Number/express: ``{line, crosses, direction?}``; transfer: ``{line, direction?}``;
    free ride: ``{station: id}`` or ``{station: null}`` to decline; ``{}`` for a player
    with no free window. ``then`` lists special-station follow-ups in trigger order.
    """

    line: Annotated[str, Field(pattern=r"^[A-Z]$")] | None = None
    crosses: Annotated[int, Field(ge=0, le=99)] | None = None
    direction: Literal["cw", "ccw"] | None = None
    station: int | None = None
    then: list[MoveSpec] = []

    @property
    def declines(self) -> bool:
        """``{station: null}``: the free ride declined."""
        return "station" in self.model_fields_set and self.station is None

    def to_data(self) -> dict[str, Any]:
        """The move as log data, keys in the contract's order, defaults left out."""
        out: dict[str, Any] = {}
        if self.line is not None:
            out["line"] = self.line
        if self.crosses is not None:
            out["crosses"] = self.crosses
        if self.direction is not None:
            out["direction"] = self.direction
        if "station" in self.model_fields_set:
            out["station"] = self.station
        if self.then:
            out["then"] = [m.to_data() for m in self.then]
        return out


class RoundSpec(StrictModel):
    """A round: the card revealed and each player's move (none in a flipper's log)."""

    card: int | str
    moves: dict[PlayerName, MoveSpec] = {}

    @field_validator("card")
    @classmethod
    def _card(cls, value: int | str) -> int | str:
        return parse_card(value).code

    @property
    def parsed_card(self) -> Card:
        return parse_card(self.card)


class GameLog(StrictModel):
    """A whole game log."""

    format: Literal["scorepad/vv-game@1"]
    map: Annotated[str, Field(min_length=1)] | None = None  # a flipper log may have none
    rules: dict[str, Any] = {}
    seed: str | int | None = None
    players: list[PlayerName] = []  # required when there is a map (check_required)
    rounds: list[RoundSpec]  # required (may be [])

    @field_validator("players")
    @classmethod
    def _distinct(cls, value: list[str]) -> list[str]:
        seen = set()
        for name in value:
            if name in seen:
                raise ValueError(f"player {name!r} named twice")
            seen.add(name)
        return value

    def to_data(self) -> dict[str, Any]:
        """The log as plain data in the contract's key order (for writing YAML/JSON)."""
        out: dict[str, Any] = {"format": GAME_FORMAT}
        if self.map is not None:
            out["map"] = self.map
        out["rules"] = dict(self.rules)
        if self.seed is not None:
            out["seed"] = self.seed
        out["players"] = list(self.players)
        rounds = []
        for rnd in self.rounds:
            entry: dict[str, Any] = {"card": rnd.card}
            if rnd.moves:
                entry["moves"] = {name: m.to_data() for name, m in rnd.moves.items()}
            rounds.append(entry)
        out["rounds"] = rounds
        return out


def _place(loc: tuple) -> str:
    """``('rounds', 6, 'moves', 'Ann', 'line')`` → ``round 7, Ann, line``."""
    parts: list[str] = []
    items = list(loc)
    i = 0
    while i < len(items):
        part = items[i]
        if part == "rounds" and i + 1 < len(items) and isinstance(items[i + 1], int):
            parts.append(f"round {items[i + 1] + 1}")
            i += 2
            continue
        if part == "moves" and i + 1 < len(items):
            parts.append(str(items[i + 1]))
            i += 2
            continue
        if part == "then" and i + 1 < len(items) and isinstance(items[i + 1], int):
            parts.append(f"follow-up {items[i + 1] + 1}")
            i += 2
            continue
        parts.append(str(part) if not isinstance(part, int) else f"item {part + 1}")
        i += 1
    return ", ".join(parts)


def check_required(data: Mapping[str, Any]) -> None:
    """``players`` is required in a game with a map (a flipper's log, without a map, may
    leave it out); a log without its players would score nobody and say ok."""
    if data.get("map") is not None and "players" not in data:
        raise InputError("missing key (a game on a map lists its players)", where=("players",))


def check_known_cards(data: Mapping[str, Any]) -> None:
    """An unknown card (``card: 12``) is content, not shape: ContentError naming the round."""
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        return
    for number, rnd in enumerate(rounds, start=1):
        card = rnd.get("card") if isinstance(rnd, Mapping) else None
        if isinstance(card, (int, str)) and not isinstance(card, bool):
            try:
                parse_card(card)
            except ValueError as err:
                raise ContentError(str(err), where=(f"round {number}", "card")) from None


def parse_game_log(data: object) -> GameLog:
    """Validate a game log's shape; InputError (exit 2) naming round, player and key.

    A card the game does not have (``card: 12``) is content, not shape: ContentError
    (exit 1) naming the round.
    """
    check_format(data, GAME_FORMAT)
    assert isinstance(data, Mapping)
    check_required(data)
    check_known_cards(data)
    return parse_model(GameLog, data, place=_place)
