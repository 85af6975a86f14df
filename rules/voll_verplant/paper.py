"""The paper sheet format ``scorepad/vv-sheet@1``: a finished paper sheet, typed in, and
the reader that makes the sheets of one game a game log.

A paper sheet says what is on the paper at the end of a game, not how it got there:
the empty (or the marked) stations, the transfer numbers, the lines for which the
player scored the *first* bonus and, optionally, the wagon windows. This module

* validates the file's *shape* (:func:`parse_sheet`, InputError, exit 2), including
  station lists with ranges (``"12-15, 40"``, or ``[12, "15-18", 40]``);
* checks one sheet's *content* with the engine's rules of an end position
  (:func:`check_sheet`: :func:`.end_position.position_problems`, exit 1), reporting every
  problem of a sheet at once;
* reads the sheets of one game into ONE Voll verplant log document (:func:`paper_log`: the
  log's ``sheets`` extension, one map, one ruleset, distinct players), which the game
  protocol's ``from_log`` turns into the end state and ``score`` scores
  (:func:`combine_sheets` does the three).

It is pure: callers read the files and the map. Ids are the printed ones (station
numbers, line letters).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BeforeValidator, Field, field_validator

from scorepad.rules.common.errors import ContentError, Problems, ScorepadError, raise_all
from scorepad.rules.common.formats import check_format
from scorepad.rules.common.models import StrictModel, parse_model

# The checks of one sheet are the engine's rules of an end position; the names below are
# also this format's own vocabulary (`vv enter` checks answer by answer with them).
from .end_position import compress_ranges as compress_ranges
from .end_position import marked_stations, position_problems
from .end_position import plus_problems as plus_problems
from .end_position import window_values as window_values
from .game import GAME, VVState
from .log import GAME_FORMAT, Entry, LineLetter, StationLists, entry_data, entry_text
from .maps import Network
from .replay import marked_sheets
from .ruleset import VVRules, default_rules
from .view import MarkedSheet

SHEET_FORMAT = "scorepad/vv-sheet@1"
MAX_STATION_ID = 999  # the map format's limit; it also bounds what a range may expand to
PLUS = "+"

# "12 - 15" and "12–15" (en dash, as word processors write it) are ranges too.
_DASH = re.compile(r"\s*[-\u2013]\s*")
_SEP = re.compile(r"[,;\s]+")
_RANGE = re.compile(r"^(\d+)-(\d+)$")
_LETTER = re.compile(r"^[A-Z]$")
_PAIR = re.compile(r"^(\d+)\s*[:=]\s*(-?\d+)$")


# --- parsing the short notations (shared by the file format and `vv enter`) ---------

def _tokens(text: str) -> list[str]:
    """Split ``"12-15, 40 41"`` into ``["12-15", "40", "41"]``."""
    return [t for t in _SEP.split(_DASH.sub("-", text.strip())) if t]


def _station_int(number: int) -> int:
    if not 1 <= number <= MAX_STATION_ID:
        raise ValueError(f"{number} is not a station number (1-{MAX_STATION_ID})")
    return number


def _station_token(token: str) -> list[int]:
    if token.isdigit():
        return [_station_int(int(token))]
    match = _RANGE.match(token)
    if not match:
        raise ValueError(f"{token!r} is not a station number or a range such as 12-15")
    low, high = int(match[1]), int(match[2])
    if low > high:
        raise ValueError(f"the range {token} runs backwards (write {high}-{low})")
    if low < 1 or high > MAX_STATION_ID:
        raise ValueError(f"the range {token} goes beyond the station numbers 1-{MAX_STATION_ID}")
    return list(range(low, high + 1))


def parse_station_list(value: object) -> list[int]:
    """Station ids from a list of numbers and ranges, or a text such as ``"12-15, 40"``.

    ``None`` and ``"-"``/``"none"`` mean no station. Ids keep their order and may repeat
    (repeats are reported by the content check, which knows the field). ValueError names
    the bad item.
    """
    if isinstance(value, bool):
        raise ValueError("expected station numbers, not true/false")
    if isinstance(value, int):
        return [_station_int(value)]
    out: list[int] = []
    for item in _listed(value, "a list of station numbers and ranges, e.g. [12, 15-18, 40]"):
        if isinstance(item, bool) or not isinstance(item, (int, str)):
            raise ValueError(f"{item!r} is not a station number or a range such as 12-15")
        if isinstance(item, int):
            out.append(_station_int(item))
        else:
            for token in _tokens(item):
                out.extend(_station_token(token))
    return out


def _listed(value: object, expected: str) -> Sequence[object]:
    """The items of a list field: a list, or a text split at commas and spaces; nothing for
    a missing value, ``-`` or ``none``. Anything else: ValueError saying what was expected."""
    if value is None:
        return []
    if isinstance(value, str):
        return [] if value.strip().lower() in ("-", "none") else _tokens(value)
    if isinstance(value, (list, tuple)):
        return value
    raise ValueError(f"expected {expected}")


def parse_line_list(value: object) -> list[str]:
    """Line letters from a list or a text such as ``"A, C"`` (lower case accepted)."""
    out = []
    for item in _listed(value, "a list of line letters, e.g. [A, C]"):
        text = item.strip().upper() if isinstance(item, str) else ""
        if not _LETTER.match(text):
            raise ValueError(f"{item!r} is not a line letter")
        out.append(text)
    return out


def parse_transfer_text(text: str) -> dict[int, int]:
    """``"8:3, 22:4"`` (or ``8=3``) → ``{8: 3, 22: 4}``; ``"-"`` or nothing → ``{}``."""
    if text.strip().lower() in ("", "-", "none"):
        return {}
    out: dict[int, int] = {}
    for token in re.split(r"[,;]+|\s+(?=\d+\s*[:=])", text.strip()):
        token = token.strip()
        if not token:
            continue
        match = _PAIR.match(token)
        if not match:
            raise ValueError(f"{token!r} is not station:number (e.g. 22:4)")
        station = int(match[1])
        if station in out:
            raise ValueError(f"station {station} is given twice")
        out[station] = int(match[2])
    return out


def parse_entries_text(text: str) -> list[str]:
    """``"4 5 +"`` or ``"4, E2, +"`` → ``["4", "5", "+"]``; ``"-"`` or nothing → ``[]``."""
    if text.strip().lower() in ("", "-", "none"):
        return []
    return [entry_text(t) for t in re.split(r"[,;\s]+", text.strip()) if t]


def _transfers(value: object) -> object:
    return {} if value is None else value


# --- the file's shape ---------------------------------------------------------------

StationList = Annotated[list[int], BeforeValidator(parse_station_list)]
LineList = Annotated[list[str], BeforeValidator(parse_line_list)]


class SheetSpec(StationLists, StrictModel):
    """A typed-in paper sheet. Exactly one of ``empty``/``marked`` is given (an empty
    value, ``empty: []`` or ``empty:``, means no station)."""

    format: Literal["scorepad/vv-sheet@1"]
    map: Annotated[str, Field(min_length=1)]
    player: str
    rules: dict[str, Any] = {}
    empty: StationList | None = None
    marked: StationList | None = None
    transfers: Annotated[dict[int, int], BeforeValidator(_transfers)] = {}
    first: LineList = []
    windows: dict[LineLetter, list[Entry]] | None = None

    @field_validator("player")
    @classmethod
    def _name(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("a player name is needed")
        if len(value) > 40:
            raise ValueError("a player name has at most 40 characters")
        return value



def _place(loc: tuple[int | str, ...]) -> str:
    """``('transfers', '22')`` → ``transfers, station 22``;
    ``('windows', 'B', 1)`` → ``windows, line B, entry 2``."""
    items = [p for p in loc if not (isinstance(p, str) and p.startswith("["))]
    if not items:
        return ""
    head, rest = items[0], items[1:]
    parts = [str(head)]
    if head == "transfers" and rest:
        parts.append(f"station {rest[0]}")
    elif head == "windows" and rest:
        parts.append(f"line {rest[0]}")
        if len(rest) > 1 and isinstance(rest[1], int):
            parts.append(f"entry {rest[1] + 1}")
    elif head == "first" and rest and isinstance(rest[0], int):
        parts.append(f"item {rest[0] + 1}")
    return ", ".join(parts)


def parse_sheet(data: object) -> SheetSpec:
    """Validate a paper sheet's shape; InputError (exit 2) naming the key."""
    check_format(data, SHEET_FORMAT)
    return parse_model(SheetSpec, data, place=_place)


