"""The game log format ``scorepad/vv-game@1``: what ``flip``/``play`` write and
``check``/``score`` read. Its one schema (pydantic): shape only; the game protocol
(:mod:`.game`) replays the moves through the engine, which judges them.

Extension: a game played on paper is a log with ``sheets`` (each player's end position,
:class:`EndSheetSpec`) and no rounds; the reader of paper sheet files
(:mod:`.paper`) writes it, and the protocol builds the end state from it
(:mod:`.end_position`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal, Protocol

from pydantic import (
    BeforeValidator,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from scorepad.rules.common.errors import ContentError, InputError, RuleViolation
from scorepad.rules.common.formats import check_format
from scorepad.rules.common.models import (
    PlainSeed,
    PlayerName,
    StrictModel,
    parse_model,
    validation_problems,
)

from .cards import FREE, TRANSFER, Card, parse_card

if TYPE_CHECKING:
    from .maps import Network

GAME_FORMAT = "scorepad/vv-game@1"

_LETTER = re.compile(r"[A-Z]")
#: The most crosses a step may name (a log's bound; the card and the line allow fewer).
CROSSES_MAX = 99


_STEP_KEYS = "line, crosses, direction or station"


class StepSpec(StrictModel):
    """One step as written in a log or sent by a front-end: the one validator of the
    move notation.

    Number/express: ``{line, crosses?, direction?}``; transfer: ``{line, direction?}``;
    free ride: ``{station: id}`` or ``{station: null}`` to decline; ``{}`` for a player
    with no free window. Read alone (a log) it checks the shape; read for a card
    (:func:`read_step`, what ``apply`` does) it also refuses a field the card does not
    use (#15: refused, not ignored) as a :class:`RuleViolation` naming the rule.
    """

    line: str | None = None
    crosses: int | None = None
    direction: Literal["cw", "ccw"] | None = None
    station: int | None = None

    @model_validator(mode="before")
    @classmethod
    def _mapping(cls, data: object) -> object:
        if not isinstance(data, Mapping):
            raise ValueError("a move is a mapping such as {line: A, crosses: 3}, "
                             f"{{station: 17}} or {{}}, not {str(data)[:40]!r}")
        return data

    @field_validator("line", mode="before")
    @classmethod
    def _line(cls, value: object) -> object:
        if value is not None and not (isinstance(value, str) and _LETTER.fullmatch(value)):
            raise ValueError("a line is given by its letter (A to Z)")
        return value

    @field_validator("crosses", mode="before")
    @classmethod
    def _crosses(cls, value: object) -> object:
        if value is not None and not (isinstance(value, int) and not isinstance(value, bool)
                                      and 0 <= value <= CROSSES_MAX):
            raise ValueError(f"crosses are a count from 0 to {CROSSES_MAX}")
        return value

    @field_validator("direction", mode="before")
    @classmethod
    def _direction(cls, value: object) -> object:
        if value is not None and value not in ("cw", "ccw"):
            raise ValueError(f"a ring is travelled cw or ccw, not {str(value)[:20]!r}")
        return value

    @field_validator("station", mode="before")
    @classmethod
    def _station(cls, value: object) -> object:
        if value is not None and not _is_int(value):
            raise ValueError("a station is given by its number")
        return value

    @model_validator(mode="after")
    def _fits_card(self, info: ValidationInfo) -> StepSpec:
        context = info.context or {}
        card, network = context.get("card"), context.get("network")
        if card is None:
            return self
        given = self.model_fields_set
        if card.kind == FREE:
            if "line" in given:
                raise RuleViolation("a free ride takes `station: ID` (or `station: null` to "
                                    "decline), not a line", rule="free-ride-station")
            for key in ("crosses", "direction"):
                if key in given:
                    raise _unused(key, "a free ride crosses the one station it names: it "
                                       f"takes no `{key}`")
            if "station" not in given:
                raise RuleViolation("a free ride takes `station: ID` (or `station: null` to "
                                    "decline)", rule="free-ride-station")
            return self
        if "station" in given:
            raise RuleViolation(f"{card.a()} card is played on a line: give `line`, "
                                "not `station`", rule="line-card")
        if self.line is None:
            if given:
                raise RuleViolation("the move gives no line", rule="must-fill-window")
            return self
        if "direction" in given and network is not None and not network.line(self.line).ring:
            raise _unused("direction", f"line {self.line} is not a ring: it has no direction "
                                       "to choose")
        if card.kind == TRANSFER and "crosses" in given:
            raise _unused("crosses", transfer_takes_no_crosses(
                self.line, f"write only `line: {self.line}`"))
        return self

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
        return out


class MoveSpec(StepSpec):
    """One player's move in a round, as written in a log: a step and ``then``, the
    special-station follow-ups in trigger order (each a step of its own)."""

    then: list[StepSpec] = []

    def to_data(self) -> dict[str, Any]:
        out = super().to_data()
        if self.then:
            out["then"] = [m.to_data() for m in self.then]
        return out


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def transfer_takes_no_crosses(line: str, instead: str) -> str:
    """Crosses given on a transfer card, in players' words, the same at the table and in a
    log: ``instead`` says what to give instead (``type B`` at the table, ``write only
    `line: B``` in a log)."""
    return f"line {line} takes no number of crosses on a transfer card: {instead}"


def _unused(key: str, message: str) -> RuleViolation:
    return RuleViolation(message, rule="unused-field", where=(key,))


def read_step(data: object, card: Card, network: Network) -> StepSpec:
    """``data``, one step played on ``card`` (``apply``'s input), validated by
    :class:`StepSpec`: every refusal is a RuleViolation naming its rule and field; an
    unknown line is a ContentError (the caller makes it a refusal)."""
    try:
        return StepSpec.model_validate(data, context={"card": card, "network": network})
    except ValidationError as exc:
        err = exc.errors()[0]
        key = str(err["loc"][0]) if err.get("loc") else ""
        if err.get("type") == "extra_forbidden":
            raise _unused(key[:40], "a step has no `then`: each follow-up is a step of its own"
                          if key == "then" else f"unknown key (a move has {_STEP_KEYS})"
                          ) from None
        problem = validation_problems(exc)[0]
        raise RuleViolation(problem.message, rule="move-shape",
                            where=(key,) if key else ()) from None


def entry_text(value: object) -> str:
    """A wagon window entry as text: ``4`` → ``"4"``, ``"e2"`` → ``"E2"``, ``"+"``."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"{value!r} is not a card value such as 4, E2 or \"+\"")
    text = str(value).strip().upper()
    if not text:
        raise ValueError("an empty entry (leave unused windows out)")
    return text


LineLetter = Annotated[str, Field(pattern=r"^[A-Z]$")]
Entry = Annotated[str, BeforeValidator(entry_text)]


class _Lists(Protocol):
    @property
    def model_fields_set(self) -> set[str]: ...
    @property
    def empty(self) -> list[int] | None: ...
    @property
    def marked(self) -> list[int] | None: ...


class StationLists:
    """What a sheet's ``empty``/``marked`` pair means (a mixin of the sheet models: the log's
    :class:`EndSheetSpec` and the paper sheet file's ``SheetSpec``): exactly one is given."""

    @model_validator(mode="after")
    def _one_list(self: _Lists) -> _Lists:
        listed = [k for k in ("empty", "marked") if k in self.model_fields_set]
        if len(listed) == 2:
            raise ValueError("give either `empty` or `marked`, not both")
        if not listed:
            raise ValueError("missing key: give `empty` (the stations left empty) or `marked`")
        return self

    @property
    def listed(self: _Lists) -> tuple[Literal["empty", "marked"], list[int]]:
        """Which list was given, and its station ids."""
        if "marked" in self.model_fields_set:
            return "marked", list(self.marked or [])
        return "empty", list(self.empty or [])


class EndSheetSpec(StationLists, StrictModel):
    """One player's sheet at the end of a game played on paper (the log's ``sheets``):
    exactly one of ``empty``/``marked`` (station numbers as written, repeats kept for the
    check to report), ``transfers`` (station → number written), ``first`` (the lines whose
    first bonus the player took) and, optionally, ``windows`` (line → its entries in order:
    ``4``, ``"E2"``, ``"+"``). Content (ids, numbers, the ``"+"``) is the engine's to judge
    (:func:`.end_position.position_problems`)."""

    empty: list[int] | None = None
    marked: list[int] | None = None
    transfers: dict[int, int] = {}
    first: list[LineLetter] = []
    windows: dict[LineLetter, list[Entry]] | None = None

    def to_data(self) -> dict[str, Any]:
        """The position as log data (window numbers as numbers, as players write them)."""
        kind, ids = self.listed
        out: dict[str, Any] = {kind: ids, "transfers": dict(self.transfers),
                               "first": list(self.first)}
        if self.windows is not None:
            out["windows"] = {k: [entry_data(e) for e in v] for k, v in self.windows.items()}
        return out


def entry_data(entry: str) -> int | str:
    """A window entry as file data: ``"4"`` → ``4``; ``"E2"`` and ``"+"`` stay text."""
    return int(entry) if entry.isdigit() else entry


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
    seed: PlainSeed | int | None = None
    players: list[PlayerName] = []  # required when there is a map (check_required)
    rounds: list[RoundSpec]  # required (may be [])
    #: a game played on paper: each player's end position, and no rounds (an extension)
    sheets: dict[PlayerName, EndSheetSpec] | None = None

    @field_validator("players")
    @classmethod
    def _distinct(cls, value: list[str]) -> list[str]:
        seen = set()
        for name in value:
            if name in seen:
                raise ValueError(f"player {name!r} named twice")
            seen.add(name)
        return value

    @model_validator(mode="after")
    def _paper(self) -> GameLog:
        if self.sheets is None:
            return self
        if self.rounds:
            raise ValueError("a game played on paper gives `sheets`, the end positions, and "
                             "no `rounds`")
        if self.map is None or not self.players:
            raise ValueError("a game played on paper needs its `map` and its `players`")
        missing = [name for name in self.players if name not in self.sheets]
        if missing:
            raise ValueError(f"sheets: no sheet for {missing[0]}")
        extra = [name for name in self.sheets if name not in self.players]
        if extra:
            raise ValueError(f"sheets: {extra[0]} is not a player of this game")
        return self

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
        if self.sheets is not None:
            out["sheets"] = {name: spec.to_data() for name, spec in self.sheets.items()}
        return out


def _place(loc: tuple[int | str, ...]) -> str:
    """``('rounds', 6, 'moves', 'Ann', 'line')`` → ``round 7, Ann, line``."""
    parts: list[str] = []
    items = list(loc)
    i = 0
    while i < len(items):
        part = items[i]
        after = items[i + 1] if i + 1 < len(items) else None
        if part == "rounds" and isinstance(after, int):
            parts.append(f"round {after + 1}")
            i += 2
            continue
        if part == "moves" and after is not None:
            parts.append(str(after))
            i += 2
            continue
        if part == "then" and isinstance(after, int):
            parts.append(f"follow-up {after + 1}")
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
