"""Pydantic models of the board data file (``data/board.yaml``, ``scorepad/mf-board@1``).

They check the file's shape and every count and cross-reference the game relies on (a
workshop space in exactly one triangle, neighbours that match the hex grid, townspeople
stacked as pyramids, one card per space ...) and say what is wrong. The test suite
validates the bundled file with them; :func:`scorepad.rules.mille_fiori.board.load_board_data`
uses them for any other board data. They live apart from :mod:`.board` so that commands
which only *use* the bundled board do not pay for building these models at start-up.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import Field, model_validator

from scorepad.rules.common.models import StrictModel

AREAS = ("workshops", "residences", "nobili", "populi", "trade", "harbor")
NO_SYMBOL = "-"
LEVELS = ("top", "middle", "bottom")
SHIP_TRACK_LENGTH = 20

Small = Annotated[int, Field(ge=0, le=99)]
Name = Annotated[str, Field(pattern=r"^[a-z]{2,20}$")]


class WorkshopSpace(StrictModel):
    """A workshop space: grid ``row``, doubled column ``col``, material and neighbours."""

    id: Small
    row: Small
    col: Small
    material: Name
    neighbours: list[Small]


class Workshops(StrictModel):
    materials: Annotated[list[Name], Field(min_length=1, max_length=8)]
    double: Name
    spaces: Annotated[list[WorkshopSpace], Field(min_length=1, max_length=99)]
    triangles: list[Annotated[list[Small], Field(min_length=3, max_length=3)]]

    @model_validator(mode="after")
    def _check(self) -> Workshops:
        ids = [s.id for s in self.spaces]
        if ids != list(range(len(ids))):
            raise ValueError("workshop spaces must be numbered 0, 1, 2 ... in order")
        if self.double not in self.materials:
            raise ValueError(f"double: {self.double!r} is not one of the materials")
        cells = {(s.row, s.col): s.id for s in self.spaces}
        if len(cells) != len(self.spaces):
            raise ValueError("two workshop spaces share a grid position")
        for s in self.spaces:
            if s.material not in self.materials:
                raise ValueError(f"workshop {s.id}: unknown material {s.material!r}")
            grid = {cells[p] for p in ((s.row, s.col - 2), (s.row, s.col + 2),
                                       (s.row - 1, s.col - 1), (s.row - 1, s.col + 1),
                                       (s.row + 1, s.col - 1), (s.row + 1, s.col + 1))
                    if p in cells}
            if set(s.neighbours) != grid or len(s.neighbours) != len(grid):
                raise ValueError(f"workshop {s.id}: neighbours {sorted(s.neighbours)} do not "
                                 f"match the hex grid ({sorted(grid)})")
        covered = Counter(i for tri in self.triangles for i in tri)
        for s in self.spaces:
            if covered[s.id] != 1:
                raise ValueError(f"workshop {s.id} lies in {covered[s.id]} bonus triangles, not 1")
        for tri in self.triangles:
            for i in tri:
                if i >= len(self.spaces):
                    raise ValueError(f"triangle {tri}: no workshop {i}")
            a, b, c = tri
            neighbours = {s.id: set(s.neighbours) for s in self.spaces}
            if not (b in neighbours[a] and c in neighbours[a] and c in neighbours[b]):
                raise ValueError(f"triangle {tri}: its spaces are not mutual neighbours")
        return self


class Residences(StrictModel):
    values: Annotated[list[Annotated[int, Field(ge=1, le=99)]], Field(min_length=1, max_length=60)]
    bonus_at: list[Annotated[int, Field(ge=1, le=20)]]
    field_at: Annotated[int, Field(ge=1, le=20)]


class TownSpace(StrictModel):
    id: Small
    level: Literal["top", "middle", "bottom"]
    rests_on: list[Small]


class Pyramid(StrictModel):
    top: Small
    middles: Annotated[list[Small], Field(min_length=2, max_length=2)]
    bottoms: Annotated[list[Small], Field(min_length=3, max_length=3)]


class TownArea(StrictModel):
    symbols: Annotated[list[Name], Field(min_length=1, max_length=6)]
    spaces: list[Name]


class Townspeople(StrictModel):
    points: dict[Literal["top", "middle", "bottom"], Annotated[int, Field(ge=0, le=99)]]
    shape: Annotated[list[TownSpace], Field(min_length=1, max_length=60)]
    pyramids: list[Pyramid]
    areas: dict[Literal["nobili", "populi"], TownArea]

    @model_validator(mode="after")
    def _check(self) -> Townspeople:
        if set(self.points) != set(LEVELS):
            raise ValueError("points must give top, middle and bottom")
        if set(self.areas) != {"nobili", "populi"}:
            raise ValueError("areas must be nobili and populi")
        if [s.id for s in self.shape] != list(range(len(self.shape))):
            raise ValueError("townspeople spaces must be numbered 0, 1, 2 ... in order")
        below = {"top": "middle", "middle": "bottom"}
        level = {s.id: s.level for s in self.shape}
        for s in self.shape:
            want = 0 if s.level == "bottom" else 2
            if len(s.rests_on) != want or any(level.get(i) != below.get(s.level)
                                               for i in s.rests_on):
                raise ValueError(f"space {s.id}: a {s.level} space rests on {want} "
                                 f"{below.get(s.level, 'other')} spaces")
        # Stacked like a pyramid: the j-th space of a level rests on the j-th and (j+1)-th
        # spaces of the level below, which has one space more.
        rows = {lv: [s.id for s in self.shape if s.level == lv] for lv in LEVELS}
        for upper, lower in (("top", "middle"), ("middle", "bottom")):
            if len(rows[lower]) != len(rows[upper]) + 1:
                raise ValueError(f"the {lower} level needs one space more than the {upper} level")
            for j, i in enumerate(rows[upper]):
                if sorted(self.shape[i].rests_on) != rows[lower][j:j + 2]:
                    raise ValueError(f"space {i}: must rest on spaces {rows[lower][j:j + 2]} "
                                     "(the two below it)")
        rests = {s.id: set(s.rests_on) for s in self.shape}
        for p in self.pyramids:
            if level.get(p.top) != "top" or set(p.middles) != rests[p.top]:
                raise ValueError(f"pyramid of top {p.top}: middles must be the spaces it rests on")
            if set(p.bottoms) != rests[p.middles[0]] | rests[p.middles[1]]:
                raise ValueError(f"pyramid of top {p.top}: bottoms must be under its middles")
        if sorted(p.top for p in self.pyramids) != [s.id for s in self.shape if s.level == "top"]:
            raise ValueError("every top space needs exactly one pyramid")
        for name, area in self.areas.items():
            if len(area.spaces) != len(self.shape):
                raise ValueError(f"{name}: {len(area.spaces)} symbols for {len(self.shape)} spaces")
            for i, sym in enumerate(area.spaces):
                if sym not in area.symbols:
                    raise ValueError(f"{name} space {i}: unknown symbol {sym!r}")
        return self


class Trade(StrictModel):
    rows: Annotated[int, Field(ge=1, le=20)]
    goods: Annotated[list[Name], Field(min_length=1, max_length=8)]


class Harbor(StrictModel):
    rows: Annotated[int, Field(ge=1, le=20)]
    ships: Annotated[int, Field(ge=1, le=10)]
    payout: list[Annotated[int, Field(ge=0, le=99)]]


class ShipSpace(StrictModel):
    space: Annotated[int, Field(ge=1, le=SHIP_TRACK_LENGTH)]
    points: Annotated[int, Field(ge=0, le=99)]
    bonus: bool = False


class Fields(StrictModel):
    values: Annotated[list[Annotated[int, Field(ge=0, le=99)]], Field(min_length=1, max_length=8)]
    areas: list[Literal["workshops", "residences", "nobili", "populi", "trade"]]


class BoardSpec(StrictModel):
    """The whole data file."""

    format: Literal["scorepad/mf-board@1"]
    workshops: Workshops
    residences: Residences
    townspeople: Townspeople
    trade: Trade
    harbor: Harbor
    ship_track: list[ShipSpace]
    fields: Fields
    deck: dict[Literal["workshops", "residences", "nobili", "populi", "trade", "harbor"],
               dict[str, list[Annotated[int, Field(ge=1, le=5)]]]]

    @model_validator(mode="after")
    def _check(self) -> BoardSpec:
        if [s.space for s in self.ship_track] != list(range(1, SHIP_TRACK_LENGTH + 1)):
            raise ValueError(f"ship_track must list spaces 1 to {SHIP_TRACK_LENGTH} in order")
        if self.harbor.rows != self.trade.rows:
            raise ValueError("the harbor needs one row beside each trade row")
        if len(self.harbor.payout) != len(self.trade.goods) + 1:
            raise ValueError("harbor payout needs one value per count of trade goods (0 up)")
        if set(self.deck) != set(AREAS):
            raise ValueError("the deck must list cards for every area")
        # One card per space: per area and symbol, as many cards as spaces showing it.
        deck: dict[str, dict[str, list[int]]] = {str(k): v for k, v in self.deck.items()}
        for area, want in self._spaces_per_symbol().items():
            have = {sym: len(numbers) for sym, numbers in deck[area].items()}
            if have != want:
                raise ValueError(f"deck.{area}: cards per symbol {have} do not match the "
                                 f"board's spaces {want}")
        return self

    def _spaces_per_symbol(self) -> dict[str, dict[str, int]]:
        ws = Counter(s.material for s in self.workshops.spaces)
        out = {"workshops": {m: ws[m] for m in self.workshops.materials},
               "residences": {NO_SYMBOL: len(self.residences.values)},
               "trade": dict.fromkeys(self.trade.goods, self.trade.rows),
               "harbor": {NO_SYMBOL: self.harbor.rows * self.harbor.ships}}
        for name, area in self.townspeople.areas.items():
            count = Counter(area.spaces)
            out[name] = {sym: count[sym] for sym in area.symbols}
        return out