# --- content checks -------------------------------------------------------------------

# Several problems reported together (one per line): the shared error type.
SheetErrors = Problems


@dataclass(frozen=True)
class PaperSheet:
    """A checked paper sheet: ``marked`` holds every marked station (transfer stations
    included); ``windows`` is None when the sheet does not give them."""

    player: str
    marked: frozenset[int]
    transfers: Mapping[int, int]
    first: tuple[str, ...]
    windows: Mapping[str, tuple[str, ...]] | None

    def position(self) -> dict[str, Any]:
        """The sheet as an end position of the game log's ``sheets``
        (:class:`.log.EndSheetSpec`)."""
        out: dict[str, Any] = {"marked": sorted(self.marked), "transfers": dict(self.transfers),
                               "first": list(self.first)}
        if self.windows is not None:
            out["windows"] = {k: [entry_data(e) for e in v] for k, v in self.windows.items()}
        return out


def check_sheet(spec: SheetSpec, network: Network, rules: VVRules) -> PaperSheet:
    """Check one sheet against its map with the engine's rules of an end position
    (:func:`.end_position.position_problems`); raise every problem at once (exit 1)."""
    raise_all(position_problems(spec, network, rules))
    windows = None
    if spec.windows is not None:
        windows = {letter: tuple(spec.windows.get(letter, ()))
                   for letter in network.line_index if spec.windows.get(letter)}
    return PaperSheet(player=spec.player,
                      marked=marked_stations(network, spec.listed, spec.transfers),
                      transfers=dict(sorted(spec.transfers.items())),
                      first=tuple(spec.first), windows=windows)


