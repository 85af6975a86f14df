"""``SheetLayout``: a drawn blank sheet and where things are on it, as the builder leaves it
for the marks and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import layout as geo
from ..draw import Group


@dataclass
class SheetLayout:
    """A drawn blank sheet and where things are on it (for marks and for tests).

    ``base`` is the blank sheet; ``centers`` maps station ids to circle centres; ``radius`` is
    the circle radius; ``windows`` maps a line letter to its window boxes; ``bonus`` maps a
    line letter to its ``first``/``later`` cell and tick boxes; ``score`` maps a score field to
    its box; ``names`` the names printed and ``unnamed`` those that found no room (station id
    to name), ``abbreviated`` the names printed in their short form; ``problems`` lists badges,
    stars and numbers that found no free spot (empty on
    a good sheet).
    """

    width: float
    height: float
    landscape: bool
    base: Group
    scale: float
    radius: float
    map_box: geo.Box
    centers: dict[int, geo.Point] = field(default_factory=dict)
    windows: dict[str, list[geo.Box]] = field(default_factory=dict)
    bonus: dict[str, dict[str, tuple[geo.Box, geo.Box]]] = field(default_factory=dict)
    score: dict[str, geo.Box] = field(default_factory=dict)
    player: tuple[float, float, float] = (0.0, 0.0, 0.0)  # x, baseline, width of the field
    names: dict[int, str] = field(default_factory=dict)     # station id -> printed name
    unnamed: dict[int, str] = field(default_factory=dict)   # station id -> name left out
    abbreviated: dict[int, str] = field(default_factory=dict)  # station id -> short form
    problems: list[str] = field(default_factory=list)
    pad_roomy: bool = False  # laid out with room for badges all round the map
    first: frozenset[int] = frozenset()  # station ids whose names were placed first
    early: bool = False  # ... before the badges, too

