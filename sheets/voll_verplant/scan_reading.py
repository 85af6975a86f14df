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
from typing import Any

from scorepad.rules.common.errors import RuleViolation, ScorepadError
from scorepad.rules.voll_verplant import end_position, paper
from scorepad.rules.voll_verplant.maps import Network
from scorepad.rules.voll_verplant.ruleset import VVRules
from scorepad.sheets.voll_verplant.scan_total import total_confidence

STATION_VALUES = ("empty", "cross", "number")
TICK_VALUES = ("blank", "ticked")
WINDOW_VALUES = ("blank", "filled")
#: A cell whose most likely value has less than this probability is uncertain.
CERTAIN = 0.9
#: A cell read with at least this probability is taken as read for sure: a broken rule
#: naming only such cells is the sheet's, not the reading's. The probabilities are
#: calibrated (``sheets/voll_verplant/scan_calibration.py``: each kind of cell mapped to
#: the share read right on tuning photos), so 0.99 means what it says; before the
#: calibration the reader's own 0.99-0.999 were right only 97.2 % of the time on the
#: second generator's tuning photos, and this was 0.999.
SURE = 0.99
#: No total is printed (without ``--review``) for a reading whose total is right with less
#: than this probability (:func:`reading_confidence`): its least sure cells are to be checked.
#: A user who sees a total trusts it; one in ten wrong is the most a printed total may risk,
#: and 0.9 is also where a single cell is in doubt (:data:`CERTAIN`), so every cell in doubt
#: that the total depends on is asked.
WITHHOLD = 0.9
#: A total printed with less than this probability of being right (several photos: the
#: product), or with cells in doubt, gets "review advised".
ADVISED = 0.97
#: The nearest legal reading is taken without asking only when it is at least this many
#: times likelier than the next legal reading (else the cells the rules name are asked).
CLEAR = 4.0
#: At most this many cells to check are listed when a reading breaks a rule.
MAX_CHECK = 8
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
    doubted: bool = False  # a rule the reading breaks names this cell: check it

    @property
    def confidence(self) -> float:
        """The probability of the value read."""
        return self.probabilities.get(self.value, 0.0)

    @property
    def uncertain(self) -> bool:
        """Whether the photo left this cell in doubt (or the value was changed), and the
        rules do not settle it."""
        return self.seen is not None or self.doubted or (
            not self.settled and max(self.probabilities.values()) < CERTAIN)

    @property
    def sure(self) -> bool:
        """Whether the cell was read with calibrated certainty (:data:`SURE`), or the rules
        allow it no other value."""
        return self.seen is None and (self.settled or self.confidence >= SURE)


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
               player: str) -> dict[str, Any]:
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
    legal = _legal_readings(network, rules, cells)
    if not legal:
        return dict(cells), found
    return _changed(network, rules, cells, legal[0][1]), []


def _changed(network: Network, rules: VVRules, cells: Mapping[str, Cell],
             combo: Sequence[tuple[float, str, str]]) -> dict[str, Cell]:
    fixed = dict(cells)
    for _, name, value in combo:
        fixed[name] = replace(cells[name], value=value, seen=cells[name].value)
    return settle(network, rules, fixed)


