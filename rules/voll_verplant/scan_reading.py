"""What ``vv scan`` read from a photographed sheet, cell by cell with a confidence, and how a
reading becomes a paper sheet (``scorepad/vv-sheet@1``) that the engine accepts.

The image work is in ``sheets.voll_verplant.scan_photo``; this module is pure. A reading's
cells are named as they are shown to a player:

* ``station 12`` — ``empty``, ``cross`` or ``number`` (a transfer number is written; which
  number is known from the map: the count of lines through the station);
* ``first A`` / ``later A`` — the bonus tick boxes, ``blank`` or ``ticked``;
* ``window A 2`` — a wagon window, ``blank`` or ``filled``.

Legality is the engine's check of an end position (:func:`.end_position.position_problems`,
what a paper sheet is checked with), plus what the ticks and windows on the paper claim: a
ticked bonus claims a complete line (:meth:`.maps.Network.complete_lines`) and a transfer
number claims a ``"+"`` in a filled window of a line through it
(:func:`.end_position.plus_problems`, counting every filled window as a possible ``"+"``).
When the reading is impossible, :func:`nearest_legal` changes the fewest, least certain
cells — only uncertain ones — until it is possible.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from scorepad.rules.common.errors import RuleViolation, ScorepadError

from . import end_position, paper
from .maps import Network
from .ruleset import VVRules

STATION_VALUES = ("empty", "cross", "number")
TICK_VALUES = ("blank", "ticked")
WINDOW_VALUES = ("blank", "filled")
#: A cell whose most likely value has less than this probability is uncertain.
CERTAIN = 0.9
#: At most this many uncertain cells are changed together to find a legal reading.
MAX_CHANGES = 4
#: A doubtful cell is settled by the rules only when the other doubtful cells' values can
#: all be tried with it (at most this many readings).
MAX_SETTLE = 729


@dataclass(frozen=True)
class Cell:
    """One read cell: its name, the value read, and the probability of each value."""

    name: str
    value: str
    probabilities: Mapping[str, float]
    seen: str | None = None  # what the photo showed, when the legal reading changed it
    settled: bool = False  # the rules allow no other value, whatever the doubtful cells are

    @property
    def confidence(self) -> float:
        """The probability of the value read."""
        return self.probabilities.get(self.value, 0.0)

    @property
    def uncertain(self) -> bool:
        """Whether the photo left this cell in doubt (or the value was changed), and the
        rules do not settle it."""
        return self.seen is not None or (not self.settled
                                         and max(self.probabilities.values()) < CERTAIN)


def cell_of(name: str, probabilities: Mapping[str, float]) -> Cell:
    """A cell read as its most likely value."""
    value = max(probabilities, key=lambda v: probabilities[v])
    return Cell(name, value, dict(probabilities))


def cell_names(network: Network) -> list[str]:
    """Every cell of a sheet of ``network``, in reading order."""
    names = [f"station {s.id}" for s in sorted(network.stations, key=lambda s: s.id)]
    for line in network.lines:
        names += [f"first {line.id}", f"later {line.id}"]
        names += [f"window {line.id} {k}" for k in range(1, line.windows + 1)]
    return names


def values_of(cells: Mapping[str, Cell]) -> dict[str, str]:
    """Cell name → value."""
    return {name: cell.value for name, cell in cells.items()}


def sheet_parts(network: Network, values: Mapping[str, str]
                ) -> tuple[list[int], dict[int, int], list[str]]:
    """The empty stations, the transfer numbers and the ``first`` lines of a reading."""
    empty, transfers = [], {}
    for s in network.stations:
        value = values.get(f"station {s.id}", "empty")
        if value == "empty":
            empty.append(s.id)
        elif value == "number":
            transfers[s.id] = len(s.lines)
    first = [line.id for line in network.lines if values.get(f"first {line.id}") == "ticked"]
    return sorted(empty), transfers, first


def sheet_data(network: Network, values: Mapping[str, str], map_ref: str,
               player: str) -> dict:
    """The reading as ``scorepad/vv-sheet@1`` file data (the windows' contents are not read,
    so they are left out)."""
    empty, transfers, first = sheet_parts(network, values)
    return paper.sheet_data(map_ref, player, ("empty", empty), transfers, first)


def problems(network: Network, rules: VVRules, values: Mapping[str, str]
             ) -> list[ScorepadError]:
    """Why a reading is impossible (empty when it is a legal sheet)."""
    empty, transfers, first = sheet_parts(network, values)
    spec = paper.parse_sheet(paper.sheet_data(network.id, "scan", ("empty", empty), transfers,
                                              first))
    found = end_position.position_problems(spec, network, rules)
    marked = end_position.marked_stations(network, ("empty", empty), transfers)
    done = set(network.complete_lines(marked))
    for line in network.lines:
        if values.get(f"later {line.id}") == "ticked" and line.id not in done:
            found.append(RuleViolation("the later bonus is ticked, but the line is not complete",
                                       rule="bonus-needs-complete", where=(f"line {line.id}",)))
        if (values.get(f"later {line.id}") == "ticked"
                and values.get(f"first {line.id}") == "ticked"):
            found.append(RuleViolation("both bonuses are ticked", rule="one-bonus",
                                       where=(f"line {line.id}",)))
    filled = {line.id: ["+"] * sum(values.get(f"window {line.id} {k}") == "filled"
                                   for k in range(1, line.windows + 1))
              for line in network.lines}
    found += [p for p in end_position.plus_problems(filled, network, marked, transfers)
              if getattr(p, "rule", None) == "transfer-plus"]
    return found


def _cost(cell: Cell, value: str) -> float:
    """How much less likely ``value`` is than the value read (a log-likelihood ratio)."""
    p_new = max(cell.probabilities.get(value, 0.0), 1e-6)
    return math.log(max(cell.confidence, 1e-6) / p_new)


def nearest_legal(network: Network, rules: VVRules, cells: Mapping[str, Cell]
                  ) -> tuple[dict[str, Cell], list[ScorepadError]]:
    """The most likely legal reading that changes only uncertain cells (at most
    ``MAX_CHANGES`` of them), with the changed cells' ``seen`` set; or the reading as it is
    with its problems when none is found."""
    values = values_of(cells)
    found = problems(network, rules, values)
    if not found:
        return settle(network, rules, cells), []
    doubtful = sorted((c for c in cells.values() if c.uncertain), key=lambda c: c.confidence)
    options: list[tuple[float, str, str]] = []  # (cost, cell, new value)
    for cell in doubtful:
        for value in cell.probabilities:
            if value != cell.value:
                options.append((_cost(cell, value), cell.name, value))
    options.sort()
    options = options[:16]  # the likeliest alternatives bound the search
    best: tuple[float, Sequence[tuple[float, str, str]]] | None = None
    for size in range(1, MAX_CHANGES + 1):
        for combo in itertools.combinations(options, size):
            if len({name for _, name, _ in combo}) < size:
                continue
            cost = sum(c for c, _, _ in combo)
            if best is not None and cost >= best[0]:
                continue
            trial = dict(values)
            trial.update({name: value for _, name, value in combo})
            if not problems(network, rules, trial):
                best = (cost, combo)
        if best is not None:
            break  # fewer changes first
    if best is None:
        return dict(cells), found
    fixed = dict(cells)
    for _, name, value in best[1]:
        fixed[name] = replace(cells[name], value=value, seen=cells[name].value)
    return settle(network, rules, fixed), []


def settle(network: Network, rules: VVRules, cells: Mapping[str, Cell]) -> dict[str, Cell]:
    """A legal reading with the doubtful cells that the rules allow only one value marked
    ``settled`` (no longer uncertain): every other value of the cell makes the sheet
    impossible, whatever values the other doubtful cells take (e.g. a first bonus ticked
    for sure needs every station of its line marked). Cells the legal reading changed
    stay uncertain, so that the change is shown."""
    doubtful = [c for c in cells.values() if c.uncertain and c.seen is None]
    values = values_of(cells)
    out = dict(cells)
    for cell in doubtful:
        others = [c for c in cells.values() if c.uncertain and c.name != cell.name]
        if math.prod(len(o.probabilities) for o in others) > MAX_SETTLE:
            continue
        if not any(_possible(network, rules, values, cell.name, value, others)
                   for value in cell.probabilities if value != cell.value):
            out[cell.name] = replace(cell, settled=True)
    return out


def _possible(network: Network, rules: VVRules, values: Mapping[str, str], name: str,
              value: str, others: Sequence[Cell]) -> bool:
    """Whether cell ``name`` may hold ``value`` in a legal sheet, the ``others`` taking
    any of their values."""
    names = [o.name for o in others]
    for combo in itertools.product(*(list(o.probabilities) for o in others)):
        trial = dict(values)
        trial.update(zip(names, combo, strict=True))
        trial[name] = value
        if not problems(network, rules, trial):
            return True
    return False
