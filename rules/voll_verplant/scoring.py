"""Final scores with their breakdown, ranks and winners (game logs and paper sheets alike)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scorepad.rules.common.ranking import ranks, winners

from .maps import Network
from .ruleset import VVRules
from .view import Bonus, LineScore, MarkedSheet, Score


def empty_penalty(empty: int, rounding: str) -> float | int:
    """Half the empty stations, kept exactly (an int when whole), or rounded down/up."""
    if rounding == "down":
        return empty // 2
    if rounding == "up":
        return math.ceil(empty / 2)
    return empty // 2 if empty % 2 == 0 else empty / 2


def whole(value: float) -> float | int:
    """An int when the value is whole (``42.0`` → ``42``), as the JSON output wants."""
    return int(value) if float(value).is_integer() else value


def score_sheet(network: Network, rules: VVRules, marked: Iterable[int],
                transfers: Mapping[int, int], bonuses: Mapping[str, Bonus]) -> Score:
    """Score one sheet from printed ids: marked station ids (transfer stations included),
    transfer numbers by station id, and the bonus scored per line letter."""
    marked_ids = set(marked) | set(transfers)
    mask = network.mask_of(marked_ids)
    lines: dict[str, LineScore] = {}
    line_points = 0
    for line in network.lines:
        complete = line.complete(mask)
        bonus = bonuses.get(line.id) if complete else None
        points = line.bonus_points(bonus)
        lines[line.id] = LineScore(complete=complete, bonus=bonus, points=points)
        line_points += points
    transfer_sum = sum(transfers.values())
    empty = sum(1 for s in network.stations if s.id not in marked_ids)
    penalty = empty_penalty(empty, rules.empty_rounding)
    total = whole(line_points + 2 * transfer_sum - penalty)
    return Score(lines=lines, line_points=line_points, transfer_sum=transfer_sum,
                 transfer_points=2 * transfer_sum, empty_stations=empty,
                 empty_penalty=penalty, total=total)


def ranking(scores: Sequence[Score]) -> list[int]:
    """Ranks: higher total first; on a tie fewer empty stations; otherwise shared."""
    return ranks([(s.total, -s.empty_stations) for s in scores])


def result_data(game_map: str, sheets: Sequence[MarkedSheet], finished: bool
                ) -> dict[str, Any]:
    """The contract's ``score --json`` object for scored sheets (players in given order)."""
    scores = [s.score for s in sheets]
    assert all(s is not None for s in scores), "sheets must be scored"
    rank_list = ranking(scores)  # type: ignore[arg-type]
    players = []
    for sheet, score, rank in zip(sheets, scores, rank_list, strict=True):
        assert score is not None
        players.append({
            "name": sheet.player,
            "total": whole(score.total),
            "rank": rank,
            "lines": {k: {"complete": v.complete, "bonus": v.bonus, "points": v.points}
                      for k, v in score.lines.items()},
            "line_points": score.line_points,
            "transfer_sum": score.transfer_sum,
            "transfer_points": score.transfer_points,
            "empty_stations": score.empty_stations,
            "empty_penalty": whole(score.empty_penalty),
        })
    return {"game": "voll-verplant", "map": game_map, "finished": finished, "players": players,
            "winners": winners([s.player for s in sheets], rank_list)}