def _legal_readings(network: Network, rules: VVRules, cells: Mapping[str, Cell]
                    ) -> list[tuple[float, Sequence[tuple[float, str, str]]]]:
    """The two likeliest legal readings that change only uncertain cells, fewest changes
    first (the runner-up may change one cell more): (cost, changes) each."""
    values = values_of(cells)
    doubtful = sorted((c for c in cells.values() if c.uncertain), key=lambda c: c.confidence)
    options: list[tuple[float, str, str]] = []  # (cost, cell, new value)
    for cell in doubtful:
        for value in cell.probabilities:
            if value != cell.value:
                options.append((_cost(cell, value), cell.name, value))
    options.sort()
    options = options[:16]  # the likeliest alternatives bound the search
    found: list[tuple[float, Sequence[tuple[float, str, str]]]] = []
    first_size = None
    for size in range(1, MAX_CHANGES + 1):
        if first_size is not None and size > first_size + 1:
            break
        for combo in itertools.combinations(options, size):
            if len({name for _, name, _ in combo}) < size:
                continue
            cost = sum(c for c, _, _ in combo)
            if len(found) >= 2 and cost >= found[1][0]:
                continue
            trial = dict(values)
            trial.update({name: value for _, name, value in combo})
            if not problems(network, rules, trial):
                found.append((cost, combo))
                # fewer changes first: a reading of the first size found stays ahead
                found.sort(key=lambda f: (len(f[1]) > (first_size or size), f[0]))
                del found[2:]
                first_size = first_size or size
    return found


def named_cells(network: Network, rules: VVRules, cells: Mapping[str, Cell]) -> list[str]:
    """The cells the broken rules of a reading name: each cell whose other value (any)
    makes the problems fewer or smaller — an empty station on the incomplete line of a
    ticked bonus, the tick itself, a transfer number and the blank windows of its lines.
    Least sure first."""
    values = values_of(cells)
    base = _badness(network, values, problems(network, rules, values))
    named = []
    for cell in cells.values():
        for value in cell.probabilities:
            if value == cell.value:
                continue
            trial = dict(values)
            trial[cell.name] = value
            if _badness(network, trial, problems(network, rules, trial)) < base:
                named.append(cell)
                break
    return [c.name for c in sorted(named, key=lambda c: (c.sure, c.confidence))]


def _badness(network: Network, values: Mapping[str, str], found: Sequence[ScorepadError]
             ) -> float:
    """How much is wrong: the problems, and a little for each station a problem is about
    (a ticked bonus on a line with four stations empty is worse than with one): the
    empty stations of a bonus's line, or the station the problem names (its ``where``)."""
    named = 0
    for problem in found:
        rule = getattr(problem, "rule", "")
        place = problem.where[-1] if problem.where else ""
        if rule in _LINE_RULES and place.startswith("line "):
            line = network.line(place.removeprefix("line "))
            named += sum(values.get(f"station {network.stations[i].id}", "empty") == "empty"
                         for i in line.order)
        elif place.startswith("station "):
            named += 1
    return len(found) + 0.001 * named


#: Broken rules about a bonus on a line that is not complete: their size is the line's
#: empty stations.
_LINE_RULES = ("first-needs-complete", "bonus-needs-complete")


@dataclass(frozen=True)
class Verdict:
    """What the command makes of a reading: the cells (legal, or as read), the cells to
    check (exit 2: no total) when the reading breaks a rule it may have misread or when its
    total is not sure enough (``unsure``), the broken rules when every cell they name was
    read for sure (exit 1: the sheet's fault), and the probability that the total is right
    (:func:`reading_confidence`; 0 when the reading breaks a rule)."""

    cells: dict[str, Cell]
    check: list[str]
    broken: list[ScorepadError]
    confidence: float
    unsure: bool = False  # the cells to check are asked because the total is not sure enough


def written(name: str) -> bool:
    """Whether the cell is in the written sheet (``scorepad/vv-sheet@1``), which the total is
    scored from: a station or a first bonus. Later bonuses and windows are only read to check
    the reading against the rules."""
    return name.startswith(("station ", "first "))


def total_cells(network: Network, rules: VVRules, cells: Mapping[str, Cell]) -> list[str]:
    """The cells whose being right the total's being right rests on, for a legal reading:
    every written cell, and each other cell (a window, a later bonus) whose other value
    makes the reading impossible — were such a cell misread, the true sheet, which is
    legal, would differ from the reading in a written cell too. A window whose other value
    leaves the reading possible changes nothing the user is shown."""
    values = values_of(cells)
    names = []
    for cell in cells.values():
        if written(cell.name):
            names.append(cell.name)
            continue
        for value in cell.probabilities:
            if value != cell.value:
                trial = dict(values)
                trial[cell.name] = value
                if problems(network, rules, trial):
                    names.append(cell.name)
                    break
    return names


