"""A Voll verplant game's end position, as a paper sheet records it: its checks and its state.

A game played on paper leaves each player's sheet, not the moves: the empty (or the marked)
stations, the transfer numbers, the lines whose first bonus the player took and, optionally,
the wagon windows. :func:`position_problems` says every way one such position breaks the
rules of the game (a transfer number is the count of lines through its station, a first bonus
needs a complete line, every transfer number has its own ``"+"`` ...), and
:func:`end_state` builds from the positions of one game the engine state they stand for: a
finished game with no rounds played (the game protocol marks it as a paper end position, so
nothing replays or undoes steps nobody made). The completion and bonus rules are the map's
(:meth:`.maps.Network.complete_lines`, :meth:`.maps.Line.bonus_points`) and the score the
engine's, so each rule lives once.

A position is anything with the fields of :class:`.log.EndSheetSpec` (``listed``,
``transfers``, ``first``, ``windows``): the log's ``sheets`` section, or a paper sheet file
(:class:`.paper.SheetSpec`). Ids are the printed ones (station numbers, line letters);
problems name the field and id (``empty, station 99``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from scorepad.rules.common.errors import ContentError, RuleViolation, ScorepadError, raise_all

from .cards import EXPRESS, NUMBER, TRANSFER, parse_card
from .engine import GameState, Sheet, map_tables
from .log import entry_data
from .maps import Network
from .ruleset import VVRules

PLUS = "+"


class Position(Protocol):
    """One player's end position (see the module docstring)."""

    @property
    def listed(self) -> tuple[str, list[int]]: ...
    @property
    def transfers(self) -> Mapping[int, int]: ...
    @property
    def first(self) -> Sequence[str]: ...
    @property
    def windows(self) -> Mapping[str, Sequence[str]] | None: ...


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
    done = set(network.complete_lines(marked))
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


def marked_stations(network: Network, listed: tuple[str, Sequence[int]],
                    transfers: Mapping[int, int]) -> frozenset[int]:
    """The marked station ids from the ``empty`` or ``marked`` list and the transfers
    (a transfer station counts as marked whether or not ``marked`` lists it)."""
    kind, ids = listed
    known = {sid for sid in ids if sid in network.station_index}
    marked = set(network.station_index) - known if kind == "empty" else known
    return frozenset(marked | {sid for sid in transfers if sid in network.station_index})


def position_problems(position: Position, network: Network, rules: VVRules
                      ) -> list[ScorepadError]:
    """Every problem of one player's end position (empty list when it is fine)."""
    kind, ids = position.listed
    problems = station_problems(ids, network, kind)
    problems += transfer_problems(position.transfers, network, ids if kind == "empty" else ())
    marked = marked_stations(network, position.listed, position.transfers)
    problems += first_problems(position.first, network, marked)
    if position.windows is not None:
        for letter, entries in position.windows.items():
            problems += line_window_problems(letter, entries, network, rules)
        problems += plus_problems(position.windows, network, marked, position.transfers)
    return problems


def _sheet(network: Network, position: Position) -> Sheet:
    """The engine's sheet of a checked position: the claimed lines took the first bonus,
    every other complete line the later one (the player completed it after someone else)."""
    tables = map_tables(network)
    mask = network.mask_of(marked_stations(network, position.listed, position.transfers))
    windows = position.windows or {}
    entries = tuple(tuple(windows.get(line.id, ())) for line in network.lines)
    first = later = 0
    claimed = set(position.first)
    for line in network.lines:
        if line.complete(mask):
            if line.id in claimed:
                first |= 1 << line.index
            else:
                later |= 1 << line.index
    transfers = tuple((network.station(sid).index, number)
                      for sid, number in sorted(position.transfers.items()))
    return Sheet(marked=mask, entries=entries, transfers=transfers, first=first, later=later,
                 free=tables.total_windows - sum(map(len, entries)),
                 open=sum(1 << line.index for line in network.lines
                          if len(entries[line.index]) < line.windows))


def end_state(network: Network, rules: VVRules, players: Sequence[str],
              positions: Sequence[Position]) -> GameState:
    """The finished game the end positions of ``players`` (in seat order) stand for.

    Every problem of every position is raised at once, each placed at ``sheets, <player>``.
    The state is over, with no card and no round played; the first bonuses claimed are
    taken (so they are struck on the other sheets).
    """
    problems: list[ScorepadError] = []
    for name, position in zip(players, positions, strict=True):
        problems += [p.at("sheets", name) for p in position_problems(position, network, rules)]
    raise_all(problems)
    sheets = tuple(_sheet(network, position) for position in positions)
    taken = 0
    for sheet in sheets:
        taken |= sheet.first
    count = len(sheets)
    return GameState(network, rules, tuple(players), sheets, card=None, moved=(False,) * count,
                     first_taken=taken, rounds=0, over=True, start=(), owed=((),) * count)


def position_data(network: Network, sheet: Sheet) -> dict[str, Any]:
    """An engine sheet as an end position of the log's ``sheets`` (what a paper sheet shows:
    the empty stations, the transfer numbers, the first bonuses, the wagon windows)."""
    empty = [s.id for s in network.stations if not sheet.marked >> s.index & 1]
    out: dict[str, Any] = {
        "empty": empty,
        "transfers": {network.stations[i].id: n for i, n in sorted(
            sheet.transfers, key=lambda t: network.stations[t[0]].id)},
        "first": [line.id for line in network.lines if sheet.first >> line.index & 1]}
    if any(sheet.entries):  # no entry at all: a sheet typed in without its windows
        out["windows"] = {line.id: [entry_data(e) for e in sheet.entries[line.index]]
                          for line in network.lines if sheet.entries[line.index]}
    return out
