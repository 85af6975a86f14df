"""The paper sheet format ``scorepad/vv-sheet@1``: a finished paper sheet, typed in.

A paper sheet says what is on the paper at the end of a game, not how it got there:
the empty (or the marked) stations, the transfer numbers, the lines for which the
player scored the *first* bonus and, optionally, the wagon windows. This module

* validates the file's *shape* (:func:`parse_sheet`, InputError, exit 2), including
  station lists with ranges (``"12-15, 40"``, or ``[12, "15-18", 40]``);
* checks its *content* against the map (:func:`check_sheet`, ContentError for unknown
  ids and RuleViolation for impossible entries, exit 1), reporting every problem of a
  sheet at once;
* checks the sheets of one game together and scores them (:func:`combine_sheets`).

It is pure: callers read the files and the map. Ids are the printed ones (station
numbers, line letters).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BeforeValidator, Field, field_validator, model_validator

from scorepad.rules.common.errors import (
    ContentError,
    Problems,
    RuleViolation,
    ScorepadError,
    raise_all,
)
from scorepad.rules.common.formats import check_format
from scorepad.rules.common.models import StrictModel, parse_model

from .cards import EXPRESS, NUMBER, TRANSFER, parse_card
from .maps import Network
from .ruleset import VVRules
from .scoring import score_sheet
from .view import Bonus, MarkedSheet

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


def entry_text(value: object) -> str:
    """A wagon window entry as text: ``4`` → ``"4"``, ``"e2"`` → ``"E2"``, ``"+"``."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"{value!r} is not a card value such as 4, E2 or \"+\"")
    text = str(value).strip().upper()
    if not text:
        raise ValueError("an empty entry (leave unused windows out)")
    return text


def parse_entries_text(text: str) -> list[str]:
    """``"4 5 +"`` or ``"4, E2, +"`` → ``["4", "5", "+"]``; ``"-"`` or nothing → ``[]``."""
    if text.strip().lower() in ("", "-", "none"):
        return []
    return [entry_text(t) for t in re.split(r"[,;\s]+", text.strip()) if t]


def _transfers(value: object) -> object:
    return {} if value is None else value


def compress_ranges(ids: Iterable[int]) -> str:
    """``[1, 2, 3, 7, 9, 10]`` → ``"1-3, 7, 9-10"`` (for messages and templates)."""
    ordered = sorted(set(ids))
    parts: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        parts.append(str(ordered[i]) if i == j else f"{ordered[i]}-{ordered[j]}")
        i = j + 1
    return ", ".join(parts)


# --- the file's shape ---------------------------------------------------------------

StationList = Annotated[list[int], BeforeValidator(parse_station_list)]
LineList = Annotated[list[str], BeforeValidator(parse_line_list)]
LineLetter = Annotated[str, Field(pattern=r"^[A-Z]$")]
Entry = Annotated[str, BeforeValidator(entry_text)]


class SheetSpec(StrictModel):
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

    @model_validator(mode="after")
    def _one_list(self) -> SheetSpec:
        given = [k for k in ("empty", "marked") if k in self.model_fields_set]
        if len(given) == 2:
            raise ValueError("give either `empty` or `marked`, not both")
        if not given:
            raise ValueError("missing key: give `empty` (the stations left empty) or `marked`")
        return self

    @property
    def listed(self) -> tuple[Literal["empty", "marked"], list[int]]:
        """Which list was given, and its station ids."""
        if "marked" in self.model_fields_set:
            return "marked", list(self.marked or [])
        return "empty", list(self.empty or [])


def _place(loc: tuple) -> str:
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


def station_problems(ids: Sequence[int], network: Network, field: str) -> list[ScorepadError]:
    """Unknown station ids and ids listed twice in one field."""
    problems: list[ScorepadError] = []
    seen: set[int] = set()
    twice: set[int] = set()
    for sid in ids:
        if sid not in network.station_index:
            problems.append(ContentError(f"no such station (the map has "
                                         f"{compress_ranges(network.station_index)})",
                                         where=(field, f"station {sid}")))
        elif sid in seen:
            if sid not in twice:  # once per station, however often it is listed again
                problems.append(ContentError("listed twice", where=(field, f"station {sid}")))
            twice.add(sid)
        seen.add(sid)
    return problems


def lines_through(network: Network, station_id: int) -> list[str]:
    """The letters of the lines through a station."""
    return [network.lines[i].id for i in network.station(station_id).lines]