def reading_confidence(network: Network, rules: VVRules, cells: Mapping[str, Cell],
                       sharpness: float | None = None) -> float:
    """The probability that the total (and the written sheet) of a legal reading is right:
    the confidences of :func:`total_cells` (a cell the rules settle counts as sure) as one
    feature, calibrated on whole tuning sheets of the photo's quality class (by its
    ``sharpness``; unknown counts as blurred: :func:`.scan_total.total_confidence`)."""
    return total_confidence(_counted(network, rules, cells), sharpness)


def _counted(network: Network, rules: VVRules, cells: Mapping[str, Cell]) -> list[float]:
    return [cells[n].confidence for n in total_cells(network, rules, cells)
            if not cells[n].settled]


def _least_sure(network: Network, rules: VVRules, cells: Mapping[str, Cell],
                sharpness: float | None) -> list[str]:
    """The fewest cells the total rests on, least sure first, whose answers would make the
    total sure enough (:data:`WITHHOLD`): every cell in doubt among them, then the next least
    sure until the total's confidence without them (an answered cell is sure) reaches the
    threshold."""
    counted = sorted((cells[n] for n in total_cells(network, rules, cells)
                      if not cells[n].settled), key=lambda c: c.confidence)
    check: list[str] = []
    for cell in counted:
        rest = total_confidence([c.confidence for c in counted if c.name not in check],
                                sharpness)
        if rest >= WITHHOLD and not cell.uncertain:
            continue  # sure enough without it; a cell in doubt further on is still asked
        check.append(cell.name)
    return check


def _sure_enough(network: Network, rules: VVRules, legal: dict[str, Cell],
                 sharpness: float | None) -> Verdict:
    """A legal reading's verdict: its total, or (below :data:`WITHHOLD`) the cells to check,
    marked ``doubted`` so that ``--review`` asks them."""
    confidence = reading_confidence(network, rules, legal, sharpness)
    if confidence >= WITHHOLD:
        return Verdict(legal, [], [], confidence)
    check = _least_sure(network, rules, legal, sharpness)
    doubted = dict(legal)
    for name in check:
        doubted[name] = replace(legal[name], doubted=True)
    return Verdict(doubted, check, [], confidence, unsure=True)


def judge(network: Network, rules: VVRules, cells: Mapping[str, Cell],
          sharpness: float | None = None) -> Verdict:
    """A reading that breaks a rule doubts the reading first: when every cell the broken
    rules name is sure (:attr:`Cell.sure`), the sheet breaks the rules; when the nearest
    legal reading is clearly the likeliest (``CLEAR`` times the next), it is taken and its
    changes shown; else the named cells become uncertain (``doubted``) and are to be
    checked. A legal reading whose total is right with less than :data:`WITHHOLD` has its
    least sure cells to check too (``unsure``); how sure the total is depends on the photo's
    ``sharpness`` too (:func:`.scan_photo.sharpness`; unknown counts as blurred)."""
    values = values_of(cells)
    found = problems(network, rules, values)
    if not found:
        return _sure_enough(network, rules, settle(network, rules, cells), sharpness)
    named = named_cells(network, rules, cells)
    if all(cells[name].sure for name in named):
        return Verdict(dict(cells), [], found, 0.0)
    readings = _legal_readings(network, rules, cells)
    if readings and (len(readings) == 1 or readings[1][0] - readings[0][0] >= math.log(CLEAR)):
        return _sure_enough(network, rules, _changed(network, rules, cells, readings[0][1]),
                            sharpness)
    doubted = dict(cells)
    for name in named:
        doubted[name] = replace(cells[name], doubted=True)
    return Verdict(doubted, named, [], 0.0)


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
