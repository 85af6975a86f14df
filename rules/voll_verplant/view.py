"""What a finished or running Voll verplant sheet shows, independent of how it was made.

A :class:`MarkedSheet` is filled from the engine (a game log) or from a typed-in paper
sheet, and is what scoring, the text views and ``vv render`` read. Ids are the ones
printed on the sheet (station numbers, line letters).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

Bonus = Literal["first", "later"]


@dataclass(frozen=True)
class LineScore:
    """One line's result: complete or not, which bonus (``first``/``later``/None), points."""

    complete: bool
    bonus: Bonus | None
    points: int


@dataclass(frozen=True)
class Score:
    """A player's final score with its breakdown; ``total`` equals the breakdown's sum."""

    lines: Mapping[str, LineScore]
    line_points: int
    transfer_sum: int
    transfer_points: int
    empty_stations: int
    empty_penalty: float
    total: float


@dataclass(frozen=True)
class MarkedSheet:
    """One player's sheet as it would look on paper.

    ``marked``: ids of stations crossed or holding a transfer number (the transfer
    stations included); ``transfers``: station id → number written; ``windows``: line →
    the entries written in its wagon windows, in order (``"4"``, ``"E2"``, ``"+"``);
    ``bonuses``: line → the bonus scored; ``struck``: lines whose first bonus another
    player took first (struck on this sheet).
    """

    map_id: str
    player: str
    marked: frozenset[int]
    transfers: Mapping[int, int] = field(default_factory=dict)
    windows: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    bonuses: Mapping[str, Bonus] = field(default_factory=dict)
    struck: frozenset[str] = frozenset()
    score: Score | None = None