def transfer_problems(transfers: Mapping[int, int], network: Network,
                      empty: Iterable[int] = ()) -> list[ScorepadError]:
    """Unknown stations, numbers other than the count of lines through the station, and
    transfer stations listed as empty."""
    problems: list[ScorepadError] = []
    empty_set = set(empty)
    for sid, number in transfers.items():
        where = ("transfers", f"station {sid}")
        if sid not in network.station_index:
            problems.append(ContentError("no such station", where=where))
            continue
        through = lines_through(network, sid)
        if number != len(through):
            lines = "line" if len(through) == 1 else "lines"
            verb = "passes" if len(through) == 1 else "pass"
            problems.append(RuleViolation(
                f"{number} written, but {len(through)} {lines} ({', '.join(through)}) "
                f"{verb} through it", rule="transfer-number", where=where))
        if sid in empty_set:
            problems.append(RuleViolation("holds a transfer number, so it is not empty: "
                                          "take it out of `empty`", rule="transfer-not-empty",
                                          where=("empty", f"station {sid}")))
    return problems


def complete_lines(network: Network, marked: Iterable[int]) -> list[str]:
    """The letters of the lines all of whose stations are marked (:meth:`.maps.Network.complete_lines`)."""
    return network.complete_lines(marked)


def first_problems(first: Sequence[str], network: Network,
                   marked: Iterable[int]) -> list[ScorepadError]:
    """Unknown lines, lines claimed twice, and first bonuses claimed for incomplete lines."""
    problems: list[ScorepadError] = []
    ids = set(marked)
    seen: set[str] = set()
    for letter in first:
        if letter not in network.line_index:
            problems.append(ContentError(f"no such line (the map has "
                                         f"{', '.join(network.line_index)})",
                                         where=("first", f"line {letter}")))
            continue
        if letter in seen:
            problems.append(ContentError("listed twice", where=("first", f"line {letter}")))
            continue
        seen.add(letter)
        line = network.line(letter)
        missing = [network.stations[i].id for i in line.order
                   if network.stations[i].id not in ids]
        if missing:
            problems.append(RuleViolation(
                f"the first bonus needs a complete line, but station"
                f"{'s' if len(missing) > 1 else ''} {compress_ranges(missing)} "
                f"{'are' if len(missing) > 1 else 'is'} empty", rule="first-needs-complete",
                where=("first", f"line {letter}")))
    return problems


def window_values(rules: VVRules) -> dict[str, str]:
    """What may be written in a wagon window with this ruleset's deck: entry → card kind.

    Number cards by their number, express cards as ``E2`` or just ``2`` (the number is
    what a player writes; the express icon is on the card), transfers as ``"+"``. The free
    ride fills no window.
    """
    values: dict[str, str] = {}
    for code in rules.deck:
        card = parse_card(code)
        if card.kind == NUMBER:
            values[str(card.value)] = NUMBER
        elif card.kind == EXPRESS:
            values[f"E{card.value}"] = EXPRESS
            values.setdefault(str(card.value), EXPRESS)
        elif card.kind == TRANSFER:
            values[PLUS] = TRANSFER
    return values


def _entry_problem(entry: str, values: Mapping[str, str]) -> str | None:
    if entry in values:
        return None
    if entry == "T" and PLUS in values:
        return 'a transfer is written as "+"'
    if entry == "F":
        return "the free ride fills no wagon window"
    shown = sorted(values, key=lambda v: (not v.isdigit(), v))
    return f"{entry} is not a card value (write one of {', '.join(shown)})"


def line_window_problems(letter: str, entries: Sequence[str], network: Network,
                         rules: VVRules) -> list[ScorepadError]:
    """One line's windows on their own: an existing line, no more entries than windows,
    card values only."""
    if letter not in network.line_index:
        return [ContentError(f"no such line (the map has {', '.join(network.line_index)})",
                             where=("windows", f"line {letter}"))]
    problems: list[ScorepadError] = []
    line = network.line(letter)
    if len(entries) > line.windows:
        problems.append(RuleViolation(
            f"{len(entries)} entries written, but the line has {line.windows} wagon "
            f"window{'s' if line.windows > 1 else ''}", rule="window-count",
            where=("windows", f"line {letter}")))
    values = window_values(rules)
    for n, entry in enumerate(entries, start=1):
        why = _entry_problem(entry, values)
        if why:
            problems.append(ContentError(why, where=("windows", f"line {letter}", f"entry {n}")))
    return problems