# --- the sheets of one game: one log document ---------------------------------------------

class PaperEntry(NamedTuple):
    """One checked sheet with where it came from, its map and its rules; ``map_ref``: how
    the sheet names its map (default: the map's id)."""

    source: str
    network: Network
    rules: VVRules
    sheet: PaperSheet
    map_ref: str | None = None


class PaperGame(NamedTuple):
    """The sheets of one game as the game protocol's end state (``state``: what
    ``GAME.score`` scores), its sheets scored, with warnings about claims that look
    impossible."""

    network: Network
    rules: VVRules
    sheets: list[MarkedSheet]
    warnings: list[str]
    state: VVState


def _same_map(a: Network, b: Network) -> bool:
    return a.id == b.id and [(x.id, x.order) for x in a.lines] == [(x.id, x.order) for x in b.lines]


def game_problems(entries: Sequence[PaperEntry]) -> list[ScorepadError]:
    """Sheets of one game share one map and one ruleset, and name different players."""
    problems: list[ScorepadError] = []
    head = entries[0]
    players: dict[str, str] = {}
    for entry in entries:
        if not _same_map(entry.network, head.network):
            problems.append(ContentError(
                f"{entry.network.id}, but {head.source} is on {head.network.id}: the sheets "
                "of one game share one map", where=("map",), source=entry.source))
        elif entry.rules != head.rules:
            changed = entry.rules.changed_from(head.rules)
            problems.append(ContentError(
                f"other options than {head.source} ({', '.join(changed)}): the sheets of one "
                "game share one ruleset", where=("rules",), source=entry.source))
        name = entry.sheet.player
        if name in players:
            problems.append(ContentError(f"{name} is also the player of {players[name]}: "
                                         "each sheet needs its own name", where=("player",),
                                         source=entry.source))
        else:
            players[name] = entry.source
    return problems


def paper_log(entries: Sequence[PaperEntry]) -> dict[str, Any]:
    """The sheets of one game (players in the given order) as ONE Voll verplant log
    document: their map, their ruleset, the players, no rounds, and each player's end
    position under ``sheets`` (the log's extension for a game played on paper). Sheets on
    different maps or rulesets, or with the same player, are refused (ContentError naming
    the file)."""
    if not entries:
        raise ValueError("no sheets")
    raise_all(game_problems(entries))
    head = entries[0]
    return {"format": GAME_FORMAT, "map": head.map_ref or head.network.id,
            "rules": head.rules.changed_from(default_rules()),
            "players": [e.sheet.player for e in entries], "rounds": [],
            "sheets": {e.sheet.player: e.sheet.position() for e in entries}}


def claim_warnings(sheets: Sequence[MarkedSheet]) -> list[str]:
    """Claims that are possible but look wrong when several sheets of a game are scored
    together: a line complete on some sheets whose first bonus nobody claims."""
    if len(sheets) < 2:
        return []
    warnings = []
    claimed = {letter for s in sheets for letter, bonus in s.bonuses.items() if bonus == "first"}
    assert sheets[0].score is not None
    for letter in sheets[0].score.lines:  # every line of the map, in the map's order
        if letter in claimed:
            continue
        done = [s.player for s in sheets if letter in s.bonuses]
        if done:
            who = done[0] if len(done) == 1 else f"{', '.join(done[:-1])} and {done[-1]}"
            warnings.append(f"line {letter} is complete on the sheet{'s' if len(done) > 1 else ''}"
                            f" of {who}, but no sheet claims its first bonus: scored as later "
                            "(did a player whose sheet is not here take it?)")
    return warnings


def combine_sheets(entries: Sequence[PaperEntry]) -> PaperGame:
    """The sheets of one game read into one log document (:func:`paper_log`) and through
    the game protocol's ``from_log`` into the end state they stand for, scored by the
    engine (players in the given order).

    ``struck`` on a sheet: the lines whose first bonus another player of the game claims,
    and the complete lines this player scored as later (someone took first before).
    """
    doc = paper_log(entries)
    network, rules = entries[0].network, entries[0].rules
    state = GAME.from_log(doc, rules=rules, network=network)
    assert state.core is not None
    sheets = marked_sheets(state.core)
    return PaperGame(network, rules, sheets, claim_warnings(sheets), state)


# --- writing sheets ---------------------------------------------------------------------

def sheet_data(map_ref: str, player: str, listed: tuple[str, Sequence[int]],
               transfers: Mapping[int, int], first: Sequence[str],
               windows: Mapping[str, Sequence[str]] | None = None) -> dict[str, Any]:
    """A paper sheet as file data, keys in the contract's order."""
    kind, ids = listed
    data: dict[str, Any] = {"format": SHEET_FORMAT, "map": map_ref, "player": player,
                            kind: sorted(ids), "transfers": dict(sorted(transfers.items())),
                            "first": list(first)}
    if windows:
        data["windows"] = {k: [entry_data(e) for e in v] for k, v in windows.items() if v}
    return data