def _matching(left: Sequence[int], edges: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """A maximum bipartite matching (Kuhn's augmenting paths): left node → right node.

    The graphs are tiny (a few transfers, a few "+"), so the simple algorithm is plenty.
    """
    owner: dict[int, int] = {}

    def augment(node: int, seen: set[int]) -> bool:
        for right in edges.get(node, ()):
            if right in seen:
                continue
            seen.add(right)
            if right not in owner or augment(owner[right], seen):
                owner[right] = node
                return True
        return False

    for node in left:
        augment(node, set())
    return {node: right for right, node in owner.items()}


def plus_problems(windows: Mapping[str, Sequence[str]], network: Network,
                  marked: Iterable[int], transfers: Mapping[int, int]) -> list[ScorepadError]:
    """Every transfer number needs its own "+" on a line through its station; and a "+"
    on a line that is not complete must have written a number on that line.

    A transfer card puts "+" in a window of the chosen line and its number on that line's
    first free station; only when the line had no free station (so it is complete at the
    end) is nothing written. Which "+" wrote which number is not on the paper, so the
    check asks for an assignment: a bipartite matching that covers every transfer, and
    one that covers every "+" of an incomplete line. When both exist, one matching covers
    both (Mendelsohn-Dulmage), so the two checks together are exact.
    """
    slots: list[str] = []  # one per "+", its line letter
    for letter, entries in windows.items():
        if letter in network.line_index:
            slots.extend(letter for e in entries if e == PLUS)
    stations = [sid for sid in transfers if sid in network.station_index]
    station_lines = {sid: set(lines_through(network, sid)) for sid in stations}
    problems: list[ScorepadError] = []
    # 1. every transfer number has a "+" of its own
    edges = {k: [j for j, letter in enumerate(slots) if letter in station_lines[sid]]
             for k, sid in enumerate(stations)}
    matched = _matching(range(len(stations)), edges)
    for k, sid in enumerate(stations):
        if k not in matched:
            through = ", ".join(sorted(station_lines[sid]))
            problems.append(RuleViolation(
                f'a transfer number needs its own "+" in a wagon window of a line through '
                f"it ({through}), and none is left for it", rule="transfer-plus",
                where=("transfers", f"station {sid}")))
    # 2. every "+" on an incomplete line wrote a number on that line
    done = set(complete_lines(network, marked))
    open_slots = [j for j, letter in enumerate(slots) if letter not in done]
    edges = {j: [k for k, sid in enumerate(stations) if slots[j] in station_lines[sid]]
             for j in open_slots}
    matched = _matching(open_slots, edges)
    reported: set[str] = set()
    for j in open_slots:
        letter = slots[j]
        if j in matched or letter in reported:
            continue
        reported.add(letter)
        count = sum(1 for s in slots if s == letter)
        on_line = [sid for sid in stations if letter in station_lines[sid]]
        if count > len(on_line):
            why = (f'"+" written {count} time{"s" if count > 1 else ""}, but '
                   f'{len(on_line) or "no"} transfer number'
                   f"{'s are' if len(on_line) > 1 else ' is'} on the line")
        else:
            why = (f'a "+" here has no transfer number left: those on the line (station'
                   f"{'s' if len(on_line) > 1 else ''} {compress_ranges(on_line)}) belong to "
                   '"+" on other lines')
        problems.append(RuleViolation(
            f"{why}; the line is not complete, so every transfer played on it wrote a number "
            "on it", rule="plus-transfer", where=("windows", f"line {letter}")))
    return problems


@dataclass(frozen=True)
class PaperSheet:
    """A checked paper sheet: ``marked`` holds every marked station (transfer stations
    included); ``windows`` is None when the sheet does not give them."""

    player: str
    marked: frozenset[int]
    transfers: Mapping[int, int]
    first: tuple[str, ...]
    windows: Mapping[str, tuple[str, ...]] | None


def marked_stations(network: Network, listed: tuple[str, Sequence[int]],
                    transfers: Mapping[int, int]) -> frozenset[int]:
    """The marked station ids from the ``empty`` or ``marked`` list and the transfers
    (a transfer station counts as marked whether or not ``marked`` lists it)."""
    kind, ids = listed
    known = {sid for sid in ids if sid in network.station_index}
    marked = set(network.station_index) - known if kind == "empty" else known
    return frozenset(marked | {sid for sid in transfers if sid in network.station_index})


def sheet_problems(spec: SheetSpec, network: Network, rules: VVRules) -> list[ScorepadError]:
    """Every content problem of one sheet (empty list when it is fine)."""
    kind, ids = spec.listed
    problems = station_problems(ids, network, kind)
    problems += transfer_problems(spec.transfers, network, ids if kind == "empty" else ())
    marked = marked_stations(network, spec.listed, spec.transfers)
    problems += first_problems(spec.first, network, marked)
    if spec.windows is not None:
        for letter, entries in spec.windows.items():
            problems += line_window_problems(letter, entries, network, rules)
        problems += plus_problems(spec.windows, network, marked, spec.transfers)
    return problems


def check_sheet(spec: SheetSpec, network: Network, rules: VVRules) -> PaperSheet:
    """Check one sheet against its map; raise every problem at once (exit 1)."""
    raise_all(sheet_problems(spec, network, rules))
    windows = None
    if spec.windows is not None:
        windows = {letter: tuple(spec.windows.get(letter, ()))
                   for letter in network.line_index if spec.windows.get(letter)}
    return PaperSheet(player=spec.player,
                      marked=marked_stations(network, spec.listed, spec.transfers),
                      transfers=dict(sorted(spec.transfers.items())),
                      first=tuple(spec.first), windows=windows)


# --- the sheets of one game -----------------------------------------------------------

class PaperEntry(NamedTuple):
    """One checked sheet with where it came from, its map and its rules."""

    source: str
    network: Network
    rules: VVRules
    sheet: PaperSheet


class PaperGame(NamedTuple):
    """The sheets of one game, scored, with warnings about claims that look impossible."""

    network: Network
    rules: VVRules
    sheets: list[MarkedSheet]
    warnings: list[str]


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


def bonuses_of(sheet: PaperSheet, network: Network) -> dict[str, Bonus]:
    """``first`` for the claimed lines, ``later`` for every other complete line (the
    player completed it after someone else did: why else would they not claim first)."""
    first = set(sheet.first)
    bonuses: dict[str, Bonus] = {}
    for letter in complete_lines(network, sheet.marked):
        bonuses[letter] = "first" if letter in first else "later"
    return bonuses


def claim_warnings(network: Network, sheets: Sequence[PaperSheet]) -> list[str]:
    """Claims that are possible but look wrong when several sheets of a game are scored
    together: a line complete on some sheets whose first bonus nobody claims."""
    if len(sheets) < 2:
        return []
    warnings = []
    claimed = {letter for s in sheets for letter in s.first}
    for line in network.lines:
        if line.id in claimed:
            continue
        done = [s.player for s in sheets if line.id in complete_lines(network, s.marked)]
        if done:
            who = done[0] if len(done) == 1 else f"{', '.join(done[:-1])} and {done[-1]}"
            warnings.append(f"line {line.id} is complete on the sheet{'s' if len(done) > 1 else ''}"
                            f" of {who}, but no sheet claims its first bonus: scored as later "
                            "(did a player whose sheet is not here take it?)")
    return warnings


def combine_sheets(entries: Sequence[PaperEntry]) -> PaperGame:
    """Check the sheets of one game together and score them (players in the given order).

    ``struck`` on a sheet: the lines whose first bonus another player of the game claims,
    and the complete lines this player scored as later (someone took first before).
    """
    if not entries:
        raise ValueError("no sheets")
    raise_all(game_problems(entries))
    network, rules = entries[0].network, entries[0].rules
    sheets = [e.sheet for e in entries]
    marked_sheets = []
    for entry in entries:
        sheet = entry.sheet
        bonuses = bonuses_of(sheet, network)
        others = {letter for other in sheets if other is not sheet for letter in other.first}
        struck = (others | {k for k, v in bonuses.items() if v == "later"}) - set(sheet.first)
        score = score_sheet(network, rules, sheet.marked, sheet.transfers, bonuses)
        marked_sheets.append(MarkedSheet(
            map_id=network.id, player=sheet.player, marked=sheet.marked,
            transfers=dict(sheet.transfers), windows=dict(sheet.windows or {}),
            bonuses=bonuses, struck=frozenset(struck), score=score))
    return PaperGame(network, rules, marked_sheets, claim_warnings(network, sheets))


# --- writing sheets ---------------------------------------------------------------------

def _entry_data(entry: str) -> int | str:
    return int(entry) if entry.isdigit() else entry


def sheet_data(map_ref: str, player: str, listed: tuple[str, Sequence[int]],
               transfers: Mapping[int, int], first: Sequence[str],
               windows: Mapping[str, Sequence[str]] | None = None) -> dict[str, Any]:
    """A paper sheet as file data, keys in the contract's order."""
    kind, ids = listed
    data: dict[str, Any] = {"format": SHEET_FORMAT, "map": map_ref, "player": player,
                            kind: sorted(ids), "transfers": dict(sorted(transfers.items())),
                            "first": list(first)}
    if windows:
        data["windows"] = {k: [_entry_data(e) for e in v] for k, v in windows.items() if v}
    return data
